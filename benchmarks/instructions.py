"""Instructions per decision of the working tree and an older revision, counted by Valgrind.

    python benchmarks/instructions.py REV                # both mixes, 4 seeds
    python benchmarks/instructions.py REV --mix b --seeds 8

Times on a shared machine move by several percent from one run to the next; the number of
machine instructions a process executes hardly moves at all. So a change worth 1% can be seen
here when `compare.py` cannot tell it from noise. Instructions are not time (a cache miss costs
more than an addition), so a gain claimed from them should also show, within noise, in
`compare.py`.

Each side plays the same games as `compare.py` (its worker, after the same untimed warm-up
game) under `valgrind --tool=callgrind`. A second run plays the warm-up game alone; the
difference is what the timed games cost (both after two uncounted runs of the warm-up game, so
that both find the same caches: an effect's compiled code is kept by its second start). Both
sides' final hashes are compared. The runs share a parser cache folder of their own, so no
text is parsed again in one of them. Needs Valgrind (`apt install valgrind`); about a minute
per side and mix for 4 seeds.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout, as in ceilings.py

from benchmarks.compare import MIXES, REPO, add_game_options, export, run_side  # noqa: E402


def collected(stderr: str) -> int:
    """The instruction count callgrind reports at exit ("Collected : N")."""
    found = re.search(r"Collected\s*:\s*(\d+)", stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in Valgrind's output: {stderr.strip()[-300:]}")
    return int(found.group(1))


def play(tree: Path, mix: str, seeds: list[int], rounds: int, counted: bool = True) -> tuple[dict, int]:
    """The worker's result for `seeds` played in `tree`, and the instructions it executed."""
    valgrind = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null") if counted else ()
    result, stderr = run_side(tree, mix, seeds, rounds, prefix=valgrind, env={"PYTHONHASHSEED": "0"})
    if "error" in result:
        raise RuntimeError(result["error"])
    return result, collected(stderr) if counted else 0


def per_decision(tree: Path, mix: str, seeds: list[int], rounds: int) -> tuple[float, int, list[str]]:
    """Instructions per decision of the timed games, their decisions and their final hashes."""
    for _ in range(2):  # uncounted: the first parses what the tree cache lacks, the second keeps
        play(tree, mix, [], rounds, counted=False)  # the code of the effects it recalls (files/code_cache.py)
    _, base = play(tree, mix, [], rounds)
    result, total = play(tree, mix, seeds, rounds)
    return (total - base) / result["decisions"], result["decisions"], result["hashes"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the older revision (any git revision name)")
    add_game_options(parser, reps=False)
    parser.set_defaults(seeds=4)
    args = parser.parse_args(argv)
    seeds = list(range(args.seeds))
    same = True
    with tempfile.TemporaryDirectory(prefix="rootlaw-instructions-") as tmp, \
            tempfile.TemporaryDirectory(prefix="rootlaw-instructions-cache-") as cache:
        # a cache folder of its own (mode 0700): the shared one drops its oldest files as other
        # runs add theirs, and a text parsed again in one counted run would be counted as play
        os.environ["ROOTLAW_CACHE_DIR"] = cache
        trees = {"old": export(args.rev, Path(tmp)), "new": REPO}
        for mix in (list(MIXES) if args.mix == "both" else [args.mix]):
            got = {side: per_decision(tree, mix, seeds, args.rounds) for side, tree in trees.items()}
            (old, n, old_hashes), (new, _, new_hashes) = got["old"], got["new"]
            print(f"mix ({mix}), seeds 0..{seeds[-1]}, {n} decisions: {old:,.0f} -> {new:,.0f} instructions "
                  f"per decision; old/new {old / new:.3f}; final hashes "
                  f"{'identical' if old_hashes == new_hashes else 'DIFFER'}")
            same = same and old_hashes == new_hashes
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
