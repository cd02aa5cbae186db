"""`rootlaw sheet`: a faction as a handout laid out like a faction board, in Markdown or HTML, in
three languages: no text of the faction language and no Python value before the appendix for
designers; it takes a faction by id or name, a faction file, or a faction of a pack."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rootlaw.content.factions import bundled_factions
from rootlaw.language.builtins import FUNCTIONS
from rootlaw.tools.cli import main
from rootlaw.tools.sheet import find, render

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "tests/packs/river_otters"
TEST_FACTIONS = sorted((ROOT / "tests/factions").glob("*.yaml"))
# what the faction language or Python would leave in a text: statements, braces, ids, values
CODE = re.compile(r"\bchoose \w+ from\b|\bfor each \w+ in\b|\blet \w+ =|\bspend \d|\bplace \d|\bon_map\(|"
                  r"\bexists\(|[{}]|\[\[|\b(True|False|None)\b|\b[a-z]+_[a-z]+\b|Tree\(")


def body(text: str) -> str:
    """The handout, without the appendix for designers."""
    for mark in ("\n---\n", '<section class="appendix">'):
        if mark in text:
            return text.split(mark)[0]
    raise AssertionError("the sheet has no appendix")


def test_the_sheet_is_laid_out_like_a_faction_board():
    text = render("alliance", "en")
    assert text.startswith("# Sojusz Stworzeń Leśnych (Woodland Alliance)")
    for heading in ("## Pieces", "## Faction board", "## Setup", "## Your turn", "### Birdsong", "### Daylight",
                    "### Evening", "## Actions", "## Abilities"):
        assert heading in text
    assert "### Revolt · rule 8.4.1" in text
    assert "### Guerrilla War · rule 8.2.2" in text
    assert "Ruling: 8.4.1.I asks only for a sympathetic clearing matching an unbuilt base" in text
    assert "Cost: 2 cards of the clearing's suit from Supporters." in text  # a cost in words
    assert "| 1 | 1 | 1 | 2 | 2 | 2 | 3 | 3 | 3 | 3 |" in text  # the Sympathy track as a row of slots
    assert "1. **Military Operations**: Take as many actions as the rules allow" in text


def test_placeholder_values_are_flagged_and_values_are_named():
    text = render("arachneen", "en")
    assert "⚠ Placeholder values" in text and "Webs to lay Egg 1" in text
    assert "| Webs to lay Egg 1 | 1 ⚠ placeholder | CA.5.5 |" in text
    assert "Frenzy (not yet)" in text  # a flag, not `False`
    designers = text.split("\n---\n")[1]  # how to try other values: for designers, in the appendix
    assert "rootlaw simulate --factions arachneen,... --vary 'arachneen.egg_1_webs=V1,V2,...'" in designers
    assert "rootlaw simulate --list-vary arachneen" in designers
    cabal = render("cabale", "en")
    assert "Boot, Sword · Sword, Skull" in cabal and "| Macabre Wheel marker | at the centre | 1.5.2 |" in cabal


@pytest.mark.parametrize("lang, title, heading, step", [
    ("fr", "# Cercle Arachnéen", "## Mise en place", "**Dévorer**: Effectuez autant d'actions que vous voulez"),
    ("pl", "# Cercle Arachnéen (Krąg Pajęczy)", "## Przygotowanie", "**Pożeranie**: Wykonaj dowolnie wiele akcji"),
    ("en", "# Cercle Arachnéen (Arachnid Circle)", "## Setup", "**Devour**: Take any number of actions"),
])
def test_names_headings_and_steps_follow_the_language(lang, title, heading, step):
    text = render("arachneen", lang)
    assert text.splitlines()[0] == title and heading in text and step in text


def _every_faction():
    yield from ((fid, None) for fid in bundled_factions())
    yield from ((str(path), None) for path in TEST_FACTIONS)
    yield from (("otters", [str(PACK)]),)


@pytest.mark.parametrize("name, packs", list(_every_faction()), ids=lambda v: Path(str(v)).stem if v else "")
def test_every_bundled_test_and_pack_faction_makes_a_sheet_in_both_formats(name, packs):
    for lang in ("en", "fr", "pl"):
        markdown = render(name, lang, "md", packs)
        page = render(name, lang, "html", packs)
        assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "@media print" in page
        source = find(name, packs).doc.data.get("source", "")  # the designer's free text
        for text in (body(markdown), body(page)):
            text = re.sub(r"<style>.*</style>|<[^>]+>", " ", text.replace(source, ""), flags=re.S)
            # a ruling may cite a function of the language for designers ("not tested with can_place")
            found = [m.group(0) for m in CODE.finditer(text) if m.group(0) not in FUNCTIONS]
            assert not found, (name, lang, found)
    if name in bundled_factions():  # the faction language follows, for designers
        assert "```" in markdown.split("\n---\n")[1]


def test_sheet_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "sheet.html"
    assert main(["sheet", "alliance", "--lang", "pl", "-o", str(out)]) == 0
    assert "<h1>Sojusz Stworzeń Leśnych</h1>" in out.read_text(encoding="utf-8")
    assert main(["sheet", str(bundled_factions()["arachneen"])]) == 0
    assert capsys.readouterr().out.count("# Cercle Arachnéen (Arachnid Circle)") == 1
    assert main(["sheet", str(TEST_FACTIONS[0])]) == 0  # a faction file of one's own
    assert main(["sheet", "otters", "--pack", str(PACK)]) == 0  # a faction of a pack
    assert main(["sheet", "Necropossum cabal"]) == 0  # by a name, in any case
    capsys.readouterr()
    assert main(["sheet", "alliance", "-o", str(tmp_path / "sheet.pdf")]) == 2
    assert "written as .html or .md" in capsys.readouterr().err
    assert main(["sheet", "nobody"]) == 2
    assert "unknown faction 'nobody'" in capsys.readouterr().err


def test_a_bare_craft_step_is_the_crafting_step(tmp_path):
    path = tmp_path / "crafty.yaml"
    path.write_text("id: crafty\nnames: {en: Crafty}\npieces:\n  warrior: {category: warrior, count: 5}\n"
                    "turn:\n  birdsong:\n    - craft\n  daylight: []\n  evening: []\n", encoding="utf-8")
    assert find(str(path)).id == "crafty"
    assert "1. Craft · rule 4.1" in render(str(path))
