"""The project's rulings on ambiguous rules, gathered from wherever they are written.

A ruling lives next to what it reads: a faction's in its file (a `ruling:` key beside the
`rule:` it explains), the core Law's and the cards' in `engine/data/rulings/core.yaml`, and
those on interactions between factions in `engine/data/rulings/interactions.yaml`. Both
rulings files share one format (`schemas/rulings.schema.json`), so a rules-lawyer finds every
ruling in one list (`rootlaw rulings`) and a new rulings file needs no code.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from rootlaw.content.factions import FactionDef
from rootlaw.errors import DataError, Problem
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.resources import data_dir
from rootlaw.files.schemas import validate

CORE = "core"
"""The section of the index for rulings that name no faction (the Law and the cards)."""

LAW = "law"
"""The prefix that marks a rule number as the Law's where a faction uses the same number."""

NUMBER = re.compile(r"^[A-Z]*\.?[0-9][0-9.]*(\.[IVX]+)?[a-z]?$")


@dataclass(frozen=True)
class Ruling:
    """One ruling: the rules it reads, its text, who it concerns and where it is written."""

    rules: tuple[str, ...]          # rule references: "4.3.4", "<faction id>:2.3", "law:2.3", a card id
    text: str
    factions: tuple[str, ...]       # none: a core ruling; one: a faction's; two or more: an interaction
    where: str                      # "file:line:col" of the text
    scenarios: tuple[str, ...] = ()  # scenario files the ruling names (relative to the scenario root)
    cards: tuple[str, ...] = ()

    @property
    def numbers(self) -> tuple[str, ...]:
        """The rule references without their faction or `law:` prefix."""
        return tuple(ref.split(":", 1)[-1] for ref in self.rules)


@dataclass(frozen=True)
class RulingsFile:
    """A loaded rulings file: its rulings and the names it gives Law rules."""

    rulings: tuple[Ruling, ...]
    rule_names: dict[str, dict[str, str]]
    doc: Document


def bundled_rulings_files() -> list[Path]:
    """The rulings files that ship with rootlaw, in name order."""
    return sorted(data_dir("rulings").glob("*.yaml"))


def load_rulings_file(source: str | Path, shown_as: str | None = None) -> RulingsFile:
    """Read and check one rulings file; every problem is a DataError at its position."""
    doc = load_yaml(source, source=shown_as)
    problems = validate(doc, "rulings")
    if problems:
        raise DataError(problems)
    data = doc.data
    rulings = tuple(
        Ruling(rules=tuple(entry["rules"]), text=_one_line(entry["text"]),
               factions=tuple(entry.get("factions", ())), where=_at(doc, ("rulings", i, "text")),
               scenarios=tuple(entry.get("scenarios", ())), cards=tuple(entry.get("cards", ())))
        for i, entry in enumerate(data["rulings"]))
    return RulingsFile(rulings, {str(k): dict(v) for k, v in data.get("rule_names", {}).items()}, doc)


def check_references(files: list[RulingsFile], factions: dict[str, FactionDef], cards: set[str]) -> None:
    """Every faction, prefix and card a rulings file names must exist; DataError otherwise."""
    problems: list[Problem] = []
    known = sorted(factions)
    for rf in files:
        for i, entry in enumerate(rf.doc.data["rulings"]):
            for j, fid in enumerate(entry.get("factions", ())):
                if fid not in factions:
                    problems.append(rf.doc.problem(("rulings", i, "factions", j), f"unknown faction '{fid}'",
                                                   did_you_mean(fid, known, "known factions")))
            for j, ref in enumerate(entry["rules"]):
                prefix, _, rest = ref.rpartition(":")
                if prefix and prefix != LAW and prefix not in entry.get("factions", ()):
                    problems.append(rf.doc.problem(("rulings", i, "rules", j),
                                                   f"'{prefix}' is neither 'law' nor a faction of this ruling",
                                                   "prefix a number with 'law:' or one of the ruling's factions"))
                if not NUMBER.match(rest) and rest not in cards:
                    problems.append(rf.doc.problem(("rulings", i, "rules", j),
                                                   f"'{rest}' is neither a rule number nor a card id",
                                                   did_you_mean(rest, sorted(cards), "card ids")))
            for j, card in enumerate(entry.get("cards", ())):
                if card not in cards:
                    problems.append(rf.doc.problem(("rulings", i, "cards", j), f"unknown card '{card}'",
                                                   did_you_mean(card, sorted(cards), "card ids")))
    if problems:
        raise DataError(problems)


def faction_rulings(faction: FactionDef, shown_as: str) -> list[Ruling]:
    """The `ruling:` keys of a faction file, each under the rule of the nearest mapping that has one."""
    if faction.doc is None:
        return []
    found = []
    for path, mapping, rule in _mappings(faction.doc.data):
        if isinstance(mapping.get("ruling"), str):
            line, col = faction.doc.where(path + ("ruling",))
            found.append(Ruling(rules=(rule,) if rule is not None else (), text=_one_line(mapping["ruling"]),
                                factions=(faction.id,), where=f"{shown_as}:{line}:{col}"))
    return found


# parts of a faction file whose names name a value on its board (a track, a variable, a word),
# not the rule that cites it
VALUE_PARTS = ("vars", "words", "tracks", "boxes")


def faction_rule_names(faction: FactionDef) -> dict[str, dict[str, str]]:
    """Rule number -> names, from the first part of the faction file that carries both.

    A piece names a rule only when nothing else in the file cites it: a piece's name is the
    rule's name for a rule about that piece, but not for a setup rule that also counts the
    warriors.
    """
    names: dict[str, dict[str, str]] = {}
    cited_elsewhere: set[str] = set()
    from_pieces: dict[str, dict[str, str]] = {}
    if faction.doc is not None:
        for path, mapping, _ in _mappings(faction.doc.data):
            rule, given = mapping.get("rule"), mapping.get("names")
            if rule is None or path[0] in VALUE_PARTS:
                continue
            piece = len(path) == 2 and path[0] == "pieces"
            if not piece:
                cited_elsewhere.add(str(rule))
            if isinstance(given, dict) and given:
                (from_pieces if piece else names).setdefault(str(rule), dict(given))
    for rule, given in from_pieces.items():
        if rule not in cited_elsewhere:
            names.setdefault(rule, given)
    return names


def faction_rule_numbers(faction: FactionDef) -> set[str]:
    """Every rule number the faction file cites."""
    if faction.doc is None:
        return set()
    return {str(m["rule"]) for _, m, _ in _mappings(faction.doc.data) if m.get("rule") is not None}


def _mappings(value: Any, path: tuple = (), rule: str | None = None) -> Iterator[tuple[tuple, dict, str | None]]:
    """Every mapping in file order, with its path and the rule in force there (its own or a parent's)."""
    if isinstance(value, dict):
        if value.get("rule") is not None:
            rule = str(value["rule"])
        yield path, value, rule
        for key, item in value.items():
            yield from _mappings(item, path + (key,), rule)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _mappings(item, path + (i,), rule)


def _at(doc: Document, path: tuple) -> str:
    line, col = doc.where(path)
    return f"{doc.source}:{line}:{col}"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def did_you_mean(word: str, options: list[str], what: str) -> str:
    """A hint: the closest option, or the whole list of them."""
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else f"{what}: {', '.join(options) or 'none'}"
