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


def test_a_home_of_a_trillion_warriors_is_refused_at_its_count():
    with pytest.raises(DataError) as err:
        probe("  - home: {where: corner, pieces: {warrior: 1000000000000}}")
    problem = err.value.problems[0]
    assert "the home gets 1,000,000,000,000 warrior but the faction has only 20" in problem.message
    assert (problem.line, problem.col) == (9, 45)


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


# --- issue 28: an effect or a modifier naming what does not exist stops at its position --------
def _stopped(faction, message: str, line: int) -> str:
    """The game stops at once with a clean error naming the faction file's line; no corrupt state."""
    with pytest.raises(RootlawError) as err:
        game = start(faction)
        for _ in range(500):
            if game.pending() is None:
                break
            game.answer(game.pending()["options"][0])
    text = str(err.value)
    assert message in text and f"probe.yaml:{line}:" in text, text
    return text


@pytest.mark.parametrize("effect,message", [
    ("place 1 warrior in 999", "there is no clearing 999 on this map (clearings 1 to 12)"),
    ('place 1 warrior in \\"1-12\\"', "there is no path 1-12 on this map"),
    ('place 1 warrior in \\"bprobe.nowhere\\"', "probe has no box 'nowhere'"),  # box() checks its name at load
    ("place 1 warrior on 999", "999 is not a piece on the map"),
    ("place 1 warrior in 1; relocate pieces(1) to 999", "there is no clearing 999 on this map"),
    ('place 1 warrior in 1; relocate pieces(1) to \\"999\\"', "'999' is not a clearing, a path, a forest or a box"),
    ('place 1 warrior in 1; relocate pieces(1) to \\"F99\\"', "there is no forest F99 on this map"),
    ("relocate [999] to 1", "999 is not a piece on the map, so it cannot relocate"),
    ("place 2 warrior in 1; relocate pieces(1) onto nth(pieces(1), 1)", "which it holds or is"),
])
def test_an_effect_naming_a_missing_place_or_piece_stops_at_its_position(effect, message):
    _stopped(probe(f'  - do: "{effect}"'), message, 9)


def _modifier(hook: str, value: str) -> str:
    return f"abilities:\n  - id: odd\n    kind: modifier\n    hook: {hook}\n    value: \"{value}\""


@pytest.mark.parametrize("hook,value,needs", [
    ("ruler", "[1, 2]", "a seated faction or none"),
    ("ruler", '\\"nobody\\"', "a seated faction or none"),
    ("removed_to", '\\"999\\"', "none (the supply) or a clearing, path, forest or box of this game"),
    ("removed_to", "999", "none (the supply) or a clearing, path, forest or box of this game"),
    ("adjacency", "[999]", "a list of clearings of this map"),
    ("may_place", "1", "true or false"),
    ("draw_bonus", "true", "a whole number"),  # at the other faction's evening draw
])
def test_a_modifier_giving_what_its_hook_cannot_use_stops_at_its_value(hook, value, needs):
    effect = "place 1 warrior in 1; let r = ruler(1); let a = adjacent(1, me); remove pieces(1)"
    text = _stopped(probe(f'  - do: "{effect}"', _modifier(hook, value)), needs, 11)
    assert f"modifier 'odd' gives" in text and f"to the hook '{hook}'" in text


def test_every_hook_says_what_its_modifiers_must_give():
    from rootlaw.core.hook_values import NEEDS
    from rootlaw.core.hooks import HOOKS
    assert set(NEEDS) == set(HOOKS)


def test_a_bot_asking_a_broken_modifier_gets_a_clean_error():
    """The greedy bot reads rulers outside the rules' loop; the error is still a RootlawError."""
    from rootlaw.agents.greedy import GreedyBot
    game = start(probe(extra=_modifier("ruler", "[1, 2]")))
    with pytest.raises(RootlawError, match="modifier 'odd' gives \\[1, 2\\]"):
        for _ in range(50):
            game.answer(GreedyBot(1).choose(game, game.pending()))


@pytest.mark.parametrize("check", [[], ["--check"]])
def test_the_command_line_ends_such_a_game_with_the_position_and_no_traceback(tmp_path, capsys, check):
    from rootlaw.tools.cli import main
    path = tmp_path / "probe.yaml"
    path.write_text(PROBE.format(setup='  - do: "place 1 warrior in 999"', extra=""))
    assert main(["play", "--factions", f"{path},alliance", "--quiet", "--rounds", "1", *check]) == 2
    err = capsys.readouterr().err
    assert f"{path}:9:26: there is no clearing 999 on this map" in err and "Traceback" not in err


def test_a_replacement_redirecting_a_removed_piece_to_a_missing_clearing_stops_at_it():
    extra = ("abilities:\n  - id: back\n    kind: replacement\n    on: removed\n"
             "    do: \"redirect {p in event.pieces where p.faction = me} to 999\"")
    _stopped(probe('  - do: "place 1 warrior in 1; remove pieces(1)"', extra), "there is no clearing 999 on this map",
             11)
