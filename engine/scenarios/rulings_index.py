"""The rulings index: every ruling by rule number, with the rule's name and the scenarios that pin it.

A rules-lawyer looks a question up here first (`rootlaw rulings`, and `docs/rulings.md`, which
is this module's output kept current by a test). A scenario pins a faction's or an
interaction's ruling when it seats every faction the ruling names and names every rule it
reads (in `rules:`, `fired:` or `not_fired:`); a core ruling lists the scenarios its entry
names, since the Law's numbers appear in nearly every scenario.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from rootlaw.content.catalog import standard_deck
from rootlaw.content.factions import FactionDef, bundled_factions, load_faction
from rootlaw.core.cards import Deck
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.files.numbers import is_digits
from rootlaw.files.resources import PACKAGE_DIR, source_name

from .rulings import (
    CORE,
    LAW,
    NUMBER,
    Ruling,
    RulingsFile,
    bundled_rulings_files,
    check_references,
    did_you_mean,
    faction_rule_names,
    faction_rule_numbers,
    faction_rulings,
    load_rulings_file,
)

LANGUAGES = ("en", "fr", "pl")

CHECKOUT = PACKAGE_DIR.parent
"""The project folder of a source checkout: where paths in the index are shown from."""


@dataclass(frozen=True)
class ScenarioFacts:
    """What a scenario file seats and which rules and abilities it names."""

    path: str                # relative to its scenario root, with '/'
    factions: frozenset[str]
    named: frozenset[str]    # rule numbers, ability ids and card ids


def scan_scenarios(roots: Iterable[Path]) -> list[ScenarioFacts]:
    """Every `*.scenario.yaml` under the roots; a file that does not load is `rootlaw check`'s business."""
    found = []
    for root in roots:
        for path in sorted(root.rglob("*.scenario.yaml")):
            try:
                data = load_yaml(path).data
            except DataError:
                continue
            if isinstance(data, dict):
                factions = data.get("factions")
                found.append(ScenarioFacts(path.relative_to(root).as_posix(),
                                           frozenset(f for f in factions if isinstance(f, str))
                                           if isinstance(factions, list) else frozenset(),
                                           frozenset(_named(data))))
    return found


def _named(value: Any) -> Iterable[str]:
    """Rule numbers, ability ids and persistent card ids a scenario names anywhere in it."""
    if isinstance(value, dict):
        for k, item in value.items():
            if k in ("rules", "fired", "not_fired"):
                yield from _references(item)
            elif k == "persistent" and isinstance(item, dict):
                for cards in item.values():
                    yield from (c for c in cards if isinstance(c, str)) if isinstance(cards, list) else ()
            else:
                yield from _named(item)
    elif isinstance(value, list):
        for item in value:
            yield from _named(item)


def _references(items: Any) -> Iterable[str]:
    for item in items if isinstance(items, list) else ():
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            yield from (str(item[k]) for k in ("rule", "ability") if k in item)


@dataclass(frozen=True)
class Entry:
    """A ruling as listed in one section of the index."""

    ruling: Ruling
    scenarios: tuple[str, ...]


