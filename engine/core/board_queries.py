"""Questions about the board that the core rules and the language both ask: what stands where,
who rules a clearing (Law 2.5), which clearings are adjacent (Law 2.2.1), free building slots.

A part of `Game`; it reads the state `s` and the fixed `rules`, and runs the factions'
modifiers (`modify`) where an ability may change the answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board_index import PieceCounts
from .folds import asked_for
from .locations import clearing_loc, forest_loc

if TYPE_CHECKING:
    from .game import Rules
    from .state import State

_UNKNOWN = object()  # no ruler kept for the clearing (None is a ruler: nobody)


class BoardQueries:
    __slots__ = ()
    s: "State"
    rules: "Rules"
    _kept: dict
    _rulers: dict[str, str | None]
    _owned: dict[str, list[int]] | None
    _counts: PieceCounts | None

    def pieces_at(self, loc: str) -> list[int]:
        return self.s.at.get(loc, [])

    def pieces_of(self, faction: str) -> list[int]:
        """A faction's pieces wherever they are, in the order of `s.pieces` (oldest first; a
        piece a replacement put back counts as new). The list is the kept one: read it only."""
        owned = self._owned
        if owned is None:
            owned = self._owned = {}
            for pid, (f, _, _) in self.s.pieces.items():
                owned.setdefault(f, []).append(pid)
        return owned.get(faction, [])

    def counts(self) -> PieceCounts:
        """Pieces counted by location, faction, kind and category (engine/core/board_index.py);
        the kept counts: read them only."""
        counts = self._counts
        if counts is None:
            counts = self._counts = PieceCounts.of(self.s.pieces, self.rules.categories, self._place_rank())
        return counts

    def _place_rank(self) -> dict[str, int]:
        """Each clearing's and forest's location -> its place in the map's order (clearings
        first, then forests), as the Law searches them. Fixed by the rules."""
        memo = self.rules.memo
        rank = memo.get("place rank")
        if rank is None:
            places = list(self.rules.clearing_locs) + [forest_loc(f) for f in self.rules.map.forests]
            rank = memo["place rank"] = {loc: i for i, loc in enumerate(places)}
        return rank

    def suit(self, clearing: int) -> str:
        return self.s.suits[clearing]

    def clearings(self) -> tuple[int, ...]:
        return self.rules.clearing_ids

    def clearing_of(self, piece: int) -> int | None:
        """The clearing a piece stands in, following pieces held on other pieces."""
        loc = self.s.pieces[piece][2]
        while loc[0] == "x":
            loc = self.s.pieces[int(loc[1:])][2]
        return int(loc[1:]) if loc[0] == "c" else None

    def standing_loc(self, piece: int) -> str:
        """Where a piece stands, through the pieces holding it: a clearing, a path, a forest or
        a box location."""
        loc = self.s.pieces[piece][2]
        while loc[0] == "x":
            loc = self.s.pieces[int(loc[1:])][2]
        return loc

    def count(self, faction: str | None, clearing: int, categories: tuple[str, ...] = ("warrior",),
              kind: str | None = None) -> int:
        """Pieces standing directly in a clearing (held pieces are not there, CA.2.7.II-style)."""
        if kind is None and (faction is None or type(faction) is str) and type(categories) is tuple:
            cats = (self._counts or self.counts()).categories
            loc = f"c{clearing}"
            n = 0
            for f in (self.s.seats if faction is None else (faction,)):
                for category in dict.fromkeys(categories):
                    n += cats.get((loc, f, category), 0)
            return n
        n = 0
        pieces, defs = self.s.pieces, self.rules.piece_defs
        for pid in self.s.at.get(f"c{clearing}", ()):
            f, k, _ = pieces[pid]
            if (faction is None or f == faction) and (kind is None or k == kind) \
                    and defs[(f, k)].category in categories:
                n += 1
        return n

    def factions_present(self, clearing: int) -> list[str]:
        """Factions with any piece directly in the clearing, in seat order."""
        kinds = (self._counts or self.counts()).kinds
        loc = clearing_loc(clearing)
        return [f for f in self.s.seats if (loc, f, None) in kinds]

    def rule_weights(self, clearing: int) -> dict[str, int]:
        """Warriors plus buildings standing in the clearing, per faction (Law 2.5)."""
        weights: dict[str, int] = {}
        pieces, ruling = self.s.pieces, self.rules.ruling
        for pid in self.s.at.get(f"c{clearing}", ()):
            f, k, _ = pieces[pid]
            if (f, k) in ruling:
                weights[f] = weights.get(f, 0) + 1
        return weights

    def ruler(self, clearing: int) -> str | None:
        """Law 2.5: most warriors plus buildings; a tie rules nobody.

        Asked again and again between two changes of the board (every menu asks it of many
        clearings), so each answer is kept until a piece is placed in the clearing, or moved or
        removed from it; not when a `ruler` modifier exists, as it may read more than the board."""
        loc = f"c{clearing}"
        ruler = self._rulers.get(loc, _UNKNOWN)
        if ruler is not _UNKNOWN:
            return ruler
        ruler = self._rule(clearing)
        if "ruler" not in self.rules.modifiers:
            self._rulers[loc] = ruler
        return ruler

    def rulers(self) -> list[str | None]:
        """`ruler` of every clearing, in the map's order (a search values every position it
        reaches by them), the kept answers read straight."""
        kept, ruler = self._rulers, self.ruler
        return [ruler(clearing) if (known := kept.get(loc, _UNKNOWN)) is _UNKNOWN else known
                for clearing, loc in zip(self.rules.clearing_ids, self.rules.clearing_locs)]

    def _rule(self, clearing: int) -> str | None:
        if "ruler" not in self.rules.modifiers:  # the weights are read from the kept counts
            cats = (self._counts or self.counts()).categories
            loc = f"c{clearing}"
            ruler, best, tied = None, 0, False
            for f in self.s.seats:
                weight = cats.get((loc, f, "warrior"), 0) + cats.get((loc, f, "building"), 0)
                if weight > best:
                    ruler, best, tied = f, weight, False
                elif weight == best and weight:
                    tied = True
            return None if tied else ruler
        weights = self.rule_weights(clearing)
        if not weights:
            return None
        if len(weights) == 1:  # one faction there, with at least one piece: it rules
            ruler = next(iter(weights))
        else:
            best = max(weights.values())
            leaders = [f for f in self.s.seats if weights.get(f) == best]
            ruler = leaders[0] if len(leaders) == 1 and best > 0 else None
        return self.modify("ruler", ruler, clearing=clearing, weights=weights)

    def rules_clearing(self, faction: str, clearing: int) -> bool:
        return self.ruler(clearing) == faction

    def adjacent(self, clearing: int, faction: str | None = None) -> tuple[int, ...]:
        """Law 2.2.1: clearings joined by an open path; abilities may add links (rivers...)."""
        closed, rules = self.s.closed_paths, self.rules
        # the faction's adjacency modifiers (false: none can apply), called as `modify` would call them
        run = faction is not None and "adjacency" in rules.modifiers and asked_for(rules, "adjacency", "faction", faction)
        if not closed:
            if not run:
                return rules.neighbours[clearing]  # the usual case, worked out once per game
            ends = rules.path_ends_at[clearing]
        else:
            ends = tuple(n for n, key in rules.adjacency[clearing] if key not in closed)
        out = run(self, ends, {"clearing": clearing, "faction": faction}) if run else ends
        if out is ends and not closed:
            return rules.neighbours[clearing]  # no modifier changed it: the same clearings
        return tuple(sorted(set(out)))

    def free_slots(self, clearing: int, loc: str | None = None) -> int:
        """Building slots of the clearing not taken by a building or a ruin (`loc`: its
        location, when the caller has it)."""
        cats = (self._counts or self.counts()).categories
        if loc is None:
            loc = f"c{clearing}"
        used = self.s.ruins.get(clearing, 0)
        for f in self.s.seats:
            used += cats.get((loc, f, "building"), 0)
        return self.rules.map.clearings[clearing].slots - used
