"""Broken faction files: every mistake is reported at its line and column, all at once, never
as a traceback.

Each file in tests/fixtures/bad_factions/ is a small faction derived from a valid one
(factions/alliance.yaml or tests/factions/militia_a.yaml) with one kind of mistake, except
several_errors.yaml, which has four. EXPECTED lists, per file, every problem loading it must
report: (line, col, a fragment of the message, a fragment of the hint or None for "not checked").
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.content.factions import _never_true, bundled_factions, load_faction
from rootlaw.errors import DataError
from rootlaw.tools import cli

BAD = Path(__file__).parent / "fixtures" / "bad_factions"

EXPECTED: dict[str, list[tuple[int, int, str, str | None]]] = {
    # -- YAML -------------------------------------------------------------------------------
    "yaml_syntax": [(4, 22, "could not parse YAML: mapping values are not allowed here",
                     "put quotes around a value that contains ': '")],
    "yaml_unclosed_quote": [(8, 1, "could not parse YAML", "a quote opened at line 3 is never closed")],
    "duplicate_key": [(6, 1, "duplicate key 'pieces' (first written at line 4)", "remove one of them")],
    "alias_refused": [(5, 12, "anchors are not allowed ('&soldier')", "may not use anchors")],
    "yaml11_boolean": [(4, 14, "expected true or false, found a string ('no')", "yes/no/on/off are read as text")],
    # -- the schema -------------------------------------------------------------------------
    "unknown_top_key": [(6, 1, "unknown key 'setup_ordr'", "did you mean 'setup_order'?")],
    "misspelt_piece_key": [(7, 5, "unknown key 'catgory'", "did you mean 'category'?")],
    "wrong_type": [(5, 39, "expected an integer, found a string ('ten')", None)],
    "bad_enum": [(5, 23, "'soldier' is not one of warrior, building, token, pawn, marker", None)],
    "missing_required": [(2, 1, "missing required key 'turn'", None)],
    "missing_required_in_ability": [(9, 5, "missing required key 'do'", None)],
    "invariant_without_holds": [(9, 5, "missing required key 'holds'", None)],
    "visible_without_rule": [(7, 12, "missing key 'rule' or 'ruling'", "give its rule number or a ruling")],
    "visible_unknown": [(6, 26, "'hidden' is not one of owner, all, none", None)],
    # -- what the faction file declares ------------------------------------------------------
    "unknown_event": [(15, 9, "unknown event 'removd'", "events: removed, moved")],
    "unknown_hook": [(11, 11, "unknown hook 'defender_takes_higher_rol'", "defender_takes_higher_roll")],
    "unknown_action_in_menu": [(8, 33, "unknown action 'recuit'", "did you mean 'recruit'?")],
    "redefine_core_action": [(10, 3, "'move' is a core action and cannot be redefined", "another name")],
    "track_unknown_piece": [(9, 12, "unknown piece 'sympathy'", "did you mean 'sympathy_token'?")],
    "home_unknown_piece": [(9, 48, "unknown piece 'camps'", "did you mean 'camp'?")],
    "never_fires_trigger": [(12, 9, "ability 'removing_bases' can never fire", "give the trigger a condition")],
    "never_fires_modifier": [(12, 9, "ability 'guerrilla_war' can never fire", "give the modifier a condition")],
    "alternative_unknown": [(12, 22, "'morbid_presense' is not a trigger of this faction", "did you mean 'morbid_presence'?"),
                            (12, 39, "ability 'grim_mood' cannot be its own alternative", None),
                            (17, 22, "'grim_mood' reacts to battle_ended, not to removed", "the same event"),
                            (22, 5, "ability 'hit_last' is no trigger, so it has no 'stacks_if:'", "only a trigger")],
    # -- syntax of the language, at the position inside the YAML string ------------------------
    "effect_syntax_quoted": [(10, 28, "syntax error in effect: unexpected ')'", "expected ';'")],
    "effect_syntax_block": [(13, 23, "syntax error in effect: unexpected 'c'", "expected 'in', 'of', 'on'")],
    "unterminated_string": [(11, 34, "syntax error in effect: a string is not closed", "on the same line")],
    "unterminated_string_expression": [(12, 44, "syntax error in expression: a string is not closed",
                                        "on the same line")],
    "nested_too_deeply": [(10, 402, "the expression is nested too deeply (more than 100 levels)", "split it up")],
    # -- names in the language ------------------------------------------------------------------
    "unknown_function": [(10, 10, "unknown function 'suply'", "did you mean 'supply'?")],
    "wrong_argument_count": [(10, 10, "warriors() takes 2 argument(s), got 1", "warriors(faction, c): Warriors")],
    "unknown_name": [(11, 24, "unknown name 'camps'", "did you mean 'camp'?")],
    "invariant_unknown_name": [(11, 26, "unknown name 'warior'", "did you mean 'warrior'?")],
    "unknown_piece_in_place": [(12, 17, "unknown piece 'warior'", "did you mean 'warrior'?")],
    "unknown_pile": [(12, 27, "unknown pile 'suporters'", "did you mean 'supporters'?")],
    "unknown_action_in_do": [(17, 10, "unknown action 'outrag'", "did you mean 'outrage'?")],
    "action_params_unbound": [(20, 10, "action 'outrage' needs s to be bound here", "with 'let'")],
    "set_undeclared_var": [(10, 16, "unknown variable 'alarm'", "declare it under 'vars:'")],
    "unknown_event_field": [(12, 16, "'event' has no field 'defendr'", "did you mean 'defender'?")],
    "unknown_snapshot_field": [(14, 14, "'p' has no field 'factoin'", "did you mean 'faction'?")],
    "escaped_quotes_effect": [(8, 45, "unknown function 'hom'", "did you mean 'home'?")],
    "folded_effect": [(10, 15, "unknown name 'vp'", "a name is bound")],
    # -- all at once, in file order -----------------------------------------------------------
    "several_errors": [
        (9, 42, "unknown action 'rally'", "define it under 'actions:'"),
        (11, 16, "syntax error in expression: the expression ends too early", "expected '('"),
        (14, 17, "unknown name 'warior'", "did you mean 'warrior'?"),
        (17, 13, "unknown name 'points'", "a name is bound"),
    ],
}


def problems_of(path: Path) -> list:
    with pytest.raises(DataError) as caught:
        load_faction(path)
    return caught.value.problems


def test_every_fixture_is_checked_and_there_are_at_least_twenty_kinds():
    assert sorted(p.stem for p in BAD.glob("*.yaml")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 20


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_faction_reports_each_problem_at_its_position(name):
    path = BAD / f"{name}.yaml"
    problems = problems_of(path)
    assert [(p.line, p.col) for p in problems] == [(line, col) for line, col, _, _ in EXPECTED[name]], \
        "\n".join(map(str, problems))
    for problem, (line, col, message, hint) in zip(problems, EXPECTED[name]):
        assert problem.file == str(path)
        assert message in problem.message, str(problem)
        if hint is not None:
            assert problem.hint is not None and hint in problem.hint, str(problem)
        assert str(problem).startswith(f"{path}:{line}:{col}: ")


def test_on_is_an_event_key_not_yaml11_true():
    # unknown_event.yaml has a valid `on: moved` before the misspelt one: only that one is reported
    (problem,) = problems_of(BAD / "unknown_event.yaml")
    assert "'removd'" in problem.message


def test_validate_command_prints_positions_without_traceback(capsys):
    for path in sorted(BAD.glob("*.yaml")):
        assert cli.main(["validate", str(path)]) == 1
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        line, col = EXPECTED[path.stem][0][:2]
        assert f"{path}:{line}:{col}: " in out


def test_good_factions_still_load():
    for path in [*bundled_factions().values(), *sorted((BAD.parent.parent / "factions").glob("*.yaml"))]:
        load_faction(path)


# -- positions inside every style of YAML string --------------------------------------------

FACTION = """\
id: m
names: {en: M}
pieces:
  warrior: {category: warrior, count: 20}
