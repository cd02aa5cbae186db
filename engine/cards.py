"""Card definitions and the deck: each physical card gets an integer id, its index in the deck list.

Hands, piles and the discard pile hold these integers, so copying a game copies lists of ints.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .documents import load_yaml
from .schemas import check

BIRD = "bird"


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
        return self.kind in ("item", "persistent", "favor")


@dataclass(frozen=True)
class Deck:
    """A deck as printed: one CardDef per physical card (copies repeated), plus the item supply."""

    id: str
    name: str
    cards: tuple[CardDef, ...]
    items: dict[str, int]

    def suit_of(self, card: int) -> str:
        return self.cards[card].suit


def load_deck(source: str | Path) -> Deck:
    doc = load_yaml(source)
    check(doc, "deck")
    d = doc.data
    cards: list[CardDef] = []
    for c in d["cards"]:
        definition = CardDef(
            id=c["id"], name=c["name"], suit=c["suit"], kind=c["kind"],
            cost=tuple(c.get("cost", ())), item=c.get("item"), vp=c.get("vp", 0), text=c.get("text", ""),
        )
        cards.extend([definition] * c["count"])
    return Deck(id=d["id"], name=d["name"], cards=tuple(cards), items=dict(d["items"]))


def matches_suit(card_suit: str, wanted: str) -> bool:
    """Birds are wild (Law 2.1.1); a wanted bird takes only a bird (2.1.1.II)."""
    return card_suit == wanted or (card_suit == BIRD and wanted != "any") or wanted == "any"
