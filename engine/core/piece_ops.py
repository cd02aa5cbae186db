"""Changing the board: placing, moving and removing pieces, with the Law's limits (supply,
building slots, what a piece may hold) and the abilities told of each removal.

A part of `Game`, used by the core rules and the language alike.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rootlaw.core import replacements

from .folds import asked_for
from .locations import as_location, clearing_loc, piece_loc
from .state import freeze

if TYPE_CHECKING:
    from .game import Rules
    from .state import State


class PieceOperations:
    __slots__ = ()
    s: "State"
    rules: "Rules"
    changed: set[tuple[str, str]]
    _kept: dict[Any, Any]
    _rulers: dict[str, str | None]
    _owned: dict[str, list[int]] | None
    _counts: Any

    def place(self, faction: str, kind: str, loc: str, rule: str = "") -> int | None:
        """Place one piece from the faction's supply; None when the supply is empty (Law 1.5.4)."""
        player = self.s.players[faction]
        if player.supply.get(kind, 0) <= 0:
            return None
        player.supply[kind] -= 1
        self.changed.add((faction, kind))
        self._kept.clear()
        self._rulers.pop(loc, None)
        pid = self.s.next_piece
        self.s.next_piece += 1
        self.s.pieces[pid] = (faction, kind, loc)
        self.s.at.setdefault(loc, []).append(pid)
        self._owned_add(faction, pid)
        self._counted_in(pid, faction, kind, loc)
        return pid

    def _owned_add(self, faction: str, pid: int) -> None:
        """Keep `pieces_of` in step with a piece added at the end of `s.pieces`."""
        if self._owned is not None:
            self._owned.setdefault(faction, []).append(pid)

    def _counted_in(self, pid: int, faction: str, kind: str, loc: str) -> None:
        """Keep the board counts in step with a piece added at the end of `s.pieces`."""
        counts = self._counts
        if counts is not None:
            counts.add(loc, faction, kind, self.rules.categories[(faction, kind)])
            if loc[0] != "b":
                counts.arrived(pid, faction, kind)

    def can_place(self, faction: str, kind: str, loc: str, by: str | None = None, supply: bool = True) -> bool:
        """Supply (unless `supply` is False: may one be put there at all?), building slots (Law
        2.2.3), the piece's own limits per clearing, path or holder, and the factions'
        `may_place` restrictions (`by`: whose effect places it)."""
        if self.why_not_place(faction, kind, loc, supply) is not None:
            return False
        # the faction's restrictions called as `modify` would call them (asked for every clearing of a menu)
        rules = self.rules
        run = "may_place" in rules.modifiers and asked_for(rules, "may_place", "player", faction)
        if not run:  # nothing can restrict it: no need to ask
            return True
        return run(self, True, {"player": faction, "kind": kind, "clearing": int(loc[1:]) if loc[0] == "c" else None,
                                "by": by})

    def why_not_place(self, faction: str, kind: str, loc: str, supply: bool = True) -> str | None:
        """What the pieces and the board forbid about placing one more piece there, or None.
        Scenario positions are checked by this alone: the `may_place` restrictions judge effects."""
        s = self.s
        if supply and s.players[faction].supply.get(kind, 0) <= 0:
            return f"{faction} has no {kind} left in its supply"
        piece = self.rules.piece_defs[(faction, kind)]
        where = loc[0]
        if where == "c":
            if piece.category == "building" and self.free_slots(clearing := int(loc[1:]), loc) <= 0:
                return (f"clearing {clearing} has no free building slot "
                        f"({self.rules.map.clearings[clearing].slots} slot(s), {s.ruins.get(clearing, 0)} ruin(s))")
            limit, on = piece.max_per_clearing, "in a clearing"
        elif where == "p":
            if loc[1:] in s.closed_paths:
                return f"path {loc[1:]} is closed: nothing may be placed on it (Law 16.2.3.II)"
            limit, on = piece.max_per_path, "on a path"
        else:
            if where == "x" and piece.category != "marker" and not self.can_hold(int(loc[1:])):
                return f"that {' '.join(s.pieces[int(loc[1:])][:2])} can hold no more pieces"
            return None
        # the faction's pieces of that kind already there, read from the kept counts
        if limit is not None and (self._counts or self.counts()).kinds.get((loc, faction, kind), 0) >= limit:
            return f"{faction} may have at most {limit} {kind} {on}"
        return None

    def can_hold(self, holder: int) -> bool:
        """Whether a piece has room for one more held piece (markers aside)."""
        capacity = self.rules.piece_defs[self.s.pieces[holder][:2]].capacity
        held = sum(1 for p in self.s.at.get(piece_loc(holder), ())
                   if self.rules.category(*self.s.pieces[p][:2]) != "marker")
        return capacity is None or held < capacity

    def relocate(self, pid: int, loc: str) -> None:
        faction, kind, old = self.s.pieces[pid]
        self.changed.add((faction, kind))
        self._kept.clear()
        self._rulers.pop(old, None)
        self._rulers.pop(loc, None)
        self.s.at[old].remove(pid)
        if not self.s.at[old]:
            del self.s.at[old]
        self.s.pieces[pid] = (faction, kind, loc)
        self.s.at.setdefault(loc, []).append(pid)
        counts = self._counts
        if counts is not None:
            category = self.rules.categories[(faction, kind)]
            counts.take(old, faction, kind, category)
            counts.add(loc, faction, kind, category)
            if (old[0] == "b") != (loc[0] == "b"):  # into a box or out of one: off or onto the map
                if loc[0] == "b":
                    counts.left(pid, faction, kind)
                else:
                    counts.came_back(self.s.pieces, faction, kind)

    def set_state(self, pid: int, state: str, on: bool) -> bool:
        """Put a piece in a state (exhausted, damaged...) or take it out of it; True if that
        changed anything. A piece keeps its states when it moves and loses them when removed."""
        had = self.s.states.get(pid, ())
        if (state in had) == on:
            return False
        now = tuple(sorted(set(had) | {state})) if on else tuple(s for s in had if s != state)
        if now:
            self.s.states[pid] = now
        else:
            del self.s.states[pid]
        self.changed.add(self.s.pieces[pid][:2])
        return True

    def take_off(self, pid: int) -> tuple[str, str, str]:
        """Lift a piece off the map without returning it anywhere yet."""
        faction, kind, loc = self.s.pieces.pop(pid)
        self.s.states.pop(pid, None)
        self.changed.add((faction, kind))
        self._kept.clear()
        self._rulers.pop(loc, None)
        if self._owned is not None:
            self._owned[faction].remove(pid)
        self.s.at[loc].remove(pid)
        if not self.s.at[loc]:
            del self.s.at[loc]
        counts = self._counts
        if counts is not None:
            counts.take(loc, faction, kind, self.rules.categories[(faction, kind)])
            if loc[0] != "b":
                counts.left(pid, faction, kind)
        return faction, kind, loc

    def remove(self, pids: Iterable[int], cause: str, by: str | dict[int, str] | None,
               **context: Any) -> list[dict]:
        """Remove pieces at once (Law 1.5.4), score 1 VP per enemy building or token (3.2.1),
        then tell the abilities, which resolve after every piece is gone.

        Returns the snapshot of each removed piece, as triggers see it.
        """
        batch: list[dict] = []
        vp: dict[str, int] = {}
        contested: list[dict] = []  # pieces two replacements send to different places
        defs = self.rules.piece_defs
        # Law 9.2.2: a piece that cannot be removed from the map stays, whatever says "remove"
        together = tuple([p for p in pids if p in self.s.pieces and not defs[self.s.pieces[p][:2]].permanent])
        for pid in together:
            if pid not in self.s.pieces:
                continue
            remover = by.get(pid) if isinstance(by, dict) else by
            snap = self._snapshot(pid, cause, remover, context)
            faction, kind, loc = self.take_off(pid)
            if loc[0] == "p" and context.get("clearing") is not None:
                loc = clearing_loc(context["clearing"])  # a piece on a path was hit from this clearing
            for rider in list(self.s.at.get(piece_loc(pid), ())):
                self._drop_rider(rider, loc)
            # a replacement may send the piece elsewhere instead of its supply (a box, a clearing)
            offers: list = []
            self.modify("removed_to", None, piece=snap, batch=together, offers=offers)
            destination = None
            if len(offers) > 1 and len({repr(o.value) for o in offers}) > 1:
                contested.append(replacements.contest(self, len(batch), snap, cause, offers))
            elif offers:
                destination = offers[0].value
                offers[0].trace(self, snap)
            if destination is None:
                self.s.players[faction].supply[kind] = self.s.players[faction].supply.get(kind, 0) + 1
            else:
                self.put_removed(pid, faction, kind, destination)
                snap["replaced_to"] = destination
            category = snap["category"]
            if remover is not None and remover != faction and category in ("building", "token"):
                points = self.modify("removal_vp", 1, piece=snap, by=remover)
                if points:
                    vp[remover] = vp.get(remover, 0) + points
            batch.append(snap)
        for f in sorted(vp, key=lambda f: f != self.current):
            self.score(f, vp[f], "3.2.1", {"reason": "removal"}, "removal")
        told = tuple([freeze(b) for b in batch])  # plain data, shared: neither side changes it
        fight = self._battle_fought()
        if batch and fight is not None:  # battle_ended tells what the battle removed, by any means
            fight["removed"] = fight.get("removed", ()) + told
        payload = dict(pieces=told, cause=cause,
                       attacker=context.get("attacker"), defender=context.get("defender"),
                       clearing=context.get("clearing"), ability=context.get("ability"))
        if contested:  # the removal is told once a player has chosen where each such piece goes
            self.push(replacements.frame(contested, payload))
        elif batch:
            self.emit("removed", **payload)
        return batch

    def clear_enemies(self, player: str, clearings: Iterable[int], ability: str | None = None) -> list[dict]:
        """"Remove all enemy pieces" from clearings (a Favor card, an effect that says so): every
        piece of an enemy standing there, pawns and pieces that cannot be removed aside, at once; then
        `cleared` is told for each clearing (Law 9.2.2.I reacts to the effect itself, whatever
        it removed)."""
        clearings = tuple(clearings)
        defs = self.rules.piece_defs
        # a pawn is never among "all enemy pieces" (it cannot be removed, Law 9.2.2)
        doomed = [pid for c in clearings for pid in self.s.at.get(clearing_loc(c), ())
                  if self.are_enemies(player, self.s.pieces[pid][0])
                  and not defs[self.s.pieces[pid][:2]].permanent and defs[self.s.pieces[pid][:2]].category != "pawn"]
        for c in reversed(clearings):  # told before the removal, so its reactions resolve after the removal's
            self.emit("cleared", player=player, clearing=c)
        return self.remove(doomed, "effect", player, ability=ability)

    def put_removed(self, pid: int, faction: str, kind: str, destination: Any) -> None:
        """Put a removed piece where a replacement sends it (a clearing, a path, a box)."""
        loc = as_location(destination)
        self._kept.clear()
        self._rulers.pop(loc, None)
        self.s.pieces[pid] = (faction, kind, loc)
        self.s.at.setdefault(loc, []).append(pid)
        self._owned_add(faction, pid)
        self._counted_in(pid, faction, kind, loc)

    def _battle_fought(self) -> dict | None:
        """The innermost battle on the stack that has begun (its clearing as it stood is kept)."""
        for frame in reversed(self.s.stack):
            if frame["op"] == "battle" and "before" in frame:
                return frame
        return None

    def _snapshot(self, pid: int, cause: str, by: str | None, context: dict) -> dict:
        faction, kind, loc = self.s.pieces[pid]
        clearing = self.clearing_of(pid)
        return {"piece": pid, "faction": faction, "kind": kind,
                "category": self.rules.categories[(faction, kind)], "location": loc,
                "clearing": clearing, "suit": self.s.suits.get(clearing) if clearing else None,
                "cause": cause, "by": by,
                "riders": tuple([self.s.pieces[r][1] for r in self.s.at.get(piece_loc(pid), ())]),
                "replaced_to": None,
                "attacker": context.get("attacker"), "defender": context.get("defender")}

    def _drop_rider(self, rider: int, loc: str) -> None:
        """A piece held on a removed piece falls where its holder stood (into the battle's
        clearing for a holder on a path); markers go back to their supply."""
        faction, kind, _ = self.s.pieces[rider]
        if self.rules.category(faction, kind) == "marker":
            self.take_off(rider)
            self.s.players[faction].supply[kind] = self.s.players[faction].supply.get(kind, 0) + 1
        else:
            self.relocate(rider, loc)
