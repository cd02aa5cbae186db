"""The `rootlaw` command: play a game with bots, check scenarios, validate factions and packs.

Every error a user can cause ends as a message on stderr and exit status 2, never a traceback.
(Somewhat over 400 lines: `play`'s loop keeps a person's game saved at the decision cap and
before an answer the rules refuse, beside the options it reads.)
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from rootlaw.agents.registry import BOTS, bot_names, seat_bots
from rootlaw.content.factions import bundled_factions, load_faction
from rootlaw.content.maps import bundled_maps, load_map
from rootlaw.content.packs import language_notes, load_data_file, load_pack, load_packs, warnings_of
from rootlaw.content.record import Record, Setup, load_game, replay, save_game
from rootlaw.core.invariants import violations
from rootlaw.core.narration import log_lines, log_lines_with_rules
from rootlaw.errors import DataError, Problem, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.files.jsonfile import check_writable, write_json
from rootlaw.language import ability_code, deferred
from rootlaw.language.phrases import unsaid

from . import arguments
from .arguments import natural as _natural, positive as _positive, typed_file
from .human import HumanAgent, HumanQuit, final_scores, resume_command, seats_of
from .toolkit import faction_ids, language_option, say_pack_notes
from .toolkit import register as register_toolkit


def main(argv: list[str] | None = None) -> int:
    _tolerant_output()
    given = sys.argv[1:] if argv is None else argv
    parser = _parser(only_play=given[:1] == ["play"])
    args = parser.parse_args(argv)
    args.collector_paused = argv is None and args.run is _play  # the process is the command's own
    if args.collector_paused:
        gc.disable()  # until the game is built: see _built
        deferred.enable()  # effects of files that built cleanly before compiled on first use
        ability_code.write_first_calls()  # and no ability's expressions made for a first call
    args.warned = set()  # the warnings of old-language files already shown (each is shown once)
    try:
        status = args.run(args)
        sys.stdout.flush()  # a reader that has gone shows here, not in the interpreter's exit
        return status
    except RootlawError as exc:
        print(f"rootlaw: error: {exc}", file=sys.stderr)
        return 2
    except HumanQuit as exc:
        print(exc)
        return 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `rootlaw ... | head`: the reader has gone; stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as exc:
        # a path the system refuses outright (too long, a loop of links...) while probing it
        name = str(exc.filename or "")
        shown = name if len(name) <= 80 else name[:77] + "..."
        print(f"rootlaw: error: {shown}: {exc.strerror or exc}", file=sys.stderr)
        return 2


def _tolerant_output() -> None:
    """Print names the terminal's encoding cannot show (Sojusz Stworzeń on a cp1252 console,
    a lone surrogate in a bad file's id) as '?' or escapes rather than crash on them."""
    for stream, errors in ((sys.stdout, "replace"), (sys.stderr, "backslashreplace")):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=errors)


