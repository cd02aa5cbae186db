"""Answers that lead back where they started: some actions can be taken and undone at no
cost (an action whose every choice can be declined), so a bot that judges positions would
find them as good as the position itself and could take them again and again, forever. A
bot remembers, for the positions it has decided in during the current turn, what it
answered there; meeting the same position again means the answer went round in a circle,
and it is not offered again."""
from __future__ import annotations

from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.visibility import may_see


def position(game: Game, decision: dict) -> tuple:
    """What a decision is about, as the deciding seat sees it: the board, its own cards and the
    sizes of the others' hands and hidden piles, pieces off the map and scores, the turn and
    phase, and the question asked (without the stack's counters)."""
    s = game.s
    me = decision["player"]

    def cards(f: str, pile: str, held: list[int]) -> tuple:
        return tuple(held) if may_see(game, me, f, "pile", pile) else (len(held),)

    players = tuple((f, p.score, tuple(p.hand) if f == me else len(p.hand),
                     tuple((name, cards(f, name, held)) for name, held in sorted(p.piles.items())),
                     tuple(p.items), repr(p.supply), tuple(p.persistent))
                    for f, p in s.players.items())
    return (s.round, s.current, s.phase, repr(s.pieces), len(s.deck), len(s.discard), players,
            decision["player"], decision.get("kind"), repr(decision["options"]))


class Cycles:
    """The answers given in each position of the current turn."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.given: dict[tuple, list[str]] = {}

    def fresh(self, game: Game, decision: dict) -> tuple[tuple, list[Any]]:
        """The position and the options not yet answered in it this turn (all of them if
        every one was)."""
        turn = (game.s.round, game.s.current)
        if turn != self.turn:
            self.turn, self.given = turn, {}
        key = position(game, decision)
        given = self.given.get(key, [])
        options = [o for o in decision["options"] if repr(o) not in given]
        return key, options or list(decision["options"])

    def note(self, key: tuple, option: Any) -> None:
        self.given.setdefault(key, []).append(repr(option))
