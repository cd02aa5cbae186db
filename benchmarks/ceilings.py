"""Ceilings: how fast games would run if a part of the engine cost nothing.

    python benchmarks/ceilings.py                          # every part, both mixes, 3 repetitions
    python benchmarks/ceilings.py --free menus --mix b --reps 5
    python benchmarks/ceilings.py --free menus,moves       # two parts free at once

A part is a set of pure functions (they change nothing in the game). One run plays the mix's
seeded random games and records what each outermost call of the part returned; each repetition
then plays the same games twice, interleaved: once as usual, once with every such call answered
from the record. The games are the same (the final hashes and the use of every recorded answer
are checked), so the ratio of the two CPU times bounds what any faster version of that part (a
cache, an index, incremental or compiled legality) could gain: none is cheaper than free.

The part `menus_repeat` is narrower: only the action checks whose answer repeats that player's
previous check of the same action are free. No cache of legality, however it tracks what
changed, can skip more than those, so its ratio bounds what caching menus could ever gain.
The part `menus_unchanged` is narrower still: only the action checks (and Daylight extras)
asked again when neither the board nor the asking player's side changed since that player's
previous such check (`legality_repeats.py`'s "board and own side unchanged"): what a cache
exact about what it read could skip, if no check read another player's side.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed

from benchmarks.compare import MIXES, add_game_options, mix_factions  # noqa: E402  (the same mixes and options as compare.py)
from rootlaw.agents.agent import RandomAgent  # noqa: E402
from rootlaw.content.record import Setup  # noqa: E402
from rootlaw.core.board_queries import BoardQueries  # noqa: E402
from rootlaw.core.game import Game  # noqa: E402
from rootlaw.core.hooks import REPLACEMENT_HOOKS  # noqa: E402
from rootlaw.law import movement  # noqa: E402
from rootlaw.play import actions

# part -> (what it is, the functions it is made of as (owner, attribute name))
PARTS: dict[str, tuple[str, list[tuple[Any, str]]]] = {
    "menus": ("every action menu's options", [(actions, "menu_options")]),
    "moves": ("the legal moves", [(movement, "move_options")]),
    "board": ("ruler, rule weights, counts, factions present, adjacency",
              [(BoardQueries, name) for name in ("ruler", "rule_weights", "count", "factions_present", "adjacent")]),
    "modifiers": ("the modifiers folded into core computations (replacements, which may offer "
                  "choices, aside)", [(Game, "modify")]),
    "menus_repeat": ("each action check whose answer repeats that player's previous check of that "
                     "action", [(actions, "available")]),
    "menus_unchanged": ("each action check and Daylight extras asked again with the board and the "
                        "player's side unchanged", [(actions, "available"), (actions, "daylight_extras")]),
}
# "all parts together": menus_repeat and menus_unchanged are shares of menus, so they are measured alone
TOGETHER = [part for part in PARTS if part not in ("menus_repeat", "menus_unchanged")]
# calls that are not pure and so always run: a replacement may add to its caller's offers
RUN_ANYWAY: dict[tuple[Any, str], Callable[[tuple], bool]] = {
    (Game, "modify"): lambda args: args[1] in REPLACEMENT_HOOKS,
}


def repeated_answers() -> Callable[[tuple, Any], bool]:
    """Whether a call of `actions.available(game, player, action)` answers as that player's
    previous check of that action did (a fresh memory for each recording)."""
    last: dict[tuple[str, str], Any] = {}

    def repeated(args: tuple, result: Any) -> bool:
        key = (args[1], args[2])
        same = key in last and last[key] == result
        last[key] = result
        return same
    return repeated


def unchanged_inputs() -> Callable[[tuple, Any], bool]:
    """Whether a call of `actions.available(game, player, action)` or
    `actions.daylight_extras(game, player)` comes with the board and that player's side as they
    were at that player's previous such call (a fresh memory for each recording)."""
    from benchmarks.legality_repeats import fingerprints
    last: dict[tuple, str] = {}

    def unchanged(args: tuple, result: Any) -> bool:
        key = args[1:]
        board = fingerprints(args[0], args[1])[1]
        same = last.get(key) == board
        last[key] = board
        return same
    return unchanged


# parts of which only some calls are free, decided when they are recorded
FREE_IF: dict[str, Callable[[], Callable[[tuple, Any], bool]]] = {"menus_repeat": repeated_answers,
                                                                  "menus_unchanged": unchanged_inputs}


def play(factions: list[str], seeds: list[int], rounds: int) -> tuple[int, float, list[str]]:
    """Decisions answered, CPU seconds and final hashes of the seeded random games."""
    rules = Setup(map="autumn", factions=factions, seed=0, round_limit=rounds).rules()
    decisions, cpu, hashes = 0, 0.0, []
    for seed in seeds:
        start = time.process_time()
        game = Setup(map="autumn", factions=factions, seed=seed, round_limit=rounds).start(rules)
        agent = RandomAgent(10_000 + seed)
        while game.pending() is not None:
            game.answer(agent.choose(game, game.pending()))
            decisions += 1
        cpu += time.process_time() - start
        hashes.append(game.s.digest())
    return decisions, cpu, hashes


