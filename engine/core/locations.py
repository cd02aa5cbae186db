"""Board locations as the state keys them: "c3" a clearing, "p3-7" a path, "fF2" the forest F2,
"x12" on piece 12, "bFACTION.BOX" a faction's box.

The lowest layer of the board: the game, the language and the naming of options all use
it, so it imports none of them (only the language's error type, a leaf)."""
from __future__ import annotations

import re
from typing import Any

from .context import LanguageError

FOREST_ID = re.compile(r"^F[1-9][0-9]*$")  # a map's forest ids (schemas/map.schema.json)
_PLACE_WORDS = {"c": "clearing", "p": "path", "f": "forest"}


def clearing_loc(clearing: int) -> str:
    return f"c{clearing}"


def path_loc(key: str) -> str:
    return f"p{key}"


def piece_loc(piece: int) -> str:
    return f"x{piece}"


def forest_loc(forest: str) -> str:
    return f"f{forest}"


def as_location(where: Any) -> str:
    """A clearing (int), a path ("3-7"), a forest ("F2") or a box location (from box()) as a
    board location."""
    if type(where) is int:  # not a bool
        return f"c{where}"
    if isinstance(where, str) and where.startswith("b"):
        return where
    if isinstance(where, str) and "-" in where:
        return path_loc(where)
    if isinstance(where, str) and FOREST_ID.match(where):
        return forest_loc(where)
    raise LanguageError(f"{where!r} is not a clearing, a path, a forest or a box")


def missing(game: Any, where: Any) -> str | None:
    """Why `where` (a clearing, a path, a forest or a box as abilities give them) is no place of this
    game, or None when it is one: an effect sending a piece there must stop, not corrupt the
    board. One set lookup when it is a place."""
    try:
        loc = as_location(where)
    except LanguageError as exc:
        return str(exc)
    if loc in game.rules.places:
        return None
    if loc[0] == "c":
        return f"there is no clearing {where} on this map (clearings {min(game.rules.map.clearings)} to " \
               f"{max(game.rules.map.clearings)})"
    if loc[0] == "p":
        return f"there is no path {where} on this map (a path is named by its ends, the smaller first: 3-7)"
    if loc[0] == "f":
        return f"there is no forest {where} on this map"
    faction, _, box = loc[1:].partition(".")
    return f"{faction} has no box '{box}'"


def location_name(where: Any) -> str:
    """A clearing, path or box (as abilities give them) the way messages show it."""
    loc = as_location(where)
    if loc[0] == "b":
        faction, box = loc[1:].split(".", 1)
        return f"box {box} of {faction}"
    return f"{_PLACE_WORDS[loc[0]]} {loc[1:]}"


def language_place(loc: str) -> Any:
    """A board location as the language names it: a clearing (int), a path "3-7", a forest
    "F2", or the box location itself."""
    if loc[0] == "c":
        return int(loc[1:])
    if loc[0] in "pf":
        return loc[1:]
    return loc
