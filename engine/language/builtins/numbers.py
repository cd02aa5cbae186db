"""Builtins on numbers and lists: count, exists, min, max, sums, picks."""

import math
from typing import Any, Callable

from rootlaw.core.context import Ctx, LanguageError

from .registry import (
    builtin,
)


# --- numbers and lists ---------------------------------------------------------------------
@builtin("count", 1)
def _count(ctx: Ctx, items: tuple) -> int:
    return len(items)


@builtin("exists", 1)
def _exists(ctx: Ctx, items: tuple) -> bool:
    return len(items) > 0


@builtin("min", 1, 2)
def _min(ctx: Ctx, a: Any, b: Any = None) -> Any:
    """The smaller of two numbers, or the least of a list (none for an empty one)."""
    if b is not None:
        return min(a, b)
    return min(a) if a else None


@builtin("nth", 2)
def _nth(ctx: Ctx, items: Any, n: int) -> Any:
    """The n-th item of a list, counting from 1, or none when the list is shorter."""
    items = tuple(items or ())
    if not isinstance(n, int) or isinstance(n, bool):
        raise LanguageError(f"nth() needs a whole number, got {n!r}")
    return items[n - 1] if 1 <= n <= len(items) else None


@builtin("argmin", 2)
def _argmin(ctx: Ctx, items: Any, scores: Any) -> tuple:
    """The items whose score (same position in `scores`) is lowest, in order (all of a tie)."""
    return _arg(items, scores, min)


@builtin("argmax", 2)
def _argmax(ctx: Ctx, items: Any, scores: Any) -> tuple:
    """The items whose score (same position in `scores`) is highest, in order (all of a tie)."""
    return _arg(items, scores, max)


def _arg(items: Any, scores: Any, pick: Callable) -> tuple:
    items, scores = tuple(items or ()), tuple(scores or ())
    if len(items) != len(scores):
        raise LanguageError(f"{len(items)} items but {len(scores)} scores")
    if not items:
        return ()
    target = pick(scores)
    return tuple(item for item, score in zip(items, scores) if score == target)


@builtin("max", 1, 2)
def _max(ctx: Ctx, a: Any, b: Any = None) -> Any:
    if b is not None:
        return max(a, b)
    return max(a) if a else None


@builtin("sum", 1)
def _sum(ctx: Ctx, items: tuple) -> int:
    return sum(items)


@builtin("first", 1, 2)
def _first(ctx: Ctx, items: tuple, n: int | None = None) -> Any:
    """The first item (none if empty), or the first n items as a list."""
    if n is None:
        return items[0] if items else None
    return tuple(items[:n])


@builtin("values_of", 2)
def _values_of(ctx: Ctx, items: tuple, name: str) -> tuple:
    """One field of each item, in order: the kinds of the pieces of a removal event, say."""
    try:
        return tuple(item[name] for item in items)
    except (KeyError, TypeError):
        raise LanguageError(f"not every item of {items!r} has a field '{name}'") from None


@builtin("half_up", 1)
def _half_up(ctx: Ctx, n: int) -> int:
    """Half, rounded up (Law: "half, rounded up")."""
    return math.ceil(n / 2)


@builtin("without", 2)
def _without(ctx: Ctx, items: Any, item: Any) -> tuple:
    """The list without the first occurrence of `item` (the list itself when it has none):
    one card of a column resolved, the others still to do."""
    items = tuple(items or ())
    if item not in items:
        return items
    i = items.index(item)
    return items[:i] + items[i + 1:]


@builtin("unique", 1)
def _unique(ctx: Ctx, items: tuple) -> tuple:
    return tuple(dict.fromkeys(items))


@builtin("best", 2)
def _best(ctx: Ctx, items: tuple, scores: tuple) -> tuple:
    """The items whose score (same position in `scores`) is highest: for "the clearing with the most"."""
    return _arg(items, scores, max)


@builtin("roll", 0, pure=False)
def _roll(ctx: Ctx) -> int:
    """Roll one die, 0 to 3, from the game's generator; the log shows the roll."""
    value = ctx.game.roll_die()
    ctx.game.log("roll", faction=ctx.me, value=value)
    return value


