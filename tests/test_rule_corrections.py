"""Issue 6 §1: rule corrections whose truth a scenario file cannot state (a die left unrolled,
the command line's message). Each test runs a bundled scenario or the CLI and looks at what
it leaves; who is asked and what the log says are stated by the scenarios themselves."""
from __future__ import annotations

from pathlib import Path

from rootlaw.core.narration import SPECTATOR, log_lines
from rootlaw.errors import RootlawError
from rootlaw.scenarios.runner import run_scenario

HERE = Path(__file__).parent / "scenarios"


def _game(path: str):
    outcome = run_scenario(HERE / path)
    assert outcome.passed, outcome.report()
    return outcome.game


def test_draw_logs_what_was_drawn_and_rolls_once() -> None:
    game = _game("corrections/draw_rolls_its_count_once.scenario.yaml")
    assert game.s.forced_dice == [3], "the count was evaluated more than once"
    assert any(line.endswith("Heralds draws 2 cards") for line in log_lines(game, SPECTATOR))


def test_a_faction_named_twice_is_named_in_the_error(capsys) -> None:
    from rootlaw.tools.cli import main
    assert main(["play", "--factions", "alliance,alliance", "--quiet"]) == 2
    assert "faction 'alliance' is named twice" in capsys.readouterr().err

