"""The command line as a user runs it: playing, recording, saving and resuming."""
from __future__ import annotations

import json

from rootlaw.tools.cli import main


def test_play_resumes_a_saved_game(tmp_path, capsys):
    save = tmp_path / "save.json"
    assert main(["play", "--rounds", "4", "--save", str(save), "--save-at", "20", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", str(save), "--quiet"]) == 0
    assert "Final scores" in capsys.readouterr().out
    assert main(["play", "--resume", str(save), "--record", str(tmp_path / "r.json")]) == 2
    assert "cannot be used with --resume" in capsys.readouterr().err



def test_play_records_a_game_that_replays(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--rounds", "5", "--record", str(record), "--quiet"]) == 0
    assert json.loads(record.read_text())["setup"]["seed"] == 3
    assert main(["replay", str(record)]) == 0
    assert "(matches)" in capsys.readouterr().out
