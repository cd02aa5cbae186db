"""Builtins about cards and players: hands, piles, suits, scores, homes."""

from typing import Any

from rootlaw.core.board import SUITS
from rootlaw.core.cards import BIRD, matches_suit
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
    pays = _pays(ctx.game, suit)
    return tuple([c for c in cards if pays[c]])


def _any_matching(ctx: Ctx, cards: tuple, suit: str) -> bool:
    """exists(matching(...)): stops at the first card that can pay."""
    pays = _pays(ctx.game, suit)
    for c in cards:
        if pays[c]:
            return True
    return False


def _count_matching(ctx: Ctx, cards: tuple, suit: str) -> int:
    pays = _pays(ctx.game, suit)
    n = 0
    for c in cards:
        if pays[c]:
            n += 1
    return n


def _pays(game: Any, suit: Any) -> tuple:
    """Whether each card of the deck can pay for `suit`, by the card's number: indexed as the
    deck's cards are (`card_suit`), so a card is one index, not two calls. Fixed by the rules:
    kept in their memo for the suits and "any" (a suit computed otherwise is worked out, not kept)."""
    key = ("pays", suit) if type(suit) is str and suit in _KEPT else None
    pays = game.rules.memo.get(key) if key is not None else None
    if pays is None:
        pays = tuple([matches_suit(card.suit, suit) for card in game.rules.deck.cards])
        if key is not None:
            game.rules.memo[key] = pays
    return pays


_KEPT = frozenset((*SUITS, BIRD, "any"))


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
