"""The greedy bot: one-ply lookahead with the generic evaluation.

For each option it answers on a clone, lets the rest of the decision chain (the remaining
choices of the same action, the defender's answers too, within the same phase of the turn and
up to a small cap) be played by a seeded random completion, and keeps the option whose
position is worth most to it. Without that completion, the first choice of an action (which
clearing, which card) would change nothing measurable and every option would look alike.
Every option is tried against the same re-randomised dice and draw pile (see `chance`), never
the real ones. Ties go to a random option among the best.
"""
from __future__ import annotations

from typing import Any

from ..game import Game
from ..rng import Rng
from .chance import hide_chance
from .evaluation import value

FOLLOW = 6   # decisions played on after the option before the position is judged
SAMPLES = 2  # completions averaged per option


class GreedyBot:
    def __init__(self, seed: int, follow: int = FOLLOW, samples: int = SAMPLES) -> None:
        self.rng = Rng(seed)
        self.follow = follow
        self.samples = samples

    def choose(self, game: Game, decision: dict) -> Any:
        me = decision["player"]
        best: list[Any] = []
        best_value = float("-inf")
        # the same hidden futures and completions for every option, so options differ only by
        # what they do (common random numbers)
        futures = [self.rng.next64() for _ in range(self.samples)]
        for option in decision["options"]:
            v = 0.0
            for future in futures:
                trial = hide_chance(game.clone(), future)
                trial.answer(option)
                self._complete(trial, Rng(future))
                v += value(trial, me) / len(futures)
            if v > best_value + 1e-9:
                best, best_value = [option], v
            elif abs(v - best_value) <= 1e-9:
                best.append(option)
        return best[self.rng.below(len(best))]

    def _complete(self, game: Game, rng: Rng) -> None:
        """Play on within the same phase of the same turn, whoever decides (a defender choosing
        which piece takes a hit finishes the battle the option started)."""
        turn = (game.s.round, game.s.current, game.s.phase)
        for _ in range(self.follow):
            pending = game.pending()
            if pending is None or (game.s.round, game.s.current, game.s.phase) != turn:
                return
            options = pending["options"]
            game.answer(options[rng.below(len(options))])
