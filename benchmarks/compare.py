"""Side-by-side speed of the working tree and an older revision, with identical games checked.

    python benchmarks/compare.py REV                 # both mixes, 8 seeds, 3 repetitions
    python benchmarks/compare.py REV --mix a --reps 5 --seeds 12

REV is exported with `git archive` into a temporary folder (nothing in the repository changes).
Each repetition runs one fresh process per side, alternating which side goes first, so both
sides share the machine's load. Every process plays the same seeded random games and reports
its decisions (only decisions with two or more options exist: one-option decisions answer
themselves), its play time (wall clock, and the process's CPU time, which other programs on a
shared machine disturb far less) and each game's final state hash. Before the timed games each
process plays one untimed game (seed 999999), so one-time costs left to the first game (such as
compiling an expression's generated Python on its first use) are not counted as play.

Mixes: (a) Autumn with alliance, arachneen and the test militias a and b; (b) Autumn with
cabale, colombes, neiges and arachneen. A revision that cannot load a mix's factions reports
so and that mix is skipped for it.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

MIXES = {
    "a": ["alliance", "arachneen", "tests/factions/militia_a.yaml", "tests/factions/militia_b.yaml"],
    "b": ["cabale", "colombes", "neiges", "arachneen"],
}

# Runs inside the tree being measured (cwd and sys.path point there). Revisions before the
# package was named rootlaw import it as `engine`; later ones have its source in engine/.
WORKER = """
import importlib.util, json, os, sys, time
if os.path.isdir("engine/core"):
    spec = importlib.util.spec_from_file_location("rootlaw", "engine/__init__.py", submodule_search_locations=["engine"])
    sys.modules["rootlaw"] = module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from rootlaw.agents.agent import RandomAgent
    from rootlaw.content.record import Setup
else:
    from engine.agents import RandomAgent
    from engine.record import Setup
cfg = json.loads(sys.argv[1])
WARM_UP = 999_999
try:
    base = Setup(map="autumn", factions=cfg["factions"], seed=0, round_limit=cfg["rounds"])
    rules = base.rules()
except Exception as exc:
    print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
    sys.exit(0)
decisions, seconds, cpu, hashes = 0, 0.0, 0.0, []
for timed, seed in [(False, WARM_UP)] + [(True, seed) for seed in cfg["seeds"]]:
    setup = Setup(map="autumn", factions=cfg["factions"], seed=seed, round_limit=cfg["rounds"])
    start, start_cpu = time.perf_counter(), time.process_time()
    game = setup.start(rules)
    agent = RandomAgent(10_000 + seed)
    n = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        n += 1
    if not timed:
        continue
    decisions += n
    seconds += time.perf_counter() - start
    cpu += time.process_time() - start_cpu
    hashes.append(game.s.digest())
print(json.dumps({"decisions": decisions, "seconds": seconds, "cpu": cpu, "hashes": hashes}))
"""


def export(rev: str, into: Path) -> Path:
    """The revision's files, extracted with git archive (the repository is left untouched)."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", rev],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def run_side(tree: Path, mix: str, seeds: list[int], rounds: int, prefix: tuple[str, ...] = (),
             env: dict[str, str] | None = None) -> tuple[dict, str]:
    """The worker's result for `seeds` played in `tree` ({"error": ...} when it failed) and what
    it wrote to stderr; `prefix` runs it under another program (instructions.py: Valgrind)."""
    environment = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    cfg = json.dumps({"factions": mix_factions(mix, tree), "seeds": seeds, "rounds": rounds})
    done = subprocess.run([*prefix, sys.executable, "-c", WORKER, cfg], cwd=tree, env=environment,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"}, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def compare_mix(name: str, trees: dict[str, Path], seeds: list[int], rounds: int, reps: int) -> bool:
    """Print one mix's figures; True when every seed's final hash is the same on both sides."""
    factions = MIXES[name]
    print(f"\nmix ({name}): {', '.join(Path(f).stem for f in factions)} on Autumn, "
          f"seeds {seeds[0]}..{seeds[-1]}, round limit {rounds}")
    rates: dict[str, list[float]] = {side: [] for side in trees}
    cpu_rates: dict[str, list[float]] = {side: [] for side in trees}
    ratios: list[float] = []
    cpu_ratios: list[float] = []
    hashes: dict[str, list[str]] = {}
    sides = list(trees)
    for rep in range(reps):
        order = sides if rep % 2 == 0 else sides[::-1]
        got = {side: run_side(trees[side], name, seeds, rounds)[0] for side in order}
        for side, result in got.items():
            if "error" in result:
                print(f"  {side}: cannot play this mix ({result['error']})")
                return False
            rates[side].append(result["decisions"] / result["seconds"])
            cpu_rates[side].append(result["decisions"] / result["cpu"])
            hashes[side] = result["hashes"]
        ratios.append(rates["new"][-1] / rates["old"][-1])
        cpu_ratios.append(cpu_rates["new"][-1] / cpu_rates["old"][-1])
        print(f"  rep {rep + 1}: old {rates['old'][-1]:8,.0f}  new {rates['new'][-1]:8,.0f} decisions/s (wall)"
              f"  ratio {ratios[-1]:.2f};  CPU time ratio {cpu_ratios[-1]:.2f}  ({got['new']['decisions']} decisions)")
    same = hashes["old"] == hashes["new"]
    med = statistics.median
    print(f"  wall: old {med(rates['old']):,.0f}  new {med(rates['new']):,.0f} decisions/s; "
          f"paired ratio median {med(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
    print(f"  CPU:  old {med(cpu_rates['old']):,.0f}  new {med(cpu_rates['new']):,.0f} decisions per CPU second; "
          f"paired ratio median {med(cpu_ratios):.2f} (min {min(cpu_ratios):.2f}, max {max(cpu_ratios):.2f})")
    differ = [s for s, a, b in zip(seeds, hashes["old"], hashes["new"]) if a != b]
    print(f"  final hashes: {'identical for every seed' if same else f'DIFFER for seeds {differ}'}")
    return same


def add_game_options(parser: argparse.ArgumentParser, reps: bool = True) -> None:
    """Which mixes, how many seeded games (and repetitions): shared by the benchmarks that play
    the mixes (ceilings.py, frame_costs.py)."""
    parser.add_argument("--mix", choices=[*MIXES, "both"], default="both")
    parser.add_argument("--seeds", type=int, default=8, help="games per run (seeds 0..N-1, default 8)")
    if reps:
        parser.add_argument("--reps", type=int, default=3, help="interleaved repetitions (default 3)")
    parser.add_argument("--rounds", type=int, default=30, help="round limit (default 30)")


def mix_factions(name: str, tree: Path = REPO) -> list[str]:
    """A mix's factions as `Setup` takes them: bundled ids, and test files inside `tree`."""
    return [str(tree / f) if f.endswith(".yaml") else f for f in MIXES[name]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the older revision (any git revision name)")
    add_game_options(parser)
    args = parser.parse_args(argv)
    seeds = list(range(args.seeds))
    with tempfile.TemporaryDirectory(prefix="rootlaw-compare-") as tmp:
        old = export(args.rev, Path(tmp))
        print(f"old: {args.rev} ({subprocess.run(['git', '-C', str(REPO), 'rev-parse', '--short', args.rev], capture_output=True, text=True).stdout.strip()})"
              f"   new: working tree {REPO}")
        trees = {"old": old, "new": REPO}
        mixes = list(MIXES) if args.mix == "both" else [args.mix]
        results = [compare_mix(m, trees, seeds, args.rounds, args.reps) for m in mixes]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
