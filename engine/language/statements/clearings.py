"""`clear CLEARINGS`: remove all enemy pieces from clearings, as the Law words it (a Favor
card, a faction's effect that says so), so that rules reacting to such an effect itself
(Law 9.2.2.I) can see it."""
from __future__ import annotations

from typing import Any

from .base import Fn, Stmt, as_list, ctx_of


class Clear(Stmt):
    def __init__(self, clearings: Fn, ability: str) -> None:
        self.clearings, self.ability = clearings, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        where = as_list(self.clearings(ctx))
        if where:
            game.log("clear", faction=ctx.me, clearings=list(where), ability=self.ability)
            game.clear_enemies(ctx.me, where, ability=self.ability)
        return True
