"""The `--vary` option of `simulate` and `play`, as people type it.

`--vary FACTION.NAME=V1,V2,...` names one variable or track of a faction and the values to try.
The values are written as in a faction file's flow style (YAML, so JSON too), separated by the
commas outside brackets: `otters.lodge_vp=[0,1,2,3],[0,2,4,6]` gives two lists,
`otters.dam_cost=1,2,3` three numbers, `otters.route=[[boot,sword],...]` a list of pairs of
names. `play` takes one value per name. Rows and replay commands write each value
back as compact JSON, quoted for the shell.
"""
from __future__ import annotations

import json
import re
import shlex
from typing import Any

import yaml

from rootlaw.errors import RootlawError

MAX_VALUES = 50      # values of one --vary
MAX_TEXT = 10_000    # characters of one --vary
_TARGET = re.compile(r"([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)")


def parse(text: str) -> tuple[str, str, list[Any]]:
    """`FACTION.NAME=V1,V2` as (faction, name, values), or an error quoting the option."""
    shown = text if len(text) <= 80 else text[:77] + "..."
    if len(text) > MAX_TEXT:
        raise RootlawError(f"--vary {shown}: longer than {MAX_TEXT:,} characters")
    target, equals, values = text.partition("=")
    match = _TARGET.fullmatch(target.strip())
    if not equals or match is None:
        raise RootlawError(f"--vary {shown}: write FACTION.NAME=V1,V2,... (for example otters.lodge_vp=[1,3],[2,3])")
    pieces = split_values(values, shown)
    if len(pieces) > MAX_VALUES:
        raise RootlawError(f"--vary {shown}: {len(pieces)} values, more than {MAX_VALUES}")
    return match.group(1), match.group(2), [_value(piece, shown) for piece in pieces]


def split_values(text: str, shown: str) -> list[str]:
    """The values of an option, split at the commas outside brackets and braces."""
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth < 0:
                raise RootlawError(f"--vary {shown}: a '{ch}' closes nothing (column {i + 1} of the values)")
        elif ch == "," and depth == 0:
            pieces.append(text[start:i])
            start = i + 1
    if depth:
        raise RootlawError(f"--vary {shown}: a bracket is left open")
    pieces.append(text[start:])
    empty = [i + 1 for i, p in enumerate(pieces) if not p.strip()]
    if empty:
        raise RootlawError(f"--vary {shown}: value {empty[0]} is empty")
    return [p.strip() for p in pieces]


def _value(piece: str, shown: str) -> Any:
    try:
        value = yaml.safe_load(piece)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or "not a value"
        raise RootlawError(f"--vary {shown}: '{piece}' cannot be read: {problem}") from None
    if not _plain(value):
        raise RootlawError(f"--vary {shown}: '{piece}' is not a number, true/false, a name or a list of them")
    return value


def _plain(value: Any) -> bool:
    """Only what a faction file's value can hold (no dates or other YAML types)."""
    if value is None or isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, list):
        return all(map(_plain, value))
    return isinstance(value, dict) and all(isinstance(k, str) and _plain(v) for k, v in value.items())


def one_each(texts: list[str]) -> dict[str, dict[str, Any]]:
    """The variation of `play --vary`: one value for each name (faction id -> name -> value)."""
    variation: dict[str, dict[str, Any]] = {}
    for text in texts:
        faction, name, values = parse(text)
        if len(values) != 1:
            raise RootlawError(f"--vary {faction}.{name}: a game plays one value; {len(values)} are given "
                               "(rootlaw simulate --vary tries several)")
        if name in variation.get(faction, {}):
            raise RootlawError(f"--vary {faction}.{name} is given twice")
        variation.setdefault(faction, {})[name] = values[0]
    return variation


def write(faction: str, name: str, value: Any) -> str:
    """The option that gives `faction.name` this one value, quoted for the shell."""
    return "--vary " + shlex.quote(f"{faction}.{name}={json.dumps(value, separators=(',', ':'))}")


def options(variation: dict[str, dict[str, Any]]) -> str:
    """The `--vary` options of a variation, each after a space ('' for none)."""
    return "".join(" " + write(f, name, value) for f, names in sorted(variation.items())
                   for name, value in sorted(names.items()))


__all__ = ["parse", "split_values", "one_each", "write", "options", "MAX_VALUES"]
