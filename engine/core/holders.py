"""Who an ability belongs to at a given moment.

A faction's abilities always belong to it; a persistent card's belong to whoever has the card
in play. Kept apart from the rest of the language so the core can use it without cycles.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

# who holds an ability right now: (faction, names bound for it) pairs
Holders = Callable[[Any], Iterable[tuple[str, dict]]]


def faction_owner(faction: str) -> Holders:
    """A faction's own abilities always belong to it."""
    pair = ((faction, {}),)
    return lambda game: pair


def card_holders(card_id: str) -> Holders:
    """A persistent card's ability belongs to each player with that card in play; `card` names
    the player's copy (so the effect can discard it)."""

    def holders(game: Any) -> list[tuple[str, dict]]:
        out = []
        for faction in game.s.seats:
            for card in game.s.players[faction].persistent:
                if game.rules.deck.cards[card].id == card_id:
                    out.append((faction, {"card": card}))
                    break
        return out
    return holders
