"""Builtins about the map: clearings, paths, suits, rulers, adjacency, corners, forests, slots."""

from typing import Any

from rootlaw.core.board import path_ends
from rootlaw.core.context import Ctx

from .registry import builtin


# --- the board -----------------------------------------------------------------------------
@builtin("clearings", 0)
def _clearings(ctx: Ctx) -> tuple:
    """Every clearing of the map."""
    return ctx.game.clearings()


@builtin("paths", 0)
def _paths(ctx: Ctx) -> tuple:
    """Every open path, as "a-b"."""
    return tuple(k for k in ctx.game.rules.map.paths if k not in ctx.game.s.closed_paths)


@builtin("paths_at", 1)
def _paths_at(ctx: Ctx, c: int) -> tuple:
    """Open paths that end at clearing c."""
    game = ctx.game
    if not game.s.closed_paths:  # the usual case: every path of the map, worked out once per game
        return game.rules.paths_at[c]
    return tuple(key for _, key in game.rules.adjacency[c] if key not in game.s.closed_paths)


@builtin("ends", 1)
def _ends(ctx: Ctx, path: str) -> tuple:
    """The two clearings a path joins."""
    return path_ends(path)


@builtin("path_between", 2)
def _path_between(ctx: Ctx, a: int, b: int) -> Any:
    """The open path joining two clearings, or none: a closed path (Mountain) is no path for
    any purpose until it is cleared (Law 16.2.3). A forest is joined to nothing by a path."""
    if type(a) is not int or type(b) is not int:
        return None
    for n, key in ctx.game.rules.adjacency[a]:
        if n == b and key not in ctx.game.s.closed_paths:
            return key
    return None


@builtin("suit", 1)
def _suit(ctx: Ctx, c: int) -> str:
    """The suit of clearing c."""
    return ctx.game.suit(c)


@builtin("ruler", 1)
def _ruler(ctx: Ctx, c: int) -> Any:
    """Who rules clearing c (Law 2.5), or none."""
    return ctx.game.ruler(c)


@builtin("rules", 2)
def _rules(ctx: Ctx, faction: str, c: int) -> bool:
    """Whether `faction` rules clearing c."""
    return ctx.game.ruler(c) == faction


@builtin("adjacent", 1, 2)
def _adjacent(ctx: Ctx, c: int, faction: str | None = None) -> tuple:
    """Clearings adjacent to c for `faction` (default: me), abilities included."""
    return ctx.game.adjacent(c, faction or ctx.me)


@builtin("corner", 1)
def _corner(ctx: Ctx, c: int) -> bool:
    return c in ctx.game.rules.map.corners


@builtin("edge", 1)
def _edge(ctx: Ctx, c: int) -> bool:
    """On the map edge (not an inner clearing)."""
    return c not in ctx.game.rules.map.inner


@builtin("central", 1)
def _central(ctx: Ctx, c: int) -> bool:
    """One of the clearings in the middle of the printed board (the map's `central`, else its inner ones)."""
    return c in ctx.game.rules.map.central


@builtin("tower", 0)
def _tower(ctx: Ctx) -> Any:
    """The clearing holding the Tower (the Mountain map's Pass), or none on other maps."""
    return ctx.game.rules.map.tower


@builtin("clearing_name", 1)
def _clearing_name(ctx: Ctx, c: int) -> str:
    """The name the map prints on clearing c (e.g. the Mountain's "Pass"), for rules that name one."""
    return ctx.game.rules.map.clearings[c].name


@builtin("river_neighbours", 1)
def _river_neighbours(ctx: Ctx, c: int) -> tuple:
    """Clearings joined to c by a river (the Lake's shore included): for abilities that treat
    rivers as paths."""
    m = ctx.game.rules.map
    return m.neighbours(c, m.rivers)


@builtin("forest_neighbours", 1)
def _forest_neighbours(ctx: Ctx, c: int) -> tuple:
    """Clearings that share a forest with c: where a move through the woods may lead."""
    m = ctx.game.rules.map
    out = {x for f in m.forests_touching(c) for x in m.forests[f] if x != c}
    return tuple(sorted(out))


@builtin("in_group", 2)
def _in_group(ctx: Ctx, group: tuple, kind: str) -> int:
    """How many pieces of a kind a moving group holds (a group is a list of [kind, count])."""
    total = 0
    for k, n in group:  # a loop, not sum() of a generator: asked of every group a move considers
        if k == kind:
            total += n
    return total


@builtin("free_slots", 1)
def _free_slots(ctx: Ctx, c: int) -> int:
    return ctx.game.free_slots(c)


