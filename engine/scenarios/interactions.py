"""Where two factions' rules meet: every place a rules-lawyer should look at when they share a
table, with the rulings that already cover it and the scenarios that pin it.

Read statically from the compiled faction files (`rootlaw.scenarios.profiles`), so it works for
any two factions, a pack's included. A meeting point is one of:

* a reaction: an ability of one reacts to an event the other's effects cause;
* an intervention: an ability of one steps in before the other's move or battle;
* a restriction or modifier of one on the other's actions (its battles, moves, crafting, placing);
* the same hook: modifiers of both change the same core computation;
* replacements: both send removed pieces elsewhere (the same event, maybe the same pieces);
* a core rule both change: through different hooks of one Law rule, or both setting up in the
  same kind of clearing.

Each names its two parts (ability, action or step, by name and rule number). `rootlaw
interactions A B` prints them (`rootlaw.tools.interactions`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from rootlaw.content.factions import FactionDef
from rootlaw.core.hooks import INVARIANT_EVENT, REPLACEMENT_HOOKS

from .profiles import Part, Profile, about_own_pieces, own_only, profile, scope
from .rulings import Ruling, bundled_rulings_files, load_rulings_file
from .rulings_index import (
    ScenarioFacts,
    default_scenario_roots,
    scan_scenarios,
    shown_path,
)

# the Law rule each hook changes, and what it decides
HOOK_RULES: dict[str, tuple[str, str]] = {
    "ruler": ("2.5", "who rules a clearing"),
    "adjacency": ("2.2.1", "which clearings are adjacent"),
    "ignore_rule_moving": ("4.2.1", "whether a move must rule an end"),
    "move_group_allowed": ("4.2", "which pieces may move together"),
    "may_move_from": ("4.2", "where a move may start"),
    "may_battle": ("4.3", "who may battle whom"),
    "ambush_allowed": ("4.3.1", "whether the defender may ambush"),
    "defender_takes_higher_roll": ("4.3.2", "which side deals the higher roll"),
    "max_rolled_hits": ("4.3.2", "how many rolled hits a side deals"),
    "extra_hits": ("4.3.3", "the extra hits a side deals"),
    "hit_pieces": ("4.3.4", "which pieces may take hits"),
    "hit_order": ("4.3.4", "which pieces take a hit first"),
    "removal_order": ("4.3.4", "which pieces go first when some are removed"),
    "removal_vp": ("3.2.1", "the points for removing a building or token"),
    "removed_to": ("16.6.22", "where a removed piece goes"),
    "may_craft": ("4.1", "what may be crafted"),
    "craft_vp": ("3.2.2", "the points for crafting an item"),
    "may_place": ("16.6.19", "which pieces may be placed"),
    "draw_bonus": ("", "the cards drawn in Evening"),
    "hand_limit": ("", "the Evening hand limit"),
}
# the hooks asked during another faction's action, and the event name (in the hook's names)
# meaning "it is the faction's own action" (its modifier then leaves the other's actions alone)
ACTION_HOOKS: dict[str, dict[str, str | None]] = {
    "before_battle": {"may_battle": "attacker", "ambush_allowed": "attacker", "defender_takes_higher_roll": "attacker",
                      "max_rolled_hits": None, "extra_hits": "attacker", "hit_pieces": None, "hit_order": None},
    "before_move": {"may_move_from": "player", "move_group_allowed": "player", "ignore_rule_moving": "player",
                    "adjacency": "faction"},
    "crafted": {"may_craft": "player", "craft_vp": "player"},
    "removed": {"removal_order": None, "removal_vp": "by"},  # the other's effects that remove pieces not its own
}
INTERVENTION_EVENTS = {"before_battle": "battle", "before_move": "move"}
EVENT_WORDS = {"removed": "pieces removed", "moved": "pieces moving", "placed": "pieces placed",
               "battle_ended": "the end of a battle", "battle_started": "a battle starting",
               "battle_effects": "a battle's dice", "crafted": "a card crafted"}
# the core actions abilities take part in, by the events and hooks they read, with their Law rule;
# a battle removes pieces, so what reacts to removals takes part in battles too
EVENT_ACTIONS = {"before_battle": "battle", "battle_started": "battle", "battle_effects": "battle",
                 "battle_ended": "battle", "removed": "removal", "before_move": "move", "moved": "move",
                 "crafted": "crafting", "placed": "placing"}
HOOK_ACTIONS = {**{h: "battle" for h in ACTION_HOOKS["before_battle"]}, **{h: "move" for h in ACTION_HOOKS["before_move"]},
                "removal_order": "removal", "removal_vp": "removal", "removed_to": "removal",
                "may_craft": "crafting", "craft_vp": "crafting", "may_place": "placing"}
ACTION_LAW = {"battle": ("4.3", "a battle"), "removal": ("1.5.4", "pieces removed together"),
              "move": ("4.2", "a move"), "crafting": ("4.1", "crafting"), "placing": ("16.6.19", "placing pieces")}
MEET = {"battle": {"battle", "removal"}, "removal": {"removal", "battle"}, "move": {"move"},
        "crafting": {"crafting"}, "placing": {"placing"}}
SETUP_PLACES = {"corner": {"corner", "any"}, "central": {"central", "inner", "any"},
                "inner": {"central", "inner", "any"}, "edge": {"corner", "edge", "any"},
                "any": {"corner", "central", "inner", "edge", "any"}}


@dataclass(frozen=True)
class Meeting:
    """One place where two factions' rules meet."""

    kind: str
    a: Part
    b: Part
    how: str
    rulings: tuple[Ruling, ...] = ()
    scenarios: tuple[str, ...] = ()


