"""Invariants: conditions a faction's board must satisfy at all times ("whenever this stops
being true...").

A trigger waits for a named event; an invariant cannot, because anything may break it: a
battle, a move, another faction's effect, a card. So the game loop, after every step that
changed the board (a placement, a removal, a relocation: one batch of changes), asks each
invariant whether it still holds and pushes the repair effect of every one that does not.
Setting a faction variable counts as a change too: it may switch abilities (and so what an
invariant reads, such as a faction's adjacency) on or off.
The repair runs before anything else, before the pending decision if one was just asked
(the asking frame asks again when play returns to it). While an invariant's repair is
running it is not fired again; it is checked again once the repair ends.
"""
from __future__ import annotations

from typing import Any

from .language.hooks import INVARIANT_EVENT


def check(game: Any) -> None:
    """Fire the repair of every broken invariant; called by the loop after a change."""
    listeners = game.rules.listeners.get(INVARIANT_EVENT, ())
    s = game.s
    if not listeners or s.ended:
        game.changed = False
        return
    queued = [f for frame in s.stack for f in (frame, *frame.get("pending", ()))]
    running = {(f.get("ability"), f.get("me")) for f in queued if f.get("op") == "block"}
    frames, waiting = [], False
    for listener in listeners:
        for frame in listener(game, INVARIANT_EVENT, {}):
            if (frame["ability"], frame["me"]) in running:
                waiting = True  # check it again when its repair is done
            else:
                frames.append(frame)
    game.changed = waiting
    if not frames:
        return
    s.decision = None
    if len(frames) == 1:
        s.stack.append(frames[0])
    else:
        s.stack.append({"op": "order_reactions", "pending": tuple(frames)})
