"""What a faction file does, read without playing it: the events its effects cause, the
abilities that react to events or change the core's computations, and where it sets up.

The interaction finder (`rootlaw.scenarios.interactions`) compares two of these. Everything is
read from the compiled faction (its statements, triggers and modifiers) and the file's own
texts, so it works for any faction from data, a pack's included; nothing here names one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rootlaw.content.factions import FactionDef
from rootlaw.core.hooks import BUILT_IN_ACTIONS, INVARIANT_EVENT
from rootlaw.language.abilities import Modifier, Trigger
from rootlaw.language.owner_tests import OwnerTest

# what each statement of the language sets off in the core (by the statement's class name), and
# what each core action does
STATEMENT_EVENTS: dict[str, tuple[str, ...]] = {
    "Place": ("placed",),
    "Remove": ("removed",),
    "Relocate": ("moved",),
    "Move": ("before_move", "moved"),
    "Battle": ("before_battle", "battle_started", "battle_effects", "battle_ended", "removed"),
    "Craft": ("crafted", "removed"),  # a Favor card crafted removes pieces
}
CORE_ACTION_EVENTS = {"move": STATEMENT_EVENTS["Move"], "battle": STATEMENT_EVENTS["Battle"],
                      "craft": STATEMENT_EVENTS["Craft"]}
VIA = {"Place": "placing pieces", "Remove": "removing pieces", "Relocate": "sending pieces away (not a move)",
       "Move": "its move", "Battle": "its battle", "Craft": "crafting (a Favor removes pieces)"}


@dataclass(frozen=True)
class Part:
    """One named part of a faction file: an ability, an action, a turn step or a setup step."""

    faction: str
    id: str
    rule: str
    names: tuple[tuple[str, str], ...]   # (language, name), the file's order
    what: str                            # "trigger on battle_ended", "restriction of may_battle", "action", ...
    ruling: str = ""
    ruling_at: tuple = ()                # the ruling's path in the faction file

    @property
    def name(self) -> str:
        """The original name with the English one beside it, else the id."""
        names = dict(self.names)
        original = next((n for lang, n in self.names if lang != "en"), None)
        english = names.get("en")
        if original and english and original != english:
            return f"{original} ({english})"
        return original or english or self.id.replace("_", " ")

    def label(self) -> str:
        rule = f", {self.rule}" if self.rule else ""
        return f"{self.faction} {self.name} [{self.id}{rule}]"


@dataclass
class Profile:
    """One faction's parts as the finder compares them."""

    faction: FactionDef
    causes: dict[str, list[tuple[Part, str, bool]]] = field(default_factory=dict)  # event -> (part, how, others')
    triggers: list[tuple[Part, Trigger]] = field(default_factory=list)
    modifiers: list[tuple[Part, Modifier]] = field(default_factory=list)
    setup: list[tuple[Part, str]] = field(default_factory=list)                   # (part, where it sets up)

    @property
    def id(self) -> str:
        return self.faction.id


def profile(faction: FactionDef) -> Profile:
    """Read one faction file."""
    prof = Profile(faction)
    data = faction.doc.data if faction.doc is not None else {}
    specs = {spec.get("id"): (i, spec) for i, spec in enumerate(data.get("abilities", ()))}
    for trigger in faction.triggers:
        i, spec = specs.get(trigger.id, (None, {}))
        what = "invariant" if trigger.event == INVARIANT_EVENT else f"{spec.get('kind', 'trigger')} on {trigger.event}"
        part = _part(faction, trigger.id, trigger.rule, spec, what, ("abilities", i))
        prof.triggers.append((part, trigger))
        _walk(prof, part, trigger.code, spec.get("do", ""))
    for modifier in faction.modifiers:
        i, spec = specs.get(modifier.id, (None, {}))
        part = _part(faction, modifier.id, modifier.rule, spec, f"{spec.get('kind', 'modifier')} of {modifier.hook}",
                     ("abilities", i))
        prof.modifiers.append((part, modifier))
    for aid, action in faction.actions.items():
        spec = data.get("actions", {}).get(aid, {})
        part = _part(faction, aid, action.rule, {**spec, "names": action.names}, "action", ("actions", aid))
        _walk(prof, part, action.code, spec.get("do", ""))
    for phase, steps in faction.turn.items():
        for i, step in enumerate(steps):
            spec = _at(data, ("turn", phase, i))
            part = _part(faction, f"{phase}_{i + 1}", step.get("rule", ""), spec if isinstance(spec, dict) else {},
                         f"{phase} step {i + 1}", ("turn", phase, i), f"{phase} step {i + 1}")
            if step["kind"] == "do":
                _walk(prof, part, step["code"], spec.get("do", "") if isinstance(spec, dict) else "")
            for choice in step.get("choices", ()) + (("craft",) if step["kind"] == "craft" else ()):
                _core_action(prof, part, choice)
    for i, step in enumerate(faction.setup):
        spec = _at(data, ("setup", i)) or {}
        part = _part(faction, f"setup_{i + 1}", step["rule"], spec, "setup", ("setup", i), "setup")
        text = spec.get("do", "") if step["kind"] == "do" else ""
        if step["kind"] == "home":
            prof.setup.append((part, step["where"]))
        elif _walk(prof, part, step["code"], text) and "home()" not in text and "choose" in text:
            # a setup that chooses its own clearings (not the home a step before chose)
            prof.setup.append((part, next((w for w in ("central", "corner", "edge") if f"{w}(" in text), "any")))
    return prof