def _parser(only_play: bool = False) -> argparse.ArgumentParser:
    """The command's options; `only_play`: those of `rootlaw play` alone (what it reads, with the
    same help and messages; the other commands' options are some 80 more to set up)."""
    parser = argparse.ArgumentParser(prog="rootlaw", description="A rules engine for Root whose factions are data.")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a full game with bots and print the log and final scores")
    play.add_argument("--map", default="autumn", help=f"one of {', '.join(bundled_maps())} (default autumn)")
    play.add_argument("--factions", default=None,
                      help="comma-separated factions by id, by any of their names (any case) or by file "
                           "(default: every bundled faction)")
    play.add_argument("--seed", type=arguments.seed, default=1, help="game seed (default 1)")
    play.add_argument("--rounds", type=arguments.rounds, default=30, help="round limit (default 30)")
    play.add_argument("--deal-suits", action="store_true", help="deal suit markers on Lake and Mountain too")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--rules", action="store_true",
                      help="between the log's lines, the rule numbers that fired there, in order (bots only)")
    play.add_argument("--record", metavar="FILE", help="write the game record (setup, seed, answers) as JSON")
    play.add_argument("--save-at", type=_natural, metavar="N", help="with --save: save after N decisions")
    play.add_argument("--save", metavar="FILE", help="save the whole game state as JSON")
    play.add_argument("--pack", action="append", default=[], metavar="PATH",
                      help="a pack folder or .zip whose factions, maps and decks join the bundled ones (repeatable)")
    play.add_argument("--deck", default="standard", help="the deck: standard, or the id of a pack's deck")
    play.add_argument("--check", action="store_true",
                      help="check the state invariants after every decision (slower; for testing rules)")
    play.add_argument("--max-decisions", type=_positive, default=100_000, metavar="N",
                      help="stop after N decisions (default 100000)")
    play.add_argument("--resume", metavar="FILE",
                      help="play on from a saved game (its map, factions and packs; bots seeded by --seed)")
    play.add_argument("--human", action="append", default=[], metavar="SEAT_OR_FACTION",
                      help="a seat (number, 1 plays first) or faction id a person plays at the terminal (repeatable)")
    play.add_argument("--picture", default="board.svg", metavar="FILE",
                      help="with --human: where 'board' writes the board picture (.svg or .png; default board.svg)")
    play.add_argument("--bots", default="random",
                      help=f"bot for every seat, or one per faction in --factions order; one of {', '.join(BOTS)}")
    language_option(play, "the log, prompts, options and scores")
    play.add_argument("--vary", action="append", default=[], metavar="FACTION.NAME=VALUE",
                      help="play with another value for a faction's variable or track (repeatable; "
                           "rootlaw simulate --list-vary FACTION lists them)")
    play.set_defaults(run=_play)
    if not only_play:
        _other_commands(sub)
    return parser


def _other_commands(sub: argparse._SubParsersAction) -> None:
    from .interactions import register as register_interactions
    from .upgrade import register as register_upgrade
    from .view_command import register as register_view
    val = sub.add_parser("validate", help="check packs (folders or .zip) and single faction, map, deck or rulings files")
    val.add_argument("paths", nargs="+", metavar="PATH")
    val.add_argument("--strict", action="store_true",
                     help="fail on warnings too, and on a file or pack that does not state its language; also warn "
                          "of what people would read badly (things a faction leaves unnamed, a colour like a suit's)")
    val.set_defaults(run=_validate)

    check = sub.add_parser("check", help="run scenario files and print pass or fail")
    check.add_argument("paths", nargs="+", metavar="FILE", help="scenario files or folders of *.scenario.yaml")
    check.add_argument("--render", nargs="?", const=".", metavar="DIR",
                       help="write the picture of each failing scenario's position as DIR/<name>.svg (default: here)")
    check.add_argument("--pack", action="append", default=[], metavar="PATH",
                       help="a pack folder or .zip whose factions and maps the scenarios may name (repeatable)")
    check.add_argument("--trace", action="store_true", help="print the rules fired for passing scenarios too")
    check.set_defaults(run=_check)

    render = sub.add_parser("render", help="draw the board of a saved game, game record or scenario as SVG or PNG")
    render.add_argument("source", metavar="SAVE_OR_RECORD_OR_SCENARIO")
    render.add_argument("--at", type=_natural, metavar="N", help="a record's position after N answers (default: the end)")
    render.add_argument("-o", "--output", default="board.svg", metavar="FILE", help="board.svg or board.png")
    language_option(render, "the picture's names and words")
    render.set_defaults(run=_render)

    serve = sub.add_parser("serve", help="a local web table: play any factions and map, hot-seat and bots, replay records")
    serve.add_argument("--pack", action="append", default=[], metavar="PATH", help="a pack whose factions, maps and decks join (repeatable)")
    serve.add_argument("--port", type=arguments.port, default=8000, help="port, 0 to 65535 (default 8000; 0: any free one)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only)")
    serve.add_argument("--db", metavar="FILE", help="the database of tables (default: tables.sqlite3 in the user's "
                       "data folder, $XDG_DATA_HOME/rootlaw)")
    language_option(serve, "the game's words on the table's pages: names, options, the log")
    serve.set_defaults(run=_serve)

    rulings = sub.add_parser("rulings", help="list every ruling by rule number, with the scenarios that pin it")
    rulings.add_argument("--faction", metavar="ID", help="only this faction's rulings (with its interactions), or 'core'")
    rulings.add_argument("--rule", metavar="NUMBER", help="only the rulings citing this rule or one under it (4.3 takes 4.3.4)")
    language_option(rulings, "the rule and faction names")
    rulings.add_argument("--pack", action="append", default=[], metavar="PATH",
                         help="a pack whose factions' rulings join (repeatable)")
    rulings.add_argument("--scenarios", action="append", metavar="DIR",
                         help="a folder of scenarios that may pin rulings, besides tests/scenarios of a checkout (repeatable)")
    rulings.set_defaults(run=_rulings)

    register_view(sub, _natural)

    rep = sub.add_parser("replay", help="replay a game record and check its final state hash")
    rep.add_argument("record", metavar="FILE")
    rep.add_argument("--pack", action="append", default=[], metavar="PATH",
                     help="a pack (or faction, map or deck file) the recorded game was played with (repeatable)")
    rep.set_defaults(run=_replay)
    register_toolkit(sub)
    register_upgrade(sub)
    register_interactions(sub)


