"""Soak test: many seeded random games over every map and faction mix, checked at every step.

Run from the repository root (it takes long; `nice` it on a shared machine):

    python benchmarks/soak.py --games 10000
    python benchmarks/soak.py --games 200 --start 5000   # another slice of the same series
    python benchmarks/soak.py --games 1000 --factions seed --bots random,greedy

Game i of the series is fixed by i alone: its map, its 2-5 seats drawn from the bundled and
test factions (`--factions seed`: the five seed factions only), with or without a round limit,
its seed, each seat's bot (drawn from `--bots`, default random) and the bots' seeds. After every
decision the state invariants (`rootlaw.core.invariants`) are checked; at a decision drawn at random
the game is cloned and saved and loaded, and the copies must have the same digest and play on
to the same end; at the end its record goes through JSON and replays to the same digest.
A game that passes MAX_DECISIONS decisions counts as a hang. Prints games, decisions,
crashes, violations, stalls and hangs, with the first examples of each problem.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()  # this checkout's engine, even if another rootlaw is installed

from rootlaw.agents.agent import Agent
from rootlaw.agents.registry import BOTS, make_bot
from rootlaw.content.catalog import make_rules
from rootlaw.content.factions import FactionDef, bundled_factions, load_faction
from rootlaw.content.maps import bundled_maps
from rootlaw.content.record import Record, Setup, load_game, replay, save_game
from rootlaw.core.game import Game, Options, Rules
from rootlaw.core.invariants import violations
from rootlaw.core.rng import Rng
from rootlaw.core.stalemate import STALLED

TEST_FACTIONS = REPO / "tests" / "factions"
UNLIMITED = 1_000_000        # "no round limit": the game ends by score, dominance or stalemate
ROUND_LIMITS = (10, 30, UNLIMITED)
MAX_DECISIONS = 20_000       # far above any real game (a 30-round game takes about 1,500)
EXAMPLES = 5                 # examples kept per kind of problem


@dataclass
class Totals:
    games: int = 0
    decisions: int = 0
    crashes: int = 0
    violations: int = 0
    stalls: int = 0
    hangs: int = 0
    results: Counter = field(default_factory=Counter)
    mix: Counter = field(default_factory=Counter)  # games by map and by number of seats, seats by bot
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, kind: str, text: str) -> None:
        kept = self.examples.setdefault(kind, [])
        if len(kept) < EXAMPLES:
            kept.append(text)


SEED_FACTIONS = ("alliance", "arachneen", "cabale", "colombes", "neiges")  # the project's five seeds


def faction_pool(seed_only: bool = False) -> dict[str, FactionDef]:
    """Every bundled faction and every test faction, by id; with `seed_only`, the five seed
    factions alone."""
    pool = {fid: load_faction(path) for fid, path in bundled_factions().items()
            if not seed_only or fid in SEED_FACTIONS}
    for path in [] if seed_only else sorted(TEST_FACTIONS.glob("*.yaml")):
        faction = load_faction(path)
        pool.setdefault(faction.id, faction)
    return pool


def game_plan(i: int, maps: list[str], ids: list[str], bots: tuple[str, ...] = ("random",)
              ) -> tuple[str, list[str], int, list[str]]:
    """Game i's map, seats, round limit and each seat's bot, from its index alone (with one bot
    name, the same series as before bots could be mixed)."""
    rng = Rng(7_919 * i + 1)
    seats = 2 + rng.below(4)
    pool = list(ids)
    chosen = [pool.pop(rng.below(len(pool))) for _ in range(min(seats, len(pool)))]
    plan = maps[rng.below(len(maps))], chosen, ROUND_LIMITS[rng.below(len(ROUND_LIMITS))]
    return (*plan, [bots[rng.below(len(bots))] if len(bots) > 1 else bots[0] for _ in chosen])


def play_one(i: int, rules: Rules, setup: Setup, totals: Totals, folder: Path, fork: bool,
             bots: list[str] | None = None) -> None:
    game = setup.start(rules)
    # one random bot for every seat unless `bots` names each faction's (in the order of setup.factions)
    agent: Agent = make_bot("random", 1_000_003 * i + 17)
    agents = {f: make_bot(b, 1_000_003 * i + 17 + k) for k, (f, b) in enumerate(zip(setup.factions, bots))} \
        if bots else None
    answers: list = []
    fork_at = Rng(i).below(200) if fork else -1
    who = f", bots {','.join(bots)}" if bots else ""
    label = f"game {i} ({setup.map}, {','.join(setup.factions)}, rounds {setup.round_limit}, seed {setup.seed}{who})"
    for n in range(MAX_DECISIONS):
        broken = violations(game)
        if broken:
            totals.violations += 1
            totals.note("violation", f"{label} after {n} decisions: {broken[0]}")
            return
        if game.pending() is None:
            break
        if n == fork_at:
            _fork(game, agents or agent, setup, rules, folder, totals, label)
        decision = game.pending()
        choice = (agents[decision["player"]] if agents else agent).choose(game, decision)
        game.answer(choice)
        answers.append(choice)
        totals.decisions += 1
    else:
        totals.hangs += 1
        totals.note("hang", f"{label}: still running after {MAX_DECISIONS} decisions, round {game.s.round}")
        return
    ended = game.s.ended or ""
    totals.results[ended.split(":")[0].split(" (")[0]] += 1
    if ended.startswith(STALLED):
        totals.stalls += 1
    record = Record(setup, answers, game.s.digest())
    again = replay(Record.from_json(json.loads(json.dumps(record.to_json())), packs=setup.packs), rules)
    if again.s.digest() != record.final_hash:
        totals.violations += 1
        totals.note("replay", f"{label}: the record replays to another state")


def _fork(game: Game, agent: Agent | dict[str, Agent], setup: Setup, rules: Rules, folder: Path, totals: Totals,
          label: str) -> None:
    """Clone, save and load here; each copy must equal the game and play on to the same end."""
    path = folder / "soak-save.json"
    save_game(game, setup, path)
    loaded, _ = load_game(path, rules, packs=setup.packs)
    clone = game.clone()
    if not loaded.s.digest() == clone.s.digest() == game.s.digest():
        totals.violations += 1
        totals.note("round trip", f"{label}: a clone or a loaded save differs from the game")
        return
    ends = [_play_on(copy, agent) for copy in (clone, loaded, game.clone())]
    if ends[0] != ends[2] or ends[1] != ends[2]:
        totals.violations += 1
        totals.note("round trip", f"{label}: a clone or a loaded save played on to another end")


def _play_on(game: Game, agent: Agent | dict[str, Agent]) -> str:
    """Play `game` to its end with a twin of `agent` (or of each seat's agent: same generator
    state); its final digest."""
    twin = copy.deepcopy(agent)
    for _ in range(MAX_DECISIONS):
        decision = game.pending()
        if decision is None:
            break
        game.answer((twin[decision["player"]] if isinstance(twin, dict) else twin).choose(game, decision))
    return game.s.digest()


def run(games: int, start: int = 0, fork_every: int = 10, progress: bool = True,
        summary: Path | None = None, seed_only: bool = False, bots: tuple[str, ...] = ("random",)) -> Totals:
    """Play games start .. start+games-1 of the series and add up what happened; with
    `summary`, the totals so far are rewritten there every 25 games (a long run can be read
    while it goes, or after it is stopped)."""
    began = time.perf_counter()
    pool = faction_pool(seed_only)
    ids, maps = sorted(pool), sorted(bundled_maps())
    packs = [] if seed_only else \
        [str(p) for p in sorted(TEST_FACTIONS.glob("*.yaml")) if load_faction(p).id not in bundled_factions()]
    totals = Totals()
    cache: dict[tuple, Rules] = {}
    bar = _bar(games) if progress else None
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(start, start + games):
            map_name, seats, limit, chosen_bots = game_plan(i, maps, ids, bots)
            key = (map_name, tuple(seats), limit)
            if key not in cache:
                cache[key] = make_rules(map_name, [pool[f] for f in seats], Options(round_limit=limit))
            setup = Setup(map=map_name, factions=seats, seed=i, round_limit=limit, packs=packs)
            totals.mix.update([map_name, f"{len(seats)} seats", *chosen_bots])
            try:
                play_one(i, cache[key], setup, totals, Path(tmp), fork=i % fork_every == 0,
                         bots=chosen_bots if bots != ("random",) else None)
            except Exception as exc:  # noqa: BLE001 - a crash is what the soak counts
                totals.crashes += 1
                totals.note("crash", f"game {i} ({map_name}, {','.join(seats)}, rounds {limit}): "
                                     f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
            totals.games += 1
            if summary is not None and (totals.games % 25 == 0 or totals.games == games):
                summary.write_text(report(totals, time.perf_counter() - began) + "\n")
            if bar is not None:
                bar.update(1)
                bar.set_postfix(crashes=totals.crashes, violations=totals.violations, stalls=totals.stalls,
                                hangs=totals.hangs, refresh=False)
    if bar is not None:
        bar.close()
    return totals


def _bar(total: int):
    from tqdm import tqdm
    return tqdm(total=total, unit="game", dynamic_ncols=True, mininterval=2.0)


def report(totals: Totals, seconds: float) -> str:
    lines = [f"games {totals.games}, decisions {totals.decisions} "
             f"({totals.decisions / max(seconds, 1e-9):.0f}/s, {seconds:.0f} s)",
             f"crashes {totals.crashes}, invariant violations {totals.violations}, "
             f"stalls {totals.stalls}, hangs {totals.hangs}",
             "results: " + ", ".join(f"{k or '?'} {n}" for k, n in sorted(totals.results.items())),
             "games by map and seats, seats by bot: " + ", ".join(f"{k} {n}" for k, n in sorted(totals.mix.items()))]
    for kind, texts in sorted(totals.examples.items()):
        lines.append(f"first {kind}s:")
        lines += [f"  {t}" for t in texts]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="index of the first game of the series")
    parser.add_argument("--fork-every", type=int, default=10,
                        help="clone/save/load round trip in one game of this many (default 10)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--summary", type=Path, metavar="FILE", help="rewrite the totals so far here every 25 games")
    parser.add_argument("--factions", choices=("all", "seed"), default="all",
                        help="all: the bundled and the test factions (default); seed: the five seed factions")
    parser.add_argument("--bots", default="random",
                        help=f"bots each seat's is drawn from, comma-separated ({', '.join(BOTS)}; default random)")
    args = parser.parse_args(argv)
    bots = tuple(b.strip() for b in args.bots.split(","))
    if not all(b in BOTS for b in bots):
        parser.error(f"--bots: known bots are {', '.join(BOTS)}")
    began = time.perf_counter()
    totals = run(args.games, args.start, args.fork_every, progress=not args.quiet, summary=args.summary,
                 seed_only=args.factions == "seed", bots=bots)
    print(report(totals, time.perf_counter() - began))
    return 1 if totals.crashes or totals.violations or totals.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
