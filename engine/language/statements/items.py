"""Statements about pieces in states and items: make a piece exhausted or not, take an item
from a Crafted Items box or a ruin, hide items under the ruins, craft one given card."""
from __future__ import annotations

from collections import Counter
from typing import Any

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.law import crafting, items

from .base import Fn, Stmt, as_list, ctx_of


class Make(Stmt):
    """`make PIECES [not] STATE`: put pieces in one of their states, or take them out of it."""

    def __init__(self, pieces: Fn, state: str, on: bool) -> None:
        self.pieces, self.state, self.on = pieces, state, on

    def run(self, game: Any, f: dict) -> bool:
        changed = []
        for pid in as_list(self.pieces(ctx_of(game, f))):
            if pid not in game.s.pieces:
                raise LanguageError(f"'make' was given {pid!r}, which is not a piece in play")
            faction, kind, _ = game.s.pieces[pid]
            if self.state not in game.rules.piece_defs[(faction, kind)].states:
                raise LanguageError(f"a {kind} of {faction} cannot be {self.state} (its states: "
                                    f"{', '.join(game.rules.piece_defs[(faction, kind)].states) or 'none'})")
            if game.set_state(pid, self.state, self.on):
                changed.append(pid)
        if changed:
            owner = game.s.pieces[changed[0]][0]
            kinds = Counter(game.s.pieces[p][1] for p in changed)
            game.log("made" if self.on else "unmade", faction=owner, pieces=sorted(kinds.items()), state=self.state)
        return True


class TakeItem(Stmt):
    """`take item [ITEM] from FACTION | ruin CLEARING [into LOCATION]`."""

    def __init__(self, item: Fn | None, ruin: bool, source: Fn, into: Fn | None) -> None:
        self.item, self.ruin, self.source, self.into = item, ruin, source, into

    def possible(self, ctx: Ctx) -> bool:
        source, item = self.source(ctx), self.item(ctx) if self.item else None
        if self.ruin:
            hidden = ctx.game.s.ruin_items.get(source, ())
            return bool(hidden) and (item is None or item in hidden)
        return item in ctx.game.player(source).items

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        source, item = self.source(ctx), self.item(ctx) if self.item else None
        where = self.into(ctx) if self.into else None
        if self.ruin:
            items.take_from_ruin(game, ctx.me, source, item, where)
        else:
            if source not in game.s.players:
                raise LanguageError(f"'take item' from {source!r}, which is not a seated faction")
            items.take_from_box(game, ctx.me, item, source, where)
        return True


class HideItems(Stmt):
    """`hide items LIST under ruins`: shuffled by the game's generator, one under each ruin."""

    def __init__(self, listed: Fn) -> None:
        self.listed = listed

    def run(self, game: Any, f: dict) -> bool:
        items.hide_under_ruins(game, tuple(as_list(self.listed(ctx_of(game, f)))))
        return True


class CraftCard(Stmt):
    """`craft card CARD`: craft one card of my hand whose cost the ability paid its own way
    (no crafting piece is activated); its effect, item and VP are as for any craft."""

    def __init__(self, card: Fn) -> None:
        self.card = card

    def possible(self, ctx: Ctx) -> bool:
        return self.card(ctx) in ctx.game.player(ctx.me).hand

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        card = self.card(ctx)
        if card not in game.player(ctx.me).hand:
            raise LanguageError(f"'craft card' was given {card!r}, which is not a card in {ctx.me}'s hand")
        crafting.craft(game, ctx.me, card, {})
        return True
