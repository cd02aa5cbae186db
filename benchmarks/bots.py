"""Bot strength: how often each bot beats another in 2-player games, with 95% Wilson intervals;
and what a decision costs a fair bot against its omniscient version.

For every ordered pair of distinct factions (A, B) and every match-up "X:Y", it plays `--games`
games with X playing A and Y playing B, X first in the even games and second in the odd ones
(each game's seed is the next of the run's seeds that seats them so); the results say how it
did as each faction and in each seat. A game is won
by its winner (30 VP or dominance) or, at the round limit, by the player with most VP; a tie is
won by nobody. `greedy` and `mcts` are the fair bots (they see what their seat may know);
`greedy-omniscient` and `mcts-omniscient` read every hand and pile.

    python benchmarks/bots.py --matchups mcts:random,mcts:greedy --games 3
    python benchmarks/bots.py --cost 2      # time per decision, fair against omniscient
    python benchmarks/bots.py --matchups mcts:greedy --seconds 0.05 --workers 1

`--seconds S` gives every MCTS bot a fixed time per decision (S seconds by the wall clock,
shared out between its rounds of halving) instead of its fixed number of iterations, so a
faster engine makes a stronger bot; such games are not reproducible, and on a shared machine
run them with `--workers 1` on a quiet core. With the fixed iterations of the default, MCTS
iterations per CPU second are what `--cost` prints (the iterations per decision are fixed).

`--cost N` plays N seeded random games of the five factions and, at every third decision with
a choice, times each bot's answer on the same position (fair and omniscient side by side), in
CPU time of the process (a busy machine slows the wall clock, not this) and by the wall clock.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed
from rootlaw.agents.agent import RandomAgent  # noqa: E402
from rootlaw.agents.mcts import MctsBot  # noqa: E402
from rootlaw.agents.registry import BOTS, make_bot  # noqa: E402
from rootlaw.content.record import Setup  # noqa: E402
from rootlaw.core.rng import Rng  # noqa: E402
from rootlaw.tools.simulate import GameSpec, game_seed, run_local  # noqa: E402
from rootlaw.tools.summary import rate  # noqa: E402

FACTIONS = "alliance,arachneen,cabale,colombes,neiges"
MATCHUPS = "greedy:random,mcts:random,mcts:greedy,greedy:greedy-omniscient,mcts:mcts-omniscient"
UNBOUNDED = 10**9  # iterations of a bot that stops by its time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factions", default=FACTIONS, help="faction ids, comma-separated")
    parser.add_argument("--matchups", default=MATCHUPS, help="bot:opponent pairs, comma-separated")
    parser.add_argument("--games", type=int, default=20, help="games per ordered faction pair and match-up")
    parser.add_argument("--rounds", type=int, default=30, help="round limit")
    parser.add_argument("--map", default="autumn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cost", type=int, metavar="N", help="time the bots' decisions over N games instead")
    parser.add_argument("--seconds", type=float, metavar="S",
                        help="MCTS bots think S seconds per decision instead of a fixed number of iterations")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    factions = args.factions.split(",")
    if args.seconds:
        for name, fair in (("mcts", True), ("mcts-omniscient", False)):  # forked workers inherit these
            BOTS[name] = partial(MctsBot, seconds=args.seconds, iterations=UNBOUNDED, fair=fair)
    if args.cost:
        results = cost(factions, args.cost, args.seed, args.map)
        if not args.json:
            for name, r in results.items():
                print(f"{name:18} {r['decisions']:4d} decisions  CPU mean {r['mean_ms']:7.1f} ms  "
                      f"median {r['median_ms']:7.1f} ms  (wall mean {r['wall_mean_ms']:7.1f} ms)", flush=True)
    else:
        results = [strength(bot, opponent, factions, args) for bot, opponent in
                   (m.split(":") for m in args.matchups.split(","))]
    if args.json:
        print(json.dumps(results, indent=2))


def strength(bot: str, opponent: str, factions: list[str], args: argparse.Namespace) -> dict:
    start = time.perf_counter()
    wins = games = 0
    per_faction: dict[str, list[int]] = {}
    per_seat = {1: [0, 0], 2: [0, 0]}
    for a in factions:
        for b in factions:
            if a == b:
                continue
            for row in run_local(seated_specs(a, b, bot, opponent, args), args.workers):
                won = row["leader"] == a
                wins += won
                games += 1
                for tally in (per_faction.setdefault(a, [0, 0]), per_seat[row["seats"].index(a) + 1]):
                    tally[0] += won
                    tally[1] += 1
    r = {"bot": bot, "opponent": opponent, **rate(wins, games),
         "by_faction": {f: rate(w, n) for f, (w, n) in per_faction.items()},
         "by_seat": {seat: rate(w, n) for seat, (w, n) in per_seat.items()},
         "seconds": round(time.perf_counter() - start, 1)}
    if not args.json:
        print(f"{bot:17} vs {opponent:17} {r['wins']:4d}/{r['games']:<4d} {r['rate']:6.1%}  "
              f"95% CI [{r['low']:.1%}, {r['high']:.1%}]  ({r['seconds']} s)", flush=True)
        for label, fr in [*((f"as {f}", fr) for f, fr in r["by_faction"].items()),
                          *((f"in seat {s}", sr) for s, sr in r["by_seat"].items())]:
            print(f"    {label:18} {fr['wins']:4d}/{fr['games']:<4d} {fr['rate']:6.1%}  "
                  f"[{fr['low']:.1%}, {fr['high']:.1%}]", flush=True)
    return r


def seated_specs(a: str, b: str, bot: str, opponent: str, args: argparse.Namespace) -> list[GameSpec]:
    """`--games` games of `bot` as `a` against `opponent` as `b`, `a` seated first in the even
    ones: each takes the next seed of the run (`game_seed`) whose seat shuffle seats it so."""
    specs, k = [], 0
    for i in range(args.games):
        while True:
            seed = game_seed(args.seed, k)
            k += 1
            seats = [a, b]
            Rng(seed).shuffle(seats)  # as rootlaw.play.setup.new_game seats them
            if (seats[0] == a) == (i % 2 == 0):
                break
        specs.append(GameSpec(i, seed, args.map, (a, b), (bot, opponent), args.rounds))
    return specs


def cost(factions: list[str], games: int, seed: int, map_name: str) -> dict:
    """Milliseconds per decision of each bot (CPU time, and wall), timed on the same positions."""
    names = ("greedy", "greedy-omniscient", "mcts", "mcts-omniscient")
    times: dict[str, list[float]] = {n: [] for n in names}
    walls: dict[str, list[float]] = {n: [] for n in names}
    for g in range(games):
        game = Setup(map=map_name, factions=factions, seed=seed + g, round_limit=30).start()
        driver = RandomAgent(seed + g)
        step = 0
        while (decision := game.pending()) is not None:
            step += 1
            if step % 3 == 0:
                for name in names:
                    bot = make_bot(name, step)
                    cpu, wall = time.process_time(), time.perf_counter()
                    bot.choose(game, decision)
                    times[name].append((time.process_time() - cpu) * 1000)
                    walls[name].append((time.perf_counter() - wall) * 1000)
            game.answer(driver.choose(game, decision))
    return {n: {"decisions": len(t), "mean_ms": statistics.fmean(t), "median_ms": statistics.median(t),
                "wall_mean_ms": statistics.fmean(walls[n])} for n, t in times.items()}


if __name__ == "__main__":
    main()
