"""Invariants: conditions a faction's board must satisfy at all times ("whenever this stops
being true...").

A trigger waits for a named event; an invariant cannot, because anything may break it: a
battle, a move, another faction's effect, a card. So the game loop, after every step that
changed the game (a placement, a removal, a relocation, a variable set: one batch of changes),
asks each invariant whether it still holds and pushes the repair effect of every one that does
not. Setting a variable counts because it may switch abilities (and so what an invariant reads,
such as a faction's adjacency) on or off. An invariant that names the pieces it is about
(`watch:`) is only asked after a batch that placed, moved or removed one of them, or set a
variable.

The repair runs before anything else, before the pending decision if one was just asked (the
asking frame asks again when play returns to it). While an invariant's repair is running it is
not fired again; a frame left under the repairs checks every invariant once more when they are
done, so a repair may fix one thing at a time. That frame is plain data in the state, so a game
saved in the middle of a repair goes on exactly as it would have.
"""
from __future__ import annotations

from typing import Any

from .frames import handler
from .hooks import ANY_CHANGE, INVARIANT_EVENT


def check(game: Any) -> None:
    """Fire the repair of every broken invariant; called by the loop after a change."""
    changed, game.changed = game.changed, set()
    listeners = game.rules.listeners.get(INVARIANT_EVENT, ())
    s = game.s
    if not listeners or s.ended:
        return
    if len(listeners) == 1:  # one faction's invariants (most games that have any): no list to join
        frames = listeners[0](game, INVARIANT_EVENT, changed)
    else:
        frames = [frame for listener in listeners for frame in listener(game, INVARIANT_EVENT, changed)]
    if not frames:
        return  # the usual case: every invariant holds
    queued = [f for frame in s.stack for f in (frame, *frame.get("pending", ()))]
    running = {(f.get("ability"), f.get("me")) for f in queued if f.get("op") == "block"}
    frames = [frame for frame in frames if (frame["ability"], frame["me"]) not in running]
    if not frames:
        return
    s.decision = None
    # named after the repairs it follows, so a repair that never repairs is named by the step budget
    s.stack.append({"op": "recheck_invariants", "ability": ", ".join(sorted({f["ability"] for f in frames}))})
    s.stack.append(frames[0] if len(frames) == 1 else {"op": "order_reactions", "pending": tuple(frames)})


@handler("recheck_invariants")
def recheck(game: Any, f: dict) -> None:
    """The repairs above this frame are done: look at every invariant again."""
    game.changed.add(ANY_CHANGE)
    game.pop()
