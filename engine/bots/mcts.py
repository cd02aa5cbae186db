"""The search bot: Monte Carlo tree search (UCT) over `Game.clone()`.

Move ordering by the greedy score: the root's options are first valued as the greedy bot
values them (one completion each), and the search spends its budget on the best few of them
only (`width`), which a small budget could not otherwise even visit once each. Each
iteration clones the game, hides chance (fresh dice and a reshuffled draw pile, see
`chance`), walks down the tree choosing by UCB1 for whoever decides at each node, adds one
node, plays on with random answers to the end of that phase of the turn (at most `rollout`
decisions) and scores the position with the generic evaluation. The tree is open-loop: a
node is a sequence of answers, so the same node may meet different dice. The answer is the
root option of best mean reward (the greedy order breaking ties): with rewards this close,
visits stay near even and the most visited option would be close to a coin toss. A lone
option is taken at once.

The budget is a number of iterations (deterministic: same seed, same choices) or, if
`seconds` is given, a time per decision (faster machines then play better and games are no
longer reproducible).
"""
from __future__ import annotations

import math
import time
from typing import Any

from ..game import Game
from ..rng import Rng
from .chance import hide_chance
from .evaluation import reward
from .greedy import complete_phase, option_values

ITERATIONS = 48
ROLLOUT = 12        # at most this many random decisions after the new node before scoring
EXPLORATION = 0.2    # rewards of different options differ by hundredths, not tenths
WIDTH = 4           # root options searched: the best by the greedy score


class _Node:
    __slots__ = ("player", "visits", "total", "children")

    def __init__(self, player: str | None) -> None:
        self.player = player            # who chose the answer leading here
        self.visits = 0
        self.total = 0.0                # sum of that player's rewards
        self.children: dict[str, _Node] = {}


def _key(option: Any) -> str:
    return repr(option)


def _mean(node: _Node) -> float:
    return node.total / node.visits


class MctsBot:
    def __init__(self, seed: int, iterations: int = ITERATIONS, seconds: float | None = None,
                 rollout: int = ROLLOUT, exploration: float = EXPLORATION, width: int = WIDTH) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.width = width

    def choose(self, game: Game, decision: dict) -> Any:
        if len(decision["options"]) == 1:
            return decision["options"][0]
        greedy = option_values(game, decision, [self.rng.next64()], self.rollout)
        order = sorted(range(len(greedy)), key=lambda i: -greedy[i])
        options = [decision["options"][i] for i in order[:self.width]]
        root = _Node(None)
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        done = 0
        while (done < self.iterations) if deadline is None else (time.monotonic() < deadline or done == 0):
            self._iterate(hide_chance(game.clone(), self.rng.next64()), root, options)
            done += 1
        means = [_mean(root.children[_key(o)]) if _key(o) in root.children else -1.0 for o in options]
        return options[means.index(max(means))]

    def _iterate(self, game: Game, root: _Node, root_options: list) -> None:
        path = [root]
        node = root
        while (pending := game.pending()) is not None:
            player, options = pending["player"], root_options if node is root else pending["options"]
            untried = [o for o in options if _key(o) not in node.children]
            if untried:
                option = untried[0] if node is root else untried[self.rng.below(len(untried))]
                child = node.children[_key(option)] = _Node(player)
                game.answer(option)
                path.append(child)
                break
            option = self._select(node, options)
            node = node.children[_key(option)]
            game.answer(option)
            path.append(node)
        complete_phase(game, Rng(self.rng.next64()), self.rollout)
        rewards = {f: reward(game, f) for f in game.s.seats}
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.total += rewards[n.player]

    def _select(self, node: _Node, options: tuple) -> Any:
        """UCB1 among the options offered now (chance may offer a subset of the children)."""
        log_n = math.log(max(1, node.visits))
        best, best_score = options[0], float("-inf")
        for option in options:
            child = node.children[_key(option)]
            score = _mean(child) + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = option, score
        return best
