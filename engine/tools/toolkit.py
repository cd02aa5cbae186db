"""The designer's toolkit on the command line: `rootlaw simulate` and `rootlaw sheet`.

Kept apart from `cli.py`, which only registers these subcommands.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rootlaw.agents.registry import BOTS, bot_names
from rootlaw.content.catalog import faction_named
from rootlaw.content.factions import bundled_factions
from rootlaw.content.maps import bundled_maps
from rootlaw.content.packs import PackContent, load_packs
from rootlaw.core.names import LANGUAGES
from rootlaw.errors import RootlawError
from rootlaw.files.atomic import write_file

from . import arguments


def language_option(parser: argparse.ArgumentParser, what: str) -> None:
    """`--lang en|fr|pl`, on every command that shows game text."""
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=f"language of {what} (default en)")


def faction_ids(names: list[str], packs: list[str]) -> list[str]:
    """The ids of the factions a person typed: by id, by any of their names (those of the packs'
    factions too), or by file (the file then joins `packs`, as a pack of one)."""
    bundled = bundled_factions()
    out: list[str] = []
    extra = None
    for name in names:
        if name in bundled:
            out.append(name)
        elif Path(name).is_file():
            out.append(arguments.typed_file(name, packs))
        else:
            extra = load_packs(list(packs)).factions if extra is None else extra
            out.append(faction_named(name, extra))
    return out


def register(sub: argparse._SubParsersAction) -> None:
    """Add `simulate` and `sheet` to the command's subparsers."""
    sim = sub.add_parser("simulate", help="play many bot games and write JSON Lines, a summary and an HTML report")
    sim.add_argument("--factions",
                     help="comma-separated factions (ids, names in any language, or files), all in every game "
                          "(required)")
    sim.add_argument("--map", default="autumn",
                     help=f"one of {', '.join(bundled_maps())}, or 'all' to take them in turn (default autumn)")
    sim.add_argument("--games", type=arguments.games, default=100,
                     help=f"number of games (default 100, at most {arguments.MAX_GAMES:,})")
    sim.add_argument("--seed", type=arguments.seed, default=1, help="run seed; game i's seed is derived from it (default 1)")
    sim.add_argument("--bot", default="greedy",
                     help=f"bot for every seat, or one per faction, comma-separated; one of {', '.join(BOTS)} "
                          "(default greedy)")
    sim.add_argument("--rounds", type=arguments.rounds, default=30, help="round limit (default 30)")
    sim.add_argument("--workers", type=arguments.positive, default=1,
                     help="local worker processes (default 1; at most one per processor)")
    sim.add_argument("--backend", choices=("local", "ray"), default="local",
                     help="local processes, or Ray tasks (pip install \"rootlaw[cluster]\")")
    sim.add_argument("--address", default=None, help="with --backend ray: the cluster address (default: a local Ray)")
    sim.add_argument("--pack", action="append", default=[], metavar="PATH",
                     help="a pack folder or .zip whose factions, maps and decks join the bundled ones (repeatable)")
    sim.add_argument("--deck", default="standard", help="the deck: standard, or the id of a pack's deck")
    sim.add_argument("--out", default="simulation", metavar="DIR", help="output folder (default ./simulation)")
    sim.add_argument("--resume", action="store_true",
                     help="play on from the rows already in --out (a run that was stopped), with the same options")
    sim.add_argument("--force", action="store_true", help="replace the results already in --out")
    sim.add_argument("--no-report", action="store_true", help="write only games.jsonl and summary.json")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    language_option(sim, "the report, its plots, the verdict and the summary, with faction and VP source names")
    _sweep_options(sim)
    sim.set_defaults(run=_simulate)

    sheet = sub.add_parser("sheet", help="render a faction file as a player sheet (Markdown or HTML)")
    sheet.add_argument("faction", metavar="FACTION_OR_FILE",
                       help=f"a faction by id ({', '.join(bundled_factions())}) or name, a faction file, or a "
                            "faction of a --pack")
    sheet.add_argument("--pack", action="append", default=[], metavar="PATH",
                       help="a pack folder or .zip whose factions may be named (repeatable)")
    language_option(sheet, "the sheet")
    sheet.add_argument("-o", "--output", metavar="FILE", help="write to sheet.html or sheet.md (default: Markdown on stdout)")
    sheet.set_defaults(run=_sheet)


def say_pack_notes(packs: "list[str] | PackContent") -> None:
    """Say, on stderr, which faction an id shared by a pack and a bundled faction names (for
    play, check and simulate)."""
    content = load_packs(packs) if isinstance(packs, list) and packs else packs
    for note in getattr(content, "notes", ()):
        print(f"note: {note}", file=sys.stderr)