def _part(faction: FactionDef, pid: str, rule: str, spec: dict, what: str, path: tuple, unnamed: str = "") -> Part:
    names = spec.get("names") or ({"en": unnamed} if unnamed else {})
    return Part(faction.id, pid, str(rule or ""), tuple(names.items()) if isinstance(names, dict) else (), what,
                " ".join(str(spec.get("ruling", "")).split()), path + ("ruling",) if spec.get("ruling") else ())


def _at(data: Any, path: tuple) -> Any:
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _walk(prof: Profile, part: Part, code: str, text: str) -> bool:
    """Note the events `code` (and the blocks inside it) sets off; whether it places pieces.
    A block is found by the code ids a statement holds, whatever its kind, so statements added
    to the language later are walked too."""
    others = removes_others(text)
    placed = False
    todo, seen = [code], set()
    table = prof.faction.code
    while todo:
        block = todo.pop()
        if block in seen or not isinstance(table.get(block), tuple):
            continue
        seen.add(block)
        for stmt in table[block]:
            kind = type(stmt).__name__
            placed = placed or kind == "Place"
            for event in STATEMENT_EVENTS.get(kind, ()):
                how = VIA[kind]
                _cause(prof, event, part, how, kind in ("Battle", "Move", "Craft") or others)
            for choice in getattr(stmt, "written", None) or ():  # an `offer` of core actions
                _core_action(prof, part, choice)
            todo += [v for v in vars(stmt).values() if isinstance(v, str) and v in table and v != block]
    return placed


def _core_action(prof: Profile, part: Part, choice: str) -> None:
    if choice in BUILT_IN_ACTIONS:
        for event in CORE_ACTION_EVENTS[choice]:
            _cause(prof, event, part, f"the core {choice}", True)


def _cause(prof: Profile, event: str, part: Part, how: str, others: bool) -> None:
    """Note that `part` causes `event` (`how`: by what; `others`: maybe to others' pieces), once
    per part, with every way it does."""
    found = prof.causes.setdefault(event, [])
    for i, (known, known_how, known_others) in enumerate(found):
        if known == part:
            hows = known_how if how in known_how.split(" or ") else f"{known_how} or {how}"
            found[i] = (known, hows, known_others or others)
            return
    found.append((part, how, others))


def removes_others(text: str) -> bool:
    """Whether an effect's text may remove or move other factions' pieces: it names them
    (`owner(p) != me`, `enemies`, a faction chosen by `f`) rather than only its own."""
    return bool(re.search(r"!=\s*me\b|\benemies\b|\bplayers\b|\bowner\(", text))


OWN_EVENT_NAMES = ("player", "attacker", "by")
"""Event fields naming who acts: a trigger whose condition starts `event.player = me` reacts only
to its own faction's doings."""


def own_only(trigger: Trigger, text: str) -> bool:
    """Whether a trigger reacts only to what its own faction does (or on its own turn)."""
    test = trigger.test
    if test is not None and test.equal and test.field in OWN_EVENT_NAMES:
        return True
    return bool(re.match(r"\s*current\s*=\s*me\b", text or ""))


def about_own_pieces(text: str) -> bool:
    """Whether a reaction to removals is about the faction's own pieces (`p.faction = me`)."""
    return bool(re.search(r"\.faction\s*=\s*me\b", text or "")) and not re.search(r"\.faction\s*!=\s*me\b", text or "")


def scope(test: OwnerTest | None) -> tuple[str, str | None, bool] | None:
    """A modifier's owner test as (name, field, equal), or None when it has none."""
    return None if test is None else (test.name, test.field, test.equal)


__all__ = ["Part", "Profile", "profile", "own_only", "about_own_pieces", "removes_others", "scope"]
