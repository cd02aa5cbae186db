"""Ending a game that can no longer move: the result `stalled`.

Some faction mixes reach a position where no player can ever act again, or where play goes on
but nothing that decides the game changes (every player on a dominance card, deck and discard
empty, nobody able to score). Rather than loop forever or run out of steps, the game ends with
the result `stalled` when, at the start of a round,

* the scores and the board (pieces, ruins, items, dominance cards, closed paths) have not
  changed for BOARD_STALL_ROUNDS = 10 whole rounds (a third of a full game: in a real lull
  someone moves, builds or scores within a round or two), or
* no score has changed for SCORE_STALL_ROUNDS = 30 whole rounds, a full game's length (this
  only matters without a round limit, where pieces may wander forever without scoring).
"""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from .state import piece_texts

if TYPE_CHECKING:
    from .game import Game

BOARD_STALL_ROUNDS = 10
SCORE_STALL_ROUNDS = 30
STALLED = "stalled"


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def marks(game: "Game") -> tuple[str, str]:
    """The marks of the scores and of the scores and board: the hash of the text (repr) of

        scores = sorted((faction, score, dominance) for each player)
        (scores, (sorted(s.pieces.items()), sorted(s.ruins.items()), sorted(s.items.items()),
                  sorted((faction, tuple(its items)) for each player), sorted(s.closed_paths)))

    with the pieces' part written from each piece's remembered text (as `State.position` does):
    the same text, at half the cost."""
    s = game.s
    score_text = repr(sorted([(f, p.score, p.dominance) for f, p in s.players.items()]))
    pieces_text = f"[{', '.join(piece_texts(sorted(s.pieces.items())))}]"
    rest = (sorted(s.ruins.items()), sorted(s.items.items()),
            sorted([(f, tuple(p.items)) for f, p in s.players.items()]), sorted(s.closed_paths))
    return _hash(score_text), _hash(f"({score_text}, ({pieces_text}, {repr(rest)[1:]})")


def check_round(game: "Game", frame: dict) -> bool:
    """Called at the start of each round; ends the game as stalled (True) when nothing has
    changed for too long. Its memory lives in the game frame, so clones and saves keep it."""
    score_mark, board_mark = marks(game)
    why = None
    for name, mark, limit in (("score", score_mark, SCORE_STALL_ROUNDS),
                              ("board", board_mark, BOARD_STALL_ROUNDS)):
        rounds = frame.get(f"{name}_calm", 0) + 1 if frame.get(f"{name}_mark") == mark else 0
        frame[f"{name}_mark"], frame[f"{name}_calm"] = mark, rounds
        if rounds >= limit:
            why = why or (f"no change of score or board for {limit} rounds" if name == "board"
                          else f"no change of score for {limit} rounds")
    if why is None:
        return False
    game.end(None, f"{STALLED}: {why}")
    return True
