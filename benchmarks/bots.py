"""Bot strength: how often each bot beats another in 2-player games, with 95% Wilson intervals.

For every ordered pair of distinct factions (A, B) and every match-up "X vs Y", it plays
`--games` games with X playing A and Y playing B; seats are shuffled per game by its seed, so
both bots sit first and second. A game is won by its winner (30 VP or dominance) or, at the
round limit, by the player with most VP; a tie is won by nobody.

    python benchmarks/bots.py --factions alliance,arachneen,cabale,colombes,neiges --games 10
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed
from rootlaw.tools.simulate import Plan, run_local  # noqa: E402
from rootlaw.tools.summary import rate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factions", default="alliance,arachneen,cabale,colombes,neiges", help="faction ids, comma-separated")
    parser.add_argument("--matchups", default="greedy:random,mcts:random,mcts:greedy",
                        help="bot:opponent pairs, comma-separated")
    parser.add_argument("--games", type=int, default=20, help="games per ordered faction pair and match-up")
    parser.add_argument("--rounds", type=int, default=30, help="round limit")
    parser.add_argument("--map", default="autumn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    factions = args.factions.split(",")
    results = []
    for matchup in args.matchups.split(","):
        bot, opponent = matchup.split(":")
        start = time.perf_counter()
        wins = games = 0
        per_faction: dict[str, list[int]] = {}
        for a in factions:
            for b in factions:
                if a == b:
                    continue
                plan = Plan(factions=(a, b), bots=(bot, opponent), maps=(args.map,), games=args.games,
                            seed=args.seed, round_limit=args.rounds)
                for row in run_local(plan.specs(), args.workers):
                    won = row["leader"] == a
                    wins += won
                    games += 1
                    tally = per_faction.setdefault(a, [0, 0])
                    tally[0] += won
                    tally[1] += 1
        results.append({"bot": bot, "opponent": opponent, **rate(wins, games),
                        "by_faction": {f: rate(w, n) for f, (w, n) in per_faction.items()},
                        "seconds": round(time.perf_counter() - start, 1)})
        if not args.json:
            r = results[-1]
            print(f"{bot:7} vs {opponent:7} {r['wins']:4d}/{r['games']:<4d} {r['rate']:6.1%}  "
                  f"95% CI [{r['low']:.1%}, {r['high']:.1%}]  ({r['seconds']} s)", flush=True)
            for f, fr in r["by_faction"].items():
                print(f"    as {f:18} {fr['wins']:4d}/{fr['games']:<4d} {fr['rate']:6.1%}  "
                      f"[{fr['low']:.1%}, {fr['high']:.1%}]", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
