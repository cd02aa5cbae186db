"""How many pieces stand where: counts by location, faction and kind, and by category; and
each faction's pieces of each kind on the map.

Abilities and the Law ask "does this faction have a piece of this kind here?", "how many
warriors?", "which factions are present?" of every clearing, again and again between two
changes of the board. The state keeps each location's list of pieces (`State.at`); this keeps,
beside it, the number of pieces per (location, faction, kind), per (location, faction) (kind
None) and per (location, faction, category), so each such question is one dictionary lookup.
It also keeps, per (faction, kind), the ids of those pieces not in a box (`on_map`), in the
order of `State.pieces`: the abilities' `on_map(KIND)` asks it after nearly every change of
the board, and one kind's change leaves the others' answers standing.

Like the other answers kept beside the state (rulers, each faction's pieces) it is not game
state: built on first use from `State.pieces`, kept up to date by the piece operations, copied
by a clone (three dictionaries of immutable values), absent from saves. A count that falls to
zero is removed, so "is there one?" is "is the key there?"; so is a kind with no piece on the
map.
"""
from __future__ import annotations

from typing import Any


class PieceCounts:
    __slots__ = ("kinds", "categories", "on_map")

    def __init__(self, kinds: dict[tuple, int], categories: dict[tuple, int],
                 on_map: dict[tuple[str, str], tuple[int, ...]]) -> None:
        self.kinds = kinds            # (loc, faction, kind) and (loc, faction, None) -> pieces
        self.categories = categories  # (loc, faction, category) -> pieces
        self.on_map = on_map          # (faction, kind) -> ids not in a box, in the order of State.pieces

    @classmethod
    def of(cls, pieces: dict[int, tuple[str, str, str]], category: dict[tuple[str, str], str]) -> "PieceCounts":
        counts = cls({}, {}, {})
        placed: dict[tuple[str, str], list[int]] = {}
        for pid, (faction, kind, loc) in pieces.items():
            counts.add(loc, faction, kind, category[(faction, kind)])
            if loc[0] != "b":
                placed.setdefault((faction, kind), []).append(pid)
        counts.on_map = {key: tuple(pids) for key, pids in placed.items()}
        return counts

    def copy(self) -> "PieceCounts":
        return PieceCounts(self.kinds.copy(), self.categories.copy(), self.on_map.copy())

    def add(self, loc: str, faction: str, kind: str, category: str) -> None:
        kinds, cats = self.kinds, self.categories
        key = (loc, faction, kind)
        kinds[key] = kinds.get(key, 0) + 1
        key = (loc, faction, None)
        kinds[key] = kinds.get(key, 0) + 1
        key = (loc, faction, category)
        cats[key] = cats.get(key, 0) + 1

    def take(self, loc: str, faction: str, kind: str, category: str) -> None:
        for table, key in ((self.kinds, (loc, faction, kind)), (self.kinds, (loc, faction, None)),
                           (self.categories, (loc, faction, category))):
            n = table[key] - 1
            if n:
                table[key] = n
            else:
                del table[key]

    def arrived(self, pid: int, faction: str, kind: str) -> None:
        """A piece came onto the map as the last of `State.pieces` (placed, or put back)."""
        key = (faction, kind)
        self.on_map[key] = self.on_map.get(key, ()) + (pid,)

    def left(self, pid: int, faction: str, kind: str) -> None:
        """A piece left the map (taken off, or into a box)."""
        key = (faction, kind)
        rest = tuple([p for p in self.on_map[key] if p != pid])
        if rest:
            self.on_map[key] = rest
        else:
            del self.on_map[key]

    def came_back(self, pieces: dict[int, tuple[str, str, str]], faction: str, kind: str) -> None:
        """A piece moved from a box onto the map: it keeps its place in `State.pieces`, so
        that kind's ids are read again in that order."""
        self.on_map[(faction, kind)] = tuple([pid for pid, (f, k, loc) in pieces.items()
                                             if k == kind and f == faction and loc[0] != "b"])

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, PieceCounts) and self.kinds == other.kinds and \
            self.categories == other.categories and self.on_map == other.on_map
