"""Packs (folders and zips): loading, validating, playing, and refusing what is unsafe."""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from rootlaw.content.packs import load_pack, load_packs
from rootlaw.content.record import Setup
from rootlaw.errors import DataError, RuleLoopError
from rootlaw.tools.cli import main

PACK = Path(__file__).parent / "packs" / "river_otters"


def zip_of(folder: Path, target: Path, extra: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(target, "w") as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(folder).as_posix())
        for name, text in (extra or {}).items():
            z.writestr(name, text)
    return target


def copy_pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(PACK, target)
    return target


def problems(exc: pytest.ExceptionInfo) -> str:
    return str(exc.value)


def test_folder_pack_loads_its_faction():
    pack = load_pack(PACK)
    assert pack.id == "river_otters" and list(pack.factions) == ["otters"]


def test_zip_pack_loads_the_same(tmp_path):
    pack = load_pack(zip_of(PACK, tmp_path / "otters.zip"))
    assert list(pack.factions) == ["otters"]
    assert pack.factions["otters"].doc.source.endswith("otters.zip!factions/otters.yaml")


def test_play_with_a_pack_folder_and_a_zip(tmp_path, capsys):
    assert main(["play", "--pack", str(PACK), "--factions", "otters,alliance", "--rounds", "3", "--quiet"]) == 0
    assert "River Otters" in capsys.readouterr().out
    archive = zip_of(PACK, tmp_path / "otters.zip")
    assert main(["play", "--pack", str(archive), "--factions", "otters,alliance", "--rounds", "3", "--quiet"]) == 0


def test_validate_reports_ok_and_problems(tmp_path, capsys):
    bad = copy_pack(tmp_path)
    faction = bad / "factions" / "otters.yaml"
    faction.write_text(faction.read_text().replace("count: 15", "count: lots"))
    assert main(["validate", str(PACK), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"ok {PACK}" in out
    assert "otters.yaml:8:39:" in out and "expected an integer" in out


def test_malicious_zip_entry_is_refused(tmp_path):
    archive = zip_of(PACK, tmp_path / "evil.zip", {"../evil.yaml": "id: x"})
    with pytest.raises(DataError) as exc:
        load_pack(archive)
    assert "refused zip entry '../evil.yaml'" in problems(exc)


def test_absolute_zip_entry_is_refused(tmp_path):
    archive = zip_of(PACK, tmp_path / "evil.zip", {"/etc/passwd.yaml": "id: x"})
    with pytest.raises(DataError) as exc:
        load_pack(archive)
    assert "points outside the pack" in problems(exc)


def test_validate_refuses_a_malicious_zip_cleanly(tmp_path, capsys):
    archive = zip_of(PACK, tmp_path / "evil.zip", {"../../x.yaml": "id: x"})
    assert main(["validate", str(archive)]) == 1
    assert "refused zip entry" in capsys.readouterr().out


def test_manifest_cannot_name_a_file_outside_the_pack(tmp_path):
    pack = copy_pack(tmp_path)
    (tmp_path / "outside.yaml").write_text("id: outside\n")
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("factions/otters.yaml", "factions/../../outside.yaml"))
    with pytest.raises(DataError) as exc:
        load_pack(pack)
    assert "outside the pack" in problems(exc)


def test_missing_file_is_reported_at_its_manifest_line(tmp_path):
    pack = copy_pack(tmp_path)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("factions/otters.yaml", "factions/beavers.yaml"))
    with pytest.raises(DataError) as exc:
        load_pack(pack)
    assert "pack.yaml:9:" in problems(exc) and "no file 'factions/beavers.yaml'" in problems(exc)


def test_missing_manifest(tmp_path):
    with pytest.raises(DataError) as exc:
        load_pack(tmp_path)
    assert "has no pack.yaml" in problems(exc)


def test_unsupported_rootlaw_version(tmp_path):
    pack = copy_pack(tmp_path)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace('">=0.1, <1.0"', '">=2.0"'))
    with pytest.raises(DataError) as exc:
        load_pack(pack)
    assert "pack.yaml:8:10:" in problems(exc) and "supports rootlaw >=2.0" in problems(exc)


def test_faction_id_shared_with_a_bundled_one_is_named_by_its_pack(tmp_path):
    """A pack's own 'alliance' is 'river_otters:alliance'; 'alliance' stays the bundled one
    (tests/test_pack_faction_ids.py plays both)."""
    pack = copy_pack(tmp_path)
    faction = pack / "factions" / "otters.yaml"
    faction.write_text(faction.read_text().replace("id: otters", "id: alliance"))
    content = load_packs([str(pack)])
    assert "alliance" not in content.factions and content.factions["river_otters:alliance"].id == "river_otters:alliance"
    assert any("'river_otters:alliance'" in note for note in content.notes)


def test_two_packs_with_the_same_faction(tmp_path):
    with pytest.raises(DataError) as exc:
        load_packs([str(PACK), str(zip_of(PACK, tmp_path / "again.zip"))])
    assert "also in the pack" in problems(exc)


def test_not_a_zip(tmp_path):
    fake = tmp_path / "fake.zip"
    fake.write_text("hello")
    with pytest.raises(DataError) as exc:
        load_pack(fake)
    assert "cannot open the zip" in problems(exc)


def test_a_trigger_loop_is_stopped_by_the_step_budget(tmp_path):
    """A pack cannot run without bound: a self-feeding trigger ends with an error naming it."""
    pack = copy_pack(tmp_path)
    faction = pack / "factions" / "otters.yaml"
    faction.write_text(faction.read_text() + """abilities:
  - id: restless
    kind: trigger
    on: moved
    if: "event.player = me"
    do: "relocate event.pieces to (if event.dest = 1 then 5 else 1)"
""")
    setup = Setup(map="autumn", factions=["otters", "alliance"], seed=3, round_limit=5, packs=[str(pack)])
    game = setup.start()
    with pytest.raises(RuleLoopError) as exc:
        for _ in range(2000):
            decision = game.pending()
            if decision is None:
                break
            game.answer("move" if "move" in decision["options"] else decision["options"][0])
    assert "restless" in str(exc.value)


def test_play_with_a_pack_deck(capsys):
    """A pack's deck, cards with abilities included, can replace the standard deck."""
    setup = Setup(map="autumn", factions=["otters", "alliance"], seed=2, round_limit=3, packs=[str(PACK)],
                  deck="otter_deck")
    rules = setup.rules()
    assert rules.deck.id == "otter_deck" and len(rules.deck.cards) == 28
    assert [card for card, _ in rules.deck.triggers] == ["river_toll"]
    assert main(["play", "--pack", str(PACK), "--deck", "otter_deck", "--factions", "otters,alliance",
                 "--rounds", "3", "--quiet"]) == 0


def test_unknown_deck_is_a_message(capsys):
    assert main(["play", "--deck", "tarot", "--factions", "alliance,arachneen"]) == 2
    assert "unknown deck 'tarot'; known decks: standard" in capsys.readouterr().err


def test_an_ability_misusing_a_value_fails_with_a_message(tmp_path, capsys):
    """A pack's ability that passes a list where a clearing is expected stops the game with a
    message naming the ability, not a traceback."""
    pack = copy_pack(tmp_path)
    faction = pack / "factions" / "otters.yaml"
    faction.write_text(faction.read_text().replace(
        "for each c in {c in clearings() where exists(pieces(c, me, lodge))} { place warrior in c }",
        "score suit(clearings())"))
    assert main(["play", "--pack", str(pack), "--factions", "otters,alliance", "--rounds", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rootlaw: error: ability 'birdsong step 1' of otters failed") and "Traceback" not in err
