"""The base game's rules are all there: each numbered rule listed in `docs/base-game/<faction>.md`
(one table row per rule, `| 6.5.4 | Build |`) is written in `factions/<faction>.yaml` with
`rule: "<number>"` and named by a scenario that seats that faction (`rules:`, `fired:` or
`not_fired:`), as the seed factions' rules are checked against RULES-INVENTORY.md. And the
other way round: every rule number of the faction's own chapter the file cites is listed, so
the list and the file cannot drift apart."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rootlaw.content.factions import load_faction
from rootlaw.scenarios.rulings import faction_rule_numbers
from rootlaw.scenarios.rulings_index import scan_scenarios

ROOT = Path(__file__).resolve().parent.parent
LISTS = sorted((ROOT / "docs" / "base-game").glob("*.md"))
ROW = re.compile(r"^\| ([0-9]+(?:\.[0-9]+)*(?:\.[IVX]+[a-z]?)?) \| ([^|]+?) \|$")  # 9.2.9.IIIa: the Law letters a part of a part


def listed(path: Path) -> dict[str, str]:
    """Rule number -> title, from the markdown table of a rules list."""
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line.strip())
        if match:
            assert match[1] not in rows, f"{path.name}: rule {match[1]} is listed twice"
            rows[match[1]] = match[2]
    return rows


def uncovered(rules_list: Path, factions: Path, scenarios: Path) -> list[str]:
    """What is missing for the rules list `rules_list`: rules not written in the faction file,
    rules no scenario of the faction names, and rules of the chapter the file cites unlisted."""
    fid = rules_list.stem
    rows = listed(rules_list)
    if not rows:
        return [f"{rules_list.name}: no rule is listed (rows look like '| 6.5.4 | Build |')"]
    faction_file = factions / f"{fid}.yaml"
    if not faction_file.is_file():
        return [f"{rules_list.name}: there is no faction file {faction_file.name}"]
    written = faction_rule_numbers(load_faction(faction_file))
    named = set().union(*(s.named for s in scan_scenarios([scenarios]) if fid in s.factions))
    missing = []
    for number, title in rows.items():
        if number not in written:
            missing.append(f"{fid} {number} {title}: not written in {faction_file.name} (rule: \"{number}\")")
        if number not in named:
            missing.append(f"{fid} {number} {title}: no scenario seating {fid} names it")
    chapters = {number.split(".")[0] for number in rows}
    for number in sorted(written):
        if number.split(".")[0] in chapters and number not in rows:
            missing.append(f"{fid} {number}: cited in {faction_file.name} but not listed in {rules_list.name}")
    return missing


def test_there_are_rules_lists():
    assert {p.stem for p in LISTS} >= {"marquise", "eyrie", "vagabond"}


@pytest.mark.parametrize("rules_list", LISTS, ids=[p.stem for p in LISTS])
def test_every_listed_rule_is_written_and_tested(rules_list):
    missing = uncovered(rules_list, ROOT / "factions", ROOT / "tests" / "scenarios")
    assert not missing, "\n".join(missing)


def test_a_gap_is_found(tmp_path):
    """The check fails when a rule is not written, not tested, or written but not listed."""
    (tmp_path / "factions").mkdir()
    (tmp_path / "scenarios").mkdir()
    faction = (ROOT / "tests" / "factions" / "militia_a.yaml").read_text(encoding="utf-8")
    faction = faction.replace("id: militia_a", "id: tinkers").replace('    - rule: "6.6"', '    - rule: "6.5"') \
        .replace('rule: "5.1"', 'rule: "6.9"')
    (tmp_path / "factions" / "tinkers.yaml").write_text(faction, encoding="utf-8")
    rules_list = tmp_path / "tinkers.md"
    rules_list.write_text("| rule | title |\n|---|---|\n| 6.5 | Evening |\n| 6.7 | Missing |\n", encoding="utf-8")
    (tmp_path / "scenarios" / "a.scenario.yaml").write_text(
        "factions: [tinkers, militia_a]\nrules: ['6.7']\nrun: {turn: true}\n", encoding="utf-8")
    missing = uncovered(rules_list, tmp_path / "factions", tmp_path / "scenarios")
    assert any("6.5 Evening: no scenario" in m for m in missing)
    assert any("6.7 Missing: not written" in m for m in missing)
    assert not any("6.7 Missing: no scenario" in m for m in missing)
    assert any("6.9: cited in tinkers.yaml but not listed" in m for m in missing)
