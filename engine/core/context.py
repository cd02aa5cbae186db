"""The context an expression runs in: the game, the faction whose ability it is, and its names."""
from __future__ import annotations

from typing import Any

from rootlaw.errors import RootlawError


class Ctx:
    """`me` is the faction the ability belongs to; `env` maps bound names to immutable values."""

    __slots__ = ("game", "me", "env")

    def __init__(self, game: Any, me: str, env: dict) -> None:
        self.game = game
        self.me = me
        self.env = env


class LanguageError(RootlawError):
    """A mistake found while running an ability (a field missing from a value, a bad type); the
    game loop says which ability it was in, and a bot or a picture asking the board outside
    the loop gets a clean error too."""
