"""The scenario language v2: broken scenarios are errors at file:line:col, never a traceback;
checks that must fail do fail; scenarios are found the same from any folder and with packs."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rootlaw.errors import DataError
from rootlaw.scenarios.runner import run_scenario
from rootlaw.tools.cli import main

HERE = Path(__file__).parent
BASE = "factions: [militia_a, militia_b]\n"

# (name, scenario text, the mistake's "line:col", words of the message)
BROKEN = [
    ("run names an unseated player", BASE + "run: {action: battle, player: cats}\n",
     "2:31", "faction 'cats' is not seated"),
    ("expect names an unseated player", BASE + "run: {action: move}\nexpect: {scores: {cats: 1}}\n",
     "3:19", "faction 'cats' is not seated"),
    ("expect.board key that is no location", BASE + "run: {action: move}\nexpect: {board: {lake: []}}\n",
     "3:18", "'lake' is neither a clearing number nor a path"),
    ("expect.board clearing off the map", BASE + "run: {action: move}\nexpect: {board: {13: []}}\n",
     "3:18", "no clearing 13 on this map"),
    ("expect.rulers names an unseated faction", BASE + "run: {action: move}\nexpect: {rulers: {2: cats}}\n",
     "3:22", "faction 'cats' is not seated"),
    ("discard_to: -1", BASE + "run: {action: discard_to, with: {limit: -1}}\n",
     "2:41", "limit cannot be negative"),
    ("with names no parameter of a faction action", BASE + "run: {action: recruit, with: {clearing: 3}}\n",
     "2:31", "action 'recruit' of militia_a has no parameter 'clearing'"),
    ("a misspelt parameter of a core action", BASE + "run: {action: battle, with: {clearng: 3}}\n",
     "2:30", "the core action 'battle' has no parameter 'clearng'"),
    ("a core action's bookkeeping set from a scenario", BASE + "run: {action: move, with: {op: turn}}\n",
     "2:28", "the core action 'move' has no parameter 'op'"),
    ("a rules step that is not started on its own", BASE + "run: {action: take_hits}\n",
     "2:15", "'take_hits' is neither a core action nor an action of militia_a"),
    ("a rules step without what it needs", BASE + "run: {action: discard_to}\n",
     "2:15", "the core action 'discard_to' needs 'limit'"),
    ("a box entry in a state its piece cannot be in",
     "factions: [vagabond, militia_a]\nboxes: {vagabond: {satchel: [boots x2 broken]}}\nrun: {action: move}\n",
     "2:30", "a boots of vagabond cannot be broken"),
    ("a forest that is not on the map",
     "factions: [vagabond, militia_a]\nboard: {F8: [vagabond pawn]}\nrun: {action: move}\n",
     "2:9", "no forest F8 on this map"),
    ("ruin items where no ruin stands",
     "factions: [vagabond, militia_a]\nruin_items: {1: [bag]}\nrun: {action: move}\n",
     "2:14", "clearing 1 has no ruin to hide items under"),
    ("seed: 5.0", BASE + "seed: 5.0\nrun: {action: move}\n", "2:7", "5.0 is not a whole number"),
    ("a count past the supply", BASE + "board: {1: [militia_a warrior x999999999999]}\nrun: {action: move}\n",
     "2:13", "has only 20 warrior left in its supply"),
    ("more buildings than slots", BASE + "board: {1: [militia_a camp x2]}\nrun: {action: move}\n",
     "2:13", "clearing 1 has no free building slot"),
    ("a building on a ruin", BASE + "board: {6: [militia_a camp, militia_b camp]}\nrun: {action: move}\n",
     "2:29", "clearing 6 has no free building slot (2 slot(s), 1 ruin(s))"),
    ("more tokens than a clearing allows", "factions: [arachneen, militia_a]\n"
     "board: {1: [arachneen web x5]}\nrun: {action: move, player: militia_a}\n",
     "2:13", "arachneen may have at most 4 web in a clearing"),
    ("two webs on one path", "factions: [arachneen, militia_a]\n"
     "board: {1-5: [arachneen web], 5-1: [arachneen web]}\nrun: {action: move, player: militia_a}\n",
     "2:37", "arachneen may have at most 1 web on a path"),
    ("a path not on the map", BASE + "board: {1-12: [militia_a warrior]}\nrun: {action: move}\n",
     "2:9", "no path 1-12 on this map"),
    ("a clearing not on the map", BASE + "board: {13: [militia_a warrior]}\nrun: {action: move}\n",
     "2:9", "no clearing 13 on this map"),
    ("a misspelt pile", "factions: [alliance, militia_a]\npiles: {alliance: {suporters: [ambush_fox]}}\n"
     "run: {action: move, player: militia_a}\n", "2:20", "alliance has no pile 'suporters'"),
    ("a misspelt variable", BASE + "vars: {militia_a: {hom: 1}}\nrun: {action: move}\n",
     "2:20", "militia_a has no variable 'hom'"),
    ("expect.vars with a misspelt variable", BASE + "run: {action: move}\nexpect: {vars: {militia_a: {hom: 1}}}\n",
     "3:29", "militia_a has no variable 'hom'"),
    ("a clearing in `with` off the map", BASE + "run: {action: battle, with: {clearing: 13}}\n",
     "2:40", "no clearing 13 on this map"),
    ("an unknown action", BASE + "run: {action: fly}\n", "2:15", "'fly' is neither a core action"),
    ("a step that does not exist", BASE + "run: {phase: evening, step: 9}\n", "2:29", "there is no step 9"),
    ("run and steps together", BASE + "run: {action: move}\nsteps: [{run: {action: move}}]\n",
     "2:1", "'run' and 'steps' cannot both be given"),
    ("nothing to run", BASE + "answers: []\n", "1:1", "nothing to run"),
    ("expect_any without a ruling", BASE + "run: {action: move}\nexpect_any: [{deck: 1}, {deck: 2, ruling: b}]\n",
     "3:14", "missing required key 'ruling'"),
    ("a misspelt fired key", BASE + "run: {action: move}\nexpect: {fired: [{abilty: x}]}\n",
     "3:19", "unknown key 'abilty'"),
    ("a misspelt options key", BASE + "run: {action: move}\nexpect: {pending: move_to, options: {include: [1]}}\n",
     "3:38", "unknown key 'include'"),
    ("a closed path the map does not have", BASE + "open_paths: [1-2]\nrun: {action: move}\n",
     "2:14", "1-2 is not a closed path of this map"),
    ("a faction seated twice", "factions: [militia_a, militia_b, militia_a]\nrun: {action: move}\n",
     "1:34", "faction 'militia_a' is seated twice"),
    ("a step naming an unseated player", BASE + "steps:\n  - run: {action: move}\n  - expect: {turn: cats}\n",
     "4:20", "faction 'cats' is not seated"),
    ("a first step with nothing to run", BASE + "steps:\n  - answers: [1]\n",
     "3:5", "the first step has no 'run'"),
    ("more ruins than slots", BASE + "ruins: {1: 2}\nrun: {action: move}\n", "2:12", "cannot hold 2 ruins"),
    ("ruins off the map", BASE + "ruins: {13: 1}\nrun: {action: move}\n", "2:9", "no clearing 13 on this map"),
    ("a building where the position puts a ruin", BASE + "ruins: {1: 1}\nboard: {1: [militia_a camp]}\n"
     "run: {action: move}\n", "3:13", "clearing 1 has no free building slot"),
    ("a dominance card that is none", BASE + "dominance: {militia_a: anvil}\nrun: {action: move}\n",
     "2:24", "'anvil' is not a dominance card"),
    ("an available card that is no dominance card", BASE + "dominance_available: [anvil]\nrun: {action: move}\n",
     "2:23", "'anvil' is not a dominance card"),
    ("one dominance card twice", BASE + "dominance: {militia_a: dominance_fox}\ndominance_available: [dominance_fox]\n"
     "run: {action: move}\n", "3:23", "no copy of 'dominance_fox' is left"),
    ("expect.deck with a misspelt card", BASE + "run: {action: move}\nexpect: {deck: {top: [anvill]}}\n",
     "3:22", "unknown card 'anvill'"),
    ("expect.dominance with a misspelt card", BASE + "run: {action: move}\nexpect: {dominance: {militia_a: dominance_fx}}\n",
     "3:33", "unknown card 'dominance_fx'"),
    ("answers inside a plain expect", BASE + "run: {action: move}\nexpect: {answers: [1]}\n",
     "3:10", "an 'expect' takes no answers"),
    ("actions_taken without pending", BASE + "run: {action: move}\nexpect: {actions_taken: 1}\n",
     "3:10", "key 'actions_taken' needs key 'pending' as well"),
    ("not_offered names an unseated player", BASE + "run: {action: move}\nexpect: {not_offered: [{kind: move_to, player: cats}]}\n",
     "3:48", "faction 'cats' is not seated"),
]


def _write(tmp_path: Path, text: str) -> Path:
    if not (tmp_path / "factions").exists():
        shutil.copytree(HERE / "factions", tmp_path / "factions")
    path = tmp_path / "broken.scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name,text,where,words", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_scenario_is_an_error_at_its_position(tmp_path, capsys, name, text, where, words):
    path = _write(tmp_path, text)
    with pytest.raises(DataError) as exc:
        run_scenario(path)
    assert f"broken.scenario.yaml:{where}: " in str(exc.value) and words in str(exc.value), str(exc.value)
    # and the command line says the same, without a traceback
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr()
    assert words in out.out and "Traceback" not in out.out + out.err


PASSING = BASE + """board: {1: [militia_a warrior x2], 5: [militia_b warrior]}
run: {action: move}
answers: [5, [[warrior, 1]]]
expect:
"""


@pytest.mark.parametrize("expect,words", [
    ("  rulers: {5: militia_a}\n", "ruler of clearing 5: expected militia_a, found none"),
    ("  fired: [{ability: toll}]\n", "fired: expected toll in this order"),
    ("  not_fired: ['4.2']\n", "4.2 fired but should not have"),
    ("  offered: [{kind: move_to, options: [5]}]\n", "options differ: expected 5, found 5, 9, 10"),
    ("  offered: [{kind: battle_defender}]\n", "no decision 'battle_defender' was offered"),
    ("  log: ['battles']\n", "log: expected lines containing ['battles']"),
    ("  not_log: ['moves']\n", "should not contain 'moves'"),
    ("  turn: militia_b\n", "whose turn: expected militia_b, found militia_a"),
    ("  not_offered: [{kind: move_to}]\n", "decision 'move_to' for militia_a was offered but should not be"),
    ("  not_offered: [{kind: move_from}]\n", "(it had one option and answered itself)"),
    ("  ruins: {6: 0}\n", "ruins in clearing 6: expected 0, found 1"),
    ("  deck: {top: [anvil]}\n", "deck: expected on top ['anvil']"),
    ("  deck: [anvil]\n", "deck: expected ['anvil']"),
    ("  discard: {includes: [anvil]}\n", "discard pile: ['anvil'] not in it"),
    ("  dominance: {militia_a: dominance_fox}\n", "activated dominance card of militia_a: expected dominance_fox"),
    ("  dominance_available: [dominance_fox]\n", "dominance cards available: expected ['dominance_fox']"),
    ("  pending: null\n  actions_taken: 1\n", "actions taken: no action menu is pending"),
], ids=["rulers", "fired", "not_fired", "offered options", "offered kind", "log", "not_log", "turn", "not_offered",
        "not_offered alone", "ruins", "deck top", "deck cards", "discard includes", "dominance", "dominance available",
        "actions_taken"])
def test_each_expectation_can_fail(tmp_path, expect, words):
    outcome = run_scenario(_write(tmp_path, PASSING + expect))
    assert not outcome.passed and any(words in f for f in outcome.failures), outcome.report()


def test_the_passing_base_passes(tmp_path):
    outcome = run_scenario(_write(tmp_path, PASSING + "  rulers: {5: none, 1: militia_a}\n"))
    assert outcome.passed, outcome.report()


def test_expect_any_names_every_ruling_when_none_holds(tmp_path):
    text = PASSING.replace("expect:\n", "") + "expect_any:\n  - {ruling: one, deck: 1}\n  - {ruling: two, deck: 2}\n"
    outcome = run_scenario(_write(tmp_path, text))
    assert not outcome.passed
    assert "under 'one': deck size: expected 1" in "\n".join(outcome.failures)
    assert "under 'two': deck size: expected 2" in "\n".join(outcome.failures)


def test_pending_options_are_shown_by_name(tmp_path):
    text = BASE + ("board: {5: [militia_a warrior x2, militia_b warrior, militia_b camp]}\n"
                   "hands: {militia_b: [ambush_rabbit]}\n"
                   "run: {action: battle}\nexpect: {pending: ambush, options: [none]}\n")
    outcome = run_scenario(_write(tmp_path, text))
    assert "expected none, found none, ambush_rabbit" in "\n".join(outcome.failures), outcome.report()


def test_answers_may_name_cards_and_pieces(tmp_path):
    text = BASE + ("board: {5: [militia_a warrior x2, militia_b warrior, militia_b camp]}\n"
                   "hands: {militia_b: [ambush_rabbit]}\ndice: [1, 0]\n"
                   "run: {action: battle}\nanswers: [ambush_rabbit]\n"
                   "expect: {board: {5: [militia_b warrior, militia_b camp]}, hand_sizes: {militia_b: 0}}\n")
    outcome = run_scenario(_write(tmp_path, text))
    assert outcome.passed, outcome.report()


def test_check_from_the_scenario_folder_finds_the_same_factions(monkeypatch, capsys):
    monkeypatch.chdir(HERE / "scenarios" / "core")
    assert main(["check", "rule_ties_rule_nobody.scenario.yaml"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


def test_check_with_a_pack_finds_its_factions(tmp_path, capsys):
    path = tmp_path / "otters.scenario.yaml"
    path.write_text("factions: [otters, militia_a]\nboard: {1: [otters warrior x2]}\n"
                    "run: {action: move, player: otters}\nanswers: [5, [[warrior, 2]]]\n"
                    "expect: {board: {5: [otters warrior x2]}, rulers: {5: otters}}\n", encoding="utf-8")
    shutil.copytree(HERE / "factions", tmp_path / "factions")
    assert main(["check", str(path)]) == 1
    assert "unknown faction 'otters'" in capsys.readouterr().out
    assert main(["check", "--pack", str(HERE / "packs" / "river_otters"), str(path)]) == 0
    assert "1 passed" in capsys.readouterr().out


def _keys(schema: dict) -> set[str]:
    """Every property name declared anywhere in a JSON Schema."""
    out: set[str] = set()
    for key, value in schema.items():
        if key == "properties":
            out |= set(value)
        if isinstance(value, dict):
            out |= _keys(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    out |= _keys(item)
    return out


def test_every_scenario_key_is_documented():
    import json
    schema = json.loads((HERE.parent / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    doc = (HERE.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    missing = sorted(k for k in _keys(schema) if f"`{k}" not in doc)
    assert not missing, f"docs/scenarios.md does not mention: {missing}"


def test_every_core_action_and_its_parameters_are_documented():
    from rootlaw.core.frames import ENTRIES
    doc = (HERE.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    said = doc[doc.index("Each action takes"):doc.index("under `params:`")]
    for op, entry in ENTRIES.items():
        assert f"`{op}`" in said and all(f"`{p}`" in said for p in entry.params), (op, entry)


def test_expect_any_beside_a_pending_decision(tmp_path):
    text = BASE + ("board: {1: [militia_a warrior x2]}\nrun: {action: move}\nexpect: {pending: move_to}\n"
                   "expect_any:\n  - {ruling: one, deck: 0}\n  - {ruling: two, board: {1: [militia_a warrior x2]}}\n")
    outcome = run_scenario(_write(tmp_path, text))
    assert outcome.passed and outcome.rulings == ["two"], outcome.report()
    assert "(held: two)" in outcome.report()


def test_check_trace_prints_the_rules_fired_of_a_passing_scenario(tmp_path, capsys):
    path = _write(tmp_path, PASSING + "  board: {5: [militia_a warrior, militia_b warrior]}\n")
    assert main(["check", "--trace", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PASS") and "trace (rule: what happened):" in out and "4.2" in out
    assert main(["check", str(path)]) == 0
    assert "trace (rule" not in capsys.readouterr().out


def test_an_answer_for_a_decision_that_answered_itself_is_pointed_out(tmp_path):
    # move_from has one option (1) and answers itself: the answer written for it shifts the rest
    text = BASE + "board: {1: [militia_a warrior x2], 5: [militia_b warrior]}\nrun: {action: move}\n" \
                  "answers: [1, 5, [[warrior, 1]]]\n"
    outcome = run_scenario(_write(tmp_path, text))
    failure = "\n".join(outcome.failures)
    assert "'1' is the only option of a decision that answered itself ('move_from' for militia_a (1))" in failure
    assert "the answers after it move up one place" in failure, failure


def test_expect_any_outcomes_with_answers_of_their_own(tmp_path):
    text = BASE + ("board: {1: [militia_a warrior x2], 5: [militia_b warrior]}\nrun: {action: move}\n"
                   "expect_any:\n"
                   "  - {ruling: one goes to 9, answers: [9, [[warrior, 1]]], board: {9: [militia_a warrior x2]}}\n"
                   "  - {ruling: one goes to 5, answers: [5, [[warrior, 1]]], board: {5: [militia_a warrior, militia_b warrior]}}\n")
    outcome = run_scenario(_write(tmp_path, text))
    assert outcome.passed and outcome.rulings == ["one goes to 5"], outcome.report()
    assert outcome.game.s.pieces and outcome.game.pending() is None  # the game the held outcome led to
