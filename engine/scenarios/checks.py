"""Checks of what a scenario names before it runs: seats, clearings, paths, pieces, piles, actions.

A scenario that names a faction not seated, a clearing or path not on the map, a piece, box or
pile its faction does not have, or an action nobody has, is a mistake in the file: it is
reported at the file position, with every other such mistake, before anything runs.
"""
from __future__ import annotations

import difflib
from typing import Any

from rootlaw.core.frames import ENTRIES
from rootlaw.core.game import Rules
from rootlaw.errors import Problem
from rootlaw.files.documents import Document
from rootlaw.files.numbers import is_digits

from .expect import BOX_ENTRY, ENTRY, FOREST_KEY, NOBODY, PATH_KEY

ENTRY_HINT = "write '<faction> <piece> [xN] [holding <faction> <piece> [xN]]'"
# keys of `run.with` that name a clearing, or a seated faction
CLEARING_KEYS = ("clearing", "origin", "dest", "target")
FACTION_KEYS = ("player", "defender", "attacker", "victim")


class Names:
    """Checks names against the game's rules and collects problems at positions in `doc`."""

    def __init__(self, doc: Document, rules: Rules) -> None:
        self.doc, self.rules = doc, rules
        self.problems: list[Problem] = []

    def add(self, path: tuple, message: str, hint: str | None = None, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, hint, at_key=at_key))

    # --- single names --------------------------------------------------------------------
    def faction(self, path: tuple, fid: Any, at_key: bool = False) -> bool:
        if fid in self.rules.factions:
            return True
        self.add(path, f"faction '{fid}' is not seated in this scenario",
                 f"seated: {', '.join(self.rules.factions)}", at_key)
        return False

    def clearing(self, path: tuple, value: Any, at_key: bool = False) -> bool:
        if isinstance(value, bool) or not (isinstance(value, int) or is_digits(str(value))):
            self.add(path, f"'{value}' is not a clearing number", at_key=at_key)
            return False
        if int(value) not in self.rules.map.clearings:
            self.add(path, f"no clearing {value} on this map",
                     f"clearings 1 to {max(self.rules.map.clearings)}", at_key)
            return False
        return True

    def location(self, path: tuple, where: Any) -> bool:
        """A board key: a clearing number, a path 'a-b' (either way round) or a forest 'F2' on
        this map."""
        if isinstance(where, int) or is_digits(str(where)):
            return self.clearing(path, where, at_key=True)
        if FOREST_KEY.match(str(where)):
            if str(where) in self.rules.map.forests:
                return True
            self.add(path, f"no forest {where} on this map", f"forests: {', '.join(self.rules.map.forests)}",
                     at_key=True)
            return False
        match = PATH_KEY.match(str(where))
        if not match:
            self.add(path, f"'{where}' is neither a clearing number nor a path like 3-7, nor a forest like F2",
                     at_key=True)
            return False
        a, b = sorted(int(x) for x in match.groups())
        if f"{a}-{b}" not in self.rules.map.paths:
            self.add(path, f"no path {where} on this map", "a path joins two adjacent clearings", at_key=True)
            return False
        return True

    def piece(self, path: tuple, fid: str, kind: str) -> bool:
        if not self.faction(path, fid):
            return False
        pieces = self.rules.factions[fid].pieces
        if kind not in pieces:
            self.add(path, f"{fid} has no piece '{kind}'", f"its pieces: {', '.join(pieces)}")
            return False
        return True

    def entry(self, path: tuple, entry: str) -> None:
        """A board entry '<faction> <piece> [xN] [holding <faction> <piece> [xN]]'."""
        m = ENTRY.match(str(entry))
        if not m:
            self.add(path, f"cannot read '{entry}'", ENTRY_HINT)
            return
        if self.piece(path, m["faction"], m["kind"]) and m["hf"]:
            self.piece(path, m["hf"], m["hk"])

    # --- run -----------------------------------------------------------------------------
    def run(self, path: tuple, run: dict, current: str) -> None:
        player = run.get("player", current)
        if "player" in run and not self.faction(path + ("player",), player):
            return
        if "step" in run:
            steps = self.rules.factions[player].turn.get(run["phase"], ())
            if run["step"] >= len(steps):
                self.add(path + ("step",), f"{player} has {len(steps)} step(s) in {run['phase']}; "
                                           f"there is no step {run['step']}", "steps count from 0")
        if "action" in run:
            actions = self.rules.factions[player].actions
            action, given = run["action"], run.get("with") or {}
            if action not in ENTRIES and action not in actions:
                known = sorted(set(actions) | set(ENTRIES))
                self.add(path + ("action",), f"'{action}' is neither a core action nor an action of {player}",
                         f"known: {', '.join(known)}")
            else:
                core = ENTRIES.get(action)
                if core is None:
                    params, needs, owner = actions[action].params, (), f"action '{action}' of {player}"
                else:
                    params, needs, owner = core.params, core.needs, f"the core action '{action}'"
                for key in given:
                    if key not in params:
                        self.add(path + ("with", key), f"{owner} has no parameter '{key}'",
                                 f"its parameters: {', '.join(params)}" if params else "it takes no parameters",
                                 at_key=True)
                for key in needs:
                    if key not in given:
                        self.add(path + ("action",), f"{owner} needs '{key}'", f"give it: with: {{{key}: ...}}")
        for key, value in (run.get("with") or {}).items():
            where = path + ("with", key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
                self.add(where, f"{key} cannot be negative ({value})")
            elif key in CLEARING_KEYS:
                self.clearing(where, value)
            elif key in FACTION_KEYS:
                self.faction(where, value)

    # --- expect --------------------------------------------------------------------------
    def expect(self, path: tuple, expect: dict) -> None:
        for where, entries in (expect.get("board") or {}).items():
            if self.location(path + ("board", where), where):
                for i, entry in enumerate(entries):
                    self.entry(path + ("board", where, i), entry)
        for clearing, ruler in (expect.get("rulers") or {}).items():
            self.clearing(path + ("rulers", clearing), clearing, at_key=True)
            if ruler not in NOBODY:
                self.faction(path + ("rulers", clearing), ruler)
        for key in ("scores", "hand_sizes", "hands", "persistent", "items", "seat_log", "not_seat_log"):
            for fid in expect.get(key) or {}:
                self.faction(path + (key, fid), fid, at_key=True)
        for fid, values in (expect.get("vars") or {}).items():
            if self.faction(path + ("vars", fid), fid, at_key=True):
                for name in values:
                    self.variable(path + ("vars", fid, name), fid, name)
        for fid, supply in (expect.get("supply") or {}).items():
            if self.faction(path + ("supply", fid), fid, at_key=True):
                for kind in supply:
                    self.piece(path + ("supply", fid, kind), fid, kind)
        for fid, piles in (expect.get("piles") or {}).items():
            if self.faction(path + ("piles", fid), fid, at_key=True):
                for pile in piles:
                    self.pile(path + ("piles", fid, pile), fid, pile)
        for fid, boxes in (expect.get("boxes") or {}).items():
            if self.faction(path + ("boxes", fid), fid, at_key=True):
                for box, entries in boxes.items():
                    if self.box(path + ("boxes", fid, box), fid, box):
                        for i, entry in enumerate(entries):
                            self.box_entry(path + ("boxes", fid, box, i), fid, entry)
        for key in ("ruin_items", "ruins"):
            for clearing in expect.get(key) or {}:
                self.clearing(path + (key, clearing), clearing, at_key=True)
        for key in ("winner", "turn"):
            if expect.get(key) is not None:
                self.faction(path + (key,), expect[key])
        for key in ("offered", "not_offered"):
            for i, want in enumerate(expect.get(key) or ()):
                if "player" in want:
                    self.faction(path + (key, i, "player"), want["player"])
        for clearing in expect.get("ruins") or {}:
            self.clearing(path + ("ruins", clearing), clearing, at_key=True)
        for fid, card in (expect.get("dominance") or {}).items():
            if self.faction(path + ("dominance", fid), fid, at_key=True) and card not in NOBODY:
                self.card(path + ("dominance", fid), card)
        for i, card in enumerate(expect.get("dominance_available") or ()):
            self.card(path + ("dominance_available", i), card)
        for key in ("deck", "discard"):
            want = expect.get(key)
            listed = want if isinstance(want, list) else \
                [(part, c) for part in ("top", "includes", "excludes") for c in want.get(part, ())] \
                if isinstance(want, dict) else []
            for i, item in enumerate(listed):
                where = path + ((key, i) if isinstance(item, str) else (key, item[0]))
                self.card(where, item if isinstance(item, str) else item[1])
        for key in ("fired", "not_fired"):
            for i, want in enumerate(expect.get(key) or ()):
                if isinstance(want, dict) and "faction" in want:
                    self.faction(path + (key, i, "faction"), want["faction"])

    def card(self, path: tuple, card: Any) -> bool:
        """A card id of the deck in play."""
        known = sorted({c.id for c in self.rules.deck.cards})
        if card in known:
            return True
        close = difflib.get_close_matches(str(card), known, 1)
        self.add(path, f"unknown card '{card}'", f"did you mean '{close[0]}'?" if close else None)
        return False

    def box_entry(self, path: tuple, fid: str, entry: str) -> bool:
        """A box entry '<piece> [xN] [STATE ...]': each state one the piece can be in."""
        m = BOX_ENTRY.match(str(entry))
        if not m or not self.piece(path, fid, m["kind"]):
            return False
        states = self.rules.factions[fid].pieces[m["kind"]].states
        for state in m["states"].split():
            if state not in states:
                self.add(path, f"a {m['kind']} of {fid} cannot be {state}",
                         f"its states: {', '.join(states) or 'none'}")
                return False
        return True

    def variable(self, path: tuple, fid: str, name: str) -> bool:
        """A variable the faction declares, or `home` and `coalition` (which the rules set)."""
        known = sorted(set(self.rules.factions[fid].variables) | {"home", "coalition"})
        if name in known:
            return True
        close = difflib.get_close_matches(str(name), known, 1)
        self.add(path, f"{fid} has no variable '{name}'",
                 f"did you mean '{close[0]}'?" if close else f"its variables: {', '.join(known)}", at_key=True)
        return False

    def pile(self, path: tuple, fid: str, pile: str) -> bool:
        piles = self.rules.factions[fid].piles
        if pile in piles:
            return True
        self.add(path, f"{fid} has no pile '{pile}'", f"its piles: {', '.join(piles) or 'none'}", at_key=True)
        return False

    def box(self, path: tuple, fid: str, box: str) -> bool:
        boxes = self.rules.factions[fid].boxes
        if box in boxes:
            return True
        self.add(path, f"{fid} has no box '{box}'", f"its boxes: {', '.join(boxes) or 'none'}", at_key=True)
        return False


def whole_numbers(doc: Document, value: Any = None, path: tuple = ()) -> list[Problem]:
    """Scenarios count things: a number with a fraction (even 5.0) is a mistake, found anywhere."""
    value = doc.data if path == () else value
    if isinstance(value, float):
        return [doc.problem(path, f"{value} is not a whole number", "write it without a decimal point")]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in whole_numbers(doc, v, path + (k,))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in whole_numbers(doc, v, path + (i,))]
    return []


__all__ = ["Names", "whole_numbers", "ENTRY_HINT"]
