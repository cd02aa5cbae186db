"""The quick ways of the hot path agree with the slow ways they replace, in every position of
random games: the Law's questions (can this player move, battle, craft?), what they read from
the board counts, and the position's hash."""
import hashlib

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.game import distinct_cards
from rootlaw.core.state import State
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import can_craft, craftable
from rootlaw.law.movement import _mover_counts, can_move, move_options, movable


def _positions(factions: list[str], seed: int, rounds: int = 8):
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=rounds).start()
    agent = RandomAgent(seed)
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        yield game


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 4),
    (["vagabond", "marquise", "eyrie", "alliance"], 2),  # a pawn, which may stand in a forest
])
def test_movers_read_from_the_counts_are_the_pieces_standing_there(factions, seed):
    seen = 0
    for game in _positions(factions, seed):
        places = [*game.clearings(), *game.rules.map.forests]
        for player in game.s.seats:
            by_place, ordered = _mover_counts(game, player, None)
            scanned = {place: {kind: len(pids) for kind, pids in found.items()}
                       for place in places if (found := movable(game, player, place))}
            assert by_place == scanned
            assert [place for place, _ in ordered] == [place for place in places if place in scanned]
            assert all(counts == tuple(sorted(scanned[place].items())) for place, counts in ordered)
            seen += bool(by_place)
    assert seen > 100


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 6),
    (["alliance", "arachneen", "marquise"], 1),
])
def test_the_first_answer_is_there_exactly_when_the_whole_list_is_not_empty(factions, seed):
    """`can_craft`, `can_move` and battle_clearings(first=True) stop at the first witness: they
    say yes exactly when the full lists have something."""
    said = {"craft": 0, "move": 0, "battle": 0}
    for game in _positions(factions, seed):
        for player in game.s.seats:
            cards = craftable(game, player)
            assert can_craft(game, player) == bool(cards)
            assert can_move(game, player) == bool(move_options(game, player))
            battles = battle_clearings(game, player)
            assert battle_clearings(game, player, first=True) == battles[:1]
            said["craft"] += bool(cards)
            said["move"] += can_move(game, player)
            said["battle"] += bool(battles)
    assert min(said.values()) > 5, said  # each question answered yes in some positions


def test_identical_cards_are_one_option_the_lowest_id():
    game = Setup(map="autumn", factions=["alliance", "cabale"], seed=0, round_limit=1).start()
    cards = game.rules.deck.cards
    twins = [(a, b) for a in range(len(cards)) for b in range(a + 1, len(cards)) if cards[a] == cards[b]]
    assert twins, "the standard deck has identical cards"
    a, b = twins[0]
    other = next(c for c in range(len(cards)) if cards[c] != cards[a])
    assert distinct_cards(game, [b, other, a]) == sorted([a, other])
    assert distinct_cards(game, [b]) == [b]


def _position_as_defined(s) -> str:
    """State.position() as its definition reads: the hash of the repr of one tuple."""
    players = tuple((f, p.score, tuple(p.hand), sorted(p.supply.items()), sorted(p.piles.items()), tuple(p.items),
                     tuple(p.persistent), p.dominance, sorted(p.vars.items()), sorted(p.used.items()))
                    for f, p in s.players.items())
    key = (tuple(s.pieces.items()), players, s.deck, s.discard, s.available_dominance,
           sorted(s.items.items()), sorted(s.ruins.items()), s.closed_paths, s.ferry,
           s.current, s.round, s.phase, sorted(s.turn_used.items()), s.rng, s.forced_dice,
           s.winner, s.ended)
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]


def test_the_position_hash_is_the_hash_of_the_positions_repr():
    """Positions kept in saved frames must keep their hash: the fast writing of the repr gives
    the very same text, whatever the number of pieces (none, one, many)."""
    seen = set()
    for game in _positions(["vagabond", "marquise", "eyrie", "alliance"], 3, rounds=4):
        assert game.s.position() == _position_as_defined(game.s)
        seen.add(game.s.position())
    assert len(seen) > 50
    empty = State()
    assert empty.position() == _position_as_defined(empty)
    empty.pieces[7] = ("marquise", "warrior", "c1")
    assert empty.position() == _position_as_defined(empty)
