"""Bots that play any faction from data: they see decisions, options and `Game.clone()` only.

`make_bot(name, seed)` builds one by name; every bot keeps its own generator, so the same
seed gives the same choices. What a bot sees: what its seat may know (`rootlaw.core.visibility`).
Its trial games are samples of the states the seat cannot tell apart (`chance.sample`): the
cards hidden from it dealt again, those it was shown kept where it saw them, fresh dice. The
`-omniscient` bots read every hand and pile (only chance is hidden from them); they are kept
to measure what fairness costs and are never a default.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from rootlaw.core.game import Game
from rootlaw.errors import RootlawError

from .agent import Agent, RandomAgent
from .greedy import GreedyBot
from .mcts import MctsBot

BOTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyBot,
    "mcts": MctsBot,
    "greedy-omniscient": partial(GreedyBot, fair=False),
    "mcts-omniscient": partial(MctsBot, fair=False),
}


def make_bot(name: str, seed: int) -> Agent:
    """The bot called `name`, seeded with `seed`."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise RootlawError(f"unknown bot '{name}'; known bots: {', '.join(BOTS)}") from None


def bot_names(text: str, factions: list[str]) -> dict[str, str]:
    """`greedy` for every faction, or `greedy,mcts,...` one per faction in the given order."""
    names = [n.strip() for n in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise RootlawError(f"unknown bot '{name}'; known bots: {', '.join(BOTS)}")
    if len(names) == 1:
        names = names * len(factions)
    if len(names) != len(factions):
        raise RootlawError(f"--bots names {len(names)} bot(s) for {len(factions)} faction(s); "
                           "give one bot for all, or one per faction in the order of --factions")
    return dict(zip(factions, names))


def seat_bots(game: Game, bots: dict[str, str], seed: int) -> dict[str, Agent]:
    """One bot per seat, seeded from the game seed and the seat's position (as `rootlaw play`
    does), so a game of a simulation replays alone with `rootlaw play --seed`."""
    return {fid: make_bot(bots[fid], seed * 1000 + i) for i, fid in enumerate(game.s.seats)}


__all__ = ["BOTS", "make_bot", "bot_names", "seat_bots", "GreedyBot", "MctsBot"]
