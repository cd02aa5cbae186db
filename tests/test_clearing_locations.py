"""A loop over `clearings()` in generated code takes each clearing's location from the rules'
list (engine/language/lowering.py `open_loop`, inline.py `_place`): the same answers as the
closures at a game in its middle, for every faction, also when the list of clearings is not the
rules' own tuple; a loop whose body reads no location runs over the clearings alone."""
from __future__ import annotations

import pytest

from rootlaw.core.context import Ctx
from tests.test_inline_templates import _compile
from tests.test_speed_identity import _mid_game

EXPRESSIONS = ["{x in clearings() where present(f, x) and count(pieces(x, f)) > 1}",
               "exists({x in clearings() where warriors(f, x) > 0 and exists(pieces(x, f, warrior))})",
               "[[pieces(x), count(pieces(x, f)), exists(pieces(x, me))] for x in clearings()]",
               "{x in clearings() where exists({y in clearings() where present(f, y) and present(me, x)})}"]


@pytest.mark.parametrize("text", EXPRESSIONS)
@pytest.mark.parametrize("own_list", [True, False])
def test_a_loop_over_the_clearings_reads_their_locations_and_answers_as_the_closures(text, own_list, monkeypatch):
    game = _mid_game()
    if not own_list:  # an equal list that is not the rules' tuple: the locations are made per item
        monkeypatch.setattr(type(game), "clearings", lambda self: tuple(list(self.rules.clearing_ids)))
    fn = _compile(game, "alliance", text, ("f",))
    slow = None
    for me in game.s.seats:
        for f in (*game.s.seats, None):
            ctx = Ctx(game, me, {"f": f})
            got = fn(ctx)  # the first call compiles it
            slow = fn.__globals__["slow"]
            assert got == slow(ctx), (text, me, f)
    assert slow is not None and "L1_x" in fn.__code__.co_varnames and "_aloc" not in fn.__code__.co_names


def test_a_loop_that_reads_no_location_makes_none():
    game = _mid_game()
    fn = _compile(game, "alliance", '{x in clearings() where suit(x) = "fox"}', ())
    ctx = Ctx(game, "alliance", {})
    assert fn(ctx) == fn.__globals__["slow"](ctx)
    assert "C1_x" in fn.__code__.co_varnames and "L1_x" not in fn.__code__.co_varnames
    assert "CLOCS" not in fn.__code__.co_varnames
