"""Events: the core announces what happened; abilities listening for it queue their reactions.

Listeners never act on the spot: each returns frames to push, so reactions run after the
event's whole batch is done (Law 1.5.4). When several listeners answer one event, one player
orders them through an `order_reactions` frame: the side taking hits for pieces removed in
battle (Law 4.3.4), otherwise the player whose turn it is (Law 1.1.3). Reactions of one
faction written as alternatives of each other (`exclusive_with`) are one reaction: their owner
chooses which of them applies (`alternatives` frame).
"""
from __future__ import annotations

from typing import Any

from .frames import handler


def react(game: Any, event: str, payload: dict, frames: list[dict]) -> None:
    """Push the reactions `frames` the event's listeners gave (`Game.emit` gathers them)."""
    if any("exclusive" in frame for frame in frames):
        frames = alternatives(frames)
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


def alternatives(frames: list[dict]) -> list[dict]:
    """Reactions set off together that are alternatives of each other (one of them names the
    other in `exclusive_with`, both of one owner) become one `alternatives` frame, in the place of
    the first of them; the others stay as they are."""
    group = list(range(len(frames)))  # each reaction's group: the index of the group's first reaction

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i, frame in enumerate(frames):
        for j, other in enumerate(frames):
            if i != j and frame.get("me") == other.get("me") and other.get("ability") in frame.get("exclusive", ()):
                a, b = sorted((root(i), root(j)))
                group[b] = a
    members: dict[int, list[dict]] = {}
    for i, frame in enumerate(frames):
        members.setdefault(root(i), []).append(frame)
    out = []
    for first, found in members.items():
        if len(found) == 1:
            out.append(found[0])
        else:
            ids = "/".join(f["ability"] for f in found)
            out.append({"op": "alternatives", "me": found[0]["me"], "ability": ids, "pending": tuple(found)})
    return out


@handler("alternatives")
def choose_alternative(game: Any, f: dict) -> None:
    """Only one of several alternative reactions applies: their owner chooses which."""
    pending = f["pending"]
    if "pick" not in f:
        options = [p["ability"] for p in pending]
        if game.ask(f, "pick", f["me"], "alternative", options, "only one of these applies: which one?"):
            return
    pick = f.pop("pick")
    chosen = next(p for p in pending if p["ability"] == pick)
    game.log("alternative", faction=f["me"], ability=chosen["ability"],
             abilities=[p["ability"] for p in pending if p is not chosen])
    game.pop()
    game.push(dict(chosen))
