"""Issue 24: the greedy and MCTS bots decide from what their seat may know.

By construction: at decisions of seeded games of the five seed factions, each bot, with the
same seed, must give the same answer in the game and in a copy in which the cards its seat
may not see are dealt differently (`tests/hidden_cards.py`). The omniscient versions, which
read every hand, answer differently in some of the same positions: the test can tell a bot
that peeks.
"""
from __future__ import annotations

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.agents.chance import sample
from rootlaw.agents.greedy import GreedyBot
from rootlaw.agents.mcts import MctsBot
from rootlaw.agents.registry import BOTS
from rootlaw.content.record import Setup
from rootlaw.core.visibility import hidden_places, known_to
from tests.hidden_cards import FACTIONS, redealt

PER_FACTION = 6  # decisions checked per faction and game


def positions(map_name: str, seed: int):
    """(game, decision) at decisions with a choice, up to PER_FACTION per faction, in a seeded
    random game of the five seed factions."""
    game = Setup(map=map_name, factions=FACTIONS, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    checked = {f: 0 for f in FACTIONS}
    step = 0
    while (decision := game.pending()) is not None and min(checked.values()) < PER_FACTION:
        step += 1
        if step % 3 == 0 and checked[decision["player"]] < PER_FACTION:
            checked[decision["player"]] += 1
            yield game, decision
        game.answer(agent.choose(game, decision))
    assert min(checked.values()) == PER_FACTION, f"some faction decided too rarely: {checked}"


BOTS_TRIED = {
    "greedy": lambda seed, fair: GreedyBot(seed, fair=fair),
    "mcts": lambda seed, fair: MctsBot(seed, iterations=16, fair=fair),
}


@pytest.mark.parametrize("bot", sorted(BOTS_TRIED))
def test_same_hidden_difference_same_bot_answer(bot):
    make = BOTS_TRIED[bot]
    checked = peeked = 0
    for map_name, seed in (("autumn", 4), ("winter", 9)):
        for game, decision in positions(map_name, seed):
            seat = decision["player"]
            for k in range(2):
                other = redealt(game, seat, 31 * checked + k)
                answer = make(checked, True).choose(game, decision)
                assert make(checked, True).choose(other, other.pending()) == answer, \
                    f"{bot} for {seat} answers differently when cards it cannot see differ ({decision['kind']})"
                omniscient = make(checked, False)
                peeked += omniscient.choose(game, decision) != make(checked, False).choose(other, other.pending())
            checked += 1
    assert checked == 2 * PER_FACTION * len(FACTIONS)
    assert peeked > 0, "the omniscient bot never changed its answer: the positions test nothing"


def test_a_sample_keeps_what_the_seat_sees_and_the_sizes_of_what_it_does_not():
    game = Setup(map="autumn", factions=FACTIONS, seed=2, round_limit=8).start()
    agent = RandomAgent(5)
    for _ in range(120):
        game.answer(agent.choose(game, game.pending()))
    for seat in game.s.seats:
        trial = sample(game, seat, 7)
        assert trial.s.players[seat].hand == game.s.players[seat].hand
        assert trial.s.discard == game.s.discard and trial.s.pieces == game.s.pieces
        assert [len(c) for _, c in hidden_places(trial, seat)] == [len(c) for _, c in hidden_places(game, seat)]
        pool = sorted(c for _, cards in hidden_places(game, seat) for c in cards)
        assert sorted(c for _, cards in hidden_places(trial, seat) for c in cards) == pool
        assert [c for _, cards in hidden_places(trial, seat) for c in cards] != \
            [c for _, cards in hidden_places(game, seat) for c in cards]
        assert trial.s.rng != game.s.rng


def test_cards_the_seat_was_shown_stay_where_it_saw_them():
    game = Setup(map="autumn", factions=FACTIONS, seed=2, round_limit=8).start()
    seat, other = game.s.seats[0], game.s.seats[1]
    shown = game.s.players[other].hand[:2]
    for card in shown:
        game.s.known.setdefault(seat, {})[card] = f"hand:{other}"
    assert known_to(game, seat) == {c: f"hand:{other}" for c in shown}
    for seed in range(5):
        assert set(shown) <= set(sample(game, seat, seed).s.players[other].hand)


def test_the_omniscient_bots_are_there_but_no_default():
    assert {"greedy-omniscient", "mcts-omniscient"} <= set(BOTS)
    assert BOTS["greedy"](1).fair and BOTS["mcts"](1).fair
    assert not BOTS["greedy-omniscient"](1).fair and not BOTS["mcts-omniscient"](1).fair
