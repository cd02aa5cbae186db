"""The crafting pieces read from the board counts (law/crafting.py `_pieces_pool`) are those
standing in each clearing, piece by piece, with each crafting group's limit, in every position
of random games."""
import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.board import SUITS
from rootlaw.law.crafting import _pieces_pool


def _scanned(game, player: str) -> dict[str, int]:
    """The pool as the Law reads it: each crafting piece standing directly in a clearing, its
    craft group's pieces there counted up to the group's lowest limit."""
    defs, places = game.faction(player).pieces, {}
    for pid in game.pieces_of(player):
        _, kind, loc = game.s.pieces[pid]
        piece = defs[kind]
        if piece.crafts and loc[0] == "c":
            group = places.setdefault(int(loc[1:]), {}).setdefault(piece.craft_group, [0, []])
            group[0] += 1
            if piece.craft_limit is not None:
                group[1].append(piece.craft_limit)
    pool = {suit: 0 for suit in SUITS}
    for clearing, groups in places.items():
        pool[game.suit(clearing)] += sum(min([n, *limits]) for n, limits in groups.values())
    return pool


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 5),  # craft groups and limits
    (["alliance", "arachneen", "marquise", "eyrie"], 3),
])
def test_the_pool_read_from_the_counts_is_the_pieces_standing_there(factions, seed):
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    seen = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        for player in game.s.seats:
            game._kept.pop(("crafting", player), None)
            pool = _pieces_pool(game, player)
            assert pool == _scanned(game, player)
            seen += sum(pool.values()) > 1
    assert seen > 100
