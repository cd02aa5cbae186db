"""How many pieces stand where: counts by location, faction and kind, and by category.

Abilities and the Law ask "does this faction have a piece of this kind here?", "how many
warriors?", "which factions are present?" of every clearing, again and again between two
changes of the board. The state keeps each location's list of pieces (`State.at`); this keeps,
beside it, the number of pieces per (location, faction, kind), per (location, faction) (kind
None) and per (location, faction, category), so each such question is one dictionary lookup.

Like the other answers kept beside the state (rulers, each faction's pieces) it is not game
state: built on first use from `State.pieces`, kept up to date by the piece operations, copied
by a clone (two small dictionaries), absent from saves. A count that falls to zero is removed,
so "is there one?" is "is the key there?".
"""
from __future__ import annotations

from typing import Any


class PieceCounts:
    __slots__ = ("kinds", "categories")

    def __init__(self, kinds: dict[tuple, int], categories: dict[tuple, int]) -> None:
        self.kinds = kinds            # (loc, faction, kind) and (loc, faction, None) -> pieces
        self.categories = categories  # (loc, faction, category) -> pieces

    @classmethod
    def of(cls, pieces: dict[int, tuple[str, str, str]], category: dict[tuple[str, str], str]) -> "PieceCounts":
        counts = cls({}, {})
        for faction, kind, loc in pieces.values():
            counts.add(loc, faction, kind, category[(faction, kind)])
        return counts

    def copy(self) -> "PieceCounts":
        return PieceCounts(self.kinds.copy(), self.categories.copy())

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

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, PieceCounts) and self.kinds == other.kinds and self.categories == other.categories
