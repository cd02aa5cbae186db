"""In the `rootlaw play` command's own process an ability's first call is answered by its written
function (engine/language/ability_code.py `write_first_calls`): the same game, answer for answer,
as a program calling the command (whose first calls go through the closures), with fewer of the
expressions' own forms written; the next start plays it again from the kept texts."""
from __future__ import annotations

import json
import os
import subprocess
import sys

FACTIONS = "cabale,colombes,neiges,arachneen,marquise,eyrie"

PLAY = """
import sys
import rootlaw.language.lowering as lowering
written = []
write = lowering._written
lowering._written = lambda *args: written.append(1) or write(*args)
from rootlaw.tools import cli
own, record = sys.argv[1] == "own", sys.argv[2]
sys.argv = ["rootlaw", "play", "--quiet", "--rounds", "3", "--seed", "4", "--factions", %r, "--record", record]
status = cli.main(None if own else sys.argv[1:])  # None: the command's own process
print(status, len(written), file=sys.stderr)
""" % FACTIONS


def _play(cache, own: bool, record) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, "-c", PLAY, "own" if own else "called", str(record)], capture_output=True,
                          text=True, check=True, env={**os.environ, "ROOTLAW_CACHE_DIR": str(cache)})
    status, written = done.stderr.split()[-2:]
    assert status == "0"
    kept = json.loads(record.read_text(encoding="utf-8"))
    return int(written), {"answers": kept["answers"], "final_hash": kept["final_hash"]}


def test_the_command_s_first_calls_play_the_same_game_with_fewer_expressions_written(tmp_path):
    called, game = _play(tmp_path / "called", False, tmp_path / "called.json")
    own, same = _play(tmp_path / "own", True, tmp_path / "own.json")
    assert same == game and len(game["answers"]) > 100
    assert 0 < own < called  # the abilities' expressions are not written for their first calls
    assert _play(tmp_path / "own", True, tmp_path / "again.json") == (0, game)
