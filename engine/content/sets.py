"""Card sets and item sets: a faction's own components beside the shared deck, as data.

A card set is cards that are not the shared deck's (a deck of the faction's own, character
cards), each with its names and what it prints (a suit, items, the action it grants); an item
set is items a faction brings into the game beside the map's item supply (the items hidden
under ruins).
Both are bundled files checked against their schemas (`schemas/cardset.schema.json`,
`schemas/itemset.schema.json`); a faction file names the sets it uses by id.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rootlaw.errors import DataError
from rootlaw.files.documents import load_yaml
from rootlaw.files.resources import data_dir
from rootlaw.files.schemas import validate


@dataclass(frozen=True)
class SetCard:
    """One card of a card set, as the language reads it (`set_card(id)`)."""

    id: str
    names: dict[str, str]
    suit: str | None = None
    items: tuple[str, ...] = ()
    action: str | None = None
    text: str = ""
    placeholder: bool = False

    def record(self) -> dict:
        """The card as a record of the language: its fields by name."""
        return {"id": self.id, "name": self.names["en"], "suit": self.suit, "items": self.items,
                "action": self.action}


@dataclass(frozen=True)
class CardSet:
    """A bundled set of cards a faction file names (`card_sets:`), each card with its id."""

    id: str
    name: str
    cards: tuple[SetCard, ...] = field(default_factory=tuple)


def load_card_set(source: str | Path) -> CardSet:
    """A card set file, checked against its schema; card ids must be unique."""
    doc = load_yaml(source)
    problems = validate(doc, "cardset")
    if problems:
        raise DataError(problems)
    d = doc.data
    seen: set[str] = set()
    for i, c in enumerate(d["cards"]):
        if c["id"] in seen:
            problems.append(doc.problem(("cards", i, "id"), f"card '{c['id']}' is listed twice",
                                        "give each card of a set its own id"))
        seen.add(c["id"])
    if problems:
        raise DataError(problems)
    cards = tuple(SetCard(c["id"], dict(c["names"]), c.get("suit"), tuple(c.get("items", ())), c.get("action"),
                          c.get("text", ""), c.get("placeholder", False)) for c in d["cards"])
    return CardSet(d["id"], d["name"], cards)


def load_item_set(source: str | Path) -> tuple[str, ...]:
    """An item set file, checked against its schema: its items in order."""
    doc = load_yaml(source)
    problems = validate(doc, "itemset")
    if problems:
        raise DataError(problems)
    return tuple(doc.data["items"])


def bundled_card_sets() -> dict[str, Path]:
    """Card set id -> bundled file."""
    return {p.stem: p for p in sorted(data_dir("cardsets").glob("*.yaml"))}


def bundled_item_sets() -> dict[str, Path]:
    """Item set id -> bundled file."""
    return {p.stem: p for p in sorted(data_dir("itemsets").glob("*.yaml"))}
