"""The bots beyond random: generic over factions, seeded, blind to the game's future chance."""
from __future__ import annotations

import pytest

from rootlaw.agents.chance import hide_chance
from rootlaw.agents.cycles import Cycles
from rootlaw.agents.evaluation import (
    SEARCH_WEIGHTS,
    WEIGHTS,
    material,
    reward,
    rulers,
    value,
)
from rootlaw.agents.greedy import option_values
from rootlaw.agents.registry import GreedyBot, MctsBot, bot_names, make_bot
from rootlaw.content.record import Setup
from rootlaw.core.rng import Rng
from rootlaw.errors import RootlawError
from rootlaw.tools.cli import main


def start(seed: int = 4, rounds: int = 2):
    return Setup(map="autumn", factions=["alliance", "arachneen"], seed=seed, round_limit=rounds).start()


def play_out(game, bots):
    answers = []
    while (decision := game.pending()) is not None:
        choice = bots[decision["player"]].choose(game, decision)
        assert choice in decision["options"]
        game.answer(choice)
        answers.append(choice)
    return answers


@pytest.mark.parametrize("bot", [lambda seed: GreedyBot(seed, samples=1),
                                 lambda seed: MctsBot(seed, iterations=6, rollout=4)], ids=["greedy", "mcts"])
def test_a_bot_plays_any_seat_and_the_same_seed_gives_the_same_game(bot):
    def game_with(seed):
        game = start(rounds=1)
        bots = {f: bot(seed) if i == 0 else make_bot("random", seed + i) for i, f in enumerate(game.s.seats)}
        return game, play_out(game, bots)

    first, answers = game_with(11)
    second, again = game_with(11)
    assert answers == again and first.s.digest() == second.s.digest()
    assert first.s.ended == "round limit (1) reached"


def test_bots_search_on_clones_and_leave_the_game_untouched():
    game = start()
    for bot in (GreedyBot(1), MctsBot(1, iterations=8, rollout=4)):
        before = game.s.digest()
        bot.choose(game, game.pending())
        assert game.s.digest() == before


def test_a_trial_game_does_not_know_the_real_dice_or_draw_pile():
    game = start()
    trial = hide_chance(game.clone(), 99)
    assert trial.s.rng != game.s.rng
    assert sorted(trial.s.deck) == sorted(game.s.deck) and trial.s.deck != game.s.deck
    assert game.s.deck == start().s.deck  # the real pile is not shuffled


def test_the_evaluation_counts_points_and_pieces_against_the_best_opponent():
    game = start()
    me, other = game.s.seats
    base = value(game, me)
    game.s.players[me].score += 3
    assert value(game, me) == pytest.approx(base + 3)
    assert value(game, other) == pytest.approx(-value(game, me))
    assert 0.5 < reward(game, me) < 1.0
    game.s.winner, game.s.ended = other, "reached 30 VP"
    assert reward(game, other) == 1.0 and reward(game, me) == 0.0
    assert material(game, me) > 0


def test_greedy_takes_the_option_worth_most():
    game = start()
    decision = game.pending()
    chosen = GreedyBot(5, samples=1, follow=0).choose(game, decision)
    me = decision["player"]

    future = Rng(5).next64()  # the bot's first hidden future

    def worth(option):
        trial = hide_chance(game.clone(), future)
        trial.answer(option)
        return value(trial, me)

    assert worth(chosen) == max(worth(o) for o in decision["options"])


def test_bots_are_named_per_faction_in_order():
    assert bot_names("greedy", ["a", "b"]) == {"a": "greedy", "b": "greedy"}
    assert bot_names("mcts,random", ["a", "b"]) == {"a": "mcts", "b": "random"}
    with pytest.raises(RootlawError, match="unknown bot 'clever'"):
        bot_names("clever", ["a", "b"])
    with pytest.raises(RootlawError, match="one per faction"):
        bot_names("greedy,mcts,random", ["a", "b"])


def test_play_with_bots_on_the_command_line(capsys):
    assert main(["play", "--factions", "alliance,arachneen", "--rounds", "1", "--bots", "greedy,mcts", "--quiet"]) == 0
    assert "Final scores" in capsys.readouterr().out
    assert main(["play", "--bots", "nobody", "--quiet"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_a_lone_option_is_taken_without_looking_ahead():
    decision = {"player": "alliance", "options": ("pass",)}
    for bot in (GreedyBot(1), MctsBot(1)):
        assert bot.choose(None, decision) == "pass"  # no game to clone: no search was made


def test_the_search_keeps_to_the_options_greedy_values_most():
    game = start()
    decision = game.pending()
    assert len(decision["options"]) > 1
    future = Rng(3).next64()  # the search bot's first draw values the root's options
    values = option_values(game, decision, [future], follow=4)
    best = decision["options"][values.index(max(values))]
    assert MctsBot(3, iterations=3, rollout=4, width=1).choose(game, decision) == best


def test_ruling_clearings_is_worth_something():
    game = start()
    me, other = game.s.seats
    base = material(game, me, ruled=[])
    assert material(game, me, ruled=[me, other, me]) == pytest.approx(base + 2 * WEIGHTS["rule"])
    assert material(game, me) == pytest.approx(base + WEIGHTS["rule"] * rulers(game).count(me))


@pytest.mark.parametrize("bot", [GreedyBot(2, samples=1), MctsBot(2, iterations=4, rollout=4)], ids=["greedy", "mcts"])
def test_a_bot_does_not_answer_the_same_way_twice_in_the_same_position(bot):
    game = start()
    decision = game.pending()
    first = bot.choose(game, decision)
    again = bot.choose(game, decision)  # the same position again: the first answer went round in a circle
    assert again != first and again in decision["options"]


def test_a_position_met_again_offers_only_the_answers_not_yet_given():
    game = start()
    decision = game.pending()
    cycles = Cycles()
    key, fresh = cycles.fresh(game, decision)
    assert fresh == list(decision["options"])
    cycles.note(key, decision["options"][0])
    assert cycles.fresh(game, decision)[1] == list(decision["options"][1:])
    for option in decision["options"][1:]:
        cycles.note(key, option)
    assert cycles.fresh(game, decision)[1] == list(decision["options"])  # all given: all offered again
    game.answer(decision["options"][0])
    assert cycles.fresh(game, game.pending())[1] == list(game.pending()["options"])


def test_the_search_counts_cards_kept_in_piles_and_greedy_does_not():
    game = start()
    me = game.s.seats[0]
    base_search, base_greedy = value(game, me, SEARCH_WEIGHTS), value(game, me)
    game.s.players[me].piles["kept"] = [1, 2]
    assert value(game, me, SEARCH_WEIGHTS) == pytest.approx(base_search + 2 * SEARCH_WEIGHTS["pile"])
    assert SEARCH_WEIGHTS["pile"] > 0 and value(game, me) == pytest.approx(base_greedy)
