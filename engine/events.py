"""Events: the core announces what happened; abilities listening for it queue their reactions.

Listeners never act on the spot: each returns frames to push, so reactions run after the
event's whole batch is done (Law 1.5.4). When several listeners answer one event, the player
whose turn it is orders them (Law 1.1.3) through an `order_reactions` frame.
"""
from __future__ import annotations

from typing import Any


def emit(game: Any, event: str, payload: dict) -> None:
    frames: list[dict] = []
    for listener in game.rules.listeners.get(event, ()):
        frames.extend(listener(game, event, payload))
    if not frames:
        return
    if len(frames) == 1:
        game.push(frames[0])
    else:
        game.push({"op": "order_reactions", "pending": tuple(frames)})
