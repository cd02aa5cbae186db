"""rootlaw: a rules engine for Root whose factions are data.

Importing the package registers every frame handler of the core rules (`rootlaw.play`).
"""
from . import play  # noqa: F401  (handler registration)
from .core.game import Game, Options, Rules
from .play.setup import new_game
from .version import __version__

__all__ = ["Game", "Options", "Rules", "new_game", "__version__"]