class RulingsIndex:
    """Every ruling of the bundled (and given) factions and rulings files, ready to list."""

    def __init__(self, factions: dict[str, FactionDef], files: list[RulingsFile], deck: Deck,
                 scenarios: list[ScenarioFacts], shown_paths: dict[str, str], searched: bool = True,
                 named_checked: bool = True):
        check_references(files, factions, {c.id for c in deck.cards})
        self.factions = dict(sorted(factions.items()))
        self.cards = {c.id: c.name for c in deck.cards}
        self.law_names: dict[str, dict[str, str]] = {}
        for rf in files:
            for number, names in rf.rule_names.items():
                self.law_names.setdefault(number, names)
        self.rule_names = {fid: faction_rule_names(f) for fid, f in self.factions.items()}
        self.rule_numbers = {fid: faction_rule_numbers(f) for fid, f in self.factions.items()}
        if named_checked:  # the names are paths under the checkout's tests/scenarios
            _check_named_scenarios(files, {s.path for s in scenarios})
        rulings = [r for rf in files for r in rf.rulings]
        for fid, faction in self.factions.items():
            rulings.extend(faction_rulings(faction, shown_paths.get(fid, fid)))
        self.entries = [Entry(r, _pinning(r, scenarios)) for r in rulings]
        self.searched = searched  # False: no scenario folder was found, so "no scenario" would mislead

    # -- what a section holds ----------------------------------------------------------

    def sections(self, faction: str | None = None, rule: str | None = None) -> list[tuple[str, list[Entry]]]:
        """(section id, its entries sorted by rule number): core first, then each faction."""
        ids = [CORE, *self.factions]
        if faction is not None:
            if faction not in ids:
                raise RootlawError(f"unknown faction '{faction}'\n    hint: "
                                   + did_you_mean(faction, ids, "sections: core and the factions"))
            ids = [faction]
        if rule is not None:
            self._check_rule(rule)
        result = []
        for section in ids:
            entries = [e for e in self.entries if self._belongs(e.ruling, section)
                       and (rule is None or _cites(e.ruling, rule))]
            result.append((section, sorted(entries, key=lambda e: [_number_key(n) for n in e.ruling.numbers])))
        if rule is not None and not any(entries for _, entries in result):
            cited = sorted({n for e in self.entries for n in e.ruling.numbers
                            if faction is None or self._belongs(e.ruling, faction)}, key=_number_key)
            where = f" in section '{faction}'" if faction else ""
            raise RootlawError(f"no ruling cites rule {rule}{where}\n    hint: "
                               + did_you_mean(rule, cited, "rules with a ruling"))
        return result

    def _belongs(self, ruling: Ruling, section: str) -> bool:
        return section in ruling.factions if section != CORE else not ruling.factions

    def _check_rule(self, rule: str) -> None:
        if not NUMBER.match(rule) and rule not in self.cards:
            raise RootlawError(f"'{rule}' is not a rule number\n    hint: write a number as the rules "
                               f"print it, e.g. 4.3.4, CA.2.7 or 16.2.3.IV, or a card id such as royal_claim")

    # -- names -------------------------------------------------------------------------

    def rule_title(self, ruling: Ruling, ref: str, lang: str) -> str:
        """'4.3.4 Deal hits': the number and, where known, the rule's name in `lang` (a card: its name)."""
        prefix, _, number = ref.rpartition(":")
        names = None
        if prefix == LAW:
            names = self.law_names.get(number)
        elif prefix:
            names = self.rule_names.get(prefix, {}).get(number)
        else:
            owner = next((f for f in ruling.factions if number in self.rule_numbers.get(f, ())), None)
            if owner is not None:
                names = self.rule_names[owner].get(number)
            elif number in self.cards:
                return f"{self.cards[number]} (card `{number}`)"
            else:
                names = self.law_names.get(number)
        name = _in_language(names, lang) if names else None
        return f"{number} {name}" if name else number

    def section_title(self, section: str, lang: str) -> str:
        if section == CORE:
            return _CORE_TITLES[lang]
        faction = self.factions[section]
        if lang == "en" or lang not in faction.names:
            return f"{faction.display_name()} — `{section}`"
        return f"{faction.names[lang]} — `{section}`"

    # -- the listing -------------------------------------------------------------------

    def render(self, lang: str = "en", faction: str | None = None, rule: str | None = None) -> str:
        """The index as Markdown, the text of `docs/rulings.md` when nothing is filtered."""
        if lang not in LANGUAGES:
            raise RootlawError(f"unknown language '{lang}'; one of {', '.join(LANGUAGES)}")
        out = ["# Rulings", "", _INTRO, ""]
        listed: dict[int, Entry] = {}  # an interaction appears under each of its factions, counted once
        for section, entries in self.sections(faction, rule):
            if rule is not None and not entries:
                continue
            out += [f"## {self.section_title(section, lang)}", ""]
            if not entries:
                out += ["No rulings.", ""]
            for entry in entries:
                listed[id(entry)] = entry
                out += self._entry(entry, section, lang)
        unpinned = sum(not e.scenarios for e in listed.values())
        out.append(f"{len(listed)} rulings listed; " + (f"{unpinned} with no scenario yet." if self.searched
                                                        else "scenarios not searched."))
        return "\n".join(out) + "\n"

    def _entry(self, entry: Entry, section: str, lang: str) -> list[str]:
        r = entry.ruling
        titles = " · ".join(self.rule_title(r, ref, lang) for ref in r.rules) or "(no rule number)"
        lines = [f"### {titles}", "", r.text, "", f"- written at `{r.where}`"]
        others = [f for f in r.factions if f != section]
        if others:
            lines.append("- with: " + ", ".join(self.section_title(f, lang) for f in others))
        if r.cards:
            lines.append("- cards: " + ", ".join(self.cards[c] for c in r.cards))
        unpinned = "no scenario yet" if self.searched else "scenarios not searched (give --scenarios DIR)"
        lines.append("- pinned by: " + (", ".join(f"`{s}`" for s in entry.scenarios) if entry.scenarios
                                          else unpinned))
        return lines + [""]