def _play(args: argparse.Namespace) -> int:
    if args.save_at is not None and not args.save:
        raise RootlawError("--save-at needs --save FILE")
    if args.resume and (args.factions is not None or args.vary):
        raise RootlawError("--resume plays the saved game's factions and values; leave out --factions and --vary")
    for path, what in ((args.save, "saved game"), (args.record, "game record")):
        if path is not None:
            check_writable(path, what)
    if args.resume:
        if args.record:
            raise RootlawError("--record needs the whole game; it cannot be used with --resume")
        game, setup = load_game(args.resume, packs=[str(Path(p).resolve()) for p in args.pack])
        shown_from = len(game.s.log)
    else:
        factions = args.factions.split(",") if args.factions is not None else list(bundled_factions())
        if any(not name.strip() for name in factions):
            raise RootlawError(f"--factions '{args.factions}' has an empty name; give ids or files, like a,b")
        if len(factions) < 2:
            raise RootlawError("a game needs at least two factions (use --factions a,b)")
        packs = [str(Path(p).resolve()) for p in args.pack]
        factions = faction_ids([name.strip() for name in factions], packs)
        say_pack_notes(packs)
        setup = Setup(map=typed_file(args.map, packs), factions=factions, seed=args.seed, round_limit=args.rounds,
                      deal_suits=args.deal_suits, packs=packs, deck=args.deck, vary=_variation(args.vary))
        game = setup.start()
        shown_from = 0
    _built(args)
    _warn(args, warnings_of(game.rules.factions, {"deck": game.rules.deck}))
    agents = seat_bots(game, bot_names(args.bots, list(game.rules.factions)), args.seed)
    humans = seats_of(game, args.human)
    if args.rules and humans:
        raise RootlawError("--rules is for games of bots only: the rules that fire can tell what a hand holds")

    def lines(start: int, last: bool = False) -> list[str]:
        if args.rules:
            return log_lines_with_rules(game, args.lang, start, last)
        return log_lines(game, lang=args.lang, start=start)
    save_file = args.save or "rootlaw-save.json"
    human = HumanAgent(lambda g, path: save_game(g, setup, path), save_file, args.picture, sys.stdin, sys.stdout,
                       args.lang, humans, shown_from, lambda path: resume_command(args, path))
    agents.update({fid: human for fid in humans})
    answers: list = []
    shown = shown_from
    _check_state(game, args.check, 0)
    while game.pending() is not None:
        if len(answers) >= args.max_decisions:
            game.log("stopped", cap=args.max_decisions)
            if humans:  # a person's game never stops with nothing saved
                save_game(game, setup, save_file)
                print(f"the decision cap ({args.max_decisions}) was reached: game saved to {save_file}; "
                      f"play on with: {resume_command(args, save_file)}")
            break
        if args.save and args.save_at is not None and len(answers) == args.save_at:
            save_game(game, setup, args.save)
        if not args.quiet and not humans:  # a game of bots only: the whole truth; people read their own
            for line in lines(shown):
                print(line)
            shown = len(game.s.log)
        decision = game.pending()
        choice = agents[decision["player"]].choose(game, decision)
        before = game.clone() if humans else None
        try:
            game.answer(choice)
        except RootlawError as exc:
            if before is None:
                raise
            save_game(before, setup, save_file)
            raise RootlawError(f"{exc}\nthe game as it was before that answer is saved to {save_file}; "
                               f"play on with: {resume_command(args, save_file)}") from None
        answers.append(choice)
        _check_state(game, args.check, len(answers))
    if not args.quiet:
        if humans:
            human.news(game)
        else:
            for line in lines(shown, last=True):
                print(line)
    print(final_scores(game, setup.seed, len(answers), args.max_decisions, args.lang))
    if args.record:
        write_json(args.record, Record(setup, answers, game.s.digest()).to_json(), "game record")
    if args.save and args.save_at is None:
        save_game(game, setup, args.save)
    return 0


