"""Shorter ways of the hot path answer what the longer ones they replace answered: `freeze`
with its set of plain types, a card's craftability read from its kind, and the movers read
from the board counts for one kind of movers (issue 30)."""
from __future__ import annotations

from collections import OrderedDict

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.cards import CRAFTED
from rootlaw.core.state import freeze
from rootlaw.law.battle import battle_clearings, defenders
from rootlaw.law.movement import _mover_counts, movable


def _freeze_before(value):
    """freeze as it was written before its set of plain types."""
    kind = type(value)
    if kind is str or kind is int:
        return value
    if isinstance(value, list):
        return tuple(_freeze_before(v) for v in value)
    if isinstance(value, dict):
        return {k: v if type(v) is str or type(v) is int else _freeze_before(v) for k, v in value.items()}
    return value


class Listed(list):
    pass


VALUES = [None, True, 0, 3, 2.5, "c3", (), (1, [2]), [1, [2, (3, [4])]], Listed([1, [2]]),
          {"piece": 3, "riders": ("a",), "replaced_to": [4, 5], "by": None, "inner": {"x": [1]}},
          OrderedDict(a=[1], b=None), {"nested": Listed([[1]])}, frozenset({1}), b"x"]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_freeze_is_what_it_was(value):
    got, want = freeze(value), _freeze_before(value)
    assert got == want and type(got) is type(want)
    if isinstance(value, dict):  # each value of the same type, and a copy, not the dict itself
        assert got is not value
        assert [type(v) for v in got.values()] == [type(v) for v in want.values()]
    if type(value) not in (list, Listed, dict, OrderedDict):
        assert got is value


def test_craftable_cards_are_those_of_the_crafted_kinds():
    setup = Setup(map="autumn", factions=["cabale", "colombes"], seed=0)
    cards = setup.rules().deck.cards
    assert {d.kind for d in cards} > CRAFTED  # ambush and dominance cards are in the deck too
    for d in cards:
        assert d.craftable is (d.kind in ("item", "persistent", "favor"))


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 2),  # the Circle: adults and babies move
    (["vagabond", "marquise", "eyrie", "arachneen"], 3),  # a pawn, standing in forests too
])
def test_movers_of_some_kinds_read_from_the_counts_are_the_pieces_standing_there(factions, seed):
    """For each player, its mover kinds one at a time and all together, after every decision."""
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=6).start()
    agent = RandomAgent(seed)
    places = [*game.clearings(), *game.rules.map.forests]
    several = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        for player in game.s.seats:
            moving = tuple(sorted(k for f, k in game.rules.movers if f == player))
            several += len(moving) > 1
            for kinds in [(k,) for k in moving] + [moving, None]:
                by_place, ordered = _mover_counts(game, player, kinds)
                scanned = {place: {kind: len(pids) for kind, pids in found.items()}
                           for place in places if (found := movable(game, player, place, kinds))}
                assert by_place == scanned, (player, kinds)
                assert [place for place, _ in ordered] == [place for place in places if place in scanned]
                assert all(counts == tuple(sorted(scanned[place].items())) for place, counts in ordered)
    assert several  # a faction with two kinds of movers was asked by each kind alone


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 1),  # two factions' `may_battle` restrictions, which bite
    (["alliance", "arachneen", "vagabond", "eyrie"], 1),
])
def test_battle_clearings_are_those_with_an_attacker_and_a_defender_the_whole_fold_allows(factions, seed):
    """battle_clearings looks the attacker's restrictions up once for all its clearings: it
    gives the clearings where the attacker has a warrior or a pawn and an enemy present that
    every `may_battle` modifier (the hook's whole fold, as `Game.modify` runs it) allows."""
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    found = forbidden = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        for player in game.s.seats:
            allowed = {(c, enemy): game.modify("may_battle", True, attacker=player, defender=enemy, clearing=c)
                       for c in game.clearings() if game.count(player, c, ("warrior", "pawn"))
                       for enemy in game.factions_present(c) if game.are_enemies(player, enemy)}
            forbidden += list(allowed.values()).count(False)
            want = list(dict.fromkeys(c for (c, _), ok in allowed.items() if ok))
            assert battle_clearings(game, player) == want, player
            assert battle_clearings(game, player, against=tuple(game.s.seats[:1])) == \
                [c for c in want if game.s.seats[0] in defenders(game, player, c)]
            found += bool(want)
    assert found > 50
    assert forbidden or "colombes" not in factions  # the restrictions forbade some battles
