"""The language concepts the base game's factions needed (issue 27), each as docs/language.md
says: local variables (`var` and `:=`), `connected`, `opposite`, `can_place`, `without`, piles
named by an expression and `put card`, `redirect`, `end phase`."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.errors import RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.language.compiler import Compiler, Vocabulary
from rootlaw.language.statements import action_frame

MILITIA = (Path(__file__).parent / "factions" / "militia_a.yaml").read_text(encoding="utf-8")


def problems_of(effect: str) -> list[str]:
    vocab = Vocabulary("x", {"warrior"}, {"rallies"}, {"heap"}, set(), piles={"heap"})
    doc = load_yaml(text="do: x\n", source="f.yaml")
    Compiler(vocab).effect(doc, ("do",), effect, "test")
    return [p.message for p in vocab.problems]


def faction_with(tmp_path: Path, action: str, extra: str = "") -> str:
    """militia_a with one more action (and extra top-level keys), as a file a Setup accepts."""
    path = tmp_path / "factions" / "militia_x.yaml"
    path.parent.mkdir(exist_ok=True)
    text = MILITIA.replace("\nactions:\n", f"\n{extra}actions:\n  probe:\n    do: |\n"
                           + "".join(f"      {line}\n" for line in action.splitlines()), 1)
    path.write_text(text, encoding="utf-8")
    return str(path)


def run_probe(tmp_path: Path, action: str, extra: str = "", map_name: str = "autumn", answers=()):
    game = Setup(map=map_name, factions=[faction_with(tmp_path, action, extra), "marquise"], seed=3).start()
    game.s.decision = None
    game.s.stack = [action_frame(game, "militia_a", "probe")]
    game.run()
    for answer in answers:
        game.answer(answer)
    return game


def value(game, text: str, me: str = "militia_a"):
    vocab = Vocabulary(me, set(game.faction(me).pieces), set(game.faction(me).variables), set(), set())
    doc = load_yaml(text=f"value: '{text}'\n", source="f.yaml")
    fn = Compiler(vocab).expression(doc, ("value",), text, "test")
    assert not vocab.problems, vocab.problems
    return fn(Ctx(game, me, {}))


# --- var and := -------------------------------------------------------------------------
def test_a_var_changes_in_nested_blocks_and_loops(tmp_path):
    game = run_probe(tmp_path, """var n = 0
for each c in [1, 2, 3] {
  if c != 2 {
    n := n + c
  }
}
repeat 2 {
  n := n * 2
}
score (n)""")
    assert game.player("militia_a").score == 16


def test_a_var_keeps_its_value_across_a_decision_and_a_save(tmp_path):
    from rootlaw.core.state import State
    game = run_probe(tmp_path, """var picked = []
