"""A fixed run of the search bot: its answers on the positions of seeded random games, to check
that a change keeps every choice and to count what the search costs (CPU time, or Valgrind's
instructions, which do not depend on the machine's load).

    python benchmarks/mcts_runs.py                       # 20 positions, alliance vs cabale
    python benchmarks/mcts_runs.py --tree /tmp/old       # another revision's files (git worktree / archive)
    python benchmarks/mcts_runs.py --positions 300 --answers a.txt   # each answer, one a line
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/mcts_runs.py --positions 10 [--repeat 2]
    python benchmarks/mcts_runs.py --profile 30          # cProfile, the 30 costliest functions

Random bots play games from `--seed` on (one game after another, four a seed's mix) and at
every third decision with a choice a fresh `MctsBot(step)` (as `bots.py --cost` makes it)
answers the position; the answers are not played. It prints a hash of every answer, in order
(the same hash on two revisions: the same choices), and the CPU milliseconds per answer; the
setup of the games is done before the clock starts. Valgrind counts the setup too, and the
first answers also pay for Python compiling the rules' generated code on its first call: the
instructions of `--positions N` taken from those of `--positions N --repeat 2` are N answers'
in a warm process.
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402


def positions(factions: list[str], count: int, seed: int, map_name: str) -> list:
    """(game, decision, step) for the first `count` positions of seeded random games."""
    from rootlaw.agents.agent import RandomAgent
    from rootlaw.content.record import Setup
    out = []
    g = 0
    while len(out) < count:
        game = Setup(map=map_name, factions=factions, seed=seed + g, round_limit=30).start()
        driver = RandomAgent(seed + g)
        step = 0
        while (decision := game.pending()) is not None and len(out) < count:
            step += 1
            if step % 3 == 0 and len(decision["options"]) > 1:
                out.append((game.clone(), decision, step))
            game.answer(driver.choose(game, decision))
        g += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=REPO, help="the files of the revision to run")
    parser.add_argument("--factions", default="alliance,cabale")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default="autumn")
    parser.add_argument("--answers", type=Path, help="write each answer (its repr) to this file, one a line")
    parser.add_argument("--profile", type=int, metavar="N", help="print cProfile's N costliest functions")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="answer every position K times (a fresh bot each time: the same answers)")
    args = parser.parse_args()
    use_checkout(args.tree)
    from rootlaw.agents.mcts import MctsBot
    todo = positions(args.factions.split(","), args.positions, args.seed, args.map)
    answers = []
    profile = cProfile.Profile() if args.profile else None
    start = time.process_time()
    if profile:
        profile.enable()
    for _ in range(args.repeat):
        for game, decision, step in todo:
            answers.append(repr(MctsBot(step, iterations=args.iterations).choose(game, decision)))
    if profile:
        profile.disable()
    spent = time.process_time() - start
    answers = answers[:len(todo)]  # the others are the same again
    digest = hashlib.sha256("\n".join(answers).encode()).hexdigest()[:16]
    print(f"{len(answers)} answers  hash {digest}  CPU {spent * 1000 / max(1, len(answers) * args.repeat):.1f} ms per answer")
    if args.answers:
        args.answers.write_text("\n".join(answers) + "\n")
    if profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
