"""Names for the options of a decision, the way the log names things, for people to choose from.

An option is plain data (an int, a string, a tuple); what an int stands for depends on the
decision. The core decisions say it by their kind; for a decision an ability asks (`choose`),
the prompt's words decide (a card, a clearing, a piece), and a number that is none of them
stays a number.
"""
from __future__ import annotations

import re
from typing import Any

from .board import SUITS
from .game import Game
from .language.hooks import BUILT_IN_ACTIONS

CARD_KINDS = {"spend_bird", "spend_card", "ambush", "foil", "craft", "discard", "pay_card"}
CLEARING_KINDS = {"battle_where", "move_from", "move_to", "home"}
PIECE_KINDS = {"take_hit"}
WORDS = {"none": "none", "done": "done", "end": "end the step"}


def option_labels(game: Game, decision: dict) -> list[str]:
    """One label per option, in the decision's order."""
    return [option_label(game, decision, o) for o in decision["options"]]


def option_label(game: Game, decision: dict, option: Any) -> str:
    return _name(game, decision["player"], _domain(decision), option)


def _domain(decision: dict) -> str:
    kind = decision["kind"]
    if kind in CARD_KINDS:
        return "card"
    if kind in CLEARING_KINDS:
        return "clearing"
    if kind in PIECE_KINDS:
        return "piece"
    prompt = decision.get("prompt", "").lower()
    for word, domain in (("card", "card"), ("clearing", "clearing"), ("where", "clearing"),
                         ("piece", "piece"), ("warrior", "piece")):
        if re.search(rf"\b{word}", prompt):
            return domain
    return "number"


def _name(game: Game, player: str, domain: str, option: Any) -> str:
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, int):
        return _number(game, domain, option)
    if isinstance(option, tuple):
        if len(option) == 2 and isinstance(option[0], str) and isinstance(option[1], int) \
                and not isinstance(option[1], bool):
            return f"{option[1]} {_kind_name(game, player, option[0])}"
        return ", ".join(_name(game, player, domain, o) for o in option) or "nothing"
    if isinstance(option, dict):
        return ", ".join(f"{k}: {_name(game, player, domain, v)}" for k, v in option.items())
    return _word(game, player, str(option))


def _number(game: Game, domain: str, value: int) -> str:
    if domain == "card" and value in game.rules.deck.cards:
        return game.card_name(value)
    if domain == "clearing" and value in game.rules.map.clearings:
        return f"clearing {value} ({game.rules.map.clearings[value].name})"
    if domain == "piece" and value in game.s.pieces:
        faction, kind, _ = game.s.pieces[value]
        where = game.clearing_of(value)
        held = " holding pieces" if f"x{value}" in game.s.at else ""
        return f"{game.name(faction)} {_kind_name(game, faction, kind)}{held}" + \
            (f" in clearing {where}" if where else "")
    return str(value)


def _word(game: Game, player: str, text: str) -> str:
    if text in WORDS:
        return WORDS[text]
    if text.startswith("bird:"):
        return f"{_word(game, player, text[5:])} (spending a bird card)"
    if text in game.rules.factions:
        return game.faction(text).display_name()
    if text in game.faction(player).actions:
        return game.action_label(player, text)
    if text in BUILT_IN_ACTIONS or text in SUITS:
        return text.replace("_", " ")
    if re.fullmatch(r"\d+-\d+", text):
        return f"path {text}"
    return text.replace("_", " ")


def _kind_name(game: Game, faction: str, kind: str) -> str:
    piece = game.rules.piece_defs.get((faction, kind))
    if piece is not None and piece.names:
        return piece.names.get("en") or next(iter(piece.names.values()))
    for (_, k), p in game.rules.piece_defs.items():
        if k == kind and p.names:
            return p.names.get("en") or next(iter(p.names.values()))
    return kind.replace("_", " ")


def match_option(game: Game, decision: dict, text: str) -> int | None:
    """The index of the option a person typed: its number (from 1), its label or its raw value,
    or an unambiguous start of a label; None if nothing or several match."""
    text = text.strip()
    options = decision["options"]
    if text.isdigit() and 1 <= int(text) <= len(options):
        return int(text) - 1
    labels = [s.lower() for s in option_labels(game, decision)]
    raws = [str(o).lower() for o in options]
    wanted = text.lower()
    for names in (labels, raws):
        if wanted in names and names.count(wanted) == 1:
            return names.index(wanted)
    starts = [i for i, label in enumerate(labels) if label.startswith(wanted)]
    return starts[0] if len(starts) == 1 and wanted else None
