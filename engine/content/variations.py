"""Variations of a faction's numbers: another value for one of its variables or tracks.

A designer tuning a faction asks "what should this number be?" and plays the same games with
each candidate (`rootlaw simulate --vary`). A variation replaces the value a faction file gives
one variable (its starting value) or one track (its printed values), leaving the rest of the
file as it is. Before any game starts, each value is checked against the faction schema's rule
for that entry and against the kind of value the file gives: a whole number stays a whole
number, true/false stays true/false, a list stays a list of the same kind of items (a track
keeps one value per slot), and a name must be one the file's value already uses. A game's
setup keeps its variations (`Setup.vary`), so its record, its save and its replay command play
the same rules again.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, replace
from typing import Any

from rootlaw.core import names
from rootlaw.errors import RootlawError
from rootlaw.files.documents import Document
from rootlaw.files.schemas import load_schema, problems_from_schema

from .factions import FactionDef

Variation = dict[str, dict[str, Any]]
"""What a game's setup varies: faction id -> variable or track name -> value."""


@dataclass(frozen=True)
class Tunable:
    """One variable or track of a faction file, as a designer may vary it."""

    faction: str
    name: str
    kind: str            # "variable" or "track"
    value: Any           # the file's value (a track: its list of values)
    placeholder: bool    # the seed does not print this number
    rule: str
    note: str

    @property
    def key(self) -> str:
        """How the command line names it: `faction.name`."""
        return f"{self.faction}.{self.name}"


def tunables(faction: FactionDef) -> list[Tunable]:
    """Every variable and track of the faction's file, placeholders first, else in file order."""
    data = faction.doc.data if faction.doc is not None else {}
    found = []
    for section, kind, field in (("tracks", "track", "values"), ("vars", "variable", "value")):
        for name, entry in (data.get(section) or {}).items():
            entry = entry if isinstance(entry, dict) else {field: entry}
            found.append(Tunable(faction.id, name, kind, entry.get(field), bool(entry.get("placeholder")),
                                 str(entry.get("rule", "")), " ".join(str(entry.get("note", "")).split())))
    return sorted(found, key=lambda t: not t.placeholder)


def tunable(faction: FactionDef, name: str) -> Tunable:
    """The variable or track `name` of the faction, or an error naming the ones it has."""
    known = {t.name: t for t in tunables(faction)}
    if name in known:
        return known[name]
    import difflib  # only for a mistake's hint: not imported at start
    close = difflib.get_close_matches(name, list(known), 1)
    placeholders = [t.name for t in known.values() if t.placeholder]
    hint = (f"did you mean '{close[0]}'?" if close else
            f"its placeholders: {', '.join(placeholders)}" if placeholders else
            f"its variables and tracks: {', '.join(known) or 'none'}")
    raise RootlawError(f"faction '{faction.id}' has no variable or track '{name}'; {hint} "
                       f"(rootlaw simulate --list-vary {faction.id} lists them)")


def value_problem(faction: FactionDef, name: str, value: Any) -> str | None:
    """Why `value` cannot replace the variable or track `name` of the faction (None if it can)."""
    t = tunable(faction, name)
    problem = (_mismatch(value, [*t.value, None], set(), length=len(t.value)) if t.kind == "track"  # a slot may be empty
               else _mismatch(value, t.value, _texts(t.value)))
    if problem is not None:
        return f"{problem} (the file gives {show(t.value)})"
    section, field = ("tracks", "values") if t.kind == "track" else ("vars", "value")
    entry = copy.deepcopy(faction.doc.data[section][name]) if faction.doc is not None else {}
    entry = entry if isinstance(entry, dict) else {}
    entry[field] = value
    schema = load_schema("faction")
    fragment = {**schema["properties"][section]["additionalProperties"], "definitions": schema["definitions"]}
    problems = problems_from_schema(Document(entry, f"{faction.id}.{name}"), fragment)
    return problems[0].message if problems else None


