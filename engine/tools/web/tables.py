"""Games at the web table: who plays each seat, the answers so far, and running the bots.

A table is plain engine objects (a Game, its Setup, the answers given) plus which seats are
people; bots are the same random agents as `rootlaw play`, seeded from the game seed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Record, Setup
from rootlaw.core.game import Game

MAX_BOT_DECISIONS = 100_000  # a bound on one run of the bots, far above any real game


@dataclass
class Table:
    game: Game
    setup: Setup
    humans: set[str]
    answers: list[Any] | None = field(default_factory=list)  # None: resumed from a save, no full record
    bots: dict[str, RandomAgent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.bots = {fid: RandomAgent(self.setup.seed * 1000 + i) for i, fid in enumerate(self.game.s.seats)}

    def answer(self, option: Any) -> None:
        self.game.answer(option)
        if self.answers is not None:
            self.answers.append(option)

    def run_bots(self, limit: int = MAX_BOT_DECISIONS) -> None:
        """Bots answer until a person must decide or the game ends (or `limit` decisions)."""
        for _ in range(limit):
            decision = self.game.pending()
            if decision is None or decision["player"] in self.humans:
                return
            self.answer(self.bots[decision["player"]].choose(self.game, decision))

    def record(self) -> Record | None:
        if self.answers is None:
            return None
        return Record(self.setup, list(self.answers), self.game.s.digest() if self.game.pending() is None else None)
