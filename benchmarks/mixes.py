"""Every mix played: all 210 sets of 2-5 of the bundled factions (the five seed factions and the
base game's Marquise, Eyrie and Vagabond) on every map, many seeded random games each.

Run from the repository root (the full run is long; `nice` it on a shared machine):

    nice python benchmarks/mixes.py --games 40 --rounds 12 --workers 2

For each mix (every 2-, 3-, 4- and 5-faction set of the bundled factions) and each bundled
map, `--games` games are played by random agents, each with its seats shuffled by its own
seed. After every decision the state invariants (`rootlaw.core.invariants`) are checked; at the end
the game's record goes through JSON and must replay to the same final digest. Game k of a
mix x map is fixed by (mix, map, k) alone, so the results do not depend on `--workers`.
Prints a table per mix x map (games, errors, violations, replay mismatches, stalls,
round-limit endings, winners, mean decisions) and the first examples of each problem with
the seed to replay it; exits 1 on any error, violation or mismatch.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
import zlib
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.maps import bundled_maps
from rootlaw.content.record import Record, Setup, replay
from rootlaw.core.invariants import violations
from rootlaw.core.rng import Rng
from rootlaw.core.stalemate import STALLED

SEED_FACTIONS = ("alliance", "arachneen", "cabale", "colombes", "neiges")
BASE_FACTIONS = ("marquise", "eyrie", "vagabond")  # the base game's, in the language (Law chapters 6, 7, 9)
FACTIONS = SEED_FACTIONS + BASE_FACTIONS
MAX_DECISIONS = 20_000       # far above any real game; beyond it a game counts as an error (hang)
EXAMPLES = 5                 # examples kept per kind of problem


def all_mixes(factions: tuple[str, ...] = FACTIONS, largest: int = 5) -> list[tuple[str, ...]]:
    """Every set of 2 to `largest` of `factions`, smallest sets first (26 for the five seed
    factions, 210 for the eight bundled ones)."""
    return [mix for size in range(2, min(largest, len(factions)) + 1) for mix in combinations(factions, size)]


@dataclass(frozen=True)
class Plan:
    """One game: its mix, map, index within the mix x map, round limit."""

    mix: tuple[str, ...]
    map: str
    index: int
    rounds: int

    @property
    def seed(self) -> int:
        """The game's seed, from its mix, map and index alone (stable across runs and workers)."""
        key = f"{','.join(self.mix)}|{self.map}|{self.index}".encode()
        return zlib.crc32(key) * 1_000 + self.index

    def setup(self) -> Setup:
        seats = list(self.mix)
        rng = Rng(self.seed)
        for i in range(len(seats) - 1, 0, -1):  # Fisher-Yates with the game's own generator
            j = rng.below(i + 1)
            seats[i], seats[j] = seats[j], seats[i]
        return Setup(map=self.map, factions=seats, seed=self.seed, round_limit=self.rounds)


@dataclass
class Outcome:
    """What one game did."""

    plan: Plan
    decisions: int = 0
    ended: str = ""
    winner: str | None = None
    problem: str | None = None      # "error", "violation" or "mismatch"
    detail: str = ""


def play(plan: Plan) -> Outcome:
    """Play one game with invariants checked after every decision and its record replayed."""
    out = Outcome(plan)
    setup = plan.setup()
    try:
        rules = setup.rules()
        game = setup.start(rules)
        agent = RandomAgent(plan.seed + 17)
        answers: list = []
        for n in range(MAX_DECISIONS + 1):
            broken = violations(game)
            if broken:
                out.problem, out.detail = "violation", f"after {n} decisions: {broken[0]}"
                return out
            if game.pending() is None:
                break
            choice = agent.choose(game, game.pending())
            game.answer(choice)
            answers.append(choice)
            out.decisions += 1
        else:
            out.problem, out.detail = "error", f"still running after {MAX_DECISIONS} decisions"
            return out
        out.ended, out.winner = game.s.ended or "", game.s.winner
        record = Record(setup, answers, game.s.digest())
        again = replay(Record.from_json(json.loads(json.dumps(record.to_json()))), rules)
        if again.s.digest() != record.final_hash:
            out.problem, out.detail = "mismatch", "the record replays to another final state"
    except Exception as exc:  # noqa: BLE001 - an engine error is what this run counts
        out.problem = "error"
        out.detail = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}"
    return out


