"""`rootlaw sheet`: a faction file as a player sheet, in Markdown or HTML, in three languages."""
from __future__ import annotations

import pytest

from rootlaw.content.factions import bundled_factions
from rootlaw.tools.cli import main
from rootlaw.tools.sheet import build, faction_data, render


def test_the_sheet_shows_setup_turn_actions_abilities_and_rule_numbers():
    text = render("alliance", "en")
    assert text.startswith("# Woodland Alliance (Sojusz Stworzeń Leśnych)")
    for heading in ("## Pieces", "## Setup", "## Turn", "### Birdsong", "## Actions", "## Abilities"):
        assert heading in text
    assert "### Revolt (rule 8.4.1)" in text
    assert "### Guerrilla War (rule 8.2.2)" in text
    assert "Ruling: 8.4.1.I asks only for a sympathetic clearing matching an unbuilt base" in text
    assert "Cost: spend" in text


def test_placeholder_values_are_flagged():
    text = render("arachneen", "en")
    assert "⚠ Placeholder values: egg_1_webs" in text
    assert "| egg_1_webs | 1 ⚠ placeholder | CA.5.5 |" in text
    assert "| frenesie | False | CA.2.6 |" in text  # not a placeholder: no flag


@pytest.mark.parametrize("lang, title, heading", [
    ("fr", "# Cercle Arachnéen", "## Mise en place"),
    ("pl", "# Arachnid Circle (Cercle Arachnéen)", "## Przygotowanie"),  # no Polish name: English
    ("en", "# Arachnid Circle (Cercle Arachnéen)", "## Setup"),
])
def test_names_and_headings_follow_the_language(lang, title, heading):
    text = render("arachneen", lang)
    assert text.splitlines()[0] == title and heading in text


def test_every_bundled_faction_renders_in_both_formats():
    for fid in bundled_factions():
        blocks = build(faction_data(fid), "en")
        assert blocks[0].kind == "h1"
        page = render(fid, "en", "html")
        assert page.startswith("<!DOCTYPE html>") and "<table>" in page and "<script" not in page


def test_sheet_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "sheet.html"
    assert main(["sheet", "alliance", "--lang", "pl", "-o", str(out)]) == 0
    assert "<h1>Sojusz Stworzeń Leśnych</h1>" in out.read_text(encoding="utf-8")
    assert main(["sheet", str(bundled_factions()["arachneen"])]) == 0
    assert capsys.readouterr().out.count("# Arachnid Circle") == 1
    assert main(["sheet", "alliance", "-o", str(tmp_path / "sheet.pdf")]) == 2
    assert "written as .html or .md" in capsys.readouterr().err
    assert main(["sheet", "nobody"]) == 2
    assert "unknown faction 'nobody'" in capsys.readouterr().err
