"""A versioned language (issue 23): a file or pack states `language: 1` or `2`; a language-1 file
loads, each construct whose meaning changed is read in its old meaning with a warning at its
position, and `rootlaw upgrade` rewrites it in language 2 so that it loads with no warning and
plays the same games.

The test pack `tests/packs/legacy_v1/` is a Cabale-like faction written for rootlaw 0.1 (it
loads and plays in that release as it is), with scenarios of its own.
"""
from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from rootlaw.agents.agent import RandomAgent, play
from rootlaw.content.decks import load_deck
from rootlaw.content.factions import load_faction
from rootlaw.content.packs import load_pack
from rootlaw.content.record import Setup
from rootlaw.content.upgrade import upgrade_file, upgrade_pack
from rootlaw.core.narration import render
from rootlaw.errors import DataError, RootlawError
from rootlaw.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
LEGACY = ROOT / "tests" / "packs" / "legacy_v1"
FACTION = LEGACY / "factions" / "ossuaire.yaml"
MILITIA = (ROOT / "tests" / "factions" / "militia_a.yaml").read_text(encoding="utf-8")

# (line, column, what the warning says) of every warning the legacy faction gives
EXPECTED = [
    (40, 27, "'{' in a 'say' text is a brace in language 1"),
    (51, 13, "'let' rebinds 'rallies' (a variable)"),
    (74, 13, "'let' rebinds 'g' (already bound here)"),
    (85, 23, "'{' in a 'say' text is a brace in language 1"),
    (94, 11, "'let' rebinds 'a' (already bound here)"),
    (99, 15, "'let' rebinds 'c' (already bound here)"),
    (112, 27, "'enemies' is in seat order in language 1"),
    (124, 27, "'enemies' is in seat order in language 1"),
    (137, 5, "ability 'grim_mood' is a trigger (on/do), so language 1 ignores its 'value:'"),
    (146, 5, "ability 'dirge' is a modifier (hook/value), so language 1 ignores its 'do:'"),
    (152, 5, "ability 'hallowed_ground' is a modifier (hook/value), so language 1 ignores its 'on:'"),
    (161, 5, "ability 'tithe' is a modifier (hook/value), so language 1 ignores its 'on:'"),
    (162, 5, "ability 'tithe' is a modifier (hook/value), so language 1 ignores its 'do:'"),
    (164, 32, "'players' is in seat order in language 1"),
]


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> Path:
    """An upgraded copy of the legacy pack, written by `rootlaw upgrade PACK -o DIR`."""
    target = tmp_path_factory.mktemp("upgrade") / "legacy_v2"
    assert main(["upgrade", str(LEGACY), "-o", str(target)]) == 0
    return target


def final_hash(pack: Path, seed: int) -> tuple[str, int]:
    game = Setup(map="autumn", factions=["alliance", "ossuaire", "arachneen"], seed=seed,
                 packs=[str(pack.resolve())]).start()
    return game.s.digest(), len(play(game, RandomAgent(seed)))


# --- language 1 read in its old meaning -----------------------------------------------------
def test_the_legacy_pack_loads_with_a_warning_at_each_changed_construct():
    pack = load_pack(LEGACY)
    assert pack.language == 1 and pack.factions["ossuaire"].reading.language == 1
    found = [(w.line, w.col, w.message) for w in pack.warnings]
    assert [(line, col) for line, col, _ in found] == [(line, col) for line, col, _ in EXPECTED]
    for (_, _, message), (_, _, expected) in zip(found, EXPECTED):
        assert message.startswith(expected)
    assert all(w.file == str(FACTION) and w.severity == "warning" and w.hint for w in pack.warnings)


def test_order_free_uses_of_players_and_enemies_give_no_warning():
    """`count(enemies)`, `exists(...)` of a filter over them and `x in players` keep their meaning."""
    lines = FACTION.read_text(encoding="utf-8").splitlines()
    assert "count(enemies) > 0 and exists({e in enemies" in lines[109]          # line 110
    assert "event.attacker in players" in lines[134] and "exists(enemies)" in lines[121]
    assert {w.line for w in load_pack(LEGACY).warnings}.isdisjoint({110, 122, 135})


def test_the_same_file_read_as_language_2_fails_with_a_hint_to_state_language_1():
    with pytest.raises(DataError) as exc:
        load_faction(FACTION)
    text = str(exc.value)
    assert f"{FACTION}:74:13: 'let' cannot rebind 'g': it is already bound here" in text
    assert "language: 1" in text and "rootlaw upgrade" in text


def test_the_legacy_pack_passes_its_scenarios_with_each_warning_shown_once(capsys):
    assert main(["check", "--pack", str(LEGACY), str(LEGACY / "scenarios")]) == 0
    out, err = capsys.readouterr()
    assert out.strip().endswith("9 passed, 0 failed")
    assert err.count("warning:") == len(EXPECTED) and "Traceback" not in err


