"""The rulings index: `rootlaw rulings` and docs/rulings.md, and the rulings files' errors."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rootlaw.errors import DataError, RootlawError
from rootlaw.scenarios import rulings_index
from rootlaw.scenarios.rulings import load_rulings_file
from rootlaw.scenarios.rulings_index import build_index
from rootlaw.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rulings.md"

# Rulings no scenario pins yet (section, rules): forest adjacency, which no rule reads today
# (moves through the woods read the clearings a forest touches, not forest-to-forest adjacency).
KNOWN_UNPINNED = {
    ("core", ("2.4.1", "16.2.1.I")),
    ("core", ("2.4.1", "16.2.2.IV")),
}


@pytest.fixture(scope="module")
def index():
    return build_index()


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["rulings", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def headings(text: str, level: str) -> list[str]:
    return [line[len(level) + 1:] for line in text.splitlines() if line.startswith(level + " ")]


def test_docs_rulings_md_is_current(index):
    assert DOC.read_text(encoding="utf-8") == index.render(), (
        "docs/rulings.md is out of date; regenerate it: python -m rootlaw rulings > docs/rulings.md")


def test_every_ruling_has_a_scenario_or_is_known_unpinned(index):
    unpinned = {("core" if not e.ruling.factions else ",".join(e.ruling.factions), e.ruling.rules)
                for e in index.entries if not e.scenarios}
    assert unpinned <= KNOWN_UNPINNED, f"rulings with no scenario: {sorted(unpinned - KNOWN_UNPINNED)}"


def test_a_faction_lists_its_rulings_and_interactions_only(capsys):
    code, out, _ = run(capsys, "--faction", "arachneen")
    assert code == 0
    assert headings(out, "##") == ["Cercle Arachnéen (Arachnid Circle) — `arachneen`"]
    # a faction ruling, with where it is written and a scenario that names the faction and rule
    assert "### CA.2.3 Huntresses" in out and "- written at `factions/arachneen.yaml:" in out
    # the interaction with the Alliance is listed here, naming the other faction
    assert "- with: Sojusz Stworzeń Leśnych (Woodland Alliance) — `alliance`" in out
    assert "`corrections/hit_receiver_chooses_between_webs_holding_different_captives.scenario.yaml`" in out


def test_an_interaction_is_listed_under_each_faction_involved(index):
    text = "When the Circle's webs hold captives of different factions"
    for faction in ("arachneen", "alliance"):
        assert text in index.render(faction=faction)
    assert text not in index.render(faction="cabale")


def test_a_rule_filter_keeps_that_rule_and_those_under_it(index):
    out = index.render(rule="4.3.4")
    titles = headings(out, "###")
    assert titles and all("4.3.4" in t for t in titles)
    assert "## Core: the Law of Root and the standard deck" in out
    titles = headings(index.render(rule="16.2"), "###")
    assert any(t.startswith("16.2.3.II") for t in titles) and all("16.2." in t for t in titles)


def test_the_language_names_rules_and_factions(index):
    en = index.render(faction="cabale", rule="1.2.2")
    fr = index.render("fr", faction="cabale", rule="1.2.2")
    assert "### 1.2.2 Grim Mood" in en and "## Cabale des Nécropossums (Necropossum Cabal)" in en
    assert "### 1.2.2 Ambiance lugubre" in fr and "## Cabale des Nécropossums — `cabale`" in fr
    pl = index.render("pl", faction="core", rule="4.3.4")
    assert "### 4.3.4 Zadawanie obrażeń" in pl and "## Rdzeń: Księga Praw" in pl
    pl = index.render("pl", faction="alliance", rule="8.4.1")
    assert "### 8.4.1 Rewolta" in pl and "## Sojusz Stworzeń Leśnych — `alliance`" in pl


def test_a_card_id_finds_the_rulings_about_that_card(index):
    titles = headings(index.render(rule="armorers"), "###")
    assert "4.3.3 Battle effects" in titles  # the core ruling on the card
    assert any(t.startswith("Armorers (card `armorers`)") and "The Last Stand" in t for t in titles)  # a cross-faction one
    assert all(t.endswith("4.3.3 Battle effects") for t in titles)  # nothing that is not about the card


def test_a_bad_faction_is_a_clear_error(capsys):
    code, out, err = run(capsys, "--faction", "cabal")
    assert code == 2 and not out
    assert "unknown faction 'cabal'" in err and "did you mean 'cabale'?" in err
    assert "Traceback" not in err


def test_a_bad_rule_is_a_clear_error(index, capsys):
    with pytest.raises(RootlawError, match="'four' is not a rule number"):
        index.render(rule="four")
    with pytest.raises(RootlawError, match=r"no ruling cites rule 9\.9\.9 in section 'colombes'\n    hint:"):
        index.render(faction="colombes", rule="9.9.9")
    with pytest.raises(SystemExit) as leaving:
        run(capsys, "--lang", "de")
    assert leaving.value.code == 2 and "invalid choice: 'de'" in capsys.readouterr().err


def test_a_packs_faction_rulings_join_the_index(tmp_path, capsys):
    pack = tmp_path / "river_otters"
    shutil.copytree(ROOT / "tests" / "packs" / "river_otters", pack)
    faction = pack / "factions" / "otters.yaml"
    faction.write_text(faction.read_text(encoding="utf-8").replace(
        "  lodge: {category: building, count: 4, crafts: true}",
        "  lodge: {category: building, count: 4, crafts: true, rule: \"7.1\",\n"
        "          ruling: \"A lodge on a river bank counts for both clearings.\"}"), encoding="utf-8")
    code, out, _ = run(capsys, "--pack", str(pack), "--faction", "otters")
    assert code == 0
    assert "### 7.1\n\nA lodge on a river bank counts for both clearings." in out
    assert "- pinned by: no scenario yet" in out


RULINGS = """\
id: sample
rulings:
  - rules: ["4.3.4"]
    txt: the receiver chooses
  - rules: ["4,3"]
    text: a bad number
