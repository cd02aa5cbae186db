"""`say PHRASE`: a log line in every language, its values kept as data (rootlaw.language.phrases)."""
from __future__ import annotations

from typing import Any

from .base import Fn, Stmt, ctx_of


class SayPhrase(Stmt):
    """A phrase of the faction's file: the log entry names it and holds its values, which the
    reader's language names when the log is read."""

    def __init__(self, phrase: str, values: tuple[Fn, ...]) -> None:
        self.phrase, self.values = phrase, values

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        game.log("phrase", faction=f["me"], phrase=self.phrase, values=[value(ctx) for value in self.values])
        return True