def test_play_shows_the_warnings_once_on_stderr(capsys):
    assert main(["play", "--pack", str(LEGACY), "--factions", "ossuaire,alliance", "--seed", "2", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "Final scores" in out and "warning:" not in out
    assert err.count("warning:") == len(EXPECTED) and "ossuaire.yaml:94:11: warning: 'let' rebinds 'a'" in err


def test_validate_warns_and_strict_fails(capsys):
    assert main(["validate", str(LEGACY)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("ok ") and err.count("warning:") == len(EXPECTED)
    assert main(["validate", "--strict", str(LEGACY)]) == 1
    assert f"{len(EXPECTED)} warning(s)" in capsys.readouterr().out


def test_validate_suggests_stating_the_language(tmp_path, capsys):
    path = tmp_path / "militia_x.yaml"
    path.write_text(MILITIA, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:1:1: note: the file does not say which language" in err and "add 'language: 2'" in err
    assert main(["validate", "--strict", str(path)]) == 1
    capsys.readouterr()
    path.write_text("language: 2\n" + MILITIA, encoding="utf-8")
    assert main(["validate", "--strict", str(path)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["validate", "--strict", str(ROOT / "factions" / "alliance.yaml")]) == 0  # bundled: current


def test_a_language_this_rootlaw_does_not_know_is_an_error():
    with pytest.raises(DataError, match=r"f\.yaml:1:11: this file is written for language 3; this rootlaw reads "
                                        r"languages 1 and 2\n    hint: a newer language needs a newer rootlaw"):
        load_faction("f.yaml", text="language: 3\n" + MILITIA)


def test_a_file_states_its_own_language_over_its_packs():
    text = MILITIA.replace("  recruit:\n", "  twice:\n    do: 'let a = 1; let a = 2; score a'\n  recruit:\n", 1)
    assert load_faction("f.yaml", text=text, language=1).reading.warnings
    with pytest.raises(DataError, match="cannot rebind 'a'"):
        load_faction("f.yaml", text="language: 2\n" + text, language=1)


def test_a_deck_is_read_in_its_packs_language():
    deck = (ROOT / "tests" / "packs" / "river_otters" / "decks" / "otter_deck.yaml").read_text(encoding="utf-8")
    text = deck.replace('do: "draw 1"', 'do: \'say "{toll}"; draw 1\'')
    assert [w.message.split(";")[0] for w in load_deck("d.yaml", text=text, language=1).reading.warnings] == \
        ["'{' in a 'say' text is a brace in language 1"]
    with pytest.raises(DataError, match="d.yaml:27:18: unknown name 'toll'"):  # language 2: a value
        load_deck("d.yaml", text=text)


# --- rootlaw upgrade ------------------------------------------------------------------------
def test_the_upgraded_pack_loads_without_a_warning_and_passes_its_scenarios(upgraded, capsys):
    pack = load_pack(upgraded)
    assert pack.language == 2 and pack.warnings == []
    assert main(["validate", "--strict", str(upgraded)]) == 0
    assert main(["check", "--pack", str(upgraded), str(upgraded / "scenarios")]) == 0
    out, err = capsys.readouterr()
    assert "9 passed, 0 failed" in out and err == ""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_upgraded_pack_plays_the_same_games(upgraded, seed):
    assert final_hash(LEGACY, seed) == final_hash(upgraded, seed)


def test_upgrade_keeps_comments_and_layout_and_changes_only_what_it_says(upgraded):
    before = FACTION.read_text(encoding="utf-8").splitlines()
    after = (upgraded / "factions" / "ossuaire.yaml").read_text(encoding="utf-8").splitlines()
    assert [line for line in before if line.lstrip().startswith("#")] == \
        [line for line in after if line.lstrip().startswith("#")]
    assert len(before) - len(after) == 5  # value:, do:, on:, and the tithe's on: and do:
    assert '        say "Wheel at {{wheel_at}}"' in after
    assert "      let a_2 = if a = 3 then 1 else a + 1" in after and "      if a_2 = 1 {" in after
    assert '      choose e from {e in seat_order(enemies) where score_of(e) > 0} prompt "Curse which enemy?" {' in after
    assert "    kind: modifier" in after and "language: 2" in (upgraded / "pack.yaml").read_text(encoding="utf-8")


def test_upgrade_prints_each_change_with_its_position(tmp_path, capsys):
    assert main(["upgrade", str(LEGACY)]) == 0  # a pack without --in-place or -o: only the report
    out = capsys.readouterr().out
    assert f"{FACTION}:94:11: a -> a_2" in out and f"{FACTION}:137:5: value: 2 -> (removed)" in out
    assert f"{FACTION}:160:11: kind: trigger -> kind: modifier" in out
    assert f"{FACTION}:164:32: players -> seat_order(players)" in out and f"{LEGACY / 'pack.yaml'}:10:11: language: 1 -> language: 2" in out
    assert "note: the pack says it supports rootlaw >=0.1" in out and out.rstrip().endswith("-o DIR writes an upgraded copy")


def test_upgrade_of_a_file_writes_stdout_or_a_new_file_or_in_place(tmp_path, capsys):
    old = tmp_path / "ossuaire.yaml"
    shutil.copy(FACTION, old)
    assert main(["upgrade", "--from", "1", str(old)]) == 0
    out, err = capsys.readouterr()
    assert f"{old}:51:13: rallies -> rallies_2" in err and "language: 2" in out and old.read_bytes() == FACTION.read_bytes()
    assert load_faction("x.yaml", text=out).reading.warnings == []
    new = tmp_path / "new.yaml"
    assert main(["upgrade", "--from", "1", str(old), "-o", str(new)]) == 0
    assert new.read_text(encoding="utf-8") == out and f"wrote {new}" in capsys.readouterr().out
    old.chmod(0o640)
    assert main(["upgrade", "--from", "1", "--in-place", str(old)]) == 0
    assert old.read_text(encoding="utf-8") == out and stat.S_IMODE(old.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.yaml", "ossuaire.yaml"]  # no temporary file left
    assert main(["upgrade", str(old)]) == 0
    assert "already in language 2: nothing to change" in capsys.readouterr().err


def test_upgrade_states_the_language_of_a_current_file_that_does_not(tmp_path):
    path = tmp_path / "militia_x.yaml"
    path.write_text(MILITIA, encoding="utf-8")
    result = upgrade_file(path)
    assert result.after == MILITIA.replace("id: militia_a\n", "id: militia_a\nlanguage: 2\n", 1)


def test_upgrade_removes_a_key_of_a_flow_mapping(tmp_path):
    path = tmp_path / "militia_x.yaml"
    path.write_text("language: 1\n" + MILITIA + "abilities:\n"
                    "  - {id: odd, kind: trigger, on: turn_end, value: '3', do: 'score 1'}  # a comment\n"
                    "  - {id: odd2, kind: trigger, on: turn_end, do: 'score 1', value: '3'}\n", encoding="utf-8")
    after = upgrade_file(path).after
    assert "  - {id: odd, kind: trigger, on: turn_end, do: 'score 1'}  # a comment\n" in after
    assert "  - {id: odd2, kind: trigger, on: turn_end, do: 'score 1'}\n" in after and after.startswith("language: 2\n")


def test_upgrade_refuses_a_rename_that_an_action_reads_by_name(tmp_path):
    text = MILITIA.replace("  recruit:\n", "  shout:\n    params: [c]\n    do: 'score c'\n"
                                            "  twice:\n    do: 'let c = 1; let c = 2; do shout'\n  recruit:\n", 1)
    path = tmp_path / "militia_x.yaml"
    path.write_text("language: 1\n" + text, encoding="utf-8")
    with pytest.raises(DataError, match=r"'do shout' reads 'c' by name, so the 'let' at line \d+ cannot be renamed"):
        upgrade_file(path)
    assert path.read_text(encoding="utf-8") == "language: 1\n" + text


def test_upgrade_refuses_a_zip_pack_and_a_folder_that_is_not_a_pack(tmp_path, capsys):
    archive = shutil.make_archive(str(tmp_path / "legacy"), "zip", LEGACY)
    assert main(["upgrade", archive]) == 2
    assert "unzip the pack first" in capsys.readouterr().err
    assert main(["upgrade", str(tmp_path)]) == 2
    assert "has no pack.yaml" in capsys.readouterr().err


def test_upgrade_pack_in_place(tmp_path):
    copy = tmp_path / "legacy"
    shutil.copytree(LEGACY, copy)
    assert main(["upgrade", "--in-place", str(copy)]) == 0
    assert load_pack(copy).warnings == [] and upgrade_pack(copy)[0].edits == []


# --- what language 2 added for the upgrade ---------------------------------------------------
def test_a_doubled_brace_in_a_say_text_is_a_brace():
    text = MILITIA.replace("  recruit:\n", "  shout:\n    do: 'say \"{{n}} is {1 + 1}; a}\"'\n  recruit:\n", 1)
    game = Setup(map="autumn", factions=["militia_a", "alliance"], seed=1).start(
        _rules_with(load_faction("militia_x.yaml", text=text)))
    game.s.decision = None
    from rootlaw.language.statements import action_frame
    game.s.stack = [action_frame(game, "militia_a", "shout")]
    game.run()
    assert render(game, game.s.log[-1]).endswith(": {n} is 2; a}")


def test_seat_order_lists_factions_from_the_first_seat():
    from rootlaw.core.context import Ctx
    from rootlaw.language.compiler import Compiler, Vocabulary
    from rootlaw.files.documents import load_yaml
    game = Setup(map="autumn", factions=["alliance", "cabale", "arachneen"], seed=1).start()
    seats = tuple(game.s.seats)
    for text, me, expected in (("seat_order(players)", seats[1], seats), ("seat_order(enemies)", seats[1],
                                                                        (seats[0], seats[2])),
                               ("players", seats[1], (seats[1], seats[2], seats[0]))):
        vocab = Vocabulary("x", set(), set(), set(), set())
        fn = Compiler(vocab).expression(load_yaml(text=f"value: '{text}'\n", source="f.yaml"), ("value",), text, "t")
        assert not vocab.problems and fn(Ctx(game, me, {})) == expected


def _rules_with(faction):
    from rootlaw.content.catalog import make_rules
    from rootlaw.content.factions import bundled_factions
    return make_rules("autumn", [faction, load_faction(bundled_factions()["alliance"])])
