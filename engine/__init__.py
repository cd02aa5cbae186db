"""rootlaw: a rules engine for Root whose factions are data.

The names of `__all__` are the Python API for scripting rootlaw from a notebook or a script
(docs/python.md): start a game from a `Setup`, answer its decisions (`Game.pending()`,
`Game.answer()`), try answers on a `Game.clone()`, let agents play (`play_game`), save, load
and replay games, load packs and run scenarios.

Importing the package registers every frame handler of the core rules (`rootlaw.play`) and
nothing more: the loaders, scenarios and agents behind the other names are imported when a
name is first used (a module `__getattr__`), so `import rootlaw` stays as quick as the game
machine alone.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import play  # noqa: F401  (handler registration)
from .core.game import Game, Options, Rules
from .play.setup import new_game
from .version import __version__

if TYPE_CHECKING:
    from .agents.agent import Agent, RandomAgent, ScriptedAgent
    from .agents.agent import play as play_game
    from .agents.greedy import GreedyBot
    from .agents.mcts import MctsBot
    from .agents.registry import make_bot
    from .content.packs import Pack, load_pack, load_packs
    from .content.record import Record, Setup, load_game, replay, save_game
    from .core.option_names import option_names
    from .errors import DataError, Problem, RootlawError
    from .language.versions import CURRENT as LANGUAGE
    from .scenarios.runner import Outcome, run_scenario

# name -> (module, attribute): imported on first use
_LAZY = {
    # a game and its setup, records and saved games
    "Setup": ("content.record", "Setup"),
    "Record": ("content.record", "Record"),
    "replay": ("content.record", "replay"),
    "save_game": ("content.record", "save_game"),
    "load_game": ("content.record", "load_game"),
    "option_names": ("core.option_names", "option_names"),
    # what one seat may see (hidden information): the seat-view function of the API goes here
    "seat_view": ("tools.view", "seat_view"),
    # packs and scenarios
    "Pack": ("content.packs", "Pack"),
    "load_pack": ("content.packs", "load_pack"),
    "load_packs": ("content.packs", "load_packs"),
    "run_scenario": ("scenarios.runner", "run_scenario"),
    "Outcome": ("scenarios.runner", "Outcome"),
    # agents
    "Agent": ("agents.agent", "Agent"),
    "RandomAgent": ("agents.agent", "RandomAgent"),
    "ScriptedAgent": ("agents.agent", "ScriptedAgent"),
    "GreedyBot": ("agents.greedy", "GreedyBot"),
    "MctsBot": ("agents.mcts", "MctsBot"),
    "make_bot": ("agents.registry", "make_bot"),
    "play_game": ("agents.agent", "play"),
    # errors, and the faction language's version
    "RootlawError": ("errors", "RootlawError"),
    "DataError": ("errors", "DataError"),
    "Problem": ("errors", "Problem"),
    "LANGUAGE": ("language.versions", "CURRENT"),
}

__all__ = ["Game", "Options", "Rules", "new_game", "__version__", *_LAZY]


# the modules of the names that load files: a script naming one gets the file layer whole, its
# YAML reader (PyYAML) included, as it always has; rootlaw.files.documents itself imports PyYAML
# only when a file is parsed, so the `rootlaw` command's warm start, whose files all come from
# its caches, never imports it
_LOADERS = ("content.", "scenarios.")


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'rootlaw' has no attribute {name!r}")
    module, attribute = _LAZY[name]
    value = getattr(import_module(f".{module}", __name__), attribute)
    if module.startswith(_LOADERS):
        import_module(".files.yaml_loader", __name__)
    globals()[name] = value  # later uses find it at once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
