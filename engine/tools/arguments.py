"""Values typed on the command line, checked where they enter: a seed or a round limit that a
save could not hold, a port no system has, a number of games or workers past any use are
refused (or capped, with a message) before anything runs.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rootlaw.content.factions import bundled_factions
from rootlaw.content.maps import bundled_maps
from rootlaw.content.packs import load_data_file
from rootlaw.content.record import MAX_ROUNDS, MAX_SEED

MAX_GAMES = 1_000_000
"""Games one simulation may play: every row is kept in memory for the summary and the report."""
MAX_PORT = 65_535


def natural(text: str) -> int:
    """A whole number from 0 (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{_brief(text)}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{_brief(text)}' must not be negative")
    return value


def positive(text: str) -> int:
    """A whole number from 1 (argparse type)."""
    value = natural(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _at_most(most: int, what: str, check=natural):
    def checked(text: str) -> int:
        value = check(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"'{_brief(text)}' is more than {what} ({most:,})")
        return value
    checked.__name__ = check.__name__  # argparse names the type in its messages
    return checked


seed = _at_most(MAX_SEED, "the largest seed a save or a record holds")
rounds = _at_most(MAX_ROUNDS, "the largest round limit a save or a record holds", positive)
port = _at_most(MAX_PORT, "the largest port number")
games = _at_most(MAX_GAMES, "the games one simulation may play", positive)


def workers(asked: int) -> int:
    """Worker processes, capped at this machine's processors (said on stderr when capped)."""
    have = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if asked > have:
        print(f"rootlaw: --workers {asked:,}: this machine has {have} processor(s); using {have}",
              file=sys.stderr)
        return have
    return asked


def typed_file(name: str, packs: list[str]) -> str:
    """A faction or map the user named by its file: the file joins the packs (a pack of one),
    and the game, its record and its save name it by id. A folder, a pipe or a device there is
    refused as a file is (rootlaw.files.regular)."""
    if name in bundled_factions() or name in bundled_maps() or not Path(name).exists():
        return name  # an id (a pack's, or unknown: the rules say which ids there are)
    pack = load_data_file(name)
    packs.append(str(Path(name).resolve()))
    return next(iter(pack.factions or pack.maps or pack.decks))


def _brief(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."


__all__ = ["natural", "positive", "seed", "rounds", "port", "games", "workers", "typed_file", "MAX_GAMES"]
