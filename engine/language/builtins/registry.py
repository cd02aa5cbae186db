"""The registry of the faction language's functions and constants, which the modules beside it fill.

Each entry says how many arguments it takes; the compiler checks calls against this table
at load, so a misspelt or misused function is a load error with a position, never a crash
during play. Values: clearings are ints, paths "3-7" strings, pieces ints (ids), cards ints,
factions and suits strings, lists are tuples.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from rootlaw.core.board import SUITS
from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.locations import as_location


@dataclass(frozen=True)
class Builtin:
    fn: Callable[..., Any]
    min_args: int
    max_args: int
    doc: str
    pure: bool = True  # False: calling it changes the game (a roll), so it is never skipped
    any_fn: Callable[..., bool] | None = None  # the same arguments: whether the list has any item
    count_fn: Callable[..., int] | None = None  # the same arguments: how many items the list has


FUNCTIONS: dict[str, Builtin] = {}
# Words that stand for themselves: suits, and the causes a removal can have.
CONSTANTS = {word: word for word in ("fox", "rabbit", "mouse", "bird", "any", "battle", "effect", "ambush",
                                     "move", "craft",
                                     "warrior", "building", "token", "pawn", "marker",
                                     "birdsong", "daylight", "evening")}
VALUES: dict[str, Callable[[Ctx], Any]] = {
    "me": lambda ctx: ctx.me,
    "current": lambda ctx: ctx.game.current,
    "phase": lambda ctx: ctx.game.s.phase,
    "players": lambda ctx: player_order(ctx.game, ctx.me),
    # Law glossary: an enemy is any other player you are not in a coalition with (9.2.8)
    # (a list, not a generator: asked by abilities' conditions at nearly every battle and removal)
    "enemies": lambda ctx: tuple([f for f in player_order(ctx.game, ctx.me)[1:] if ctx.game.are_enemies(ctx.me, f)]),
    "suits": lambda ctx: SUITS,
}


def player_order(game: Any, first: str) -> tuple:
    """Every faction in turn order, starting from `first`: "in player order" starts from the
    acting player, not from the first seat."""
    seats = game.s.seats
    i = seats.index(first) if first in seats else 0
    return tuple(seats[i:] + seats[:i])


def builtin(name: str, min_args: int, max_args: int | None = None, pure: bool = True) -> Callable:
    def register(fn: Callable) -> Callable:
        FUNCTIONS[name] = Builtin(fn, min_args, min_args if max_args is None else max_args,
                                  (fn.__doc__ or "").strip(), pure)
        return fn
    return register


def shortcuts(name: str, any_fn: Callable[..., bool], count_fn: Callable[..., int]) -> None:
    """Give the list builtin `name` the forms generated code calls for `exists(name(...))` and
    `count(name(...))`: the same arguments, the same answer and the same errors up to where
    the answer is known, without building the list."""
    FUNCTIONS[name] = replace(FUNCTIONS[name], any_fn=any_fn, count_fn=count_fn)


def location(ctx: Ctx, where: Any) -> str:
    """A clearing (int), a path ("3-7") or a box as a board location."""
    return as_location(where)


def current_battle(game: Any) -> dict | None:
    """The innermost battle frame being fought, if any."""
    for frame in reversed(game.s.stack):
        if frame["op"] == "battle":
            return frame
    return None


def _piece(ctx: Ctx, pid: Any) -> tuple[str, str, str]:
    try:
        return ctx.game.s.pieces[pid]
    except (KeyError, TypeError):
        raise LanguageError(f"{pid!r} is not a piece on the map") from None


