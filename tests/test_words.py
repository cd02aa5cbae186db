"""Issue 26 at the command line: factions typed by any of their names, in any case, with a
did-you-mean; `--lang` on the commands that print game text; `validate --strict` warns of what
people would read as ids."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from rootlaw.content.catalog import faction_named
from rootlaw.content.record import Setup
from rootlaw.errors import RootlawError
from rootlaw.tools.cli import main
from rootlaw.tools.human import HumanAgent

ROOT = Path(__file__).resolve().parent.parent


def test_factions_are_played_by_id_or_by_any_name_in_any_case(capsys):
    assert main(["play", "--factions", "Necropossum Cabal,woodland alliance", "--rounds", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Cabale des Nécropossums (Necropossum Cabal)" in out and "Woodland Alliance" in out
    assert faction_named("Cabale des Necropossums") == "cabale"  # accents may be left out
    assert faction_named("SOJUSZ STWORZEŃ LEŚNYCH") == "alliance"
    assert faction_named("neiges") == "neiges"


def test_an_unknown_faction_gets_a_did_you_mean(capsys):
    assert main(["play", "--factions", "Necropossum Cabbal,alliance", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "unknown faction 'Necropossum Cabbal'; did you mean 'Necropossum Cabal'?" in err
    assert "cabale (Cabale des Nécropossums / Necropossum Cabal / Kabała Nekrooposów)" in err
    with pytest.raises(RootlawError, match="known factions"):
        faction_named("nobody at all")


def test_play_speaks_the_chosen_language(capsys):
    assert main(["play", "--factions", "cabale,alliance", "--rounds", "1", "--quiet", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Scores finaux" in out and "Alliance de la Forêt" in out


def test_a_person_at_the_terminal_reads_prompts_and_options_in_their_language():
    game = Setup(map="autumn", factions=["cabale", "alliance"], seed=3).start()
    decision = {"player": "cabale", "kind": "birdsong step 2:b",
                "prompt": "Gravedigging: spend a bird card for one more warrior in each Graveyard clearing?",
                "options": ("bird", "none")}
    out = io.StringIO()
    agent = HumanAgent(lambda g, p: None, "save.json", "board.svg", io.StringIO("non\n"), out, "fr")
    assert agent.choose(game, decision) == "none"
    shown = out.getvalue()
    assert ">> Cabale des Nécropossums" in shown and "Gravedigging" in shown and "1. oui" in shown and "2. non" in shown


def test_human_seats_by_faction_name(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--factions", "cabale,alliance", "--human", "Woodland Alliance", "--rounds", "1"]) == 0
    assert ">> Sojusz Stworzeń Leśnych (Woodland Alliance) · " in capsys.readouterr().out


@pytest.mark.parametrize("faction", sorted(p.name for p in (ROOT / "factions").glob("*.yaml")))
def test_every_bundled_faction_names_everything_people_read(faction, capsys):
    assert main(["validate", "--strict", str(ROOT / "factions" / faction)]) == 0
    assert "people would read badly" not in capsys.readouterr().out


def test_validate_strict_warns_of_unnamed_things_and_suit_like_colours(capsys, tmp_path):
    assert main(["validate", str(ROOT / "tests/factions/militia_a.yaml")]) == 0
    capsys.readouterr()
    assert main(["validate", "--strict", str(ROOT / "tests/factions/militia_a.yaml")]) == 1  # its language unstated
    out = capsys.readouterr().out
    assert "3 thing(s) in" in out and "people would read badly" in out
    assert "militia_a.yaml:29:3: warning: action 'recruit' has no names; people read it as 'recruit'" in out
    orange = tmp_path / "orange.yaml"
    orange.write_text((ROOT / "tests/factions/idle.yaml").read_text().replace(
        "id: idle", "id: orange\nlanguage: 2\ncolour: \"#e68a3a\""))
    assert main(["validate", "--strict", str(orange)]) == 0  # it plays as it is: a warning, not a failure
    assert "warning: the colour #e68a3a looks like the mouse suit's" in capsys.readouterr().out


def test_render_takes_a_language(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--rounds", "2", "--quiet", "--record", str(record)]) == 0
    assert main(["render", str(record), "--lang", "pl", "-o", str(tmp_path / "board.svg")]) == 0
    assert "Legenda" in (tmp_path / "board.svg").read_text(encoding="utf-8")
