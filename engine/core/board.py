"""Maps as immutable data: clearings, paths, rivers, forests and the variant maps' features.

A map never changes during a game; what does change (dealt suits, closed paths opened, the
Ferry's clearing) lives in the game state. Paths are named by their sorted ends, "3-7".
"""
from __future__ import annotations

from dataclasses import dataclass

SUITS = ("fox", "rabbit", "mouse")


def path_key(a: int, b: int) -> str:
    """The canonical name of the path between two clearings."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


def path_ends(key: str) -> tuple[int, int]:
    a, b = key.split("-")
    return int(a), int(b)


@dataclass(frozen=True)
class Clearing:
    id: int
    name: str
    suit: str | None
    slots: int
    ruins: int
    pos: tuple[float, float] | None = None  # where it is drawn, in percent of the board (render)


@dataclass(frozen=True)
class MapDef:
    """One map, validated and indexed for fast lookups."""

    id: str
    name: str
    suits: str
    clearings: dict[int, Clearing]
    corners: tuple[int, ...]
    opposite: dict[int, int]
    inner: frozenset[int]
    paths: tuple[str, ...]
    closed_paths: tuple[str, ...]
    rivers: tuple[str, ...]
    forests: dict[str, tuple[int, ...]]
    forest_adjacency: tuple[tuple[str, str], ...]
    coast: tuple[int, ...]
    ferry: int | None
    tower: int | None
    notes: tuple[str, ...]
    # the clearings in the middle of the printed board, for rules that say "central" (the Law
    # names none); the inner clearings unless the map says otherwise (the Mountain's edge ring
    # runs through two clearings drawn in its middle)
    central: frozenset[int] = frozenset()

    @property
    def edge(self) -> tuple[int, ...]:
        """Clearings on the map edge: every clearing that is not inner (ruling in the notes)."""
        return tuple(c for c in self.clearings if c not in self.inner)

    def neighbours(self, clearing: int, links: tuple[str, ...]) -> tuple[int, ...]:
        """Clearings joined to `clearing` by one of `links` (path or river keys), ascending."""
        out = []
        for key in links:
            a, b = path_ends(key)
            if a == clearing:
                out.append(b)
            elif b == clearing:
                out.append(a)
        return tuple(sorted(out))

    def forests_touching(self, clearing: int) -> tuple[str, ...]:
        return tuple(f for f, cs in self.forests.items() if clearing in cs)
