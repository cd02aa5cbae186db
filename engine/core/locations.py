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
