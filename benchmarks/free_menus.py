"""The ceiling of faster legality: how fast games would run if every action menu cost nothing.

    python benchmarks/free_menus.py                  # both mixes, 8 seeds, 3 repetitions
    python benchmarks/free_menus.py --mix b --reps 5

One process plays the mix's seeded random games once and records every action menu's options.
Each repetition then plays the same games twice, interleaved: once as usual, once with each
menu's options handed back from the record instead of being worked out (the games are the same,
which the final hashes check). The ratio of the two CPU times bounds what any cache or
incremental check of legality could gain, since no real one is cheaper than a free one.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # this checkout's engine, even if another rootlaw is installed

from benchmarks.compare import MIXES, add_game_options, mix_factions  # noqa: E402  (the same mixes and options as compare.py)
from engine import actions  # noqa: E402
from engine.agents import RandomAgent  # noqa: E402
from engine.record import Setup  # noqa: E402


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


def with_menus(menus: Callable, run: Callable[[], tuple]) -> tuple:
    """`run()` with `actions.menu_options` replaced by `menus` (the menu handler looks it up at
    each call, so the replacement is seen everywhere)."""
    real = actions.menu_options
    actions.menu_options = menus
    try:
        return run()
    finally:
        actions.menu_options = real


def ceiling(factions: list[str], seeds: list[int], rounds: int, reps: int, show: Callable = print) -> tuple[list[float], bool]:
    """The usual/free CPU-time ratio of each repetition, and whether every run ended every game
    with the same hash (and the free runs asked for exactly the menus recorded)."""
    recorded: list[list[str]] = []
    real = actions.menu_options

    def record(*call: object) -> list[str]:
        recorded.append(real(*call))
        return recorded[-1]

    _, _, expected = with_menus(record, lambda: play(factions, seeds, rounds))
    show(f"  {len(recorded)} menus recorded")
    ratios, same = [], True
    for rep in range(reps):
        runs = {}
        for side in (("usual", "free") if rep % 2 == 0 else ("free", "usual")):
            if side == "usual":
                runs[side] = play(factions, seeds, rounds)
            else:
                replay: Iterator[list[str]] = iter(recorded)
                runs[side] = with_menus(lambda *call: next(replay), lambda: play(factions, seeds, rounds))
                same = same and next(replay, None) is None  # every recorded menu was asked for again
        decisions = runs["usual"][0]
        ratios.append(runs["usual"][1] / runs["free"][1])
        same = same and runs["usual"][2] == runs["free"][2] == expected
        show(f"  rep {rep + 1}: usual {decisions / runs['usual'][1]:8,.0f}  free menus "
             f"{decisions / runs['free'][1]:8,.0f} decisions per CPU s  ratio {ratios[-1]:.2f}")
    return ratios, same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser)
    args = parser.parse_args(argv)
    seeds = list(range(args.seeds))
    all_same = True
    for name in list(MIXES) if args.mix == "both" else [args.mix]:
        factions = mix_factions(name)
        print(f"mix ({name}): {', '.join(Path(f).stem for f in factions)} on Autumn, "
              f"seeds {seeds[0]}..{seeds[-1]}, round limit {args.rounds}")
        ratios, same = ceiling(factions, seeds, args.rounds, args.reps)
        all_same = all_same and same
        print(f"  ceiling of faster legality: {statistics.median(ratios):.2f}x "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f}); final hashes "
              f"{'identical' if same else 'DIFFER'}")
    return 0 if all_same else 1


if __name__ == "__main__":
    sys.exit(main())
