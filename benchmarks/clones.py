"""What `Game.clone()` costs mid-game: what a search bot pays per node.

    python benchmarks/clones.py                  # this checkout, mixes a, b and v
    python benchmarks/clones.py --tree /tmp/old  # another revision's files (git archive REV | tar -x)

Each mix is played by a random bot (seed 7) from game seed 3 until round 10; then the best of 5
runs of 2000 clones, by CPU time, is printed in microseconds with the round and the pieces on
the board. Mixes: (a) and (b) as in compare.py, (v) the Vagabond, the Marquise, the Eyrie and
the Alliance. Run it a few times interleaved with the other revision: the machine's load moves
each figure by a microsecond or two.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

MIXES = {"a": ["alliance", "arachneen", "tests/factions/militia_a.yaml", "tests/factions/militia_b.yaml"],
         "b": ["cabale", "colombes", "neiges", "arachneen"],
         "v": ["vagabond", "marquise", "eyrie", "alliance"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=REPO, help="the files of the revision to measure")
    parser.add_argument("--mixes", default="abv")
    args = parser.parse_args()
    use_checkout(args.tree)
    from rootlaw.agents.agent import RandomAgent
    from rootlaw.content.record import Setup
    out = {}
    for mix in args.mixes:
        factions = [str(args.tree / f) if f.endswith(".yaml") else f for f in MIXES[mix]]
        setup = Setup(map="autumn", factions=factions, seed=3, round_limit=30)
        game = setup.start(setup.rules())
        agent = RandomAgent(7)
        while game.pending() is not None and game.s.round < 10:
            game.answer(agent.choose(game, game.pending()))
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            for _ in range(2000):
                game.clone()
            best = min(best, (time.process_time() - start) / 2000)
        out[mix] = {"clone_us": round(best * 1e6, 1), "round": game.s.round, "pieces": len(game.s.pieces)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
