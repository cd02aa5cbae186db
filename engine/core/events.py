"""Events: the core announces what happened; abilities listening for it queue their reactions.

Listeners never act on the spot: each returns frames to push, so reactions run after the
event's whole batch is done (Law 1.5.4). When several listeners answer one event, one player
orders them through an `order_reactions` frame: the side taking hits for pieces removed in
battle (Law 4.3.4), otherwise the player whose turn it is (Law 1.1.3).
"""
from __future__ import annotations

from typing import Any


def emit(game: Any, event: str, payload: dict) -> None:
    frames: list[dict] = []
    for listener in game.rules.listeners.get(event, ()):
        frames.extend(listener(game, event, payload))
    if not frames:
        return
    first = [frame for frame in frames if frame.get("replacing")]
    if first:
        # replacements written as reactions decide where removed pieces go before any other
        # ability hears of the removal; the others are told afterwards, with `replaced_to` set
        # (engine/core/replacements.py)
        game.push({"op": "tell_removed", "event": event, "payload": payload})
        frames = first
    push_reactions(game, event, payload, frames)


def push_reactions(game: Any, event: str, payload: dict, frames: list[dict]) -> None:
    """Start the reactions to one event: one at once, several in an order a player picks."""
    if not frames:
        return
    if len(frames) == 1:
        game.push(frames[0])
    else:
        game.push({"op": "order_reactions", "pending": tuple(frames),
                   "chooser": orderer(game, event, payload, frames)})


def orderer(game: Any, event: str, payload: dict, frames: list[dict]) -> str:
    """Who orders simultaneous reactions.

    Law 4.3.4: the player taking hits chooses the order of the effects its removed pieces set
    off. When only one side lost pieces, that side orders everything the removal set off; when
    both did, a side orders the reactions if they are all its own. Any other case is one the
    Law leaves unclear, and Law 1.1.3 gives it to the player whose turn it is.
    """
    if event == "removed" and payload.get("cause") in ("battle", "ambush"):
        losers = [f for f in game.s.seats if any(p["faction"] == f for p in payload["pieces"])]
        owners = {frame.get("me") for frame in frames}
        if len(losers) == 1:
            return losers[0]
        if len(owners) == 1 and next(iter(owners)) in losers:
            return next(iter(owners))
    return game.current
