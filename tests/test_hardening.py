"""Issue 7: hostile or broken abilities end at once in a clear error, or are capped by what
exists; loops end with an error naming the abilities; stalemates end as `stalled`."""
from __future__ import annotations

from pathlib import Path

import pytest

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.content.catalog import make_rules
from rootlaw.content.factions import load_faction
from rootlaw.core.game import Options
from rootlaw.core.invariants import violations
from rootlaw.core.loop import TURN_DECISIONS
from rootlaw.core.stalemate import BOARD_STALL_ROUNDS, STALLED
from rootlaw.errors import DataError, RootlawError, RuleLoopError
from rootlaw.language.limits import MAX_REPEAT, MAX_TEXT
from rootlaw.play.setup import new_game

FACTIONS = Path(__file__).parent / "factions"

PROBE = """\
id: probe
names: {{en: Probe}}
source: rootlaw test suite
setup_order: 1
pieces:
  warrior: {{category: warrior, count: 20}}
{extra}
setup:
{setup}
turn:
  birdsong: []
  daylight: []
  evening: []
"""


def probe(setup: str = '  - do: "say \\"hi\\""', extra: str = ""):
    return load_faction("probe.yaml", text=PROBE.format(setup=setup, extra=extra))


def start(faction, other: str = "militia_a", rounds: int = 3):
    rules = make_rules("autumn", [faction, load_faction(FACTIONS / f"{other}.yaml")], Options(round_limit=rounds))
    return new_game(rules, [faction.id, other], 1)


def supply_and_board(game, fid: str = "probe") -> tuple[int, int]:
    on_board = sum(1 for f, _, _ in game.s.pieces.values() if f == fid)
    return game.player(fid).supply["warrior"], on_board


# --- 7.3 every count bounded --------------------------------------------------------------
def test_place_a_billion_is_capped_by_the_supply():
    game = start(probe('  - do: "place 1000000000 warrior in 1"'))
    assert supply_and_board(game) == (0, 20)
    assert violations(game) == []


def test_a_home_of_a_trillion_warriors_is_capped_by_the_supply():
    game = start(probe("  - home: {where: corner, pieces: {warrior: 1000000000000}}"))
    game.answer(game.pending()["options"][0])  # which corner
    assert supply_and_board(game) == (0, 20)


def test_drawing_a_billion_into_a_limited_pile_ends():
    extra = 'piles:\n  hoard: {limit: "2"}'
    game = start(probe('  - do: "draw 1000000000 into hoard"', extra))
    assert len(game.player("probe").piles["hoard"]) == 2
    assert violations(game) == []


@pytest.mark.parametrize("effect,message", [
    ("repeat 1000000000 { say \\\"x\\\" }", f"more than the limit of {MAX_REPEAT}"),
    ("let s = \\\"ab\\\" * 100000000", "longer than"),
    ("let x = 1000 * 1000 * 1000 * 1000", "a number grew past"),
])
def test_runaway_computations_are_refused(effect, message):
    with pytest.raises(RootlawError, match=message):
        start(probe(f'  - do: "{effect}"'))


def test_squaring_a_variable_again_and_again_is_refused():
    extra = "vars:\n  x: {value: 2}"
    with pytest.raises(RootlawError, match="a number grew past"):
        start(probe('  - do: "repeat 64 { set x = x * x }"', extra))


def test_a_5000_digit_literal_is_an_error_at_its_position():
    with pytest.raises(DataError) as err:
        probe('  - do: "place ' + "9" * 5000 + ' warrior in 1"')
    problem = err.value.problems[0]
    assert "too big" in problem.message and (problem.line, problem.col) == (9, 16)


def test_a_5000_digit_integer_in_yaml_is_an_error_at_its_position():
    with pytest.raises(DataError) as err:
        probe("  - home: {where: corner, pieces: {warrior: " + "9" * 5000 + "}}")
    problem = err.value.problems[0]
    assert "too big" in problem.message and problem.line == 9


# --- 7.4 loading is bounded -----------------------------------------------------------------
def test_a_two_megabyte_expression_is_refused_before_parsing():
    text = "1" + " + 1" * 490_000  # just under the 2 MB a file may have
    with pytest.raises(DataError) as err:
        probe(f'  - do: "let x = {text}"', "")
    assert f"at most {MAX_TEXT:,}" in str(err.value)


def test_a_sum_of_thousands_of_terms_is_worked_out_by_the_closures():
    """Its generated Python would nest deeper than Python's compiler allows; the closures take it."""
    game = start(probe('  - do: "let n = 1' + " + 0" * 3000 + '; place (n) warrior in 1"'))
    assert supply_and_board(game) == (19, 1)


