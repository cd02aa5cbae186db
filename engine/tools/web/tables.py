"""A game at the web table: its setup, the answers so far (each with the seat that gave it), who
plays each seat, and the version pages carry.

The game itself is never stored: it is rebuilt by giving the answers again from the setup (or
from the saved state the table was loaded from), so what the database holds is exactly a game
record. `moves` counts every change (an answer or an undo); a page shows the version it was
drawn at, and an answer for another version is refused (the game moved on).

Undo (a ruling, also in the README): a seat may take back its own last answer while nothing
random or hidden has come out since it was given: the game's random generator has not moved
(no die rolled, no shuffle, no random card taken), no card was drawn (the deck is as it was),
no other seat answered since (the answer is the table's last), and the seat is still the one
deciding: a decision put to another seat tells something of its hand (an ambush card to play
is asked only of a defender who holds one), so once another seat is asked, the answer stands.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from rootlaw.agents.registry import make_bot
from rootlaw.content.record import Record, Setup
from rootlaw.core.game import Game, Rules
from rootlaw.core.state import State
from rootlaw.errors import IllegalAnswer, RootlawError

from .store import SeatRow

PERSON = "person"


@dataclass
class Table:
    id: int
    setup: Setup
    rules: Rules
    base: dict | None  # the saved state it was loaded from, as JSON; None: from the setup
    seats: dict[str, SeatRow]
    host: str
    watch: str
    answers: list[tuple[str, Any]] = field(default_factory=list)
    moves: int = 0
    touched: float = 0.0
    game: Game = field(init=False)
    # per answer: (random generator, deck size) just before it was given, for undo
    marks: list[tuple[int, int]] = field(default_factory=list, init=False)
    lock: threading.RLock = field(default_factory=threading.RLock, init=False)
    problem: str | None = field(default=None, init=False)
    stamp: int = field(default=0, init=False)  # every change the live pages should show (moves, seats, problems)  # why the game cannot go on (a pack's error)

    def __post_init__(self) -> None:
        self.rebuild(len(self.answers))

    def start(self) -> Game:
        if self.base is None:
            return self.setup.start(self.rules)
        return Game(self.rules, State.from_json(self.base))

    def rebuild(self, keep: int) -> None:
        """The game after the first `keep` answers (all of them at a start)."""
        game = self.start()
        self.marks = []
        for _, option in self.answers[:keep]:
            self.marks.append(_mark(game))
            game.answer(option)
        del self.answers[keep:]
        self.game = game

    # --- who plays -----------------------------------------------------------------------
    def people(self) -> list[str]:
        return [f for f in self.game.s.seats if self.seats[f].controller == PERSON]

    def bot_to_move(self) -> str | None:
        decision = self.game.pending()
        if decision is None or self.seats[decision["player"]].controller == PERSON:
            return None
        return decision["player"]

    def bot_choice(self) -> Any:
        """The bot's answer to the pending decision, seeded from the game seed, its seat and the
        number of answers so far (the same after a restart)."""
        seat = self.bot_to_move()
        index = self.game.s.seats.index(seat)
        bot = make_bot(self.seats[seat].controller, (self.setup.seed * 1000 + index) * 100_003 + len(self.answers))
        return bot.choose(self.game, self.game.pending())

    # --- answers -------------------------------------------------------------------------
    def answer(self, seat: str, option: Any) -> None:
        decision = self.game.pending()
        if decision is None or decision["player"] != seat:
            raise RootlawError("it is not that seat's decision")
        mark = _mark(self.game)
        try:
            self.game.answer(option)
        except IllegalAnswer:
            raise
        except RootlawError:  # a pack's rule failed half-way: back to the decision as it was
            self.rebuild(len(self.answers))
            raise
        self.marks.append(mark)
        self.answers.append((seat, option))
        self.moves += 1

    def can_undo(self, seat: str) -> bool:
        decision = self.game.pending()
        return (bool(self.answers) and self.answers[-1][0] == seat and self.marks[-1] == _mark(self.game)
                and decision is not None and decision["player"] == seat)

    def undo(self, seat: str) -> None:
        if not self.can_undo(seat):
            raise RootlawError("that answer cannot be taken back: something has happened since "
                               "(a die, a card drawn, another seat asked or answering)")
        self.rebuild(len(self.answers) - 1)
        self.moves += 1

    @property
    def over(self) -> bool:
        return self.game.pending() is None

    def record(self) -> Record | None:
        """The game record (None for a table loaded from a save: its earlier answers are unknown)."""
        if self.base is not None:
            return None
        return Record(self.setup, [option for _, option in self.answers],
                      self.game.s.digest() if self.over else None)


def _mark(game: Game) -> tuple[int, int]:
    return game.s.rng, len(game.s.deck)


__all__ = ["Table", "PERSON"]
