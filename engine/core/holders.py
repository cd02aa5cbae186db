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


def card_holders(copies: frozenset[int]) -> Holders:
    """A persistent card's ability belongs to each player with that card in play (one of its
    `copies`, by the deck's numbers); `card` names the player's copy (so the effect can
    discard it)."""

    def holders(game: Any) -> list[tuple[str, dict]]:
        # asked at every run of the card's modifiers and listeners while one of its copies is
        # in play (engine/core/folds.py); only a seat with a persistent card looks further
        out = []
        players = game.s.players
        for faction in game.s.seats:
            persistent = players[faction].persistent
            if persistent:
                for card in persistent:
                    if card in copies:
                        out.append((faction, {"card": card}))
                        break
        return out
    return holders