def _variation(texts: list[str]) -> dict[str, dict]:
    """The values of `--vary`, read by tools/vary_option.py, imported only then (it imports
    PyYAML, which a warm start otherwise never needs: files/documents.py)."""
    if not texts:
        return {}
    from . import vary_option
    return vary_option.one_each(texts)


def _built(args: argparse.Namespace) -> None:
    """Building the rules makes a few hundred thousand objects that live as long as the game, and
    almost no garbage; a collector left on walks them all again and again while they are made
    (a third of the building time). So the `rootlaw play` process builds with it off, then freezes
    what exists (later collections skip it) and turns it back on for the game. A caller's own
    process (main given argv, as the tests do) keeps its collector as it is."""
    if args.collector_paused:
        gc.freeze()
        gc.enable()


def _check_state(game, check: bool, decisions: int) -> None:
    """With --check: the state invariants after every decision (rootlaw.core.invariants)."""
    if check:
        broken = violations(game)
        if broken:
            raise RootlawError(f"after {decisions} decisions the state breaks {len(broken)} invariant(s): "
                               + "; ".join(broken[:5]))


def _validate(args: argparse.Namespace) -> int:
    """Report every problem of every path; exit 1 if any path has one (with --strict, also a
    warning or a language not stated). --strict also warns of what people would read badly
    (things left unnamed, a suit-like colour), in its report, without failing. The language's
    warnings and advice go to stderr."""
    bad = 0
    for path in args.paths:
        try:
            what, warnings = describe(path)
        except DataError as exc:
            bad += 1
            print(f"{exc}\n{len(exc.problems)} problem(s) in {path}")
            continue
        _warn(args, warnings)
        if args.strict and warnings:
            bad += 1
            print(f"{len(warnings)} warning(s) in {path} (--strict)")
        else:
            print(f"ok {path}: {what}")
        if args.strict:  # what people would read badly: part of the report, no failure (the file plays as it is)
            readability = strict_warnings(path)
            for warning in readability:
                print(warning)
            if readability:
                print(f"{len(readability)} thing(s) in {path} people would read badly")
    return 1 if bad else 0


def _warn(args: argparse.Namespace, warnings: list[Problem]) -> None:
    """Warnings of files read in an older language (and validate's advice), each shown once,
    on stderr."""
    for warning in warnings:
        if warning not in args.warned:
            args.warned.add(warning)
            print(warning, file=sys.stderr)


def strict_warnings(path: str) -> list:
    """What `validate --strict` warns of in a valid pack or faction file: things people would
    read as ids made readable, and a colour the board picture cannot use beside the suits."""
    from rootlaw.content.faction_names import name_warnings, warning

    from .render.colours import near_suit

    p = Path(path)
    if p.is_dir() or p.suffix == ".zip":
        factions = list(load_pack(p).factions.values())
    else:
        doc = load_yaml(p)
        factions = [load_faction(p)] if isinstance(doc.data, dict) and "pieces" in doc.data else []
    out = []
    for faction in factions:
        out += name_warnings(faction.doc) + unsaid(faction)
        suit = near_suit(faction.colour) if faction.colour else None
        if suit:
            out.append(warning(faction.doc.problem(("colour",), f"the colour {faction.colour} looks like the "
                                                   f"{suit} suit's; pictures of the board will use another",
                                                   "choose a colour unlike red, yellow and orange")))
    return out


