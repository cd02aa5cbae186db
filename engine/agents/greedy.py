"""The greedy bot: one-ply lookahead with the generic evaluation.

For each option it answers on a clone, lets the rest of the decision chain (the remaining
choices of the same action, the defender's answers too, until the phase of the turn ends or
a cap is reached) be played by a seeded random completion, and keeps the option whose
position is worth most to it. Without that completion, the first choice of an action (which
clearing, which card) would change nothing measurable and every option would look alike.
Every option is tried on the same samples of what its seat may know (several per decision:
the other hands, hidden piles and the draw pile dealt again, fresh dice; see `chance`), never
on the real hidden cards. Ties go to a random option among the best; a lone option is taken at once,
and an answer that led back to a position already decided in this turn is not given again
(see `cycles`).
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.rng import Rng

from .chance import hide_chance, sample
from .cycles import Cycles
from .evaluation import value

FOLLOW = 10  # at most this many decisions played on after the option before the position is judged
SAMPLES = 3  # completions averaged per option


def complete_phase(game: Game, rng: Rng, follow: int) -> None:
    """Play on with random answers within the same phase of the same turn, whoever decides (a
    defender choosing which piece takes a hit finishes the battle the option started)."""
    turn = (game.s.round, game.s.current, game.s.phase)
    for _ in range(follow):
        pending = game.pending()
        if pending is None or (game.s.round, game.s.current, game.s.phase) != turn:
            return
        options = pending["options"]
        game.answer(options[rng.below(len(options))])


def quiet(game: Game) -> Game:
    """The game to draw a decision's trials from: a quiet game (its trials share its log rather
    than copy it), the same as `game` in every other way, with the ruler of every clearing
    already worked out (each trial starts from them: clones copy what is kept)."""
    if game.quiet:
        return game
    root = game.clone(quiet=True)
    if "ruler" not in game.rules.modifiers:  # else rulers are not kept: nothing to start from
        root.rulers()
    return root


def trial(game: Game, seat: str, future: int, fair: bool) -> Game:
    """A game to try an option on: a sample of what `seat` may know (fair), or the game with
    its chance hidden (omniscient)."""
    return sample(game, seat, future) if fair else hide_chance(game.clone(quiet=True), future)


def trials(game: Game, seat: str, future: int, fair: bool, count: int) -> list[Game]:
    """`count` independent games to try options on, all the same trial for `future`: it is
    drawn once and cloned (a clone of a trial is the trial drawn again, for less)."""
    first = trial(game, seat, future, fair)
    return [first.clone() for _ in range(count - 1)] + [first]


def option_values(game: Game, decision: dict, futures: list[int], follow: int, fair: bool = True) -> list[float]:
    """Each option's mean value to the deciding player over the same hidden futures (samples of
    what it may know) and random completions (common random numbers), so options differ only
    by what they do."""
    me = decision["player"]
    options = decision["options"]
    game = quiet(game)
    games = [trials(game, me, future, fair, len(options)) for future in futures]
    values = []
    for i, option in enumerate(options):
        v = 0.0
        for future, tried in zip(futures, games):
            trial_game = tried[i]
            trial_game.answer(option)
            complete_phase(trial_game, Rng(future), follow)
            v += value(trial_game, me) / len(futures)
        values.append(v)
    return values


class GreedyBot:
    """Tries every option on samples of what its seat may know, plays the phase on at random and
    keeps the best (see the module's docstring); seeded, so the same seed gives the same
    choices. `fair=False` reads every hand and pile instead (`greedy-omniscient`, for
    comparison only)."""

    def __init__(self, seed: int, follow: int = FOLLOW, samples: int = SAMPLES, fair: bool = True) -> None:
        self.rng = Rng(seed)
        self.follow = follow
        self.samples = samples
        self.fair = fair
        self.cycles = Cycles()

    def choose(self, game: Game, decision: dict) -> Any:
        if len(decision["options"]) == 1:
            return decision["options"][0]
        key, options = self.cycles.fresh(game, decision)
        if len(options) == 1:
            choice = options[0]
        else:
            futures = [self.rng.next64() for _ in range(self.samples)]
            values = option_values(game, {**decision, "options": tuple(options)}, futures, self.follow, self.fair)
            top = max(values)
            best = [o for o, v in zip(options, values) if v >= top - 1e-9]
            choice = best[self.rng.below(len(best))]
        self.cycles.note(key, choice)
        return choice
