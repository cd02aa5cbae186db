"""A menu's checks asked in one loop (`actions.startable`, issue 30, eighth round) against the
way each choice was asked before, one call per choice through `available` and
`runtime.action_available`; a stand-in for `available` still sees every check; the actions of
persistent cards asked only of a player who has one; a step's place in its turn from a table."""
from __future__ import annotations

import pytest

from rootlaw.core.context import Ctx
from rootlaw.play import actions
from tests.test_builtin_shortcuts import _positions

MIXES = [["cabale", "colombes", "neiges", "arachneen"], ["alliance", "arachneen", "marquise", "eyrie"]]


def _available_before(game, player: str, choice: str) -> bool:
    """`actions.available` with `runtime.action_available` as main cffaaf0 wrote them."""
    if choice in actions.BUILT_IN:
        return actions.BUILT_IN[choice](game, player)
    a = game.rules.factions[player].actions[choice]
    if a.once_per_turn and game.s.players[player].used.get(f"action:{choice}"):
        return False
    if a.when is not None and not a.when(Ctx(game, player, {})):
        return False
    stmts = game.rules.code[a.code]
    if stmts.can is not None:
        return stmts.can(game, player, {})
    return not stmts or stmts[0].possible(Ctx(game, player, {}))


def _choices(game, player: str) -> tuple[str, ...]:
    """Every action of the faction that a menu may offer (one its caller binds no names for)
    and the built-in ones, as one menu."""
    defined = game.rules.factions[player].actions
    return (*actions.BUILT_IN, *(c for c in defined if not defined[c].params))


def test_the_choices_that_can_start_are_those_each_check_allowed_before():
    asked = offered = taken_before = refused_by_condition = 0
    for factions in MIXES:
        for game in _positions(factions, 5, every=11, decisions=800):
            for player in game.s.seats:
                choices = _choices(game, player)
                # each on a clone of its own: a check that rolls dice would change the game
                before = [c for c in choices if _available_before(game.clone(), player, c)]
                assert actions.startable(game.clone(), player, choices) == before, player
                for choice in choices:
                    assert actions.available(game.clone(), player, choice) is (choice in before), (player, choice)
                asked += len(choices)
                offered += len(before)
                defined = game.rules.factions[player].actions
                refused_by_condition += sum(defined[c].when is not None for c in choices[len(actions.BUILT_IN):] if c not in before)
                # an action taken once this turn is not offered again when it may be taken once
                once = [c for c in choices[len(actions.BUILT_IN):] if defined[c].once_per_turn]
                if once:
                    marked = game.clone()
                    for c in once:
                        marked.s.players[player].used[f"action:{c}"] = 1
                    now = actions.startable(marked, player, choices)
                    assert now == [c for c in choices if _available_before(marked.clone(), player, c)]
                    assert not set(once) & set(now)
                    taken_before += 1
    assert asked > 2000 and 0 < offered < asked and taken_before > 20 and refused_by_condition > 20, \
        (asked, offered, taken_before, refused_by_condition)


def test_a_stand_in_for_available_sees_each_check_of_a_menu(monkeypatch):
    """benchmarks/ceilings.py and legality_repeats.py stand in for `available` to record every
    check: while one does, a menu asks it choice by choice, and offers the same."""
    seen: list[str] = []
    real = actions.available
    menus = 0
    for game in _positions(MIXES[0], 6, every=17, decisions=600):
        for player in game.s.seats:
            for steps in game.rules.factions[player].turn.values():
                for step in steps:
                    if step["kind"] != "actions":
                        continue
                    plain = actions.menu_options(game.clone(), player, step, 0, None)
                    monkeypatch.setattr(actions, "available", lambda g, p, c: seen.append(c) or real(g, p, c))
                    seen.clear()
                    assert actions.menu_options(game.clone(), player, step, 0, None) == plain
                    assert seen == list(step["choices"])
                    monkeypatch.setattr(actions, "available", real)
                    menus += 1
    assert menus > 50


@pytest.mark.parametrize("phase", ["birdsong", "daylight", "evening"])
def test_the_actions_of_persistent_cards_are_offered_to_the_players_who_hold_them(phase):
    """Every card of the deck that has an action, put in play for one seat: the Daylight
    extras offer its action in its phase (as `card_actions` finds it; no card acts in
    Evening), and nothing of cards to the seats that hold none."""
    with_cards = without = 0
    for game in _positions(MIXES[1], 3, every=41, decisions=600):
        deck = game.rules.deck
        game = game.clone()
        game.s.phase = phase
        holder = game.s.seats[0]
        for p in game.s.players.values():
            p.persistent = []
        game.s.players[holder].persistent = [c for c in range(len(deck.cards)) if deck.cards[c].id in deck.actions]
        for seat in game.s.seats:
            extras = actions.daylight_extras(game, seat)
            cards = [o for o in extras if o.startswith("card:")]
            assert cards == actions.card_actions(game, seat)
            if seat == holder:
                with_cards += bool(cards)
            else:
                assert cards == []
                without += 1
    in_phase = any(a.phase == phase for a in game.rules.deck.actions.values())
    assert (with_cards > 3 if in_phase else with_cards == 0) and without > 10, (with_cards, without)


def test_a_steps_place_in_its_turn_is_where_it_stands():
    game = next(_positions(MIXES[1], 1, every=1, decisions=1))
    for player in game.s.seats:
        for phase, steps in game.rules.factions[player].turn.items():
            for i, step in enumerate(steps):
                assert actions._step_key(game, player, step) == (phase, i)
                with pytest.raises(AssertionError, match="not found"):  # an equal copy is not that step
                    actions._step_key(game, player, dict(step))


def test_a_number_is_answered_at_once_within_the_bounds_and_refused_past_them():
    """`limits.number`'s quick answer for a plain int keeps its bounds (and leaves bools,
    strings and lists to the checks after it)."""
    from rootlaw.core.context import LanguageError
    from rootlaw.language.limits import MAX_LENGTH, MAX_NUMBER, number
    for value in (0, 7, -7, MAX_NUMBER, -MAX_NUMBER, True, False, "ab", (1, 2), [3]):
        assert number(value) is value
    for value in (MAX_NUMBER + 1, -MAX_NUMBER - 1, 10**30, "x" * (MAX_LENGTH + 1), [0] * (MAX_LENGTH + 1)):
        with pytest.raises(LanguageError):
            number(value)
