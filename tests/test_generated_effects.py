"""Effects run by their generated functions (engine/language/bodies.py) from their second start,
the first left to the interpreter (`bodies.INTERPRET_FIRST`): both run the same game, and the
rules each scenario checks hold with every effect generated from its first start too (the
scenarios run most effects once, so by default they check the interpreter's)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import rootlaw.language.bodies as bodies
from rootlaw.scenarios.runner import run_scenario

SCENARIOS = sorted(Path(__file__).parent.rglob("*.scenario.yaml"))

PLAY = """
import sys
import rootlaw.language.bodies as bodies
bodies.INTERPRET_FIRST = sys.argv[1] == "1"
made = []
write = bodies._Writer.source
bodies._Writer.source = lambda self: made.append(self.plan.code) or write(self)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
setup = Setup(map="autumn", factions=["cabale", "colombes", "neiges", "arachneen"], seed=2, round_limit=int(sys.argv[2]))
game = setup.start(setup.rules())
agent = RandomAgent(2)
while game.pending() is not None:
    game.answer(agent.choose(game, game.pending()))
print(len(made), game.s.digest())
"""


def _play(interpret_first: bool, rounds: int) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", PLAY, "1" if interpret_first else "0", str(rounds)],
                          env={**os.environ, "ROOTLAW_NO_CACHE": "1"}, capture_output=True, text=True, check=True)
    made, digest = done.stdout.split()
    return int(made), digest


def test_an_effect_first_interpreted_then_generated_plays_the_same_game():
    lazy, digest = _play(True, 6)
    eager, eager_digest = _play(False, 6)
    assert digest == eager_digest
    assert 10 < lazy < eager  # effects started once are never generated; the others are


def test_a_one_round_game_generates_few_effects():
    lazy, _ = _play(True, 1)
    eager, _ = _play(False, 1)
    assert lazy * 2 < eager


def test_every_scenario_holds_with_every_effect_generated_from_its_first_start(monkeypatch):
    monkeypatch.setattr(bodies, "INTERPRET_FIRST", False)
    made = []
    write = bodies._Writer.source
    monkeypatch.setattr(bodies._Writer, "source", lambda self: made.append(self.plan.code) or write(self))
    monkeypatch.setenv("ROOTLAW_NO_CACHE", "1")  # generated here, not read from an earlier start
    failed = [str(path) for path in SCENARIOS if not run_scenario(path).passed]
    assert not failed
    assert len(SCENARIOS) > 100 and len(set(made)) > 100
