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


def signature(game: "Game", pid: int, marks: dict[str, tuple] | None = None) -> tuple:
    """What the rules can see of a piece besides its id: where it stands, and its look
    (`marks`: the table of `_marks`, when the caller made it for many pieces)."""
    return game.s.pieces[pid][2], _look(game, pid, _marks(game) if marks is None else marks)


def _look(game: "Game", pid: int, marks: dict[str, tuple]) -> tuple:
    """Owner, kind, its states (exhausted, damaged...), the look of each piece it holds, and the
    marks put on it this turn.

    A mark names its value, not what the value is; a mark on a clearing whose number equals a
    piece's id sets that piece apart too, which only ever offers one option more.
    """
    faction, kind, _ = game.s.pieces[pid]
    held = game.s.at.get(piece_loc(pid))
    held = tuple(sorted(_look(game, h, marks) for h in held)) if held else ()
    return faction, kind, game.s.states.get(pid, ()), held, marks.get(str(pid), ()) if marks else ()


def marks_on(game: "Game", pid: int) -> tuple[tuple[str, str], ...]:
    """(who marked, the mark's name) for each `mark NAME(piece)` put on the piece this turn."""
    return _marks(game).get(str(pid), ())


def _marks(game: "Game") -> dict[str, tuple[tuple[str, str], ...]]:
    """`marks_on` of every marked piece, by the text of its id: each used key "mark:NAME:ID"
    (one colon after the name) of any seat; read once for all the pieces a choice compares."""
    found: dict[str, list[tuple[str, str]]] = {}
    for marker in game.s.seats:
        for key in game.s.players[marker].used:
            if key.startswith("mark:") and key.count(":") == 2:
                name, _, pid = key[5:].partition(":")
                found.setdefault(pid, []).append((marker, name))
    return {pid: tuple(sorted(pairs)) for pid, pairs in found.items()}


def distinct(game: "Game", pids: Iterable[int]) -> list[int]:
    """One piece of each group of identical pieces, the first of each group in the order given."""
    seen: set[tuple] = set()
    out = []
    marks = _marks(game)
    for pid in pids:
        key = signature(game, pid, marks)
        if key not in seen:
            seen.add(key)
            out.append(pid)
    return out
