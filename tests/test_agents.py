"""The agents: a seeded random agent and a scripted agent for tests."""
from __future__ import annotations

import pytest

from rootlaw.agents.agent import RandomAgent, ScriptedAgent, play
from rootlaw.content.record import Setup
from rootlaw.errors import RootlawError


def start():
    return Setup(map="autumn", factions=["alliance", "arachneen"], seed=4, round_limit=3).start()


def test_random_agent_is_seeded():
    first, second = start(), start()
    assert play(first, RandomAgent(9)) == play(second, RandomAgent(9))
    assert first.s.digest() == second.s.digest()


def test_scripted_agent_replays_a_game_and_says_when_it_runs_out():
    game = start()
    answers = play(game, RandomAgent(9))
    again = start()
    play(again, ScriptedAgent(answers))
    assert again.s.digest() == game.s.digest()
    short = start()
    with pytest.raises(RootlawError, match="the script has no answer left"):
        play(short, ScriptedAgent(answers[:5]))
