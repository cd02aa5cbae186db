"""Builtins about this turn and the core actions: marks, tracks, rolls, battles, moves, crafts."""

from typing import Any

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import can_craft
from rootlaw.law.movement import can_move

from .registry import builtin, current_battle


# --- this turn -----------------------------------------------------------------------------
@builtin("times", 1, 2)
def _times(ctx: Ctx, name: str, value: Any = None) -> int:
    """How often `mark NAME` ran for me this turn; with `value`, how often `mark NAME(value)` did."""
    if value is None:
        return ctx.game.player(ctx.me).used.get(f"mark:{name}", 0)
    return ctx.game.player(ctx.me).used.get(f"mark:{name}:{value}", 0)


@builtin("marked", 2)
def _marked(ctx: Ctx, name: str, value: Any) -> bool:
    """Whether `mark NAME(value)` ran for me this turn."""
    return f"mark:{name}:{value}" in ctx.game.player(ctx.me).used


@builtin("track", 1)
def _track(ctx: Ctx, name: str) -> Any:
    """The value printed on a track at the space the next piece leaves (Law: "uncovered")."""
    track = ctx.game.faction(ctx.me).tracks.get(name)
    if track is None:
        raise LanguageError(f"{name!r} is not one of my tracks")
    placed = ctx.game.faction(ctx.me).pieces[track["piece"]].count - ctx.game.player(ctx.me).supply.get(track["piece"], 0)
    values = track["values"]
    return values[placed] if placed < len(values) else None


# --- battles and other core actions ----------------------------------------------------------
@builtin("current_battle", 0)
def _current_battle(ctx: Ctx) -> Any:
    """The battle being fought: attacker, defender, clearing, dice and the hits each side deals
    (att_hits, def_hits: rolled; att_extra, def_extra: extra), or none outside a battle."""
    frame = current_battle(ctx.game)
    if frame is None:
        return None
    return {key: frame.get(key) for key in ("attacker", "defender", "clearing", "dice", "att_hits", "def_hits",
                                           "att_extra", "def_extra")} | {"attacker": frame["player"]}


@builtin("can_battle", 0, 1)
def _can_battle(ctx: Ctx, clearing: int | None = None) -> bool:
    """Whether I could start a battle now (in clearing `clearing`, if given)."""
    return bool(battle_clearings(ctx.game, ctx.me, None if clearing is None else (clearing,), first=True))


@builtin("can_move", 0, 1)
def _can_move(ctx: Ctx, origin: int | None = None) -> bool:
    """Whether I could make a move now (from clearing `origin`, if given)."""
    return can_move(ctx.game, ctx.me, None if origin is None else {"from": (origin,)})


@builtin("can_craft", 0)
def _can_craft(ctx: Ctx) -> bool:
    """Whether I could craft a card of my hand now (crafting pieces, restrictions)."""
    return can_craft(ctx.game, ctx.me)
