"""Builtins written straight into generated code (engine/language/inline.py) answer what the
builtins answer: a faction given as a value (a string, none or a list), a place given by a
bound name or a filter's item, `pieces` of a place alone, a piece's holder, a mark of the turn
and my variables, at every clearing and piece of a game in its middle."""
from __future__ import annotations

import pytest

from rootlaw.core.context import Ctx
from rootlaw.files.documents import load_yaml
from rootlaw.language.compiler import Compiler, Vocabulary
from tests.test_speed_identity import _mid_game


def _compile(game, me: str, text: str, bound: tuple[str, ...]):
    faction = game.faction(me)
    vocab = Vocabulary(me, set(faction.pieces), {"tally"}, set(), set())
    fn = Compiler(vocab).expression(load_yaml(text="value: x\n", source="f.yaml"), ("value",), text, "test", bound)
    assert not vocab.problems
    return fn

EXPRESSIONS = ["present(f, c)", "warriors(f, c)", "exists(pieces(c, f))", "count(pieces(c, f, warrior))",
               "pieces(c, f)", "pieces(c, f, warrior)", "pieces(c)", "exists(pieces(c))", "count(pieces(c))",
               "{x in clearings() where present(f, x) and count(pieces(x, f)) > 1}",
               "[holder(q) for q in pieces(c)]",
               "[[held(q), exists(held(q)), in_state(q, \"x\"), path_of(q)] for q in pieces(c)]",
               "paths_at(c)", "[kinds_of(\"base\"), kinds_of(\"no such family\")]", "marked(\"x\", c)", "tally + 1",
               "can_place(warrior, c)", "can_place(base_fox, c, f)", "can_place(f, c)", "[current, enemies, players]",
               # loops over a place's own list (inline.standing_walk)
               "{p in pieces(c, me) where kind(p) = warrior}", "exists({p in pieces(c, me) where kind(p) = sympathy})",
               "[q for q in pieces(c, me, warrior)]", "{p in pieces(c, \"arachneen\") where holder(p) = none}",
               # filters counted as they go (lowering.Lowering.lower_count)
               "count({x in clearings() where present(f, x)})", "count({p in pieces(c) where owner(p) != me}) + 1",
               "{x in clearings() where count({p in pieces(x) where owner(p) = f}) > 1}", "river_neighbours(c)"]
# the builtins each expression would call, were it not written in
CALLED = {"present", "warriors", "pieces", "holder", "marked", "held", "in_state", "path_of", "paths_at", "kinds_of",
          "can_place", "river_neighbours"}


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_written_in_answers_like_the_builtin(text):
    game = _mid_game()
    game.player("alliance").used["mark:x:3"] = 1
    game.player("alliance").vars["tally"] = 4
    game.s.states[max(game.s.pieces)] = ("x",)
    game.s.at[f"x{max(game.s.pieces)}"] = [min(game.s.pieces)]  # as if a piece stood on it
    fn = _compile(game, "alliance", text, ("c", "f"))
    asked = 0
    for c in (*game.clearings(), "1-5"):
        for f in ("alliance", "arachneen", None, ("alliance", "arachneen")):
            ctx = Ctx(game, "alliance", {"c": c, "f": f})
            try:
                expected = fn.__globals__["slow"](ctx) if asked else None  # compiled at the first call
            except Exception as exc:  # the closures' error: the generated form hands over to them
                expected = type(exc)
            try:
                got = fn(ctx)
            except Exception as exc:
                got = type(exc)
            if asked:
                assert got == expected, (text, c, f)
            asked += 1
    assert not [name for name in fn.__globals__ if name.split("_", 1)[-1] in CALLED and name[:1] == "f"
                and name.split("_", 1)[0][1:].isdigit()], "a builtin was called, not written in"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_pieces_of_a_kind_standing_there_are_the_places_own_in_its_order(seed):
    """`pieces(c, F, kind)` written in reads how many there are from the kept counts: the
    place's whole list when they are all of it, else a walk that stops at the last one."""
    from rootlaw.agents.agent import RandomAgent
    from rootlaw.content.record import Setup
    from rootlaw.language.inline import _standing
    game = Setup(map="autumn", factions=["alliance", "arachneen"], seed=seed).start()
    agent, whole, walked = RandomAgent(seed), 0, 0
    for _ in range(150):
        if game.pending() is None:
            break
        game.answer(agent.choose(game, game.pending()))
        s, kinds = game.s, game.counts().kinds
        for loc, at in s.at.items():
            for faction, kind in {s.pieces[p][:2] for p in at} | {(s.pieces[p][0], None) for p in at}:
                expected = tuple(p for p in at if s.pieces[p][0] == faction and kind in (None, s.pieces[p][1]))
                assert _standing(s, kinds, loc, faction, kind) == expected
                whole += len(expected) == len(at)
                walked += len(expected) < len(at)
    assert whole > 100 and walked > 100


def test_a_builtin_that_reads_no_context_is_handed_none(monkeypatch):
    from rootlaw.language import lowering
    from rootlaw.language.codegen import reads_context

    def nested(ctx, items):
        return tuple(i for i in items if i != ctx.me)

    assert not reads_context(lambda ctx, items: len(items))
    assert reads_context(lambda ctx, items: ctx.me)
    assert reads_context(nested)  # read inside a generator: a cell
    monkeypatch.setenv("ROOTLAW_NO_CACHE", "1")  # the text written here, not recalled
    texts = []
    written = lowering._written
    monkeypatch.setattr(lowering, "_written", lambda *args: texts.append(written(*args)) or texts[-1])
    game = _mid_game()
    fn = _compile(game, "alliance", "[first(pieces(c)), unique(pieces(c)), forest_neighbours(c)]", ("c",))
    for c in game.clearings():
        ctx = Ctx(game, "alliance", {"c": c})
        assert fn(ctx) == fn.__globals__["slow"](ctx)
    text = "".join(t for t, _ in texts if t is not None and "forest_neighbours" in t)
    assert "_first(None, " in text and "_unique(None, " in text and "_forest_neighbours(ctx, " in text, text
