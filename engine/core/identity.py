"""When two pieces are the same option: identical in everything the rules can see.

Pieces of one kind are usually interchangeable, and offering each of them would only lengthen
decisions. They differ when something sets one apart: where it stands, what it holds (a token
holding one player's warrior is not a token holding another's), or a mark an ability put on it
this turn (a warrior already used for an action). Only then does the player choose which.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .locations import piece_loc

if TYPE_CHECKING:
    from .game import Game


def signature(game: "Game", pid: int) -> tuple:
    """What the rules can see of a piece besides its id: where it stands, and its look."""
    return game.s.pieces[pid][2], _look(game, pid)


def _look(game: "Game", pid: int) -> tuple:
    """Owner, kind, its states (exhausted, damaged...), the look of each piece it holds, and the
    marks put on it this turn.

    A mark names its value, not what the value is; a mark on a clearing whose number equals a
    piece's id sets that piece apart too, which only ever offers one option more.
    """
    faction, kind, _ = game.s.pieces[pid]
    held = tuple(sorted(_look(game, h) for h in game.s.at.get(piece_loc(pid), ())))
    return faction, kind, game.s.states.get(pid, ()), held, marks_on(game, pid)


def marks_on(game: "Game", pid: int) -> tuple[tuple[str, str], ...]:
    """(who marked, the mark's name) for each `mark NAME(piece)` put on the piece this turn."""
    suffix = f":{pid}"
    return tuple(sorted((marker, key[5:-len(suffix)]) for marker in game.s.seats
                        for key in game.s.players[marker].used
                        if key.startswith("mark:") and key.endswith(suffix) and key.count(":") == 2))


def distinct(game: "Game", pids: Iterable[int]) -> list[int]:
    """One piece of each group of identical pieces, the first of each group in the order given."""
    seen: set[tuple] = set()
    out = []
    for pid in pids:
        key = signature(game, pid)
        if key not in seen:
            seen.add(key)
            out.append(pid)
    return out
