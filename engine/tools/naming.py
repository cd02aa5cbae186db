"""Names for the options of a decision, the way the log names things, for people to choose from.

An option is plain data (an int, a string, a tuple); what an int stands for depends on the
decision. The core decisions say it by their kind; for a decision an ability asks (`choose`),
the prompt's words decide (a card, a clearing, a piece), and a number that is none of them
stays a number.
"""
from __future__ import annotations

import re
from typing import Any

from rootlaw.core.board import SUITS
from rootlaw.core.game import Game
from rootlaw.core.hooks import BUILT_IN_ACTIONS
from rootlaw.core.option_names import CARD_OPTIONS, REACTION, number_domain

WORDS = {"none": "none", "done": "done", "end": "end the step"}


def option_labels(game: Game, decision: dict) -> list[str]:
    """One label per option, in the decision's order."""
    return [option_label(game, decision, o) for o in decision["options"]]


def option_label(game: Game, decision: dict, option: Any) -> str:
    if isinstance(option, str):
        carried = _carried(game, decision, option)
        if carried is not None:
            return carried
    return _name(game, decision["player"], number_domain(game, decision), option)


CARD_VERBS = {"card": "use", "dominance": "activate", "take_dominance": "take"}


def _carried(game: Game, decision: dict, text: str) -> str | None:
    """Options whose text carries an internal number (a reaction's place in the batch, a card's
    number), named by what they stand for; None for any other option."""
    reaction = REACTION.match(text) if decision["kind"] == "order_reactions" else None
    if reaction:
        ability = reaction["ability"]
        card = next((c for c in game.rules.deck.cards if c.id == ability), None)
        label = card.name if card is not None else ability.replace("_", " ")
        faction = reaction["faction"]
        return f"{label} ({game.faction(faction).display_name()})" if faction in game.rules.factions else label
    carried = CARD_OPTIONS.match(text)
    if carried and int(carried["card"]) < len(game.rules.deck.cards):
        return f"{CARD_VERBS[carried['kind']]} {game.card_name(int(carried['card']))}"
    return None


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
    if domain == "card" and 0 <= value < len(game.rules.deck.cards):
        return game.card_name(value)
    if domain == "clearing" and value in game.rules.map.clearings:
        return f"clearing {value} ({game.rules.map.clearings[value].name})"
    if domain == "piece" and value in game.s.pieces:
        return _piece(game, value)
    return str(value)


def _piece(game: Game, pid: int) -> str:
    """'Red Fox token on path 3-7 holding 1 Blue Jay warrior': owner, kind, place, what it holds."""
    faction, kind, loc = game.s.pieces[pid]
    where = {"c": f" in clearing {loc[1:]}", "p": f" on path {loc[1:]}", "b": f" in box {loc.split('.')[-1]}"}
    text = f"{game.name(faction)} {_kind_name(game, faction, kind)}" + where.get(loc[0], "")
    held = game.pieces_at(f"x{pid}")
    if held:
        text += " holding " + ", ".join(f"{game.name(game.s.pieces[h][0])} {_kind_name(game, *game.s.pieces[h][:2])}"
                                         for h in held)
    return text


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
    if text.startswith("open_path:"):
        return f"open the closed path {text[10:]}"
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
