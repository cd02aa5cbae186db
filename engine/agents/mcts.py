"""The search bot: Monte Carlo tree search over `Game.clone()`, with sequential halving at
the root and UCT below it.

Move ordering by the greedy score: the root's options are first valued as the greedy bot
values them (one completion each), and the search spends its budget on the best few of them
only (`width`), which a small budget could not otherwise even visit once each. The root
then shares its budget out by sequential halving (Karnin et al. 2013; on trees, Cazenave's
SHOT and Pepels et al.'s H-MCTS, 2014): in each round every option still in the race gets
the same number of iterations, the worse half is dropped, and the last one standing is the
answer. Options compared in a round meet the same hidden futures (the same dice, draw pile
and random play-outs where their games allow: common random numbers, as the greedy bot
does), so they differ by what they do rather than by luck; with rewards that differ by
hundredths, plain UCB1 at the root answered close to a coin toss.

Each iteration samples a game its seat cannot tell from the real one (the cards it may not
see dealt again, those it was shown kept where it saw them, fresh dice; see `chance`), so the
search never reads a hidden card and spreads over many samples per decision, as
information-set search does (one tree shared by all samples). It answers the root option,
walks down that option's tree choosing by UCB1 for whoever decides at each node, adds one
node, plays on with random answers to the end of that phase of the turn (at most `rollout`
decisions) and scores the position with the generic evaluation. The tree is open-loop: a
node is a sequence of answers, so the same node may meet different dice and different
samples (the options chance offers there decide which children may be chosen). A lone option is taken at once, and an answer that led back to a
position already decided in this turn is not given again (see `cycles`).

The budget is a number of iterations per decision (deterministic: same seed, same
choices), or, if `seconds` is given, a time per decision, shared out between the rounds
alike (faster machines then play better and games are no longer reproducible).
"""
from __future__ import annotations

import math
import time
from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.rng import Rng

from .cycles import Cycles
from .evaluation import rewards
from .greedy import complete_phase, option_values, quiet, trials

ITERATIONS = 64
ROLLOUT = 12        # at most this many random decisions after the new node before scoring
EXPLORATION = 0.2    # rewards of different options differ by hundredths, not tenths
WIDTH = 4           # root options searched: the best by the greedy score


class _Node:
    __slots__ = ("player", "visits", "total", "children")

    def __init__(self, player: str | None) -> None:
        self.player = player            # who chose the answer leading here
        self.visits = 0
        self.total = 0.0                # sum of that player's rewards
        self.children: dict[Any, _Node] = {}


def _key(option: Any) -> Any:
    """A child's key: the option itself when it is a number or a string (most are), else its
    text, marked so that it meets no string option of the same text."""
    kind = type(option)
    return option if kind is str or kind is int else ("repr", repr(option))


def _mean(node: _Node) -> float:
    return node.total / node.visits


class MctsBot:
    """Monte Carlo tree search over the options greedy values most (see the module's
    docstring); seeded, so the same seed gives the same choices."""

    def __init__(self, seed: int, iterations: int = ITERATIONS, seconds: float | None = None,
                 rollout: int = ROLLOUT, exploration: float = EXPLORATION, width: int = WIDTH,
                 fair: bool = True) -> None:
        self.rng = Rng(seed)
        self.fair = fair  # decide from what the seat may know; False reads every hand (`mcts-omniscient`)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.width = width
        self.cycles = Cycles()

    def choose(self, game: Game, decision: dict) -> Any:
        if len(decision["options"]) == 1:
            return decision["options"][0]
        key, options = self.cycles.fresh(game, decision)
        if len(options) > 1:
            options = self._search(game, {**decision, "options": tuple(options)})
        self.cycles.note(key, options[0])
        return options[0]

    def _search(self, game: Game, decision: dict) -> list:
        """The options by sequential halving, the answer first."""
        game = quiet(game)
        greedy = option_values(game, decision, [self.rng.next64()], self.rollout, self.fair)
        order = sorted(range(len(greedy)), key=lambda i: -greedy[i])
        options = [decision["options"][i] for i in order[:self.width]]
        me = decision["player"]
        nodes = {_key(o): _Node(me) for o in options}
        rounds = max(1, math.ceil(math.log2(len(options))))
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        for r in range(rounds):
            samples = max(1, self.iterations // (rounds * len(options)))
            stop = None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / (rounds - r)
            done = 0
            while done < samples if stop is None else (done == 0 or time.monotonic() < stop):
                future = self.rng.next64()
                for option, trial_game in zip(options, trials(game, me, future, self.fair, len(options))):
                    trial_game.answer(option)
                    self._iterate(trial_game, nodes[_key(option)], Rng(future))
                done += 1
            # stable sort: the greedy order breaks ties
            options.sort(key=lambda o: -_mean(nodes[_key(o)]))
            if r < rounds - 1:
                options = options[:max(1, (len(options) + 1) // 2)]
        return options

    def _iterate(self, game: Game, top: _Node, rng: Rng) -> None:
        """One descent from below a root option, with the iteration's own generator."""
        path = [top]
        node = top
        while (pending := game.pending()) is not None:
            player, options = pending["player"], pending["options"]
            untried = [o for o in options if _key(o) not in node.children]
            if untried:
                option = untried[rng.below(len(untried))]
                child = node.children[_key(option)] = _Node(player)
                game.answer(option)
                path.append(child)
                break
            option = self._select(node, options)
            node = node.children[_key(option)]
            game.answer(option)
            path.append(node)
        complete_phase(game, rng, self.rollout)
        scores = rewards(game)
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.total += scores[n.player]

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
