"""Seeded random games of the Cabale des Nécropossums: endings, winners and replays, per map.

The same games as tests/test_cabale_games.py (its line-ups and seat rotation), with figures:

    python benchmarks/cabale_games.py            # 100 games per map (issue 8)
    python benchmarks/cabale_games.py --games 20

Every game must end (a winner or the round limit) without an error and replay to the same
final hash; the script exits 1 otherwise.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed
from tests.test_cabale_games import MAPS, lineup, play_and_replay  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per map")
    args = parser.parse_args()
    failures = 0
    for map_name in MAPS:
        start = time.perf_counter()
        rules: dict = {}
        winners: Counter = Counter()
        cabale_vp: list[int] = []
        players: Counter = Counter()
        for seed in range(args.games):
            factions = lineup(seed)
            try:
                game, same = play_and_replay(map_name, seed, rules)
            except Exception as exc:  # noqa: BLE001 - a benchmark counts failures and goes on
                print(f"{map_name} seed {seed}: {type(exc).__name__}: {exc}")
                failures += 1
                continue
            if not same or not game.s.ended:
                print(f"{map_name} seed {seed}: {'replays differently' if not same else 'did not end'}")
                failures += 1
            players[len(factions)] += 1
            winners[game.s.winner or "round limit"] += 1
            cabale_vp.append(game.s.players["cabale"].score)
        elapsed = time.perf_counter() - start
        print(f"{map_name}: {args.games} games ({dict(sorted(players.items()))} by player count) in {elapsed:.1f}s; "
              f"endings {dict(winners.most_common())}; cabale VP mean {sum(cabale_vp) / max(1, len(cabale_vp)):.1f}, "
              f"max {max(cabale_vp, default=0)}")
    print("failures:", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
