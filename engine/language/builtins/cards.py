"""Builtins about cards and players: hands, piles, suits, scores, homes."""

from typing import Any

from rootlaw.core.cards import matches_suit
from rootlaw.core.context import Ctx

from .registry import builtin, shortcuts


# --- cards ---------------------------------------------------------------------------------
@builtin("hand", 0, 1)
def _hand(ctx: Ctx, faction: str | None = None) -> tuple:
    return tuple(ctx.game.player(faction or ctx.me).hand)


shortcuts("hand", lambda ctx, faction=None: bool(ctx.game.player(faction or ctx.me).hand),
          lambda ctx, faction=None: len(ctx.game.player(faction or ctx.me).hand))


@builtin("pile", 1)
def _pile(ctx: Ctx, name: str) -> tuple:
    """The cards of one of my piles."""
    return tuple(ctx.game.player(ctx.me).piles.get(name, ()))


shortcuts("pile", lambda ctx, name: bool(ctx.game.player(ctx.me).piles.get(name, ())),
          lambda ctx, name: len(ctx.game.player(ctx.me).piles.get(name, ())))


@builtin("card_suit", 1)
def _card_suit(ctx: Ctx, card: int) -> str:
    return ctx.game.card_suit(card)


@builtin("matching", 2)
def _matching(ctx: Ctx, cards: tuple, suit: str) -> tuple:
    """Cards that can pay for `suit`: birds are wild (Law 2.1.1), "any" takes every card."""
    return tuple(c for c in cards if matches_suit(ctx.game.card_suit(c), suit))


def _any_matching(ctx: Ctx, cards: tuple, suit: str) -> bool:
    """exists(matching(...)): stops at the first card that can pay."""
    card_suit = ctx.game.card_suit
    for c in cards:
        if matches_suit(card_suit(c), suit):
            return True
    return False


def _count_matching(ctx: Ctx, cards: tuple, suit: str) -> int:
    card_suit = ctx.game.card_suit
    n = 0
    for c in cards:
        if matches_suit(card_suit(c), suit):
            n += 1
    return n


shortcuts("matching", _any_matching, _count_matching)


@builtin("discard_top_suit", 0)
def _discard_top_suit(ctx: Ctx) -> Any:
    """The suit of the topmost non-bird card of the discard pile, or none."""
    for card in reversed(ctx.game.s.discard):
        if ctx.game.card_suit(card) != "bird":
            return ctx.game.card_suit(card)
    return None


# --- players -------------------------------------------------------------------------------
@builtin("score_of", 1)
def _score_of(ctx: Ctx, faction: str) -> int:
    return ctx.game.player(faction).score


@builtin("home", 0, 1)
def _home(ctx: Ctx, faction: str | None = None) -> Any:
    return ctx.game.player(faction or ctx.me).vars.get("home")


@builtin("seat_order", 1)
def _seat_order(ctx: Ctx, factions: Any) -> tuple:
    """These factions in seat order (the first player's seat first), whatever order they came
    in: `seat_order(enemies)`. `players` and `enemies` start from me instead."""
    wanted = tuple(factions or ())
    return tuple(f for f in ctx.game.s.seats if f in wanted)
