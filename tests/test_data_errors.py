"""Broken maps, decks, scenarios and saved games give file:line:col errors, never a traceback."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rootlaw.content.decks import load_deck
from rootlaw.content.maps import load_map
from rootlaw.content.record import load_game
from rootlaw.errors import DataError
from rootlaw.files.resources import data_path
from rootlaw.scenarios.runner import run_scenario
from rootlaw.tools.cli import main

HERE = Path(__file__).parent


def broken(tmp_path: Path, source: Path, old: str, new: str, name: str | None = None) -> Path:
    """A copy of `source` with one mistake; test factions sit beside it, as under tests/."""
    if not (tmp_path / "factions").exists():
        shutil.copytree(HERE / "factions", tmp_path / "factions")
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    target = tmp_path / (name or source.name)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def line_of(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


def test_map_with_a_path_to_a_missing_clearing(tmp_path):
    path = broken(tmp_path, data_path("maps", "autumn.yaml"), "[1, 5]", "[1, 15]")
    with pytest.raises(DataError) as exc:
        load_map(path)
    assert f"autumn.yaml:{line_of(path, '[1, 15]')}:" in str(exc.value)


def test_map_with_an_unknown_suit(tmp_path):
    path = broken(tmp_path, data_path("maps", "autumn.yaml"), "suit: fox", "suit: cat")
    with pytest.raises(DataError) as exc:
        load_map(path)
    problem = exc.value.problems[0]
    assert problem.line == line_of(path, "suit: cat") and "'cat' is not one of" in problem.message


def test_map_closed_path_must_be_a_path(tmp_path):
    path = broken(tmp_path, data_path("maps", "mountain.yaml"), "closed_paths: [", "closed_paths: [[1, 2], ")
    with pytest.raises(DataError) as exc:
        load_map(path)
    assert "a closed path must also be listed in 'paths'" in str(exc.value)


def test_deck_with_a_misspelt_key(tmp_path):
    path = broken(tmp_path, data_path("decks", "standard.yaml"), "count: 2, kind: ambush", "cuont: 2, kind: ambush")
    with pytest.raises(DataError) as exc:
        load_deck(path)
    text = str(exc.value)
    assert f"standard.yaml:{line_of(path, 'cuont')}:" in text and "did you mean 'count'?" in text


def test_deck_ability_with_a_language_error(tmp_path):
    path = broken(tmp_path, data_path("decks", "standard.yaml"), "set battle def_extra", "set battle def_extar")
    with pytest.raises(DataError) as exc:
        load_deck(path)
    assert f"standard.yaml:{line_of(path, 'def_extar')}:" in str(exc.value) and "def_extra" in str(exc.value)


SCENARIO = HERE / "scenarios" / "core" / "battle_higher_roll.scenario.yaml"


@pytest.mark.parametrize("old,new,message", [
    ("militia_b warrior x1", "militia_b soldier x1", "militia_b has no piece 'soldier'"),
    ("militia_b warrior x1", "militia_b warrior times 1", "cannot read"),
    ("  5: [", "  55: [", "no clearing 55"),
    ("dice: [3, 2]", "dice: [3, 7]", "7"),
    ("run:", "runn:", "unknown key 'runn'"),
])
def test_broken_scenarios(tmp_path, old, new, message):
    path = broken(tmp_path, SCENARIO, old, new)
    with pytest.raises(DataError) as exc:
        run_scenario(path)
    assert message in str(exc.value)
    assert str(exc.value).startswith(f"{path}:")


def test_scenario_with_an_unknown_card(tmp_path):
    path = broken(tmp_path, SCENARIO, "dice: [3, 2]", "hands: {militia_a: [ambush_fx]}\ndice: [3, 2]")
    with pytest.raises(DataError) as exc:
        run_scenario(path)
    assert "unknown card 'ambush_fx'" in str(exc.value) and "did you mean 'ambush_fox'?" in str(exc.value)


def test_check_reports_a_broken_scenario_and_goes_on(tmp_path, capsys):
    path = broken(tmp_path, SCENARIO, "militia_b warrior x1", "militia_b soldier x1")
    assert main(["check", str(path), str(SCENARIO)]) == 1
    out = capsys.readouterr().out
    assert f"ERROR {path}" in out and "PASS" in out and "1 passed, 1 failed" in out


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"version": 99, "setup": {}, "state": {}}', "format version 99 is not supported"),
    ('{"version": 2, "setup": {"map": "autumn"}}', "not a rootlaw saved game"),
    ("[1, 2]", "not a rootlaw file"),
])
def test_broken_saved_games(tmp_path, content, message):
    path = tmp_path / "save.json"
    path.write_text(content)
    with pytest.raises(DataError) as exc:
        load_game(path)
    assert message in str(exc.value) and str(exc.value).startswith(f"{path}:")


@pytest.mark.parametrize("argv,message", [
    (["play", "--map", "moon"], "unknown map 'moon'"),
    (["play", "--factions", "alliance,nobody"], "unknown faction 'nobody'"),
    (["play", "--factions", "alliance"], "at least two factions"),
    (["replay", "/nonexistent/record.json"], "file not found"),
])
def test_command_line_mistakes_are_messages(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("rootlaw: error:") and message in err and "Traceback" not in err


def test_bad_argument_types_are_usage_errors(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", "--seed", "abc"])
    assert exc.value.code == 2 and "'abc' is not a whole number" in capsys.readouterr().err


def test_check_of_a_missing_file(capsys):
    assert main(["check", "/nonexistent/x.scenario.yaml"]) == 1
    assert "/nonexistent/x.scenario.yaml:1:1: file not found" in capsys.readouterr().out

