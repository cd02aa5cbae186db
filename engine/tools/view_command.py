"""`rootlaw view SAVE --seat N|FACTION`: what one seat of a saved game sees, in words or as the
JSON of `rootlaw.tools.view` (which names no card the seat may not know)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from rootlaw.content.record import load_game

from .human import seats_of
from .toolkit import language_option
from .view import seat_view
from .view_text import view_text


def register(sub: argparse._SubParsersAction, natural) -> None:
    """Add `view` to the command's subparsers."""
    view = sub.add_parser("view", help="what one seat of a saved game sees: its hand, the public board, its log")
    view.add_argument("save", metavar="SAVE")
    view.add_argument("--seat", required=True, metavar="N|FACTION", help="a seat number (1 plays first) or faction id")
    view.add_argument("--json", action="store_true", help="print the view as JSON (it names no card the seat may not know)")
    view.add_argument("--log", type=natural, default=10, metavar="N", help="log lines shown in words (default 10)")
    view.add_argument("--pack", action="append", default=[], metavar="PATH",
                      help="a pack (or faction, map or deck file) the game was played with (repeatable)")
    language_option(view, "the view's names and log")
    view.set_defaults(run=_view)


def _view(args: argparse.Namespace) -> int:
    game, _ = load_game(args.save, packs=[str(Path(p).resolve()) for p in args.pack])
    seat = seats_of(game, [args.seat], "--seat").pop()
    shown = seat_view(game, seat, args.lang, log=args.json or args.log > 0)
    print(json.dumps(shown, ensure_ascii=False, indent=1) if args.json else view_text(shown, args.log), end="\n" * args.json)
    return 0
