"""rootlaw: a rules engine for Root whose factions are data.

Importing the package registers every frame handler of the core rules.
"""
from . import actions, battle, crafting, movement, setup, turns  # noqa: F401  (handler registration)
from .game import Game, Options, Rules
from .setup import new_game

__all__ = ["Game", "Options", "Rules", "new_game"]
__version__ = "0.1.0"