KINDS = ("reaction", "intervention", "restriction", "same hook", "replacement", "core rule")
TITLES = {"reaction": "Reactions to the other's effects", "intervention": "Interventions before the other's actions",
          "restriction": "Restrictions and modifiers of the other's actions",
          "same hook": "Modifiers of both on the same hook", "replacement": "Replacements on the same event",
          "core rule": "A core rule both change"}


def meetings(a: FactionDef, b: FactionDef, facts: list[ScenarioFacts] | None = None,
             rulings: list[Ruling] | None = None) -> list[Meeting]:
    """Every meeting point of two factions, with the rulings about each (default: the bundled
    rulings files' and the parts' own) and the scenarios pinning it (default: the checkout's
    `tests/scenarios`, see `scenario_facts`)."""
    pa, pb = profile(a), profile(b)
    found = _one_way(pa, pb) + _one_way(pb, pa) + _both(pa, pb)
    paired = {frozenset((m.a, m.b)) for m in found}
    found += [m for m in _same_action(pa, pb) if frozenset((m.a, m.b)) not in paired]
    unique = list(dict.fromkeys(found))
    rulings = bundled_interaction_rulings() if rulings is None else rulings
    facts = scenario_facts() if facts is None else facts
    out = [Meeting(m.kind, m.a, m.b, m.how, _rulings_of(m, rulings, a, b), _pinning(m, facts)) for m in unique]
    return sorted(out, key=lambda m: KINDS.index(m.kind))


def scenario_facts(roots: Iterable[Path] = ()) -> list[ScenarioFacts]:
    """What the scenarios under the checkout's `tests/scenarios` and `roots` seat and name."""
    return scan_scenarios(list(default_scenario_roots()) + list(roots))


def bundled_interaction_rulings() -> list[Ruling]:
    """The rulings of the rulings files (those naming two factions or more are the interactions')."""
    return [r for path in bundled_rulings_files() for r in load_rulings_file(path, shown_path(path)).rulings
            if len(r.factions) >= 2]


