"""Language v2 for designers (issue 6 §3): each addition does what docs/language.md says.

Run-time errors carry the file position of the operator, field or function; `let` cannot
rebind a name; a trigger cannot carry `value:`; mappings, nth, argmin and argmax; `say` shows
values; crafting groups; families of piece kinds; the `may_place` restriction; the
`removed_to` hook's `batch`; and `battle_ended`'s `removed` and `before`.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.core.narration import render
from rootlaw.content.factions import load_faction
from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx, LanguageError
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.language.compiler import Compiler, Vocabulary
from rootlaw.language.statements import action_frame
from rootlaw.law.crafting import crafting_pool
from rootlaw.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parent.parent
MILITIA = (Path(__file__).parent / "factions" / "militia_a.yaml").read_text(encoding="utf-8")


def compiled(text: str, bound: tuple[str, ...] = ()):
    """An expression compiled as if written at `value:` of a file 'f.yaml', and its problems."""
    vocab = Vocabulary("cabale", {"warrior"}, {"wheel_at"}, set(), set())
    doc = load_yaml(text=f"value: '{text}'\n", source="f.yaml")
    return Compiler(vocab).expression(doc, ("value",), text, "test", bound), vocab.problems


def game():
    return Setup(map="autumn", factions=["cabale", "alliance"], seed=3).start()


def test_run_time_error_names_the_position_and_the_operator():
    fn, problems = compiled("2 + x", ("x",))
    assert not problems
    with pytest.raises(LanguageError, match=r"^f\.yaml:1:11: cannot apply '\+' to 2 and None$"):
        fn(Ctx(game(), "cabale", {"x": None}))


def test_run_time_error_in_a_function_names_the_function():
    fn, _ = compiled("suit(x)", ("x",))
    with pytest.raises(LanguageError, match=r"^f\.yaml:1:9: suit\(\) cannot take \(None\)"):
        fn(Ctx(game(), "cabale", {"x": None}))


def test_a_failing_ability_reports_its_position_during_play(tmp_path):
    path = tmp_path / "factions" / "militia_x.yaml"  # a path a Setup accepts: a factions/ folder's file
    path.parent.mkdir()
    path.write_text(MILITIA.replace("  recruit:\n", "  broken:\n    do: 'score 1 + none'\n  recruit:\n", 1),
                    encoding="utf-8")
    g = Setup(map="autumn", factions=[str(path), "alliance"], seed=3).start()
    g.s.decision = None
    g.s.stack = [action_frame(g, "militia_a", "broken")]
    with pytest.raises(RootlawError, match=r"ability 'broken' of militia_a failed: .*militia_x\.yaml:\d+:\d+: "
                                           r"cannot apply '\+' to 1 and None"):
        g.run()


def test_let_cannot_rebind_a_name():
    vocab = Vocabulary("x", {"warrior"}, {"rallies"}, set(), set())
    doc = load_yaml(text="do: 'let a = 1; let a = 2; let rallies = 3'\n", source="f.yaml")
    Compiler(vocab).effect(doc, ("do",), "let a = 1; let a = 2; let rallies = 3", "test")
    messages = [str(p) for p in vocab.problems]
    assert len(messages) == 2
    assert "f.yaml:1:21: 'let' cannot rebind 'a': it is already bound here" in messages[0]
    assert "'let' cannot rebind 'rallies': it is a variable" in messages[1]


def test_a_trigger_with_a_value_key_is_an_error():
    text = MILITIA + ("abilities:\n  - id: odd\n    kind: trigger\n    on: turn_end\n    do: 'score 1'\n"
                      "    value: '3'\n")
    with pytest.raises(DataError, match=r"ability 'odd' reacts to an event \(on/do\), so it has no 'value:'"):
        load_faction("militia_x.yaml", text=text)


def test_mapping_nth_argmin_argmax():
    ctx = Ctx(game(), "cabale", {"xs": (5, 3, 8, 3)})
    assert compiled("[x * 2 for x in xs]", ("xs",))[0](ctx) == (10, 6, 16, 6)
    assert compiled("nth(xs, 3)", ("xs",))[0](ctx) == 8
    assert compiled("nth(xs, 5)", ("xs",))[0](ctx) is None
    assert compiled('argmin(["a", "b", "c", "d"], xs)', ("xs",))[0](ctx) == ("b", "d")
    assert compiled('argmax(["a", "b", "c", "d"], xs)', ("xs",))[0](ctx) == ("c",)


def test_say_shows_values():
    vocab = Vocabulary("cabale", {"warrior"}, set(), set(), set())
    doc = load_yaml(text='do: \'say "at {c}: {[c, c + 1]} {none}"\'\n', source="f.yaml")
    code = Compiler(vocab).effect(doc, ("do",), 'say "at {c}: {[c, c + 1]} {none}"', "test", ("c",))
    g = game()
    stmt = vocab.code[code][0]
    stmt.run(g, {"me": "cabale", "env": {"c": 7}})
    assert render(g, g.s.log[-1]).endswith("at 7: 7, 8 none")


def test_say_with_an_unknown_name_is_a_load_error_inside_the_string():
    vocab = Vocabulary("cabale", {"warrior"}, set(), set(), set())
    doc = load_yaml(text='do: \'say "at {cc}"\'\n', source="f.yaml")
    Compiler(vocab).effect(doc, ("do",), 'say "at {cc}"', "test", ("c",))
    assert [(p.line, p.col, p.message) for p in vocab.problems] == [(1, 15, "unknown name 'cc'")]


def test_crafting_groups_and_families():
    g = game()
    for kind in ("graveyard_fox", "necro_fox", "necro_rabbit", "necro_mouse"):
        g.place("cabale", kind, "c1")
    # clearing 1 is fox: the Graveyard, and one of the three Necros (craft_group necro, limit 1)
    assert crafting_pool(g, "cabale")["fox"] == 2
    ctx = Ctx(g, "cabale", {})
    assert _eval(ctx, "kind_of_suit(rabbit, necro)") == "necro_rabbit"
    assert _eval(ctx, "kinds_of(graveyard)") == ("graveyard_fox", "graveyard_rabbit", "graveyard_mouse")


def _eval(ctx, text):
    faction = ctx.game.faction(ctx.me)
    vocab = Vocabulary(ctx.me, set(faction.pieces), set(), {"graveyard", "necro"}, set())
    doc = load_yaml(text="value: x\n", source="f.yaml")
    fn = Compiler(vocab).expression(doc, ("value",), text, "test")
    assert not vocab.problems
    return fn(ctx)


def test_may_place_knows_who_places():
    g = game()
    loc = "c7"  # a mouse clearing
    assert not g.can_place("cabale", "necro_mouse", loc, by="alliance")  # another faction's effect
    assert not g.can_place("cabale", "necro_mouse", loc, by="cabale")    # its Graveyard is not in play
    assert g.can_place("cabale", "warrior", loc, by="alliance")
    g.place("cabale", "graveyard_mouse", loc)
    assert g.can_place("cabale", "necro_mouse", loc, by="cabale")
    assert not g.can_place("cabale", "necro_mouse", loc, by="alliance")


def test_battle_ended_tells_removed_and_before():
    """Présence morbide reads `before` (a Necro stood there) and `removed` (none of them removed)."""
    outcome = run_scenario(ROOT / "tests" / "scenarios" / "cabale" / "morbid_presence_necro_removed.scenario.yaml")
    assert outcome.passed, outcome.report()
    outcome = run_scenario(ROOT / "tests" / "scenarios" / "cabale" / "morbid_presence_once_per_battle.scenario.yaml")
    assert outcome.passed, outcome.report()


def test_removed_to_sees_the_pieces_removed_together():
    outcome = run_scenario(ROOT / "tests" / "scenarios" / "cabale" / "revenant_not_with_its_graveyard.scenario.yaml")
    assert outcome.passed, outcome.report()


def test_say_with_an_unclosed_brace_is_a_load_error():
    vocab = Vocabulary("cabale", {"warrior"}, set(), set(), set())
    doc = load_yaml(text='do: \'say "at {c"\'\n', source="f.yaml")
    Compiler(vocab).effect(doc, ("do",), 'say "at {c"', "test", ("c",))
    assert [(p.line, p.message) for p in vocab.problems] == [(1, "'{' in 'say' text is not closed")]


def test_in_needs_a_list():
    fn, _ = compiled("3 in x", ("x",))
    assert fn(Ctx(game(), "cabale", {"x": None})) is False
    with pytest.raises(LanguageError, match=r"^f\.yaml:1:9: 'in' needs a list on its right, got 7$"):
        fn(Ctx(game(), "cabale", {"x": 7}))
