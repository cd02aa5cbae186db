"""The `rootlaw` command: play a game with bots, check scenarios, validate factions and packs.

Every error a user can cause ends as a message on stderr and exit status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .board import bundled_maps, load_map
from .bots import BOTS, bot_names, seat_bots
from .decks import load_deck
from .documents import load_yaml
from .errors import DataError, RootlawError
from .factions import bundled_factions, load_faction
from .packs import load_pack
from .record import Record, Setup, load_game, replay, save_game
from .scenario import run_scenario, scenario_files
from .toolkit import register as register_toolkit


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except RootlawError as exc:
        print(f"rootlaw: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rootlaw", description="A rules engine for Root whose factions are data.")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a full game with bots and print the log and final scores")
    play.add_argument("--map", default="autumn", help=f"one of {', '.join(bundled_maps())} (default autumn)")
    play.add_argument("--factions", default=None,
                      help="comma-separated faction ids or files (default: every bundled faction)")
    play.add_argument("--seed", type=_natural, default=1, help="game seed (default 1)")
    play.add_argument("--rounds", type=_positive, default=30, help="round limit (default 30)")
    play.add_argument("--deal-suits", action="store_true", help="deal suit markers on Lake and Mountain too")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--record", metavar="FILE", help="write the game record (setup, seed, answers) as JSON")
    play.add_argument("--save-at", type=_natural, metavar="N", help="with --save: save after N decisions")
    play.add_argument("--save", metavar="FILE", help="save the whole game state as JSON")
    play.add_argument("--pack", action="append", default=[], metavar="PATH",
                      help="a pack folder or .zip whose factions, maps and decks join the bundled ones (repeatable)")
    play.add_argument("--deck", default="standard", help="the deck: standard, or the id of a pack's deck")
    play.add_argument("--resume", metavar="FILE",
                      help="play on from a saved game (its map, factions and packs; bots seeded by --seed)")
    play.add_argument("--bots", default="random",
                      help=f"bot for every seat, or one per faction in --factions order; one of {', '.join(BOTS)}")
    play.set_defaults(run=_play)

    val = sub.add_parser("validate", help="check packs (folders or .zip) and single faction, map or deck files")
    val.add_argument("paths", nargs="+", metavar="PATH")
    val.set_defaults(run=_validate)

    check = sub.add_parser("check", help="run scenario files and print pass or fail")
    check.add_argument("paths", nargs="+", metavar="FILE", help="scenario files or folders of *.scenario.yaml")
    check.set_defaults(run=_check)

    rep = sub.add_parser("replay", help="replay a game record and check its final state hash")
    rep.add_argument("record", metavar="FILE")
    rep.set_defaults(run=_replay)
    register_toolkit(sub, _natural, _positive)
    return parser


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' must not be negative")
    return value


def _positive(text: str) -> int:
    value = _natural(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _play(args: argparse.Namespace) -> int:
    if args.resume:
        if args.record:
            raise RootlawError("--record needs the whole game; it cannot be used with --resume")
        game, setup = load_game(args.resume)
        shown_from = len(game.s.log)
    else:
        factions = args.factions.split(",") if args.factions else list(bundled_factions())
        if len(factions) < 2:
            raise RootlawError("a game needs at least two factions (use --factions a,b)")
        setup = Setup(map=args.map, factions=factions, seed=args.seed, round_limit=args.rounds,
                      deal_suits=args.deal_suits, packs=[str(Path(p).resolve()) for p in args.pack], deck=args.deck)
        game = setup.start()
        shown_from = 0
    agents = seat_bots(game, bot_names(args.bots, list(game.rules.factions)), args.seed)
    answers: list = []
    shown = shown_from
    while game.pending() is not None:
        if args.save and args.save_at is not None and len(answers) == args.save_at:
            save_game(game, setup, args.save)
        decision = game.pending()
        choice = agents[decision["player"]].choose(game, decision)
        game.answer(choice)
        answers.append(choice)
        if not args.quiet:
            for line in game.s.log[shown:]:
                print(line)
            shown = len(game.s.log)
    if not args.quiet:
        for line in game.s.log[shown:]:
            print(line)
    print()
    print(f"Final scores ({game.rules.map.name} map, seed {setup.seed}, {len(answers)} decisions):")
    for fid in sorted(game.s.seats, key=lambda f: -game.s.players[f].score):
        print(f"  {game.faction(fid).display_name():45} {game.s.players[fid].score:3d} VP")
    print(f"Result: {game.s.ended}" + (f"; winner: {game.faction(game.s.winner).display_name()}"
                                        if game.s.winner else ""))
    if args.record:
        record = Record(setup, answers, game.s.digest())
        Path(args.record).write_text(json.dumps(record.to_json()))
    if args.save and args.save_at is None:
        save_game(game, setup, args.save)
    return 0


def _validate(args: argparse.Namespace) -> int:
    """Report every problem of every path; exit 1 if any path has one."""
    bad = 0
    for path in args.paths:
        try:
            print(f"ok {path}: {describe(path)}")
        except DataError as exc:
            bad += 1
            print(f"{exc}\n{len(exc.problems)} problem(s) in {path}")
    return 1 if bad else 0


def describe(path: str) -> str:
    """Load one pack or data file and say what it holds (DataError if anything is wrong)."""
    p = Path(path)
    if p.is_dir() or p.suffix == ".zip":
        pack = load_pack(p)
        parts = [f"{len(items)} {kind}" for kind, items in
                 (("faction(s)", pack.factions), ("map(s)", pack.maps), ("deck(s)", pack.decks)) if items]
        return f"pack {pack.id} {pack.version}: " + (", ".join(parts) or "empty")
    doc = load_yaml(p)
    data = doc.data if isinstance(doc.data, dict) else {}
    if "pieces" in data:
        return f"faction {load_faction(p).id}"
    if "clearings" in data:
        return f"map {load_map(p).id}"
    if "cards" in data:
        deck = load_deck(p)
        return f"deck {deck.id} ({len(deck.cards)} cards)"
    raise DataError([doc.problem((), "not a faction, map, deck or pack",
                                 "a faction has 'pieces', a map 'clearings', a deck 'cards'; a pack is a folder or .zip")])


def _check(args: argparse.Namespace) -> int:
    files = scenario_files(args.paths)
    if not files:
        raise RootlawError("no scenario files found (they are named *.scenario.yaml)")
    failed = 0
    for path in files:
        try:
            outcome = run_scenario(path)
        except DataError as exc:
            print(f"ERROR {path}:\n{exc}")
            failed += 1
            continue
        print(outcome.report())
        failed += not outcome.passed
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _replay(args: argparse.Namespace) -> int:
    try:
        data = json.loads(Path(args.record).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RootlawError(f"{args.record}:1:1: file not found") from None
    except json.JSONDecodeError as exc:
        raise RootlawError(f"{args.record}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    record = Record.from_json(data, args.record)
    game = replay(record)
    digest = game.s.digest()
    same = record.final_hash in (None, digest)
    print(f"replayed {len(record.answers)} answers: state hash {digest}"
          + ("" if record.final_hash is None else (" (matches)" if same else f" (record says {record.final_hash})")))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
