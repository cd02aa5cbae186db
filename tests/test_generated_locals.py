"""Effects with local variables (`var`, `:=`) run as generated Python (engine/language/bodies.py),
not by the interpreter, and play exactly the games the interpreter plays."""
from __future__ import annotations

import os
import subprocess
import sys

import rootlaw.language.runtime as runtime
from test_base_game_language import run_probe

COUNTING = """var n = 0
for each c in [1, 2, 3] {
  if c != 2 {
    n := n + c
  }
}
repeat 2 {
  n := n * 2
}
score (n)"""

PLAY = """
import sys
import rootlaw.language.bodies as bodies
import rootlaw.language.runtime as runtime
if sys.argv[1] == "interpreted":  # the writer as it was: an effect with `var` or `:=` is the interpreter's
    del bodies._KINDS["var_decl"], bodies._KINDS["assign"]
interpreted = set()
interpret = runtime.interpret_block
runtime.interpret_block = lambda game, f: interpreted.add(f["code"]) or interpret(game, f)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
digests = []
for seed in (0, 1):
    setup = Setup(map="autumn", factions=["marquise", "eyrie", "alliance", "cabale"], seed=seed, round_limit=12)
    game = setup.start(setup.rules())
    agent = RandomAgent(10_000 + seed)
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
    digests.append(game.s.digest())
print(len(interpreted), *digests)
"""


def test_an_effect_with_local_variables_is_generated(tmp_path, monkeypatch):
    interpreted = []
    interpret = runtime.interpret_block
    monkeypatch.setattr(runtime, "interpret_block", lambda game, f: interpreted.append(f["code"]) or interpret(game, f))
    game = run_probe(tmp_path, COUNTING)
    assert game.player("militia_a").score == 16
    assert interpreted == []


def test_generated_local_variables_play_the_interpreters_games():
    def play(how: str) -> list[str]:
        done = subprocess.run([sys.executable, "-c", PLAY, how], env={**os.environ, "ROOTLAW_NO_CACHE": "1"},
                              capture_output=True, text=True, check=True)
        return done.stdout.split()
    generated, interpreted = play("generated"), play("interpreted")
    assert generated[0] == "0" and int(interpreted[0]) > 0  # the Eyrie's Decree, the Marquise's wood...
    assert generated[1:] == interpreted[1:]
