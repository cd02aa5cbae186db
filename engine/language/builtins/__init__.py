"""The functions and constants of the faction language, in one registry (`registry`), filled
by a module per topic: the board, pieces, cards and players, numbers and lists, this turn.

The compiler checks every call against the registry at load, so a misspelt or misused
function is a load error with a position, never a crash during play.
"""
from . import board, cards, items, numbers, pieces, places, reach, turn  # noqa: F401  (each registers its functions)
from .registry import (
    CONSTANTS,
    FUNCTIONS,
    VALUES,
    Builtin,
    builtin,
    current_battle,
    location,
    player_order,
)

__all__ = ["CONSTANTS", "FUNCTIONS", "VALUES", "Builtin", "builtin", "current_battle", "location", "player_order"]
