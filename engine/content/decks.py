"""Loading a deck file, with the abilities of its persistent cards written in the faction language."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from rootlaw.core.cards import CardDef, Deck
from rootlaw.errors import DataError
from rootlaw.files.documents import load_yaml
from rootlaw.files.schemas import validate
from rootlaw.language import deferred
from rootlaw.language.abilities import Trigger, compile_ability
from rootlaw.language.compiler import Compiler, Vocabulary
from rootlaw.language.versions import reading_of


@dataclass(frozen=True)
class CardAction:
    """Something a card in play lets its holder do, as an option of the given phase's menus."""

    card: str
    rule: str
    phase: str
    when: Callable | None
    code: str
    once_per_turn: bool


def load_deck(source: str | Path, text: str | None = None, language: int | None = None) -> Deck:
    """A deck file, its card abilities read in its own `language:`, else `language` (its
    pack's), else the current one."""
    doc = load_yaml(source) if text is None else load_yaml(text=text, source=str(source))
    problems = validate(doc, "deck")
    if problems:
        raise DataError(problems)
    d = doc.data
    reading, problems = reading_of(doc, language)
    if problems:
        raise DataError(problems)
    vocab = Vocabulary(d["id"], set(), set(), set(), set(), reading=reading)
    record_key, record = deferred.recall(doc, vocab)
    comp = Compiler(vocab, record)
    cards: list[CardDef] = []
    triggers: list[tuple[str, Any]] = []
    modifiers: list[tuple[str, Any]] = []
    actions: dict[str, CardAction] = {}
    for i, c in enumerate(d["cards"]):
        definition = CardDef(id=c["id"], name=c["name"], suit=c["suit"], kind=c["kind"],
                             cost=tuple(c.get("cost", ())), item=c.get("item"), vp=c.get("vp", 0),
                             text=c.get("text", ""))
        cards.extend([definition] * c["count"])
        spec = c.get("ability")
        if spec is None:
            continue
        path = ("cards", i, "ability")
        if spec["kind"] == "action":
            when = comp.expression(doc, path + ("if",), spec["if"], c["id"], ("card",)) if "if" in spec else None
            code = comp.effect(doc, path + ("do",), spec["do"], c["id"], ("card",))
            actions[c["id"]] = CardAction(c["id"], str(spec.get("rule", c["id"])), spec["phase"], when, code,
                                          spec.get("once_per_turn", False))
            continue
        # a card's effect is traced under its card id, so scenarios can assert it fired
        ability = compile_ability(comp, doc, path, {"rule": c["id"], **spec}, c["id"], ("card",))
        if isinstance(ability, Trigger):
            triggers.append((c["id"], ability))
        elif ability is not None:
            modifiers.append((c["id"], ability))
    if problems := vocab.problems:
        raise DataError(problems)
    deferred.finish(record_key, record, comp, doc)
    return Deck(id=d["id"], name=d["name"], cards=tuple(cards), items=dict(d["items"]), code=dict(vocab.code),
                triggers=tuple(triggers), modifiers=tuple(modifiers), actions=actions, reading=reading)
