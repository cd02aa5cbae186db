"""Card definitions and the deck: each physical card gets an integer id, its index in the deck list.

Hands, piles and the discard pile hold these integers, so copying a game copies lists of ints.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BIRD = "bird"
CRAFTED = frozenset(("item", "persistent", "favor"))  # the kinds of card a player may craft (Law 4.1)


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    suit: str
    kind: str  # ambush | dominance | item | persistent | favor
    cost: tuple[str, ...] = ()
    item: str | None = None
    vp: int = 0
    text: str = ""

    @property
    def craftable(self) -> bool:
        return self.kind in CRAFTED


@dataclass(frozen=True)
class Deck:
    """A deck as printed: one CardDef per physical card (copies repeated), plus the item supply."""

    id: str
    name: str
    cards: tuple[CardDef, ...]
    items: dict[str, int]
    code: dict[str, Any] = field(default_factory=dict)           # compiled card abilities
    triggers: tuple[tuple[str, Any], ...] = ()                    # (card id, Trigger)
    modifiers: tuple[tuple[str, Any], ...] = ()                   # (card id, Modifier)
    actions: dict[str, Any] = field(default_factory=dict)         # card id -> CardAction
    reading: Any = None  # the file's language and its warnings (rootlaw.language.versions.Reading)



def matches_suit(card_suit: str, wanted: str) -> bool:
    """Birds are wild (Law 2.1.1); a wanted bird takes only a bird (2.1.1.II); "any" takes all."""
    return wanted == "any" or card_suit == wanted or card_suit == BIRD