repeat 2 {
  choose c from [5, 9, 10] prompt "Which clearing?" {
    picked := picked + [c]
  }
}
score (count(picked) + nth(picked, 1))""", answers=[9])
    assert game.pending() is not None
    again = type(game)(game.rules, State.from_json(game.s.to_json()))  # as a saved game reloads
    again.answer(10)
    assert again.player("militia_a").score == 2 + 9
    game.answer(5)
    assert game.player("militia_a").score == 2 + 9


def test_var_and_assignment_mistakes_are_load_errors():
    assert "'let' names cannot be given a new value" not in " ".join(problems_of("var a = 1; a := 2"))
    assert problems_of("var a = 1; a := a + 1") == []
    assert problems_of("let a = 1; a := 2") == ["'a' is not a local variable ('var') here"]
    assert problems_of("b := 2") == ["'b' is not a local variable ('var') here"]
    assert problems_of("rallies := 2") == ["'rallies' is not a local variable ('var') here"]
    assert problems_of("var a = 1; var a = 2") == ["'var' cannot declare 'a': it is already bound here"]
    assert problems_of("var rallies = 1") == ["'var' cannot declare 'rallies': it is a variable of the faction"]
    assert problems_of("if true { var a = 1 }\na := 2") == ["'a' is not a local variable ('var') here"]


# --- connected, opposite, can_place, without -----------------------------------------------
def test_connected_follows_only_the_clearings_given(tmp_path):
    game = run_probe(tmp_path, "say \"ready\"")
    assert value(game, "connected(1, [1, 5, 2, 10])") == (1, 5, 10, 2)
    assert value(game, "connected(1, [1, 2])") == (1,)
    assert value(game, "connected(3, [1, 5])") == ()


def test_opposite_reads_each_map(tmp_path):
    autumn = run_probe(tmp_path, "say \"ready\"")
    assert value(autumn, "opposite(1)") == 3 and value(autumn, "opposite(4)") == 2
    assert value(autumn, "opposite(5)") is None
    lake = Setup(map="lake", factions=["marquise", "alliance"], seed=1).start()
    assert value(lake, "opposite(1)", "marquise") == 2 and value(lake, "opposite(3)", "marquise") == 4


def test_can_place_asks_slots_limits_and_restrictions_not_the_supply(tmp_path):
    game = run_probe(tmp_path, "say \"ready\"")
    keep = 5
    game.place("marquise", "keep", "c5")
    game.place("militia_a", "camp", "c1")  # clearing 1 has a single building slot
    assert not value(game, f"can_place(warrior, {keep})")            # the Marquise's Keep
    assert value(game, f"can_place(warrior, {keep})", "marquise")     # her own clearing
    game.s.players["militia_a"].supply["warrior"] = 0
    free = next(c for c in game.clearings() if c != keep)
    assert value(game, f"can_place(warrior, {free})")                 # the supply is not asked
    assert not value(game, "can_place(camp, 1)")                      # no free building slot
    assert value(game, "can_place(warrior, 1)")
    with pytest.raises(Exception, match="militia_a has no piece 'roost'"):
        value(game, f'can_place("roost", {free})')


def test_without_drops_the_first_occurrence(tmp_path):
    game = run_probe(tmp_path, "say \"ready\"")
    assert value(game, 'without(["fox", "bird", "fox"], "fox")') == ("bird", "fox")
    assert value(game, 'without(["fox"], "mouse")') == ("fox",)


# --- piles by expression, put card -----------------------------------------------------------
def test_put_card_onto_a_pile_chosen_by_the_player(tmp_path):
    extra = "piles:\n  left: {}\n  right: {}\n"
    game = run_probe(tmp_path, """choose k from hand() prompt "Which card?" {
  choose side from [left, right] prompt "Onto which pile?" {
    put card k onto (side)
  }
}""", extra, answers=[])
    hand = list(game.player("militia_a").hand)
    game.answer(hand[0])
    game.answer("right")
    assert game.player("militia_a").piles["right"] == [hand[0]] and hand[0] not in game.player("militia_a").hand


def test_a_pile_expression_must_name_one_of_my_piles(tmp_path):
    with pytest.raises(RootlawError, match="'nowhere' is not one of the piles of militia_a"):
        run_probe(tmp_path, 'draw 1 into ("nowhere")', "piles:\n  heap: {}\n")


# --- redirect, end phase ----------------------------------------------------------------------
def test_redirect_works_only_in_a_replacement_reacting_to_a_removal(tmp_path):
    with pytest.raises(RootlawError, match="'redirect' sends removed pieces elsewhere only in a replacement"):
        run_probe(tmp_path, "redirect [] to 1")


def test_end_phase_skips_the_rest_of_the_phase(tmp_path):
    game = Setup(map="autumn", factions=[faction_with(tmp_path, "end phase"), "alliance"], seed=3).start()
    faction = game.faction("militia_a")
    assert faction.actions["probe"]
    game.s.decision = None
    game.s.phase = "daylight"
    game.s.stack = [{"op": "steps", "player": "militia_a", "phase": "daylight", "index": 0},
                    action_frame(game, "militia_a", "probe")]
    game.run()
    assert game.pending() is None  # no craft step, no action menu: the Daylight is over
    assert game.player("militia_a").used.get("end:daylight") == 1
