"""Options named the way the log shows them: card ids, pieces, ability ids, clearing numbers.

A decision's options are plain data, and cards and pieces are bare numbers that depend on deck
and placement order. People (scenario writers, players at a prompt) read and write them by
name instead: a card by its id (`ambush_fox`), a piece by `<faction> <kind>`, a reaction to
order by its ability id (`hunters`), a persistent card's action by `card:<card id>`. Clearing
numbers stay numbers.

The core's own decisions say what their numbers are (`CARD_KINDS`, `PIECE_KINDS`). A faction
ability's choice does not, so its numbers are read from what they can be: cards held by the
decider, pieces on the board, clearings of the map; a number that fits more than one reading
is shown as the number with the other readings beside it.
"""
from __future__ import annotations

import re
from typing import Any

# decision kinds whose numeric options are cards, or pieces
CARD_KINDS = frozenset({"ambush", "foil", "spend_bird", "spend_card", "discard", "craft", "pay_card"})
PIECE_KINDS = frozenset({"take_hit"})
REACTION = re.compile(r"^\d+:(?P<ability>[^ ]+)(?: \((?P<faction>[^)]+)\))?$")


def _held(game: Any, player: str) -> set[int]:
    p = game.s.players.get(player)
    if p is None:
        return set()
    return set(p.hand).union(p.persistent, *p.piles.values())


def piece_name(game: Any, piece: int) -> str:
    """'<faction> <kind>', with what it holds and the path it stands on, as the census writes it."""
    from .game import piece_loc  # game.py imports this module to name options in its messages

    faction, kind, loc = game.s.pieces[piece]
    held = game.pieces_at(piece_loc(piece))
    name = f"{faction} {kind}"
    if held:
        name += " holding " + " + ".join(" ".join(game.s.pieces[h][:2]) for h in held)
    return name + (f" on {loc[1:]}" if loc[0] == "p" else "")


def _readings(game: Any, decision: dict, option: int) -> list[str]:
    """What a bare number among a decision's options may stand for, most likely first."""
    deck, pieces = game.rules.deck.cards, game.s.pieces
    kind = decision["kind"]
    if kind in CARD_KINDS and 0 <= option < len(deck):
        return [deck[option].id]
    if kind in PIECE_KINDS and option in pieces:
        return [piece_name(game, option)]
    if kind in CARD_KINDS or kind in PIECE_KINDS or ":" not in kind:
        return [str(option)]
    out = []
    if option in game.rules.map.clearings:
        out.append(str(option))
    if option in pieces:
        out.append(piece_name(game, option))
    if option in _held(game, decision["player"]) and 0 <= option < len(deck):
        out.append(deck[option].id)
    return out or [str(option)]


def option_name(game: Any, decision: dict, option: Any) -> str:
    """How one option of `decision` is shown in messages (as it was named when offered, for a
    decision noted with its `names`)."""
    if "names" in decision and option in decision["options"]:
        return decision["names"][decision["options"].index(option)]
    if isinstance(option, tuple):
        return "[" + ", ".join(option_name(game, decision, o) for o in option) + "]"
    if isinstance(option, bool) or option is None:
        return str(option).lower() if option is not None else "none"
    if isinstance(option, int):
        first, *others = _readings(game, decision, option)
        return f"{first} ({' or '.join(others)})" if others else first
    if isinstance(option, str):
        reaction = REACTION.match(option) if decision["kind"] == "order_reactions" else None
        if reaction:
            return f"{reaction['ability']} ({reaction['faction']})" if reaction["faction"] else reaction["ability"]
        if option.startswith("card:") and option[5:].isdigit() and int(option[5:]) < len(game.rules.deck.cards):
            return "card:" + game.rules.deck.cards[int(option[5:])].id
    return str(option)


def option_names(game: Any, decision: dict, limit: int | None = None) -> str:
    """The decision's options, comma-separated, as people name them."""
    options = decision["options"] if limit is None else decision["options"][:limit]
    more = len(decision["options"]) - len(options)
    return ", ".join(option_name(game, decision, o) for o in options) + (f", ... ({more} more)" if more > 0 else "")


def find_option(game: Any, decision: dict, value: Any) -> Any:
    """The option of `decision` that `value` names (as written, or by any name `option_name`
    gives it); `value` itself when none does, so the caller's check reports it."""
    if any(value == o and type(value) is type(o) for o in decision["options"]):
        return value
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        wanted = str(value)
        for option in decision["options"]:
            shown = option_name(game, decision, option)
            names = {shown, shown.split(" (")[0]} | set(_aliases(shown))
            if wanted in names:
                return option
    return value


def _aliases(shown: str) -> list[str]:
    """'7 (militia_a warrior or ambush_fox)' answers to each reading."""
    if " (" not in shown or not shown.endswith(")"):
        return []
    return shown[shown.index(" (") + 2:-1].split(" or ")