turn:
  evening:
    - do: %s
"""


@pytest.mark.parametrize("scalar, line, col", [
    ("draw 1; score vp", 7, 25),                          # plain
    ("'draw 1; score vp'", 7, 26),                        # single-quoted
    ('"draw 1; score vp"', 7, 26),                        # double-quoted
    ('"say \\"a\\"; score vp"', 7, 29),                   # escapes count as one character
    ("'say \"it''s\"; score vp'", 7, 31),                 # so does a doubled single quote
    ("|\n        draw 1\n        score vp", 9, 15),       # literal block
    ("|+  # keep\n        draw 1\n\n        score vp\n", 10, 15),
    (">-\n        draw 1;\n        score vp", 9, 15),     # folded block
    ("draw 1;\n        score vp", 8, 15),                 # plain over two lines
    ('"draw 1;\n        score vp"', 8, 15),               # double-quoted over two lines
])
def test_position_inside_each_scalar_style(scalar, line, col):
    with pytest.raises(DataError) as caught:
        load_faction("m.yaml", text=FACTION % scalar)
    (problem,) = caught.value.problems
    assert problem.message == "unknown name 'vp'"
    assert (problem.line, problem.col) == (line, col)


# -- the "can never fire" check ----------------------------------------------------------------

@pytest.mark.parametrize("condition", [False, 0, "false", "  false  ", "(false)", "( ( false ) )", "none",
                                       "not true", "not  true", "false  # switched off"])
def test_constant_false_condition_never_fires(condition):
    assert _never_true(condition)


@pytest.mark.parametrize("condition", [True, 1, "true", "player = me", "false or player = me",
                                       "(false) or (true)", "not false", "falsehood"])
def test_other_conditions_may_fire(condition):
    assert not _never_true(condition)
