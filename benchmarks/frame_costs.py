"""Where a decision's time goes: runs and time per kind of frame (turn, action menu, block...).

    python benchmarks/frame_costs.py            # both mixes, 8 seeds
    python benchmarks/frame_costs.py --mix b --seeds 20

Every frame handler is wrapped with a timer while the mixes of `compare.py` are played. A
handler's time includes the frames it runs inside it (a menu's legality checks, a move's
options), not the frames it pushes, which the loop runs as their own steps. The timers add
their own cost, so read the shares, not the absolute times.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed

from benchmarks.ceilings import play  # noqa: E402
from benchmarks.compare import MIXES, add_game_options, mix_factions  # noqa: E402
from rootlaw.core.frames import HANDLERS  # noqa: E402


def timed(op: str, handler: Callable, runs: collections.Counter, spent: collections.Counter) -> Callable:
    def run(game: object, frame: dict) -> None:
        start = time.perf_counter()
        handler(game, frame)
        spent[op] += time.perf_counter() - start
        runs[op] += 1
    return run


def frame_costs(factions: list[str], seeds: list[int], rounds: int) -> list[str]:
    """One line per kind of frame, the costliest first."""
    runs: collections.Counter = collections.Counter()
    spent: collections.Counter = collections.Counter()
    real = dict(HANDLERS)
    HANDLERS.update({op: timed(op, handler, runs, spent) for op, handler in real.items()})
    try:
        start = time.perf_counter()
        decisions, _, _ = play(factions, seeds, rounds)
        total = time.perf_counter() - start
    finally:
        HANDLERS.update(real)
    lines = [f"  {decisions} decisions, {sum(runs.values())} frame steps "
             f"({sum(runs.values()) / decisions:.1f} per decision)",
             f"  {'frame':18s} {'steps':>7s} {'per decision':>13s} {'µs each':>8s} {'share':>6s}"]
    for op, seconds in spent.most_common():
        lines.append(f"  {op:18s} {runs[op]:7d} {runs[op] / decisions:13.2f} "
                     f"{1e6 * seconds / runs[op]:8.1f} {100 * seconds / total:5.1f}%")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser, reps=False)
    args = parser.parse_args(argv)
    for name in list(MIXES) if args.mix == "both" else [args.mix]:
        factions = mix_factions(name)
        print(f"mix ({name}): {', '.join(Path(f).stem for f in factions)} on Autumn, "
              f"seeds 0..{args.seeds - 1}, round limit {args.rounds}")
        print("\n".join(frame_costs(factions, list(range(args.seeds)), args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
