"""Cards changing hands: give cards of a suit to another player; take a card from the
discard pile (which anyone may look through, Law 1.2.2)."""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import Ctx, LanguageError

from .base import Fn, Stmt, ctx_of


class Give(Stmt):
    """`give N SUIT to PLAYER`: I choose the cards (birds wild), one at a time."""

    def __init__(self, count: Fn, suit: Fn, receiver: Fn) -> None:
        self.count, self.suit, self.receiver = count, suit, receiver

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        receiver = self.receiver(ctx)
        if receiver not in game.s.players:
            raise LanguageError(f"'give' to {receiver!r}, which is not a seated faction")
        game.push({"op": "pay_cards", "payer": ctx.me, "owner": ctx.me, "source": None, "dest": None,
                   "receiver": receiver, "suit": self.suit(ctx), "count": self.count(ctx), "done": 0})
        return True


class TakeDiscard(Stmt):
    """`take card CARD from discard`: into my hand."""

    def __init__(self, card: Fn) -> None:
        self.card = card

    def possible(self, ctx: Ctx) -> bool:
        return self.card(ctx) in ctx.game.s.discard

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        card = self.card(ctx)
        if card not in game.s.discard:
            raise LanguageError(f"'take card' was given {card!r}, which is not in the discard pile")
        game.s.discard.remove(card)
        game.player(ctx.me).hand.append(card)
        game.log("take_discard", faction=ctx.me, card=card)
        return True