class Recording:
    """Stands in for a part's functions: records what each outermost call returns (calls made
    inside another call of the part are left alone), then hands the results back in order.
    A call recorded as not free runs again when replayed."""

    def __init__(self) -> None:
        self.results: list[tuple[Any, bool]] = []  # (what the call returned, whether replays skip it)
        self.replay: Iterator[tuple[Any, bool]] | None = None
        self.depth = 0

    def stand_in(self, fn: Callable, run_anyway: Callable[[tuple], bool] | None,
                 free_if: Callable[[tuple, Any], bool] | None) -> Callable:
        def call(*args: Any, **kwargs: Any) -> Any:
            if run_anyway is not None and run_anyway(args):
                return fn(*args, **kwargs)
            if self.replay is not None:
                result, free = next(self.replay)
                return result if free else fn(*args, **kwargs)
            if self.depth:
                return fn(*args, **kwargs)
            self.depth += 1
            try:
                result = fn(*args, **kwargs)
            finally:
                self.depth -= 1
            self.results.append((result, free_if is None or free_if(args, result)))
            return result
        return call

    def free_calls(self) -> int:
        return sum(free for _, free in self.results)

    @contextmanager
    def standing_in(self, parts: list[str], free_if: dict[str, Callable[[tuple, Any], bool]]) -> Iterator[None]:
        """The parts' functions replaced by stand-ins (their callers look them up at each call)."""
        targets = [(target, free_if.get(part)) for part in parts for target in PARTS[part][1]]
        real = [getattr(owner, name) for (owner, name), _ in targets]
        for ((owner, name), decides), fn in zip(targets, real):
            setattr(owner, name, self.stand_in(fn, RUN_ANYWAY.get((owner, name)), decides))
        try:
            yield
        finally:
            for ((owner, name), _), fn in zip(targets, real):
                setattr(owner, name, fn)


def ceiling(factions: list[str], seeds: list[int], rounds: int, reps: int, parts: list[str],
            show: Callable = print) -> tuple[list[float], bool]:
    """The usual/free CPU-time ratio of each repetition, and whether every run ended every game
    with the same hash and the free runs used exactly the answers recorded."""
    recording = Recording()
    free_if = {part: FREE_IF[part]() for part in parts if part in FREE_IF}
    with recording.standing_in(parts, free_if):
        _, _, expected = play(factions, seeds, rounds)
    show(f"  {len(recording.results)} calls recorded, {recording.free_calls()} of them free")
    ratios, same = [], True
    for rep in range(reps):
        runs = {}
        for side in (("usual", "free") if rep % 2 == 0 else ("free", "usual")):
            if side == "usual":
                runs[side] = play(factions, seeds, rounds)
                continue
            recording.replay = iter(recording.results)
            with recording.standing_in(parts, {}):
                runs[side] = play(factions, seeds, rounds)
            same = same and next(recording.replay, None) is None  # every recorded answer was used
        decisions = runs["usual"][0]
        ratios.append(runs["usual"][1] / runs["free"][1])
        same = same and runs["usual"][2] == runs["free"][2] == expected
        show(f"  rep {rep + 1}: usual {decisions / runs['usual'][1]:8,.0f}  free "
             f"{decisions / runs['free'][1]:8,.0f} decisions per CPU s  ratio {ratios[-1]:.2f}")
    return ratios, same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser)
    parser.add_argument("--free", default=None,
                        help=f"parts made free, comma-separated ({', '.join(PARTS)}); default: each "
                             "part alone, then all together")
    args = parser.parse_args(argv)
    if args.free:
        unknown = [p for p in args.free.split(",") if p not in PARTS]
        if unknown:
            parser.error(f"unknown part {unknown[0]!r}; parts: {', '.join(PARTS)}")
        sets = [args.free.split(",")]
    else:
        sets = [[part] for part in PARTS] + [TOGETHER]
    seeds = list(range(args.seeds))
    all_same = True
    for name in list(MIXES) if args.mix == "both" else [args.mix]:
        factions = mix_factions(name)
        for parts in sets:
            print(f"mix ({name}), free: {' + '.join(parts)} ({'; '.join(PARTS[p][0] for p in parts)})")
            ratios, same = ceiling(factions, seeds, args.rounds, args.reps, parts)
            all_same = all_same and same
            print(f"  ceiling: {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f}); "
                  f"final hashes {'identical' if same else 'DIFFER'}")
    return 0 if all_same else 1


if __name__ == "__main__":
    sys.exit(main())
