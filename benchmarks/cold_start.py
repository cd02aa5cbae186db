"""The cold start of `rootlaw play --quiet --rounds 1`, measured as issue 30 asks: the whole
process's wall time, interpreter start included, median of 7 runs interleaved with runs of a bare
`python -c pass`, from a warm cache and from an empty one.

    python benchmarks/cold_start.py --rootlaw /tmp/venv/bin/rootlaw
    python benchmarks/cold_start.py --rootlaw /tmp/venv/bin/rootlaw --runs 15
    python benchmarks/cold_start.py --rootlaw /tmp/before/bin/rootlaw --rootlaw /tmp/after/bin/rootlaw

Point --rootlaw at the script of a normal (non-editable) install: an editable one finds the
package through an import hook, which costs time a user's install does not pay. The bare
interpreter is the one named on the script's first line (#!), unless --python says otherwise.
Each round runs, in turn and for each script given: the bare interpreter, the command with the
warm cache, the bare interpreter again, the command with an empty cache; so all of them share
the machine's load. Each script's warm cache is a folder of its own (XDG_CACHE_HOME), filled by
two untimed runs first; every empty-cache run gets a new empty folder. ROOTLAW_NO_CACHE and
ROOTLAW_CACHE_DIR are removed from the runs' environment. It prints the median wall time and the
median user and system CPU times of each (on a loaded machine the CPU times are the steadier).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

COMMAND = ["play", "--quiet", "--rounds", "1"]


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall, user CPU and system CPU seconds of one run of argv (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime


def interpreter_of(script: Path) -> str:
    first = script.read_text(errors="replace").splitlines()[0]
    if not first.startswith("#!"):
        raise SystemExit(f"{script}: no #! line; give --python")
    return first[2:].strip().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rootlaw", required=True, type=Path, action="append",
                        help="the rootlaw script of a non-editable install; repeat it to compare installs in turn")
    parser.add_argument("--python", help="the bare interpreter (default: each script's #! interpreter)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each kind (default 7)")
    args = parser.parse_args()
    base = {k: v for k, v in os.environ.items() if k not in ("ROOTLAW_NO_CACHE", "ROOTLAW_CACHE_DIR")}
    rows: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="rootlaw-cold-") as tmp:
        for n, script in enumerate(args.rootlaw):
            for _ in range(2):
                timed([str(script), *COMMAND], {**base, "XDG_CACHE_HOME": f"{tmp}/warm-{n}"})
        for i in range(args.runs):
            for n, script in enumerate(args.rootlaw):
                python = args.python or interpreter_of(script)
                play = [str(script), *COMMAND]
                for kind, cache in (("warm cache", f"warm-{n}"), ("empty cache", f"empty-{n}-{i}")):
                    rows.setdefault((str(script), "python -c pass"), []).append(timed([python, "-c", "pass"], base))
                    rows.setdefault((str(script), kind), []).append(timed(play, {**base, "XDG_CACHE_HOME": f"{tmp}/{cache}"}))
    print(f"rootlaw {' '.join(COMMAND)}: {args.runs} runs of each, interleaved")
    for script in args.rootlaw:
        print(f"\n{script}\n{'':16} {'wall median':>12} {'user median':>12} {'sys median':>11}   wall, every run")
        for kind in ("python -c pass", "warm cache", "empty cache"):
            runs = rows[(str(script), kind)]
            walls = [w for w, _, _ in runs]
            print(f"{kind:16} {statistics.median(walls):11.3f}s {statistics.median(u for _, u, _ in runs):11.3f}s "
                  f"{statistics.median(s for _, _, s in runs):10.3f}s   " + " ".join(f"{w:.2f}" for w in walls))


if __name__ == "__main__":
    main()
