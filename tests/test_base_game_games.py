"""Whole games with the base game's Marquise and Eyrie (issue 27): with the Alliance on every map,
the state invariants checked after every decision (`rootlaw play --check`), each game replaying
to the same final state; and every bot plays both factions."""
from __future__ import annotations

import json

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.agents.registry import BOTS
from rootlaw.agents.greedy import GreedyBot
from rootlaw.agents.mcts import MctsBot
from rootlaw.content.record import Record, Setup, replay
from rootlaw.core.invariants import violations
from rootlaw.tools.simulate import Plan, play_game

MAPS = ("autumn", "winter", "lake", "mountain")
FACTIONS = ["marquise", "eyrie", "alliance"]


@pytest.mark.parametrize("map_name", MAPS)
def test_full_games_keep_every_invariant_and_replay(map_name):
    rules = Setup(map=map_name, factions=FACTIONS, seed=0).rules()
    for seed in (1, 2):
        setup = Setup(map=map_name, factions=FACTIONS, seed=seed)
        game = setup.start(rules)
        agent, answers = RandomAgent(seed), []
        while (decision := game.pending()) is not None:
            assert not violations(game), f"seed {seed}: {violations(game)[:3]}"
            choice = agent.choose(game, decision)
            game.answer(choice)
            answers.append(choice)
        assert not violations(game)
        assert game.s.winner is not None or "round limit" in game.s.ended, f"seed {seed}: {game.s.ended}"
        record = Record.from_json(json.loads(json.dumps(Record(setup, answers, game.s.digest()).to_json())))
        assert replay(record, rules).s.digest() == record.final_hash, f"seed {seed} replays differently"
        turmoil = sum(1 for rule, _ in game.s.trace if rule == "7.7")
        built = sum(1 for rule, _ in game.s.trace if rule == "6.5.4.III")
        assert turmoil + built > 0  # the factions did play their turns, not only pass


def test_every_bot_plays_the_marquise_and_the_eyrie():
    assert set(BOTS) == {"random", "greedy", "mcts", "greedy-omniscient", "mcts-omniscient"}
    quick = {"random": RandomAgent, "greedy": lambda s: GreedyBot(s, samples=1),
             "mcts": lambda s: MctsBot(s, iterations=6, rollout=4),
             "greedy-omniscient": lambda s: GreedyBot(s, samples=1, fair=False),
             "mcts-omniscient": lambda s: MctsBot(s, iterations=6, rollout=4, fair=False)}
    for name, bot in quick.items():
        game = Setup(map="autumn", factions=["marquise", "eyrie"], seed=4, round_limit=2).start()
        bots = {f: bot(7 + i) for i, f in enumerate(game.s.seats)}
        while (decision := game.pending()) is not None:
            game.answer(bots[decision["player"]].choose(game, decision))
        assert game.s.ended == "round limit (2) reached" or game.s.winner, name


def test_a_simulation_row_of_the_base_factions():
    plan = Plan(factions=("marquise", "eyrie", "alliance"), bots=("greedy", "random", "random"),
                maps=("lake",), games=1, seed=5, round_limit=2)
    row = play_game(plan.spec(0))
    assert set(row["seats"]) == {"marquise", "eyrie", "alliance"}
    for f in row["seats"]:
        assert sum(row["vp_by_source"][f].values()) == row["scores"][f]