def _sweep_options(sim: argparse.ArgumentParser) -> None:
    """The options of sweeps, bot comparisons and --until-decided (rootlaw.tools.sweeps)."""
    group = sim.add_argument_group("sweeps and bot comparisons (each variant plays the same games)")
    group.add_argument("--vary", action="append", default=[], metavar="FACTION.NAME=V1,V2,...",
                       help="try each value of a faction's variable or track, e.g. otters.lodge_vp=[1,3],[2,4] "
                            "(repeatable: every combination is played)")
    group.add_argument("--sweep", metavar="FILE", help="a sweep file: several --vary at once (schemas/sweep.schema.json)")
    group.add_argument("--list-vary", metavar="FACTION", help="list the faction's variables and tracks and stop")
    group.add_argument("--bots", action="append", default=[], metavar="BOT,BOT,...",
                       help="play the games under each bot for every seat (or FACTION=BOT,BOT for one seat) "
                            "and flag when the factions' ranking changes")
    group.add_argument("--until-decided", action="store_true",
                       help="play blocks of --games games until every faction's rate is decided (see --width)")
    group.add_argument("--max-games", type=arguments.games, default=1000, metavar="N",
                       help="with --until-decided: at most N games per variant (default 1000)")
    group.add_argument("--width", type=_width, default=None, metavar="W",
                       help="a 95%% interval holding the even share and at most W wide calls a rate even "
                            "(default 0.10)")


def _width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number such as 0.1") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError("must be between 0 and 1 (a width of win rate, 0.1 is 10 points)")
    return value


def _simulate(args: argparse.Namespace) -> int:
    from .report_words import words
    from .simulate import Plan, simulate
    from .summary import text_table
    from .verdict import designer_text

    if args.list_vary:
        return _list_vary(args)
    if args.factions is None:
        raise RootlawError("simulate needs --factions a,b,... (or --list-vary FACTION)")
    factions = [f.strip() for f in args.factions.split(",") if f.strip()]
    if len(factions) < 2:
        raise RootlawError("a game needs at least two factions (use --factions a,b)")
    if args.address and args.backend != "ray":
        raise RootlawError("--address is for --backend ray")
    packs = [str(Path(p).resolve()) for p in args.pack]
    factions = faction_ids(factions, packs)
    maps = bundled_maps() if args.map == "all" else [arguments.typed_file(args.map, packs)]
    say_pack_notes(packs)
    bots = bot_names(args.bot, factions)
    plan = Plan(factions=tuple(factions), bots=tuple(bots.values()), maps=tuple(maps), games=args.games,
                seed=args.seed, round_limit=args.rounds, packs=tuple(packs), deck=args.deck)
    plan = _sweep(plan, args, bots)
    out = Path(args.out)
    workers = arguments.workers(args.workers) if args.backend == "local" else args.workers
    try:
        outcome = simulate(plan, out, backend=args.backend, workers=workers, address=args.address,
                           progress=not args.quiet, report=not args.no_report, lang=args.lang,
                           resume=args.resume, force=args.force)
    except KeyboardInterrupt:
        print(f"\nstopped: the rows of the games played are kept in {out}; the same command with --resume "
              "plays on from them", file=sys.stderr)
        raise
    print(text_table(outcome.summary))
    print(designer_text(outcome.summary))
    for path in outcome.files:
        if path.suffix != ".svg" and path.parent == out:
            print(words(args.lang)("wrote", path=path))
    return 0


def _sweep(plan, args: argparse.Namespace, bots: dict[str, str]):
    """The plan as a sweep, if the options ask for one (values checked before any game starts)."""
    from dataclasses import asdict

    from .sweeps import Sweep, Until, axes_from_file, axes_from_options, check_axes, make_variants, parse_bots

    if args.width is not None and not args.until_decided:
        raise RootlawError("--width is for --until-decided")
    axes = axes_from_options(args.vary) + (axes_from_file(args.sweep) if args.sweep else [])
    bot_axes = parse_bots(args.bots, list(plan.factions))
    if not (axes or bot_axes or args.until_decided):
        return plan
    if axes:
        check_axes(axes, plan.spec(0).setup().rules())
    until = Until(max_games=args.max_games, **({"width": args.width} if args.width else {})) \
        if args.until_decided else None
    if until and args.games > until.max_games:
        raise RootlawError(f"--until-decided plays blocks of --games ({args.games}) up to --max-games "
                           f"({until.max_games}); give fewer --games or more --max-games")
    sweep = Sweep(**asdict(plan), variants=make_variants(axes, bot_axes, bots), until=until)
    if sweep.total > arguments.MAX_GAMES:
        raise RootlawError(f"the sweep would play up to {sweep.total:,} games ({len(sweep.variants)} values and bots), "
                           f"more than {arguments.MAX_GAMES:,}; give fewer --games or --max-games")
    return sweep


def _list_vary(args: argparse.Namespace) -> int:
    from rootlaw.content.catalog import find_faction
    from rootlaw.content.packs import load_packs

    from .sweeps import list_tunables

    packs = [str(Path(p).resolve()) for p in args.pack]
    (fid,) = faction_ids([args.list_vary], packs)  # by id, by name or by file
    print(list_tunables(find_faction(fid, load_packs(packs).factions), args.lang), end="")
    return 0


def _sheet(args: argparse.Namespace) -> int:
    from .sheet import output_format, render

    fmt = output_format(args.output)
    text = render(args.faction, args.lang, fmt, [str(Path(p).resolve()) for p in args.pack])
    if args.output:
        write_file(args.output, text, "sheet")
        print(f"wrote {args.output}")
    else:
        print(text, end="")
    return 0