def vary(faction: FactionDef, values: dict[str, Any]) -> FactionDef:
    """The faction with these variables and tracks given other values (each one checked)."""
    if not values:
        return faction
    if not isinstance(values, dict):
        raise RootlawError(f"the variations of faction '{faction.id}' must map names to values")
    variables, tracks = dict(faction.variables), dict(faction.tracks)
    for name, value in sorted(values.items()):
        problem = value_problem(faction, name, value)
        if problem is not None:
            raise RootlawError(f"{faction.id}.{name} = {show(value)}: {problem}")
        if tunable(faction, name).kind == "track":
            tracks[name] = {**tracks[name], "values": tuple(value)}
        else:
            variables[name] = copy.deepcopy(value)
    return replace(faction, variables=variables, tracks=tracks)


def value_key(value: Any) -> str:
    """A value as a key of the summary's names (compact JSON)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def variation_names(rules: Any, variations: list[Variation], lang: str = "en") -> dict[str, dict]:
    """What people read for the variables and tracks varied in `variations`: for each
    `faction.name`, its faction's name, its own (the faction's language first, `lang` beside) and
    each value in words (a list of numbers as written, `[1, 3]`; names by their names)."""
    out: dict[str, dict] = {}
    for variation in variations:
        for fid, values in sorted(variation.items()):
            for name, value in sorted(values.items()):
                kind = "track" if name in rules.factions[fid].tracks else "var"
                entry = out.setdefault(f"{fid}.{name}", {
                    "faction": names.faction_title(rules, fid, lang),
                    "name": names.thing_title(rules, kind, name, lang, fid), "values": {}})
                entry["values"].setdefault(value_key(value), _words(rules, fid, name, value, lang))
    return out


def _words(rules: Any, fid: str, name: str, value: Any, lang: str) -> str:
    if isinstance(value, list) and value and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        return show(value)
    return names.value_name(rules, name, value, lang, fid)


def show(value: Any) -> str:
    """A value as the command line and the faction files write it: [1, 2], true, null."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)


def _quoted(value: Any) -> str:
    return f"'{value}'" if isinstance(value, str) else show(value)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a name"
    if value is None:
        return "null (nothing)"
    if isinstance(value, list | tuple):
        return "a list"
    return "a mapping" if isinstance(value, dict) else type(value).__name__


def _texts(value: Any) -> set[str]:
    """The names a value uses (a varied value may use only these)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, list | tuple):
        return set().union(*map(_texts, value)) if value else set()
    if isinstance(value, dict):
        return set().union(*map(_texts, value.values())) if value else set()
    return set()


def _mismatch(new: Any, old: Any, texts: set[str], length: int | None = None) -> str | None:
    """How `new` differs in kind from `old` (None if it does not): same kind of scalar, lists of
    items each like one of the old items, mappings with the same keys, names among `texts`."""
    if old is None:
        return None if new is None else f"{_quoted(new)} is {_kind(new)}, where the file has null"
    if _kind(new) != _kind(old) and not (isinstance(old, float) and _kind(new) == "a whole number"):
        return f"{_quoted(new)} is {_kind(new)}, where the file has {_kind(old)}"
    if isinstance(old, str) and new not in texts:
        return f"'{new}' is not a name this value uses; it uses {', '.join(sorted(texts))}"
    if isinstance(old, list | tuple):
        if length is not None and len(new) != length:
            return (f"{show(new)} has {len(new)} value{'s' if len(new) != 1 else ''}, where the track has {length} "
                    "(one per slot)")
        if old and not new:
            return f"{show(new)} is empty, where the file's list has {len(old)} items"
        for i, item in enumerate(new):
            if old and all(_mismatch(item, o, texts) is not None for o in old):
                return f"item {i + 1} of {show(new)}: " + str(_mismatch(item, old[min(i, len(old) - 1)], texts))
    if isinstance(old, dict):
        if set(new) != set(old):
            return f"{show(new)} has the keys {', '.join(sorted(new))}, where the file has {', '.join(sorted(old))}"
        for key in old:
            problem = _mismatch(new[key], old[key], texts)
            if problem is not None:
                return f"{key}: {problem}"
    return None


__all__ = ["Tunable", "Variation", "tunables", "tunable", "value_problem", "vary", "show", "value_key",
           "variation_names"]
