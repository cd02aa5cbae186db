"""What the game keeps beside its state to answer board questions fast (each faction's pieces,
each clearing's ruler) must always match the state it was kept from."""
import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.game import Game
from rootlaw.core.piece_ops import PieceOperations


def _fresh(game: Game, faction: str) -> list[int]:
    return [pid for pid, (f, _, _) in game.s.pieces.items() if f == faction]


def _rulers(game: Game) -> list:
    return [game.ruler(c) for c in game.clearings()]


def _played(factions: list[str], seed: int):
    """A seeded random game of 8 rounds, given after each decision with how many were made."""
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    decisions = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        decisions += 1
        yield game, decisions


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 3),  # replacements put removed pieces back
    (["alliance", "arachneen"], 5),
])
def test_kept_answers_match_the_state_after_every_decision(factions, seed, monkeypatch):
    put_back = []
    put_removed = PieceOperations.put_removed

    def counted(game, pid, *rest):
        put_back.append(pid)
        put_removed(game, pid, *rest)
    monkeypatch.setattr(PieceOperations, "put_removed", counted)
    decisions = 0
    for game, decisions in _played(factions, seed):
        fresh = Game(game.rules, game.s)  # a game with nothing kept yet
        for faction in game.s.seats:
            assert game.pieces_of(faction) == _fresh(game, faction) == fresh.pieces_of(faction)
        assert _rulers(game) == _rulers(fresh)
        if decisions % 50 == 0:
            copy = game.clone()
            assert [copy.pieces_of(f) for f in game.s.seats] == [game.pieces_of(f) for f in game.s.seats]
            assert copy.pieces_of(game.s.seats[0]) is not game.pieces_of(game.s.seats[0])
    assert decisions > 100
    assert put_back or "alliance" in factions, "the seed factions' game must put removed pieces back"



@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 3),
    (["alliance", "arachneen"], 5),
])
def test_kept_counts_and_board_answers_match_the_state_after_every_decision(factions, seed):
    """The counts by location, faction, kind and category (engine/core/board_index.py) and the
    answers kept until the board changes (movers, crafting pieces) are those worked out afresh;
    a clone's are its own."""
    from rootlaw.law.crafting import crafting_pool
    from rootlaw.law.movement import move_options
    decisions = 0
    for game, decisions in _played(factions, seed):
        game.counts()
        fresh = Game(game.rules, game.s)
        assert game.counts() == fresh.counts()
        for faction in game.s.seats:
            assert move_options(game, faction) == move_options(fresh, faction)
            assert crafting_pool(game, faction) == crafting_pool(fresh, faction)
        if decisions % 50 == 0:
            copy = game.clone()
            assert copy.counts() == game.counts() and copy.counts() is not game.counts()
    assert decisions > 100
