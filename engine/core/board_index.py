"""How many pieces stand where: counts by location, faction and kind, and by category; and
each faction's pieces of each kind on the map.

Abilities and the Law ask "does this faction have a piece of this kind here?", "how many
warriors?", "which factions are present?" of every clearing, again and again between two
changes of the board. The state keeps each location's list of pieces (`State.at`); this keeps,
beside it, the number of pieces per (location, faction, kind), per (location, faction) (kind
None) and per (location, faction, category), so each such question is one dictionary lookup.
It also keeps, per (faction, kind), the ids of those pieces not in a box (`on_map`), in the
order of `State.pieces`: the abilities' `on_map(KIND)` asks it after nearly every change of
the board, and one kind's change leaves the others' answers standing. And per faction the
clearings and forests where it has a piece (`places`, in the map's order): the Law's movers,
attackers and crafting pieces, worked out again after each change of the board, read those
places alone instead of every place of the map.

Like the other answers kept beside the state (rulers, each faction's pieces) it is not game
state: built on first use from `State.pieces`, kept up to date by the piece operations, copied
by a clone (four dictionaries of immutable values), absent from saves. A count that falls to
zero is removed, so "is there one?" is "is the key there?"; so is a kind with no piece on the
map.
"""
from __future__ import annotations

from typing import Any


class PieceCounts:
    __slots__ = ("kinds", "categories", "on_map", "places", "rank")

    def __init__(self, kinds: dict[tuple, int], categories: dict[tuple, int],
                 on_map: dict[tuple[str, str], tuple[int, ...]], places: dict[str, tuple[str, ...]],
                 rank: dict[str, int]) -> None:
        self.kinds = kinds            # (loc, faction, kind) and (loc, faction, None) -> pieces
        self.categories = categories  # (loc, faction, category) -> pieces
        self.on_map = on_map          # (faction, kind) -> ids not in a box, in the order of State.pieces
        self.places = places          # faction -> locations of the clearings and forests it has a piece in
        self.rank = rank              # clearing or forest location -> its place in the map's order (fixed)

    @classmethod
    def of(cls, pieces: dict[int, tuple[str, str, str]], category: dict[tuple[str, str], str],
           rank: dict[str, int]) -> "PieceCounts":
        """The counts of `pieces`; `rank` orders the map's clearings, then its forests."""
        counts = cls({}, {}, {}, {}, rank)
        placed: dict[tuple[str, str], list[int]] = {}
        for pid, (faction, kind, loc) in pieces.items():
            counts.add(loc, faction, kind, category[(faction, kind)])
            if loc[0] != "b":
                placed.setdefault((faction, kind), []).append(pid)
        counts.on_map = {key: tuple(pids) for key, pids in placed.items()}
        return counts

    def copy(self) -> "PieceCounts":
        return PieceCounts(self.kinds.copy(), self.categories.copy(), self.on_map.copy(), self.places.copy(),
                           self.rank)

    def add(self, loc: str, faction: str, kind: str, category: str) -> None:
        kinds, cats = self.kinds, self.categories
        key = (loc, faction, kind)
        kinds[key] = kinds.get(key, 0) + 1
        key = (loc, faction, None)
        n = kinds.get(key, 0)
        kinds[key] = n + 1
        if not n and loc in self.rank:  # the faction's first piece in that clearing or forest
            rank = self.rank
            self.places[faction] = tuple(sorted(self.places.get(faction, ()) + (loc,), key=rank.__getitem__))
        key = (loc, faction, category)
        cats[key] = cats.get(key, 0) + 1

    def take(self, loc: str, faction: str, kind: str, category: str) -> None:
        kinds, cats = self.kinds, self.categories
        key = (loc, faction, kind)
        n = kinds[key] - 1
        if n:
            kinds[key] = n
        else:
            del kinds[key]
        key = (loc, faction, None)
        n = kinds[key] - 1
        if n:
            kinds[key] = n
        else:
            del kinds[key]
            if loc in self.rank:  # its last piece there
                rest = tuple([place for place in self.places[faction] if place != loc])
                if rest:
                    self.places[faction] = rest
                else:
                    del self.places[faction]
        key = (loc, faction, category)
        n = cats[key] - 1
        if n:
            cats[key] = n
        else:
            del cats[key]

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
            self.categories == other.categories and self.on_map == other.on_map and self.places == other.places
