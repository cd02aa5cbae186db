"""The board index's places of each faction (engine/core/board_index.py: `PieceCounts.places`),
from which the Law reads its movers, attackers and crafting pieces, must be the clearings and
forests where a scan of the state finds a piece of that faction, in the map's order: after
every decision of played games, in a clone, after a save and a load, and after the piece
operations that bring a faction's first piece to a place or take its last one away."""
from __future__ import annotations

import json

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.game import Game
from rootlaw.core.state import State


def _scanned(game: Game, faction: str) -> tuple[str, ...]:
    """The faction's places the slow way: the map's clearings, then its forests, holding one of
    its pieces directly."""
    here = {loc for f, _, loc in game.s.pieces.values() if f == faction}
    places = [f"c{c}" for c in game.clearings()] + [f"f{f}" for f in game.rules.map.forests]
    return tuple(loc for loc in places if loc in here)


def _check(game: Game) -> int:
    """Every faction's places against the scan; returns how many places were found."""
    places = game.counts().places
    for faction in game.s.seats:
        assert places.get(faction, ()) == _scanned(game, faction), faction
    assert all(places.values()), "a faction without a place has no entry"
    assert Game(game.rules, game.s).counts() == game.counts()  # the index built afresh
    return sum(len(p) for p in places.values())


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 2),
    (["vagabond", "marquise", "eyrie", "alliance"], 4),  # a pawn, which stands in forests too
])
def test_places_are_the_scan_after_every_decision_in_clones_and_loads(factions, seed):
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    decisions = found = 0
    forests = False
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        decisions += 1
        found += _check(game)
        forests |= any(loc[0] == "f" for places in game.counts().places.values() for loc in places)
        if decisions % 40 == 0:
            copy = game.clone()
            assert copy.counts().places is not game.counts().places
            loaded = Game(game.rules, State.from_json(json.loads(json.dumps(game.s.to_json()))))  # as a save file
            for other in (copy, loaded):
                _check(other)
                helper = RandomAgent(decisions)  # a few decisions on leave the original's index as it was
                for _ in range(5):
                    if other.pending() is None:
                        break
                    other.answer(helper.choose(other, other.pending()))
                    _check(other)
            _check(game)
    assert decisions > 100 and found > 1000
    assert forests == (factions[0] == "vagabond")


def test_a_first_piece_comes_in_the_maps_order_and_a_last_one_leaves():
    game = Setup(map="autumn", factions=["tests/factions/militia_a.yaml", "tests/factions/militia_b.yaml"],
                 seed=1).start()
    game.counts()  # kept from here on by the piece operations
    faction = game.s.seats[0]
    for pid in [pid for pid, (f, _, _) in game.s.pieces.items() if f == faction]:
        game.take_off(pid)
    assert faction not in game.counts().places
    last = game.clearings()[-1]
    first = game.place(faction, "warrior", f"c{last}")
    game.place(faction, "warrior", f"c{game.clearings()[0]}")  # placed later, comes first
    forest = next(iter(game.rules.map.forests))  # a dict of forests, in the map's order
    game.relocate(first, f"f{forest}")
    assert game.counts().places[faction] == (f"c{game.clearings()[0]}", f"f{forest}")
    assert game.counts() == Game(game.rules, game.s).counts()
    game.relocate(first, f"b{faction}.aside")  # a box is no place of the map
    assert game.counts().places[faction] == (f"c{game.clearings()[0]}",)
    assert game.counts() == Game(game.rules, game.s).counts()
