"""The board index's pieces on the map by (faction, kind) (engine/core/board_index.py), which
`on_map(...)` answers from, must be what a scan of the state's pieces finds, in the state's
order: after every decision of played games, in a clone, after a save and a load, and after
the piece operations that change a piece's place in that order or take it to or from a box."""
from __future__ import annotations

import json

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.core.game import Game
from rootlaw.core.state import State
from rootlaw.language.builtins import FUNCTIONS

ON_MAP = FUNCTIONS["on_map"]


def _scanned(game: Game, faction: str, kinds: tuple[str, ...]) -> tuple[int, ...]:
    """on_map's answer the slow way: every piece of the state, in its order."""
    return tuple(pid for pid, (f, k, loc) in game.s.pieces.items() if f == faction and k in kinds and loc[0] != "b")


def _check(game: Game) -> int:
    """on_map of every faction's every kind, and of all its kinds at once, against the scan;
    returns how many answers were not empty."""
    found = 0
    for faction in game.s.seats:
        kinds = tuple(game.faction(faction).pieces)
        ctx = Ctx(game, faction, {})
        for kind in kinds:
            assert ON_MAP.fn(ctx, kind) == _scanned(game, faction, (kind,)), (faction, kind)
            found += bool(ON_MAP.fn(ctx, kind))
        assert ON_MAP.fn(ctx, kinds) == _scanned(game, faction, kinds), faction
        # the same asked by another seat, the kinds as a one-kind tuple
        other = Ctx(game, game.s.seats[-1], {})
        assert ON_MAP.fn(other, kinds[:1], faction) == _scanned(game, faction, kinds[:1])
    fresh = Game(game.rules, game.s)  # nothing kept: the index built from the state
    assert fresh.counts() == game.counts()
    return found


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 3),  # graveyards of several kinds; pieces put back
    (["alliance", "arachneen", "vagabond", "eyrie"], 5),  # bases of several kinds, officers in a box
])
def test_on_map_is_the_scan_after_every_decision_in_clones_and_loads(factions, seed):
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    decisions = found = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        decisions += 1
        found += _check(game)
        if decisions % 40 == 0:
            copy = game.clone()
            assert copy.counts().on_map is not game.counts().on_map
            loaded = Game(game.rules, State.from_json(json.loads(json.dumps(game.s.to_json()))))  # as a save file
            for other in (copy, loaded):
                _check(other)
                # a few decisions on in the copy leave the original's index as it was
                helper = RandomAgent(decisions)
                for _ in range(5):
                    if other.pending() is None:
                        break
                    other.answer(helper.choose(other, other.pending()))
                    _check(other)
            _check(game)
    assert decisions > 100 and found > 1000


def _militia_game() -> Game:
    game = Setup(map="autumn", factions=["tests/factions/militia_a.yaml", "tests/factions/militia_b.yaml"],
                 seed=1).start()
    game.counts()  # kept from here on by the piece operations
    return game


def test_a_piece_back_from_a_box_keeps_its_place_and_a_piece_put_back_comes_last():
    game = _militia_game()
    faction = game.s.seats[0]
    placed = [game.place(faction, "warrior", loc) for loc in ("c1", "c2", "c3")]
    assert all(pid is not None for pid in placed)
    first = placed[0]
    game.relocate(first, f"b{faction}.aside")  # into a box: off the map
    assert first not in game.counts().on_map[(faction, "warrior")]
    assert game.counts() == Game(game.rules, game.s).counts()
    game.relocate(first, "c4")  # back: where it was in the state's order, not at the end
    mine = game.counts().on_map[(faction, "warrior")]
    assert mine == _scanned(game, faction, ("warrior",))
    assert mine.index(first) < mine.index(placed[1])
    game.take_off(first)
    game.put_removed(first, faction, "warrior", 5)  # back on the map as the newest piece
    assert game.counts().on_map[(faction, "warrior")][-1] == first
    assert game.counts() == Game(game.rules, game.s).counts()


def test_a_kind_with_no_piece_on_the_map_has_no_entry():
    game = _militia_game()
    faction = game.s.seats[0]
    for pid in list(game.counts().on_map.get((faction, "warrior"), ())):
        game.take_off(pid)
    assert (faction, "warrior") not in game.counts().on_map
    assert ON_MAP.fn(Ctx(game, faction, {}), "warrior") == ()
    assert game.counts() == Game(game.rules, game.s).counts()
