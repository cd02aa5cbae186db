"""`redirect PIECES to PLACE`: removed pieces go to a clearing or a box instead of their supply.

A `removed_to` modifier replaces where a removed piece goes without asking anyone. Some
replacements ask and cost something ("may spend a card to place those warriors in the Keep's
clearing instead of the supply"): such a replacement is written as a reaction to `removed`
(`kind: replacement`, `on: removed`). It runs before every other reaction to the removal, and
`redirect` sends the pieces of the event it chooses where it says; the other abilities hear of
the removal afterwards, with each piece's `replaced_to` telling where it went (so nothing takes
from the supply a piece that never reached it).
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import LanguageError
from rootlaw.core.locations import missing
from rootlaw.core.replacements import redirect
from rootlaw.core.trace_names import NO_RULE, ability_note

from .base import Fn, Stmt, as_list, ctx_of


class Redirect(Stmt):
    def __init__(self, pieces: Fn, dest: Fn, ability: str, where: Any = "?") -> None:
        self.pieces, self.dest, self.ability, self.where = pieces, dest, ability, where

    def run(self, game: Any, f: dict) -> bool:
        if not any(frame["op"] == "tell_removed" for frame in game.s.stack):
            raise LanguageError("'redirect' sends removed pieces elsewhere only in a replacement "
                                "reacting to 'removed' (kind: replacement, on: removed)")
        ctx = ctx_of(game, f)
        dest = self.dest(ctx)
        why = missing(game, dest)
        if why is not None:  # the board must never hold a piece nowhere
            raise LanguageError(f"{self.where}: {why}")
        # the rule of the ability, from the frame that started it (a choice's body has none)
        rule = next((frame["rule"] for frame in reversed(game.s.stack)
                     if frame.get("ability") == f["ability"] and frame.get("rule")), NO_RULE)
        sent = 0
        for piece in as_list(self.pieces(ctx)):
            if not isinstance(piece, dict) or "piece" not in piece:
                raise LanguageError(f"'redirect' needs removed pieces (items of event.pieces), got {piece!r}")
            sent += redirect(game, piece, dest, rule, ability_note(f["me"], self.ability))
        if sent:
            game.log("redirect", faction=f["me"], count=sent, place=dest)
        return True
