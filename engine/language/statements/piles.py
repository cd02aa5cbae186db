"""Card piles named by an expression (`onto (column)`), and one given card put onto a pile.

A faction with several piles of the same use (columns of cards resolved in turn) lets the player choose
which one: the pile is then a value, checked when the statement runs to be one of the
faction's own piles.
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import LanguageError
from rootlaw.core.visibility import put_onto_pile

from .base import Fn, Stmt, ctx_of


def pile_of(game: Any, f: dict, pile: str | Fn | None) -> str | None:
    """The pile a statement names: a name written in the file, or the value of `(expr)`."""
    if pile is None or isinstance(pile, str):
        return pile
    name = pile(ctx_of(game, f))
    if name not in game.faction(f["me"]).piles:
        raise LanguageError(f"{name!r} is not one of the piles of {f['me']}; "
                            f"piles: {', '.join(game.faction(f['me']).piles) or 'none'}")
    return name


class PutCard(Stmt):
    """`put card CARD onto PILE`: one given card of my hand onto one of my piles."""

    def __init__(self, card: Fn, pile: str | Fn) -> None:
        self.card, self.pile = card, pile

    def run(self, game: Any, f: dict) -> bool:
        card = self.card(ctx_of(game, f))
        pile = pile_of(game, f, self.pile)
        hand = game.player(f["me"]).hand
        if card in hand:
            hand.remove(card)
            put_onto_pile(game, f["me"], f["me"], pile, card)
        return True
