"""A pack may bring its own version of a bundled faction (a designer's own `marquise`): the
game names the bundled one by its id and the pack's one `pack:id`, says which is which, and
lets both be seated in one game, in play, simulate, check and records (issue 27)."""
from __future__ import annotations

import json
from pathlib import Path

from rootlaw.content.factions import bundled_factions
from rootlaw.content.packs import load_packs
from rootlaw.content.record import Record, Setup
from rootlaw.scenarios.runner import run_scenario
from rootlaw.tools.cli import main
from rootlaw.tools.simulate import Plan, play_game

PACK = str(Path(__file__).parent / "packs" / "own_marquise")
OTTERS = str(Path(__file__).parent / "packs" / "river_otters")


def test_the_pack_faction_is_pack_id_and_the_bare_id_the_bundled_one():
    content = load_packs([PACK])
    own = content.factions["own_marquise:marquise"]
    assert own.id == "own_marquise:marquise" and own.pack == "own_marquise"
    assert own.name == "Marquise (homebrew) [own_marquise]"
    assert "marquise" not in content.factions
    assert content.notes == ["the pack own_marquise brings its own 'marquise' (Marquise (homebrew) [own_marquise]): "
                             "the game names the bundled one 'marquise' and the pack's one 'own_marquise:marquise'"]
    rules = Setup(map="autumn", factions=["marquise", "alliance"], seed=1, packs=[PACK]).rules()
    assert rules.factions["marquise"].names["en"] == "Marquise de Cat"


def test_every_pack_faction_may_be_named_by_its_pack():
    content = load_packs([OTTERS])
    assert content.factions["river_otters:otters"] is content.factions["otters"]


def test_both_play_one_game_and_its_record_replays(tmp_path, capsys):
    record = tmp_path / "game.json"
    code = main(["play", "--pack", PACK, "--factions", "marquise,own_marquise:marquise,eyrie", "--seed", "3",
                 "--check", "--quiet", "--record", str(record)])
    out, err = capsys.readouterr()
    assert code == 0
    assert "note: the pack own_marquise brings its own 'marquise'" in err
    assert "Marquise de Cat" in out and "Marquise (homebrew) [own_marquise]" in out
    data = json.loads(record.read_text())
    assert data["setup"]["factions"] == ["marquise", "own_marquise:marquise", "eyrie"]
    assert main(["replay", str(record), "--pack", PACK]) == 0
    assert "(matches)" in capsys.readouterr().out
    game = Record.load(record, packs=[PACK]).setup.start()
    assert set(game.s.seats) == {"marquise", "own_marquise:marquise", "eyrie"}


def test_simulate_seats_the_pack_faction():
    plan = Plan(factions=("own_marquise:marquise", "marquise"), bots=("random", "random"), maps=("autumn",),
                games=1, seed=2, round_limit=3, packs=(PACK,))
    row = play_game(plan.spec(0))
    assert set(row["seats"]) == {"own_marquise:marquise", "marquise"}


def test_a_scenario_seats_both(tmp_path):
    path = tmp_path / "both.scenario.yaml"
    path.write_text(
        "name: both Marquises\n"
        "factions: [own_marquise:marquise, marquise]\n"
        "board:\n"
        "  5: [own_marquise:marquise warrior x2, marquise warrior]\n"
        "dice: [2, 0]\n"
        "run: {action: battle, with: {clearing: 5, defender: marquise}}\n"
        "expect:\n"
        "  board: {5: [own_marquise:marquise warrior x2]}\n"
        "  fired: [\"4.3\"]\n", encoding="utf-8")
    outcome = run_scenario(path, load_packs([PACK]).factions)
    assert outcome.passed, outcome.report()


def test_a_byte_for_byte_copy_of_a_bundled_faction_is_the_bundled_faction(tmp_path, capsys):
    copy = tmp_path / "alliance.yaml"
    copy.write_bytes(bundled_factions()["alliance"].read_bytes())  # as a checkout's file beside an install
    assert main(["validate", str(copy)]) == 0
    assert capsys.readouterr().out.strip().endswith("faction alliance")
    copy.write_bytes(copy.read_bytes() + b"# my own version\n")
    assert main(["validate", str(copy)]) == 0
    assert capsys.readouterr().out.strip().endswith("faction alliance:alliance")
