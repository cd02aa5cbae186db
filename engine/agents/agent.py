"""Agents answer decisions; they see nothing but the pending decision and the game.

Each agent keeps its own generator, so a game's randomness (dice, shuffles) and the bots'
choices never share a stream.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Protocol

from rootlaw.core.game import Game
from rootlaw.core.option_names import option_names
from rootlaw.core.rng import Rng
from rootlaw.errors import RootlawError


class Agent(Protocol):
    """Anything that answers a decision with one of its options."""

    def choose(self, game: Game, decision: dict) -> Any: ...


class RandomAgent:
    """Uniform over the legal options, from its own seed."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, decision: dict) -> Any:
        options = decision["options"]
        return options[self.rng.below(len(options))]


class ScriptedAgent:
    """Answers from a list, in order; running out is an error that says where."""

    def __init__(self, answers: Iterable[Any]) -> None:
        self.answers = list(answers)
        self.used = 0

    def choose(self, game: Game, decision: dict) -> Any:
        if self.used >= len(self.answers):
            raise RootlawError(f"the script has no answer left for '{decision['kind']}' "
                               f"({decision['player']}); options: {option_names(game, decision, 12)}")
        answer = self.answers[self.used]
        self.used += 1
        return answer


def play(game: Game, agent: Agent | Mapping[str, Agent], answers: list | None = None,
         max_decisions: int = 1_000_000) -> list:
    """Answer decisions until the game ends (or `max_decisions` were taken), by one agent for
    every seat or one per seat (faction id -> agent); returns (and extends) the answers given."""
    answers = [] if answers is None else answers
    for _ in range(max_decisions):
        decision = game.pending()
        if decision is None:
            break
        choice = (agent[decision["player"]] if isinstance(agent, Mapping) else agent).choose(game, decision)
        game.answer(choice)
        answers.append(choice)
    return answers
