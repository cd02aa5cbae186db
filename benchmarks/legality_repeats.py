"""How often the menus ask a legality question again with nothing changed since they last asked it.

    python benchmarks/legality_repeats.py                 # both mixes, 4 seeds
    python benchmarks/legality_repeats.py --mix b --seeds 8

Issue 30 asks for "can this action start?" cached per decision and invalidated by what changed.
A cache can only skip a question whose inputs did not change since it was last answered, so
this counts, for each kind of question the menus ask (an action's check, a card's action, the
Daylight extras, the legal moves, the crafting check, a whole menu), over the seeded random
games of a mix (compare.py's):

- calls: the outermost calls (a call made inside another of the same kind is not counted);
- same answer: the answer equals the previous answer to the same question (the same function
  and arguments), which bounds any cache from above (ceilings.py's `menus_repeat`);
- board and own side unchanged: neither the pieces, their states, the map's supplies, the
  turn's marks and counters nor the asking player's own side (hand, supply, piles, items,
  variables, used marks, score) changed since the same question was last asked; other players'
  sides, the deck and the generator may have (a cache keyed by what a check reads could at
  best hit here, if no check read another player's side);
- position unchanged: nothing of the state but its frames, its log and its trace changed
  (what a cache that any change clears could hit);
- same decision: asked again before the next answer (a cache kept for one decision).

Nothing is changed in the games: the final hashes are printed to compare with compare.py's.
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


def play(factions: list[str], seeds: list[int], rounds: int) -> tuple[float, list[str]]:
    """CPU seconds and final hashes of the seeded random games (after one untimed game)."""
    rules = Setup(map="autumn", factions=factions, seed=0, round_limit=rounds).rules()
    cpu, hashes = 0.0, []
    for timed, seed in [(False, 999_999)] + [(True, seed) for seed in seeds]:
        start = time.process_time()
        game = Setup(map="autumn", factions=factions, seed=seed, round_limit=rounds).start(rules)
        agent = RandomAgent(10_000 + seed)
        while game.pending() is not None:
            game.answer(agent.choose(game, game.pending()))
        if timed:
            cpu += time.process_time() - start
            hashes.append(game.s.digest())
    return cpu, hashes


def measure(factions: list[str], seeds: list[int], rounds: int) -> tuple[dict[str, Counter], list[str]]:
    counts = {q: Counter() for q in QUESTIONS}
    spent: dict[str, Counter] = {q: Counter() for q in QUESTIONS}  # CPU seconds of those calls
    last: dict[tuple, tuple] = {}  # (question, arguments) -> (answer, board, whole, decision)
    decision = [0]
    overhead = [0.0]  # CPU seconds the stand-ins spent on their own records
    depth = Counter()
    real = {q: getattr(owner, name) for q, (owner, name) in QUESTIONS.items()}

    def wrap(question: str, fn: Callable) -> Callable:
        def call(*args: Any, **kwargs: Any) -> Any:
            if depth[question]:
                return fn(*args, **kwargs)
            depth[question] += 1
            start, before_overhead = time.process_time(), overhead[0]
            try:
                answer = fn(*args, **kwargs)
            finally:
                depth[question] -= 1
            took = time.process_time() - start - (overhead[0] - before_overhead)  # the stand-ins' own work left out
            start = time.process_time()
            game = args[0] if question != "card action" else args[3].game
            player = args[_PLAYER_AT[question]] if question in _PLAYER_AT else args[3].me
            key = (question, _text([a for a in args[1:] if not hasattr(a, "game")]), _text(kwargs),
                   _text(getattr(args[3], "env", None)) if question == "card action" else "")
            mine, board, whole = fingerprints(game, player)
            c = counts[question]
            c["calls"] += 1
            before = last.get(key)
            if before is not None:
                if _text(before[0]) == _text(answer):
                    c["same answer"] += 1
                    spent[question]["same answer"] += took
                for name, same in (("own pieces and side unchanged", before[4] == mine),
                                   ("board and own side unchanged", before[1] == board),
                                   ("position unchanged", before[2] == whole),
                                   ("same decision", before[3] == decision[0] and before[2] == whole)):
                    c[name] += same
                    if same:
                        spent[question][name] += took
            spent[question]["calls"] += took
            last[key] = (answer, board, whole, decision[0], mine)
            overhead[0] += time.process_time() - start
            return answer
        return call

    for q, (owner, name) in QUESTIONS.items():
        setattr(owner, name, wrap(q, real[q]))
    hashes = []
    plain = play(factions, seeds, rounds)[0]  # the games' CPU time without the stand-ins
    try:
        rules = Setup(map="autumn", factions=factions, seed=0, round_limit=rounds).rules()
        for seed in seeds:
            last.clear()
            game = Setup(map="autumn", factions=factions, seed=seed, round_limit=rounds).start(rules)
            agent = RandomAgent(10_000 + seed)
            while game.pending() is not None:
                game.answer(agent.choose(game, game.pending()))
                decision[0] += 1
            hashes.append(game.s.digest())
    finally:
        for q, (owner, name) in QUESTIONS.items():
            setattr(owner, name, real[q])
    return counts, spent, hashes, plain


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game_options(parser, reps=False)
    parser.set_defaults(seeds=4)
    args = parser.parse_args(argv)
    for mix in list(MIXES) if args.mix == "both" else [args.mix]:
        counts, spent, hashes, plain = measure(mix_factions(mix), list(range(args.seeds)), args.rounds)
        print(f"mix ({mix}), seeds 0..{args.seeds - 1}; final hashes {' '.join(hashes)}; "
              f"the games alone {plain:.3f} CPU s")
        print("  " + f"{'question':<16}" + "".join(f"{c:>30}" for c in COUNTS))
        for q, c in counts.items():
            n = c["calls"] or 1
            print("  " + f"{q:<16}" + "".join(
                f"{c[k]:>20,} ({100 * c[k] / n:4.1f}%)" if k != "calls" else f"{c[k]:>30,}" for k in COUNTS))
            print("  " + f"{'  CPU s':<16}" + "".join(f"{spent[q][k]:>30.3f}" for k in COUNTS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
