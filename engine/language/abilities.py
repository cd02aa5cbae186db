"""Turning the abilities of a faction file into what the core calls: listeners and modifiers.

A trigger becomes a listener that, when its event happens and its condition holds, returns a
`block` frame for its effect. A modifier (or restriction) becomes a function folded into a
core computation. Both know the faction they belong to ("me").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .context import Ctx
from .statements import block_frame

Fn = Callable[[Ctx], Any]


@dataclass(frozen=True)
class Trigger:
    id: str
    rule: str
    event: str
    when: Fn | None
    code: str

    def listener(self, owner: str, holders: Callable[[Any], tuple[str, ...]] | None = None) -> Callable:
        """The function the core calls on the event; `holders` picks who owns a card's ability."""

        def listen(game: Any, event: str, payload: dict) -> list[dict]:
            frames = []
            for me in (holders(game) if holders else (owner,)):
                env = {"event": payload}
                if self.when is None or self.when(Ctx(game, me, env)):
                    frames.append(block_frame(self.code, me, env, self.id, self.rule))
            return frames
        return listen


@dataclass(frozen=True)
class Modifier:
    id: str
    rule: str
    hook: str
    when: Fn | None
    value: Fn

    def function(self, owner: str, holders: Callable[[Any], tuple[str, ...]] | None = None) -> Callable:
        def modify(game: Any, value: Any, context: dict) -> Any:
            for me in (holders(game) if holders else (owner,)):
                ctx = Ctx(game, me, {"value": value, **context})
                if self.when is None or self.when(ctx):
                    value = self.value(ctx)
            return value
        return modify
