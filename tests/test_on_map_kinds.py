"""`on_map` answers every kind from one walk over a faction's pieces (builtins/pieces.py): at
positions of seeded games, for each faction and lists of its kinds (one, two, all, with one
written twice, none), the answer is the faction's pieces of those kinds off its boxes, in the
order of its pieces, however the questions come after a change of the board."""
from __future__ import annotations

import itertools

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.language.builtins import FUNCTIONS

FACTIONS = ["cabale", "colombes", "neiges", "arachneen"]


def _scanned(game, owner: str, kinds: tuple) -> tuple:
    pieces = game.s.pieces
    return tuple(p for p in game.pieces_of(owner) if pieces[p][1] in kinds and pieces[p][2][0] != "b")


def test_on_map_gives_each_kinds_pieces_in_order_whatever_is_asked_first():
    on_map = FUNCTIONS["on_map"].fn
    rules = Setup(map="autumn", factions=FACTIONS, seed=0, round_limit=10).rules()
    asked = 0
    for seed in range(2):
        game = Setup(map="autumn", factions=FACTIONS, seed=seed, round_limit=10).start(rules)
        agent = RandomAgent(seed)
        step = 0
        while game.pending() is not None:
            step += 1
            if step % 25 == 0:
                for fid in FACTIONS:
                    kinds = tuple(rules.factions[fid].pieces)
                    lists = [(k,) for k in kinds] + list(itertools.combinations(kinds, 2))[:6] + [
                        kinds, kinds[::-1], (kinds[0], kinds[0]), ()]
                    order = lists if step % 50 else lists[::-1]  # the walk made by another question first
                    game._kept.clear()
                    for listed in order:
                        ctx = Ctx(game, fid, {})
                        assert on_map(ctx, listed) == _scanned(game, fid, listed), (fid, listed)
                        assert on_map(ctx, listed[0] if len(listed) == 1 else listed) == _scanned(game, fid, listed)
                        asked += 1
            game.answer(agent.choose(game, game.pending()))
    assert asked > 500