def _one_way(pa: Profile, pb: Profile) -> list[Meeting]:
    """What of A's reacts to, steps in before, or changes B's doings."""
    out = []
    texts = {t.id: _if_text(pa, t.id) for _, t in pa.triggers}
    for part, trigger in pa.triggers:
        text = texts[trigger.id]
        if trigger.event in INTERVENTION_EVENTS:
            if own_only(trigger, text):
                continue
            action = INTERVENTION_EVENTS[trigger.event]
            for source, how, _ in pb.causes.get(trigger.event, ()):
                out.append(Meeting("intervention", part, source, f"{part.name} steps in before {how} "
                                   f"({source.name}): it may add a cost or cancel the {action}"))
        elif trigger.event == INVARIANT_EVENT:
            for source, how, others in pb.causes.get("removed", ()):
                if others:
                    out.append(Meeting("reaction", part, source, f"{part.name} must hold again after "
                                       f"{source.name} removes {pa.id}'s pieces ({how})"))
        elif not own_only(trigger, text):
            for source, how, others in pb.causes.get(trigger.event, ()):
                if trigger.event == "removed" and about_own_pieces(text) and not others:
                    continue  # it reacts to its own pieces removed; B's effect removes only B's own
                out.append(Meeting("reaction", part, source, f"{part.name} reacts to "
                                   f"{EVENT_WORDS.get(trigger.event, trigger.event)}, which {source.name} causes "
                                   f"({how})"))
    for part, modifier in pa.modifiers:
        if modifier.hook in REPLACEMENT_HOOKS:
            for source, how, others in pb.causes.get("removed", ()):
                if others:
                    out.append(Meeting("replacement", part, source, f"{part.name} changes "
                                       f"{HOOK_RULES[modifier.hook][1]} ({modifier.hook}) when {source.name} "
                                       f"removes {pa.id}'s pieces ({how})"))
        test = scope(modifier.test)
        for event, hooks in ACTION_HOOKS.items():
            if modifier.hook not in hooks:
                continue
            own_name = hooks[modifier.hook]
            if test is not None and test[2] and own_name is not None and test[0] == own_name:
                continue  # only the faction's own actions
            for source, how, others in pb.causes.get(event, ()):
                if event == "removed" and not others:
                    continue
                rule, what = HOOK_RULES[modifier.hook]
                out.append(Meeting("restriction", part, source, f"{part.name} changes {what} "
                                   f"({modifier.hook}, Law {rule}) in {how} ({source.name})"))
    return out


def _both(pa: Profile, pb: Profile) -> list[Meeting]:
    """What both change: the same hook, replacements, the same Law rule, setup."""
    out = []
    for part_a, mod_a in pa.modifiers:
        for part_b, mod_b in pb.modifiers:
            rule, what = HOOK_RULES.get(mod_a.hook, ("", mod_a.hook))
            disjoint = _disjoint(mod_a, mod_b)
            if mod_a.hook == mod_b.hook and mod_a.hook in REPLACEMENT_HOOKS:
                where = ("each on pieces of its own, in the same removal" if disjoint else
                         "on the same pieces: only one applies, chosen by the piece's owner in battle, "
                         "else the player whose turn it is")
                out.append(Meeting("replacement", part_a, part_b, f"both change {what} ({mod_a.hook}): {where}"))
            elif mod_a.hook == mod_b.hook and not disjoint:
                out.append(Meeting("same hook", part_a, part_b, f"both change {what} ({mod_a.hook}"
                                   + (f", Law {rule})" if rule else ")") + ": applied one after the other"))
            elif mod_a.hook != mod_b.hook and rule and rule == HOOK_RULES.get(mod_b.hook, ("", ""))[0]:
                out.append(Meeting("core rule", part_a, part_b, f"both change Law {rule}: {what} "
                                   f"({mod_a.hook}) and {HOOK_RULES[mod_b.hook][1]} ({mod_b.hook})"))
    for part_a, where_a in pa.setup:
        for part_b, where_b in pb.setup:
            if where_b in SETUP_PLACES.get(where_a, {where_a}):
                order = (pa.faction.setup_order, pb.faction.setup_order)
                when = "the same setup order: seat order decides" if order[0] == order[1] else \
                    f"{pa.id if order[0] < order[1] else pb.id} sets up first"
                out.append(Meeting("core rule", part_a, part_b, f"both set up in {where_a} and {where_b} clearings "
                                   f"(Law 5.1; {when}): the first can keep the other out"))
    return out


def _taking_part(prof: Profile) -> list[tuple[Part, str, bool]]:
    """The parts that react to or change a core action: (part, action, only the faction's own)."""
    out = []
    for part, trigger in prof.triggers:
        action = EVENT_ACTIONS.get(trigger.event)
        if action is not None:
            out.append((part, action, own_only(trigger, _if_text(prof, trigger.id))))
    for part, modifier in prof.modifiers:
        action = HOOK_ACTIONS.get(modifier.hook)
        if action is not None:
            test, own_name = scope(modifier.test), ACTION_HOOKS.get(next(
                (e for e, hooks in ACTION_HOOKS.items() if modifier.hook in hooks), ""), {}).get(modifier.hook)
            out.append((part, action, bool(test and test[2] and own_name and test[0] == own_name)))
    return out