_CORE_TITLES = {"en": "Core: the Law of Root and the standard deck",
                "fr": "Cœur : la Loi de Root et le paquet standard (Core)",
                "pl": "Rdzeń: Księga Praw i talia podstawowa (Core)"}

_INTRO = ("Every ruling rootlaw has made on an ambiguous rule, by rule number: the core Law's and the "
          "cards' (`engine/data/rulings/core.yaml`), each faction's (the `ruling:` keys of its file) and "
          "those on interactions between factions (`engine/data/rulings/interactions.yaml`, listed under "
          "each faction involved), with the scenarios that pin each one (paths under `tests/scenarios/`). "
          "The files' format is in `docs/rulings-files.md`. Generated by `rootlaw rulings`; do not edit by hand.")


def _pinning(ruling: Ruling, scenarios: list[ScenarioFacts]) -> tuple[str, ...]:
    """The scenarios the ruling names, then (for a faction or interaction) those naming its factions and rules."""
    found = list(ruling.scenarios)
    if ruling.factions and ruling.rules:
        needed = set(ruling.numbers)
        found += [s.path for s in scenarios if s.path not in found
                  and set(ruling.factions) <= s.factions and needed <= s.named]
    return tuple(found)


def _check_named_scenarios(files: list[RulingsFile], known: set[str]) -> None:
    problems = [rf.doc.problem(("rulings", i, "scenarios", j), f"no scenario file '{name}'",
                               did_you_mean(name, sorted(known), "scenario files"))
                for rf in files for i, entry in enumerate(rf.doc.data["rulings"])
                for j, name in enumerate(entry.get("scenarios", ())) if name not in known]
    if problems:
        raise DataError(problems)


def _cites(ruling: Ruling, rule: str) -> bool:
    """The ruling reads `rule`, a rule under it (4.3 takes 4.3.4), or is about the card `rule`."""
    return rule in ruling.cards or any(n == rule or n.startswith(rule + ".") for n in ruling.numbers)


def _number_key(number: str) -> list[tuple[int, int, str]]:
    """'CA.2.10' after 'CA.2.9', letters before digits; a card id sorts after every number."""
    return [(0 if NUMBER.match(number) else 1, 0, "")] + [
        (0, int(part), "") if is_digits(part) else (0, -1, part) for part in number.split(".")]


def _in_language(names: dict[str, str], lang: str) -> str:
    return names.get(lang) or names.get("en") or next(iter(names.values()))


def shown_path(path: Path) -> str:
    """A data file's path as the index prints it: a bundled file by its name in the source tree,
    another from the project folder when inside it."""
    bundled = source_name(path)
    if bundled is not None:
        return bundled
    try:
        return path.resolve().relative_to(CHECKOUT).as_posix()
    except ValueError:
        return str(path)


def default_scenario_roots() -> list[Path]:
    """The checkout's scenario folder, when rootlaw runs from a source checkout."""
    root = CHECKOUT / "tests" / "scenarios"
    return [root] if root.is_dir() else []


def build_index(extra_factions: dict[str, FactionDef] | None = None,
                scenario_roots: list[Path] | None = None,
                rulings_files: list[Path] | None = None) -> RulingsIndex:
    """The index of the bundled factions (and `extra_factions`, from packs), the rulings files
    (default: the bundled ones) and the standard deck, with the scenarios under
    `scenario_roots` and the checkout's `tests/scenarios` (when rootlaw runs from a checkout)."""
    factions = {fid: load_faction(path) for fid, path in bundled_factions().items()}
    shown = {fid: shown_path(path) for fid, path in bundled_factions().items()}
    for fid, faction in (extra_factions or {}).items():
        factions[fid] = faction
        shown[fid] = faction.doc.source if faction.doc is not None else fid
    files = [load_rulings_file(path, shown_path(path))
             for path in (bundled_rulings_files() if rulings_files is None else rulings_files)]
    default = default_scenario_roots()
    roots = default + list(scenario_roots or ())
    return RulingsIndex(factions, files, standard_deck(), scan_scenarios(roots), shown, searched=bool(roots),
                        named_checked=bool(default))