"""


def test_schema_errors_are_reported_at_their_positions(tmp_path):
    path = tmp_path / "sample.yaml"
    path.write_text(RULINGS, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_rulings_file(path, "sample.yaml")
    messages = [str(p) for p in caught.value.problems]
    assert any(m.startswith("sample.yaml:3:5: missing required key 'text'") for m in messages), messages
    assert any(m.startswith("sample.yaml:4:5: unknown key 'txt'") and "did you mean 'text'?" in m
               for m in messages), messages
    assert any(m.startswith("sample.yaml:5:13: '4,3' does not have the expected form") for m in messages), messages


def test_unknown_factions_cards_and_scenarios_are_reported_at_their_positions(tmp_path):
    path = tmp_path / "interactions.yaml"
    path.write_text("rulings:\n"
                    "  - factions: [arachneen, colombe]\n"
                    "    rules: [\"CA.2.7\", \"cabale:1.2.4\"]\n"
                    "    cards: [armorer]\n"
                    "    text: a ruling\n"
                    "    scenarios: [core/no_such.scenario.yaml]\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        build_index(rulings_files=[path])
    messages = "\n".join(str(p) for p in caught.value.problems)
    assert ":2:27: unknown faction 'colombe'\n    hint: did you mean 'colombes'?" in messages
    assert ":3:23: 'cabale' is neither 'law' nor a faction of this ruling" in messages
    assert ":4:13: unknown card 'armorer'\n    hint: did you mean 'armorers'?" in messages



def test_without_scenarios_the_index_says_it_did_not_search(monkeypatch):
    monkeypatch.setattr(rulings_index, "CHECKOUT", Path("/nonexistent"))  # as in an installed wheel
    text = build_index().render(faction="cabale", rule="1.2.2")
    assert "- pinned by: scenarios not searched (give --scenarios DIR)" in text
    assert "no scenario yet" not in text


def test_a_scenario_folder_given_pins_by_faction_and_rule(tmp_path, capsys):
    (tmp_path / "mine.scenario.yaml").write_text(
        "name: x\nrules: [\"1.2.2\"]\nfactions: [cabale, alliance]\nboard: {}\nrun: {action: move}\n",
        encoding="utf-8")
    (tmp_path / "other.scenario.yaml").write_text(
        "name: y\nrules: [\"1.2.2\"]\nfactions: [alliance, colombes]\nboard: {}\nrun: {action: move}\n",
        encoding="utf-8")
    code, out, _ = run(capsys, "--faction", "cabale", "--rule", "1.2.2", "--scenarios", str(tmp_path))
    assert code == 0 and "`mine.scenario.yaml`" in out and "other.scenario" not in out
    assert "`cabale/" in out  # the checkout's scenarios are still searched
    code, _, err = run(capsys, "--scenarios", str(tmp_path / "nowhere"))
    assert code == 2 and "no such folder" in err


def test_validate_checks_a_rulings_file(tmp_path, capsys):
    assert main(["validate", str(ROOT / "engine" / "data" / "rulings" / "core.yaml")]) == 0
    assert "rulings file (" in capsys.readouterr().out
    path = tmp_path / "bad.yaml"
    path.write_text(RULINGS, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert f"{path}:4:5: unknown key 'txt'" in capsys.readouterr().out


def test_a_rule_is_named_by_its_ability_before_its_piece(index):
    titles = set(headings(index.render(faction="cabale"), "###")) | set(headings(index.render(faction="colombes"), "###"))
    assert "1.2.5 Graveyards" in titles and "1.2.5 fox Graveyard" not in titles  # the ability, not a piece
    assert "2.2.5 Ceasefire token" in titles  # only the piece cites it
    assert "2.3" in titles and "2.3 warrior" not in titles  # the setup cites it, unnamed: no piece name