def _same_action(pa: Profile, pb: Profile) -> list[Meeting]:
    """Abilities of both that take part in one core action (a battle, a move, a removal): they
    meet whenever it happens, whoever takes it, unless each only takes part in its own. A rule
    that forbids the action (`may_*`) only keeps the other's from happening, and an action an
    intervention cancels changes no piece: those pairs say nothing new."""
    out = []
    for part_a, action_a, own_a in _taking_part(pa):
        for part_b, action_b, own_b in _taking_part(pb):
            roles = {_role(part_a), _role(part_b)}
            if "forbids" in roles or "intervention" in roles and roles & {"modifier", "replacement"}:
                continue
            if action_b in MEET[action_a] and not (own_a and own_b):
                rule, what = ACTION_LAW[action_a if action_a == "battle" or action_b != "battle" else action_b]
                out.append(Meeting("core rule", part_a, part_b, f"both take part in {what} (Law {rule}): "
                                   f"{part_a.what} and {part_b.what}"))
    return out


def _role(part: Part) -> str:
    """What a part does to an action: forbids it, steps in before it, changes it, replaces a
    removal, or reacts to it."""
    kind, _, hook = part.what.partition(" of ")
    if hook.startswith("may_"):
        return "forbids"
    return {"intervention": "intervention", "replacement": "replacement", "modifier": "modifier",
            "restriction": "modifier"}.get(kind.split(" on ")[0], "trigger")


def _disjoint(mod_a, mod_b) -> bool:
    """Two modifiers that each apply only to their own faction, by the same name of the hook
    (`player = me` and `player = me`), never change the same computation."""
    a, b = scope(mod_a.test), scope(mod_b.test)
    return a is not None and b is not None and a[2] and b[2] and a[:2] == b[:2]


def _if_text(prof: Profile, aid: str) -> str:
    data = prof.faction.doc.data if prof.faction.doc is not None else {}
    spec = next((s for s in data.get("abilities", ()) if s.get("id") == aid), {})
    return str(spec.get("if", ""))


def _words(faction: FactionDef) -> list[str]:
    """How rulings name a faction: its id, its names, the last word of its English name."""
    words = [faction.id, *faction.names.values()]
    last = faction.names.get("en", "").split()
    if last and len(last[-1]) >= 5:
        words.append(last[-1])
    return words


def _mentions(text: str, words: Iterable[str]) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(w)}", text) for w in words if w)


def _rulings_of(m: Meeting, rulings: list[Ruling], a: FactionDef, b: FactionDef) -> tuple[Ruling, ...]:
    """Interaction rulings naming both factions and one of the two rules; and the parts' own
    rulings where they speak of the other faction or the other part."""
    fa, fb = (a, b) if m.a.faction == a.id else (b, a)
    found = []
    for r in rulings:
        cited = {m.a.rule, m.b.rule} & set(r.numbers) - {""}
        if not {fa.id, fb.id} <= set(r.factions) or not cited:
            continue
        # both rules, or one and the other part by name
        other = m.b if m.a.rule in cited else m.a
        if len(cited) == 2 or _mentions(r.text, [other.id] + [n for _, n in other.names if len(n) >= 6]):
            found.append(r)
    for part, faction, other, other_part in ((m.a, fa, fb, m.b), (m.b, fb, fa, m.a)):
        names = [n for _, n in other_part.names if len(n) >= 8]
        if part.ruling and _mentions(part.ruling, _words(other) + names) and faction.doc is not None:
            line, col = faction.doc.where(part.ruling_at)
            found.append(Ruling((part.rule,) if part.rule else (), part.ruling, (faction.id,),
                                f"{shown_path(Path(faction.doc.source))}:{line}:{col}"))
    return tuple(dict.fromkeys(found))


def _pinning(m: Meeting, facts: list[ScenarioFacts]) -> tuple[str, ...]:
    """Scenarios seating both factions and naming both parts (a rule number or an ability id)."""
    def names(part: Part, s: ScenarioFacts) -> bool:
        return bool({part.id, part.rule} & s.named - {""})
    return tuple(s.path for s in facts if {m.a.faction, m.b.faction} <= s.factions and names(m.a, s) and names(m.b, s))


__all__ = ["Meeting", "KINDS", "TITLES", "HOOK_RULES", "meetings", "scenario_facts", "bundled_interaction_rulings",
           "profile"]
