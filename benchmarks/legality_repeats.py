"""How often the menus ask a legality question again with nothing changed since they last asked it.

    python benchmarks/legality_repeats.py                 # both mixes, 4 seeds
    python benchmarks/legality_repeats.py --mix b --seeds 8

Issue 30 asks for "can this action start?" cached per decision and invalidated by what changed.
A cache can only skip a question whose inputs did not change since it was last answered, so
this counts, for each kind of question the menus ask (a whole menu, an action's check, the Law's
move, battle and craft among them, a card's action, the Daylight extras, the legal moves), over
the seeded random games of a mix (compare.py's):

- calls: the outermost calls (a call made inside another of the same kind is not counted);
- same answer: the answer equals the previous answer to the same question (the same function
  and arguments), which bounds any cache from above (ceilings.py's `menus_repeat`);
- own pieces and side unchanged: neither the asking player's pieces (and their states) nor its
  side (hand, supply, piles, items, variables, used marks, score) nor the map's supplies, the
  turn's marks and counters changed since the same question was last asked; other players'
  pieces and sides, the deck and the generator may have (the most a cache keyed by what a check
  reads could skip, if no check read another faction's pieces or side);
- board and own side unchanged: the same, with every faction's pieces;
- position unchanged: nothing of the state but its frames, its log and its trace changed
  (what a cache that any change clears could skip);
- same decision: the position unchanged and no answer given in between (a cache kept for one
  decision).

Each row also gives the seconds those calls took (timed in a run of their own by the wall
clock read around each call, a cheaper clock than the CPU's; their share is of that run's wall
time, of which the timing is about a fifth), and the games' CPU time without stand-ins. `ceilings.py --free menus_unchanged` gives
the clean figure for the action checks: the games' CPU time with those calls answered free. Nothing is changed in the
games: the final hashes are printed to compare with compare.py's.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from benchmarks.checkout import use_checkout  # noqa: E402

use_checkout()

from benchmarks.compare import MIXES, add_game_options, mix_factions  # noqa: E402
from rootlaw.agents.agent import RandomAgent  # noqa: E402
from rootlaw.content.record import Setup  # noqa: E402
from rootlaw.law import movement  # noqa: E402
from rootlaw.play import actions  # noqa: E402

# question -> (owner, function name); each is looked up by its callers at every call
QUESTIONS: dict[str, tuple[Any, str]] = {
    "menu": (actions, "menu_options"),
    "action": (actions, "available"),
    "card action": (actions, "can_start"),
    "daylight extras": (actions, "daylight_extras"),
    "moves": (movement, "move_options"),
}
COUNTS = ("calls", "same answer", "own pieces and side unchanged", "board and own side unchanged",
          "position unchanged", "same decision")
_PLAYER_AT = {"menu": 1, "action": 1, "daylight extras": 1, "moves": 1}


def _text(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, default=repr)
    except TypeError:  # keys that are tuples (the legal moves)
        return repr(value)


def fingerprints(game: Any, player: str | None) -> tuple[str, str, str]:
    """(the asking player's pieces and side, the board and that side, the whole position without
    frames, log and trace)."""
    s = game.s
    data = s.to_json()
    for name in ("log", "trace", "steps", "stack", "decision", "known"):
        data.pop(name, None)
    whole = _text(data)
    board = {k: data.get(k) for k in ("pieces", "at", "states", "items", "ruins", "ruin_items", "items_out",
                                      "closed_paths", "ferry", "available_dominance", "current", "round",
                                      "phase", "turn_used", "forced_dice", "ended")}
    board["me"] = data["players"].get(player) if player else None
    mine = dict(board, pieces={pid: p for pid, p in data["pieces"].items() if p[0] == player}, at=None,
                states={pid: v for pid, v in data.get("states", {}).items()
                        if data["pieces"].get(pid, (None,))[0] == player})
    return _text(mine), _text(board), whole


def play(factions: list[str], seeds: list[int], rounds: int, between: Callable[[], None] = lambda: None,
         answered: Callable[[], None] = lambda: None) -> tuple[float, float, list[str]]:
    """CPU and wall seconds and final hashes of the seeded random games (after one untimed
    game, which compiles what the games run first); `between` runs before each timed game,
    `answered` after each answer."""
    rules = Setup(map="autumn", factions=factions, seed=0, round_limit=rounds).rules()
    cpu, wall, hashes = 0.0, 0.0, []
    for timed, seed in [(False, 999_999)] + [(True, seed) for seed in seeds]:
        if timed:
            between()
        start, start_wall = time.process_time(), time.perf_counter()
        game = Setup(map="autumn", factions=factions, seed=seed, round_limit=rounds).start(rules)
        agent = RandomAgent(10_000 + seed)
        while game.pending() is not None:
            game.answer(agent.choose(game, game.pending()))
            answered()
        if timed:
            cpu += time.process_time() - start
            wall += time.perf_counter() - start_wall
            hashes.append(game.s.digest())
    return cpu, wall, hashes


class StandIns:
    """Stand in for the questions' functions while games play (callers look them up at each
    call): `seen(question, args, kwargs, answer, seconds)` is told of each outermost call of the
    timed games (a call inside another of the same question is left alone)."""

    def __init__(self, seen: Callable[[str, tuple, dict, Any, float], None]) -> None:
        self.seen = seen
        self.depth = Counter()
        self.on = False  # told only of the timed games' calls

    def wrap(self, question: str, fn: Callable) -> Callable:
        # perf_counter: process_time is a system call, which would double the cost of a call
        clock, depth = time.perf_counter, self.depth

        def call(*args: Any, **kwargs: Any) -> Any:
            if depth[question] or not self.on:
                return fn(*args, **kwargs)
            depth[question] += 1
            start = clock()
            try:
                answer = fn(*args, **kwargs)
            finally:
                depth[question] -= 1
            self.seen(question, args, kwargs, answer, clock() - start)
            return answer
        return call

    def play(self, factions: list[str], seeds: list[int], rounds: int, between: Callable[[], None] = lambda: None,
             answered: Callable[[], None] = lambda: None) -> tuple[float, float, list[str]]:
        real = {q: getattr(owner, name) for q, (owner, name) in QUESTIONS.items()}
        for q, (owner, name) in QUESTIONS.items():
            setattr(owner, name, self.wrap(q, real[q]))

        def next_game() -> None:
            self.on = True
            between()
        try:
            return play(factions, seeds, rounds, next_game, answered)
        finally:
            for q, (owner, name) in QUESTIONS.items():
                setattr(owner, name, real[q])


def measure(factions: list[str], seeds: list[int], rounds: int) \
        -> tuple[dict[str, Counter], dict[str, Counter], bool, float, float]:
    """Per question: how many calls fall under each count, and their CPU seconds; whether
    every run ended every game with the same hash; the games' CPU time without stand-ins, and
    their wall time with the timing ones (the calls are timed by the wall clock too).

    A first run sorts every call (its fingerprints are costly, and the collection of their
    garbage would land inside the calls); a second plays the same games with stand-ins that only
    time each call, and adds its time to the counts the first run found for it."""
    plain, _, hashes = play(factions, seeds, rounds)
    counts = {q: Counter() for q in QUESTIONS}
    found: dict[str, list[tuple[str, ...]]] = {q: [] for q in QUESTIONS}  # each call's counts, in order
    last: dict[tuple, tuple] = {}  # (question, arguments) -> (answer, fingerprints..., decision)
    decision = [0]

    def sort(question: str, args: tuple, kwargs: dict, answer: Any, took: float) -> None:
        ctx = args[3] if question == "card action" else None
        player = ctx.me if ctx is not None else args[_PLAYER_AT[question]]
        key = (question, _text([a for a in args[1:] if a is not ctx]), _text(kwargs),
               _text(ctx.env) if ctx is not None else "")
        mine, board, whole = fingerprints(args[0], player)
        names = ["calls"]
        before = last.get(key)
        if before is not None:
            for name, same in (("same answer", _text(before[0]) == _text(answer)),
                               ("own pieces and side unchanged", before[1] == mine),
                               ("board and own side unchanged", before[2] == board),
                               ("position unchanged", before[3] == whole),
                               ("same decision", before[3] == whole and before[4] == decision[0])):
                if same:
                    names.append(name)
        for name in names:
            counts[question][name] += 1
        found[question].append(tuple(names))
        last[key] = (answer, mine, board, whole, decision[0])

    def answered() -> None:
        decision[0] += 1

    _, _, sorted_hashes = StandIns(sort).play(factions, seeds, rounds, between=last.clear, answered=answered)
    spent = {q: Counter() for q in QUESTIONS}
    calls = {q: iter(found[q]) for q in QUESTIONS}

    def add(question: str, args: tuple, kwargs: dict, answer: Any, took: float) -> None:
        for name in next(calls[question]):
            spent[question][name] += took

    _, timed, timed_hashes = StandIns(add).play(factions, seeds, rounds)
    same = hashes == sorted_hashes == timed_hashes and all(next(it, None) is None for it in calls.values())
    return counts, spent, same, plain, timed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser, reps=False)
    parser.set_defaults(seeds=4)
    args = parser.parse_args(argv)
    all_same = True
    for mix in list(MIXES) if args.mix == "both" else [args.mix]:
        counts, spent, same, plain, timed = measure(mix_factions(mix), list(range(args.seeds)), args.rounds)
        all_same = all_same and same
        print(f"mix ({mix}), seeds 0..{args.seeds - 1}: the games {plain:.3f} CPU s alone, {timed:.3f} s of wall time with the "
              f"calls timed (the shares below are of it); the same games in every run: {'yes' if same else 'NO'}")
        print("  " + f"{'question':<16}" + "".join(f"{c:>30}" for c in COUNTS))
        for q, c in counts.items():
            n = c["calls"] or 1
            print("  " + f"{q:<16}" + "".join(
                f"{c[k]:>20,} ({100 * c[k] / n:4.1f}%)" if k != "calls" else f"{c[k]:>30,}" for k in COUNTS))
            print("  " + f"{'  seconds':<16}" + "".join(
                f"{spent[q][k]:>20.3f} ({100 * spent[q][k] / timed:4.1f}%)" for k in COUNTS))
    return 0 if all_same else 1


if __name__ == "__main__":
    sys.exit(main())
