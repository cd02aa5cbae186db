"""Same seed, same game — even across processes, whose string hashing differs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """
from rootlaw.agents.agent import RandomAgent, play
from rootlaw.content.record import Setup
for m in ("autumn", "mountain"):
    game = Setup(map=m, factions=["alliance", "arachneen"], seed=5, round_limit=20).start()
    play(game, RandomAgent(1))
    print(game.s.digest())
"""


def digests(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", SCRIPT], env=env, cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


def test_games_do_not_depend_on_string_hashing():
    first = digests("1")
    assert first.count("\n") == 2
    assert digests("2") == first