def describe(path: str) -> tuple[str, list[Problem]]:
    """Load one pack or data file and say what it holds, with its warnings and advice
    (DataError if anything is wrong)."""
    from rootlaw.scenarios.rulings import load_rulings_file

    p = Path(path)
    if p.is_dir() or p.suffix == ".zip":
        pack = load_pack(p)
        parts = [f"{len(items)} {kind}" for kind, items in
                 (("faction(s)", pack.factions), ("map(s)", pack.maps), ("deck(s)", pack.decks)) if items]
        return f"pack {pack.id} {pack.version}: " + (", ".join(parts) or "empty"), pack.warnings + language_notes(pack)
    doc = load_yaml(p)
    data = doc.data if isinstance(doc.data, dict) else {}
    if "pieces" in data or "cards" in data:
        pack = load_data_file(p)
        notes = pack.warnings + language_notes(pack)
        if pack.factions:
            return f"faction {next(iter(pack.factions))}", notes
        deck = next(iter(pack.decks.values()))
        return f"deck {deck.id} ({len(deck.cards)} cards)", notes
    if "clearings" in data:
        return f"map {load_map(p).id}", []
    if "rulings" in data:
        return f"rulings file ({len(load_rulings_file(p).rulings)} rulings)", []
    raise DataError([doc.problem((), "not a faction, map, deck, rulings file or pack",
                                 "a faction has 'pieces', a map 'clearings', a deck 'cards', a rulings file "
                                 "'rulings'; a pack is a folder or .zip")])


def _check(args: argparse.Namespace) -> int:
    from rootlaw.scenarios.runner import run_scenario, scenario_files

    from .render import write_picture

    files = scenario_files(args.paths)
    if not files:
        raise RootlawError("no scenario files found (they are named *.scenario.yaml)")
    packs = load_packs(args.pack)
    _warn(args, packs.warnings)
    say_pack_notes(packs)
    failed = 0
    for path in files:
        try:
            outcome = run_scenario(path, packs.factions, packs.maps)
        except DataError as exc:
            print(f"ERROR {path}:\n{exc}")
            failed += 1
            continue
        if outcome.game is not None:  # a scenario's own faction files
            _warn(args, warnings_of(outcome.game.rules.factions, {}))
        print(outcome.report(args.trace))
        failed += not outcome.passed
        if args.render and not outcome.passed and outcome.game is not None:
            picture = write_picture(outcome.game, Path(args.render) / f"{Path(path).name.split('.')[0]}.svg")
            print(f"  picture of the position: {picture}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _render(args: argparse.Namespace) -> int:
    from .render import picture_of, write_picture

    print(f"wrote {write_picture(picture_of(args.source, args.at), args.output, args.lang)}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        from .web import serve
    except ImportError as exc:
        raise RootlawError(f"the web table needs Flask ({exc.name} is missing): pip install 'rootlaw[web]'") from None
    serve(args.pack, args.host, args.port, args.db, args.lang)
    return 0


def _rulings(args: argparse.Namespace) -> int:
    from rootlaw.scenarios.rulings_index import build_index

    roots = None
    if args.scenarios:
        roots = [Path(d) for d in args.scenarios]
        for root in roots:
            if not root.is_dir():
                raise RootlawError(f"--scenarios {root}: no such folder")
    index = build_index(load_packs(args.pack).factions, roots)
    sys.stdout.write(index.render(args.lang, args.faction, args.rule))
    return 0


def _replay(args: argparse.Namespace) -> int:
    record = Record.load(args.record, packs=[str(Path(p).resolve()) for p in args.pack])
    game = replay(record)
    _warn(args, warnings_of(game.rules.factions, {"deck": game.rules.deck}))
    digest = game.s.digest()
    same = record.final_hash in (None, digest)
    print(f"replayed {len(record.answers)} answers: state hash {digest}"
          + ("" if record.final_hash is None else (" (matches)" if same else f" (record says {record.final_hash})")))
    return 0 if same else 1
