"""Builtins about where a faction can reach and place: clearings connected through a set of
clearings, the corner opposite another, and whether a piece may be placed somewhere.

`connected` answers "connected to the chosen clearing through clearings you rule" in one
expression, `opposite` reads each map's own pairs of opposite corners (the Lake pairs its
corners differently), and `can_place` lets every placing choice leave out a clearing where the
piece could not be placed (a Keep, a full clearing), so no one is offered, or pays for, a
placement that cannot happen.
"""

from typing import Any

from rootlaw.core.context import Ctx, LanguageError

from .registry import builtin, location


@builtin("connected", 2)
def _connected(ctx: Ctx, c: int, through: Any) -> tuple:
    """The clearings of `through` joined to c by a chain of adjacent clearings all in `through`
    (adjacency as mine, abilities included), c first, then nearer before farther; none of them
    when c is not in `through`: connected(c, {x in clearings() where rules(me, x)})."""
    allowed = set(through or ())
    if c not in allowed:
        return ()
    found, frontier = [c], [c]
    seen = {c}
    while frontier:
        step = []
        for here in frontier:
            for n in ctx.game.adjacent(here, ctx.me):
                if n in allowed and n not in seen:
                    seen.add(n)
                    step.append(n)
        step.sort()
        found.extend(step)
        frontier = step
    return tuple(found)


@builtin("opposite", 1)
def _opposite(ctx: Ctx, c: int) -> Any:
    """The corner diagonally opposite corner c on this map (each map says its pairs), or none
    when c is not a corner."""
    return ctx.game.rules.map.opposite.get(c)


@builtin("can_place", 2, 3)
def _can_place(ctx: Ctx, kind: str, where: Any, faction: str | None = None) -> bool:
    """Whether I may place a piece of `kind` (of `faction`, default mine) in `where` (a
    clearing, a path or a box): building slots, the piece's limits there and every faction's
    `may_place` restrictions (a Keep); the supply aside, which the choice states itself."""
    me = ctx.me
    owner = faction or me
    game = ctx.game
    if (owner, kind) not in game.rules.piece_defs:
        raise LanguageError(f"{owner} has no piece '{kind}'")
    return game.can_place(owner, kind, f"c{where}" if type(where) is int else location(ctx, where), by=me, supply=False)