@pytest.mark.parametrize("effect", [
    "let x = " + "-" * 500 + "1",
    'say \\"x {' + "-" * 3000 + '1}\\"',  # an {expression} inside a say text
])
def test_hundreds_of_minus_signs_are_an_error_at_their_position(effect):
    with pytest.raises(DataError) as err:
        probe(f'  - do: "{effect}"')
    problem = err.value.problems[0]
    assert "nested too deeply" in problem.message and problem.line == 9


# --- 7.5 recursion and loops end with an error naming the abilities --------------------------
def _ability(hook: str, value: str) -> str:
    return f"abilities:\n  - id: mirror\n    kind: modifier\n    hook: {hook}\n    value: \"{value}\""


def test_a_ruler_modifier_calling_ruler_ends_naming_it():
    with pytest.raises(RuleLoopError, match="mirror"):
        start(probe('  - do: "place 1 warrior in 1; let r = ruler(1)"', _ability("ruler", "ruler(clearing)")))


def test_an_adjacency_modifier_calling_adjacent_ends_naming_it():
    faction = probe('  - do: "let n = adjacent(1)"', _ability("adjacency", "adjacent(clearing)"))
    with pytest.raises(RuleLoopError, match="mirror"):
        start(faction)


def test_a_trigger_loop_asking_a_question_ends_naming_it():
    extra = ("abilities:\n  - id: echo\n    kind: trigger\n    on: phase_start\n"
             "    if: \"event.player = me\"\n"
             "    do: \"repeat 1000 { choose n from [1, 2] { say \\\"again\\\" } }\"")
    game = start(probe(extra=extra), rounds=30)
    with pytest.raises(RuleLoopError, match=f"more than {TURN_DECISIONS} decisions.*echo"):
        for _ in range(3 * TURN_DECISIONS):
            game.answer(game.pending()["options"][0])


# --- 7.6 stalemates ---------------------------------------------------------------------------
def test_two_idle_factions_stall_instead_of_looping():
    idle = load_faction(FACTIONS / "idle.yaml")
    twin = load_faction("idle_twin.yaml", text=(FACTIONS / "idle.yaml").read_text().replace("id: idle", "id: twin"))
    rules = make_rules("autumn", [idle, twin], Options(round_limit=10**6))
    game = new_game(rules, ["idle", "twin"], 3)
    assert game.pending() is None and game.s.ended.startswith(STALLED)
    assert game.s.round == BOARD_STALL_ROUNDS + 2   # ten whole rounds without change after the first
    assert violations(game) == []


# --- 7.9 the invariant checker -------------------------------------------------------------
def test_invariants_hold_in_a_fresh_game_and_name_what_breaks():
    game = start(probe(), rounds=3)
    while not game.s.pieces:  # militia_a picks its home
        game.answer(game.pending()["options"][0])
    assert violations(game) == []
    pid = next(iter(game.s.pieces))
    game.player("militia_a").supply["warrior"] += 1
    game.s.deck.append(game.s.deck[0])
    game.s.pieces[pid] = (*game.s.pieces[pid][:2], "c99")
    broken = " | ".join(violations(game))
    assert "militia_a warrior: 17 in supply" in broken
    assert "cards are not conserved" in broken and "which is no location" in broken


def test_the_loop_turns_any_python_error_of_a_rule_into_a_clean_error(monkeypatch):
    from rootlaw.core import frames
    game = start(probe(), rounds=3)
    for error in (AttributeError("x"), AssertionError("y"), OverflowError("z"), RecursionError(), MemoryError()):
        def broken(game, frame, error=error):
            raise error
        monkeypatch.setitem(frames.HANDLERS, game.s.stack[-1]["op"], broken)
        with pytest.raises(RootlawError, match="failed"):
            game.clone().answer(game.pending()["options"][0])


def test_play_check_and_decision_cap(capsys, monkeypatch):
    from rootlaw.tools import cli
    assert cli.main(["play", "--check", "--quiet", "--rounds", "2"]) == 0
    assert cli.main(["play", "--quiet", "--max-decisions", "3"]) == 0
    assert "Result: stopped at the decision cap (3)" in capsys.readouterr().out
    monkeypatch.setattr(cli, "violations", lambda game: ["a planted breach"])
    assert cli.main(["play", "--check", "--quiet", "--rounds", "2"]) == 2
    assert "a planted breach" in capsys.readouterr().err