@dataclass
class Cell:
    """Totals of one mix x map."""

    games: int = 0
    errors: int = 0
    violations: int = 0
    mismatches: int = 0
    stalls: int = 0
    round_limit: int = 0
    decisions: int = 0
    winners: Counter = field(default_factory=Counter)

    def add(self, out: Outcome) -> None:
        self.games += 1
        self.decisions += out.decisions
        self.errors += out.problem == "error"
        self.violations += out.problem == "violation"
        self.mismatches += out.problem == "mismatch"
        self.stalls += out.ended.startswith(STALLED)
        self.round_limit += out.ended.startswith("round limit")
        if out.winner:
            self.winners[out.winner] += 1


@dataclass
class Results:
    cells: dict[tuple[tuple[str, ...], str], Cell] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, out: Outcome) -> None:
        self.cells.setdefault((out.plan.mix, out.plan.map), Cell()).add(out)
        if out.problem:
            kept = self.examples.setdefault(out.problem, [])
            if len(kept) < EXAMPLES:
                s = out.plan.setup()
                kept.append(f"{out.plan.map} seats {','.join(s.factions)} seed {s.seed} rounds {s.round_limit} "
                            f"(game {out.plan.index}): {out.detail}")

    def total(self) -> Cell:
        whole = Cell()
        for cell in self.cells.values():
            for name in ("games", "errors", "violations", "mismatches", "stalls", "round_limit", "decisions"):
                setattr(whole, name, getattr(whole, name) + getattr(cell, name))
            whole.winners.update(cell.winners)
        return whole

    def failed(self) -> bool:
        whole = self.total()
        return bool(whole.errors or whole.violations or whole.mismatches)


def plans(games: int, rounds: int, maps: list[str] | None = None,
          mixes: list[tuple[str, ...]] | None = None) -> list[Plan]:
    """Every game of the run, mix by mix, map by map."""
    maps = maps if maps is not None else sorted(bundled_maps())
    return [Plan(mix, m, k, rounds) for mix in (mixes or all_mixes()) for m in maps for k in range(games)]


def run(todo: list[Plan], workers: int = 1, progress: bool = True) -> Results:
    """Play every planned game (in `workers` processes) and add up the outcomes in plan order."""
    results = Results()
    bar = _bar(len(todo)) if progress else None
    if workers > 1:
        from multiprocessing import get_context
        with get_context("spawn").Pool(workers) as pool:
            outcomes = pool.imap(play, todo, chunksize=4)
            _collect(outcomes, results, bar)
    else:
        _collect(map(play, todo), results, bar)
    if bar is not None:
        bar.close()
    return results


def _collect(outcomes, results: Results, bar) -> None:
    for out in outcomes:
        results.add(out)
        if bar is not None:
            bar.update(1)
            whole = results.total()
            bar.set_postfix(errors=whole.errors, violations=whole.violations, mismatches=whole.mismatches,
                            refresh=False)


def _bar(total: int):
    from tqdm import tqdm
    return tqdm(total=total, unit="game", dynamic_ncols=True, mininterval=2.0)


def table(results: Results) -> str:
    """The per mix x map table, the totals and the first examples of each problem."""
    head = ("mix", "map", "games", "err", "viol", "mism", "stall", "limit", "winners", "mean dec")
    rows = []
    for (mix, map_name), c in results.cells.items():
        wins = ", ".join(f"{w} {n}" for w, n in sorted(c.winners.items())) or "-"
        rows.append(("+".join(mix), map_name, c.games, c.errors, c.violations, c.mismatches, c.stalls,
                     c.round_limit, wins, f"{c.decisions / max(c.games, 1):.0f}"))
    w = results.total()
    wins = ", ".join(f"{k} {n}" for k, n in sorted(w.winners.items())) or "-"
    rows.append(("TOTAL", "", w.games, w.errors, w.violations, w.mismatches, w.stalls, w.round_limit, wins,
                 f"{w.decisions / max(w.games, 1):.0f}"))
    cols = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(str(v).ljust(cols[i]) for i, v in enumerate(r)).rstrip() for r in [head, *rows]]
    for kind, texts in sorted(results.examples.items()):
        lines.append(f"first {kind}s (replay: rootlaw with this map, seats in this order, seed and round limit):")
        lines += [f"  {t}" for t in texts]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per mix and map (default 40)")
    parser.add_argument("--rounds", type=int, default=12, help="round limit of every game (default 12)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (results are the same)")
    parser.add_argument("--maps", help="comma-separated maps (default: every bundled map)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    maps = args.maps.split(",") if args.maps else None
    results = run(plans(args.games, args.rounds, maps), args.workers, progress=not args.quiet)
    print(table(results))
    print(f"{time.perf_counter() - began:.0f} s")
    return 1 if results.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
