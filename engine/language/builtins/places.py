"""Builtins about places beside clearings and paths: forests (a pawn stands in one, Law
9.3.2), the Lake's Ferry and coast, and where a piece stands: forests, forests_at,
forest_clearings, adjacent_forests, ferry, coast, place_of."""

from typing import Any

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.law.movement import adjacent_forests

from .registry import _piece, builtin


def _forest(ctx: Ctx, forest: Any) -> str:
    if forest not in ctx.game.rules.map.forests:
        raise LanguageError(f"{forest!r} is not a forest of this map")
    return forest


@builtin("forests", 0)
def _forests(ctx: Ctx) -> tuple:
    """Every forest of the map, by id ("F1"...)."""
    return tuple(ctx.game.rules.map.forests)


@builtin("forests_at", 1)
def _forests_at(ctx: Ctx, c: int) -> tuple:
    """The forests touching clearing c (Law 2.4.1: adjacent to it)."""
    return ctx.game.rules.map.forests_touching(c)


@builtin("forest_clearings", 1)
def _forest_clearings(ctx: Ctx, forest: str) -> tuple:
    """The clearings a forest touches."""
    return tuple(ctx.game.rules.map.forests[_forest(ctx, forest)])


@builtin("adjacent_forests", 1)
def _adjacent_forests(ctx: Ctx, forest: str) -> tuple:
    """The forests across one path from a forest (Law 2.4.1)."""
    return adjacent_forests(ctx.game, _forest(ctx, forest))


@builtin("place_of", 1)
def _place_of(ctx: Ctx, pid: int) -> Any:
    """Where a piece stands, through any pieces holding it: its clearing, path ("3-7") or
    forest ("F2"); none in a box."""
    _piece(ctx, pid)
    loc = ctx.game.standing_loc(pid)
    return int(loc[1:]) if loc[0] == "c" else loc[1:] if loc[0] in "pf" else None


@builtin("ferry", 0)
def _ferry(ctx: Ctx) -> Any:
    """The clearing of the Lake's Ferry while a move may still take it this turn, or none
    (Law 16.2.2.V: once a turn, from its clearing to any coastal clearing)."""
    game = ctx.game
    return None if game.s.turn_used.get("ferry") else game.s.ferry


@builtin("coast", 0)
def _coast(ctx: Ctx) -> tuple:
    """The coastal clearings of the map (the Lake's shore), or none."""
    return tuple(ctx.game.rules.map.coast)
