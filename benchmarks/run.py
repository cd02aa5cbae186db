"""rootlaw benchmarks: random-game speed, clone/digest/save/load costs, cold data load.

Run from the repository root:

    python benchmarks/run.py            # a table
    python benchmarks/run.py --games 50 # more games for a steadier games/s figure
    python benchmarks/run.py --json     # machine-readable results

Standard library plus the engine only. See benchmarks/README.md for what each number means.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed
import rootlaw  # noqa: F401,E402
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.catalog import make_rules
from rootlaw.content.factions import load_faction
from rootlaw.content.record import Setup, load_game, save_game
from rootlaw.core.game import Game, Options, Rules

MAP = "autumn"
ROUND_LIMIT = 30
FACTION_FILES = [str(REPO / "tests" / "factions" / f"militia_{x}.yaml") for x in "abcd"]
MID_GAME_ROUND = 10
CLONES = 1000
DIGESTS = 1000
SAVES = 100
COLD_RUNS = 5

# Runs in a fresh interpreter, so nothing is cached: import, then read and validate the data.
COLD_SCRIPT = """
import json, sys, time
t0 = time.perf_counter()
from benchmarks.checkout import use_checkout
use_checkout()
from rootlaw.content.catalog import find_map, standard_deck
from rootlaw.content.factions import bundled_factions, load_faction
t1 = time.perf_counter()
m = find_map(sys.argv[1])
t2 = time.perf_counter()
d = standard_deck()
t3 = time.perf_counter()
files = sys.argv[2:] + [str(p) for p in bundled_factions().values()]
fs = [load_faction(p) for p in files]
t4 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "map": t2 - t1, "deck": t3 - t2, "factions": t4 - t3,
                  "faction_count": len(fs), "total": t4 - t0}))
"""


def build() -> tuple[Rules, Setup]:
    factions = [load_faction(path) for path in FACTION_FILES]
    rules = make_rules(MAP, factions, Options(round_limit=ROUND_LIMIT))
    return rules, Setup(map=MAP, factions=[f.id for f in factions], seed=0, round_limit=ROUND_LIMIT,
                        packs=list(FACTION_FILES))


def play_out(game: Game, agent: RandomAgent, until_round: int | None = None) -> int:
    """Answer random decisions until the game ends (or reaches `until_round`); returns how many."""
    n = 0
    while game.pending() is not None and (until_round is None or game.s.round < until_round):
        game.answer(agent.choose(game, game.pending()))
        n += 1
    return n


def bench_games(rules: Rules, setup: Setup, games: int) -> dict:
    decisions = 0
    ended_by_limit = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Setup(**{**setup.__dict__, "seed": seed}).start(rules)
        decisions += play_out(game, RandomAgent(10_000 + seed))
        ended_by_limit += game.s.winner is None
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": elapsed, "decisions": decisions,
            "games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed,
            "decisions_per_game": decisions / games, "ended_by_round_limit": ended_by_limit}


def mid_game(rules: Rules, setup: Setup) -> Game:
    game = setup.start(rules)
    play_out(game, RandomAgent(1), until_round=MID_GAME_ROUND)
    return game


def per_call(fn, n: int) -> float:
    """Mean seconds per call of fn() over n calls (best of 3 batches, to dodge noise)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n)
    return best


def bench_state(game: Game, rules: Rules, setup: Setup) -> dict:
    out = {"state_round": game.s.round, "state_pieces": len(game.s.pieces),
           "clone_us": per_call(game.clone, CLONES) * 1e6,
           "digest_us": per_call(game.s.digest, DIGESTS) * 1e6}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        out["save_ms"] = per_call(lambda: save_game(game, setup, path), SAVES) * 1e3
        out["save_bytes"] = path.stat().st_size
        out["load_ms"] = per_call(lambda: load_game(path, rules, packs=FACTION_FILES), SAVES) * 1e3
        out["load_rebuild_rules_ms"] = per_call(lambda: load_game(path, packs=FACTION_FILES), max(1, SAVES // 10)) * 1e3
        loaded, _ = load_game(path, rules, packs=FACTION_FILES)
        out["load_roundtrip_ok"] = loaded.s.digest() == game.s.digest()
    return out


def bench_cold(runs: int) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    samples = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", COLD_SCRIPT, MAP, *FACTION_FILES], cwd=REPO, env=env,
                              capture_output=True, text=True, check=True)
        samples.append(json.loads(done.stdout.strip().splitlines()[-1]))
    median = {k: statistics.median(s[k] for s in samples) * 1e3 for k in ("import", "map", "deck", "factions", "total")}
    return {"cold_" + k + "_ms": v for k, v in median.items()} | {"cold_faction_files": samples[0]["faction_count"],
                                                                  "cold_runs": runs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games to play (default 20)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    rules, setup = build()
    results = {"python": platform.python_version(), "map": MAP, "factions": 4, "round_limit": ROUND_LIMIT}
    results |= bench_games(rules, setup, args.games)
    results |= bench_state(mid_game(rules, setup), rules, setup)
    results |= bench_cold(COLD_RUNS)

    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    r = results
    rows = [
        (f"random games ({r['games']}, round limit {ROUND_LIMIT})", f"{r['games_per_s']:.2f}", "games/s"),
        ("decisions", f"{r['decisions_per_s']:,.0f}", "decisions/s"),
        ("decisions per game", f"{r['decisions_per_game']:.0f}", ""),
        (f"clone() at round {r['state_round']} ({r['state_pieces']} pieces)", f"{r['clone_us']:.1f}", "µs"),
        ("state.digest()", f"{r['digest_us']:.1f}", "µs"),
        (f"save_game ({r['save_bytes']:,} bytes)", f"{r['save_ms']:.2f}", "ms"),
        ("load_game (rules given)", f"{r['load_ms']:.2f}", "ms"),
        ("load_game (rules rebuilt from Setup)", f"{r['load_rebuild_rules_ms']:.2f}", "ms"),
        ("cold: import rootlaw", f"{r['cold_import_ms']:.0f}", "ms"),
        ("cold: map", f"{r['cold_map_ms']:.0f}", "ms"),
        ("cold: deck", f"{r['cold_deck_ms']:.0f}", "ms"),
        (f"cold: factions ({r['cold_faction_files']} files)", f"{r['cold_factions_ms']:.0f}", "ms"),
        ("cold: total (import + data)", f"{r['cold_total_ms']:.0f}", "ms"),
    ]
    width = max(len(name) for name, _, _ in rows)
    print(f"rootlaw {rootlaw.__version__} benchmarks, Python {r['python']}, {MAP} map, 4 militia factions")
    print(f"{'measure':<{width}}  {'value':>10}  unit")
    print(f"{'-' * width}  {'-' * 10}  {'-' * 11}")
    for name, value, unit in rows:
        print(f"{name:<{width}}  {value:>10}  {unit}")
    if not r["load_roundtrip_ok"]:
        print("WARNING: the loaded game's digest differs from the saved one", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
