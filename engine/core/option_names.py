"""Options named the way the log shows them: card ids, pieces, ability ids, clearing numbers.

A decision's options are plain data, and cards and pieces are bare numbers that depend on deck
and placement order. People (scenario writers, players at a prompt) read and write them by
name instead: a card by its id (`ambush_fox`), a piece by `<faction> <kind>`, a reaction to
order by its ability id (`hunters`), a persistent card's action by `card:<card id>` (a dominance
card to activate or take by `dominance:<card id>`, `take_dominance:<card id>`). Clearing
numbers stay numbers; a faction's own value (a dial's position, a leader) is shown as written
with the name its file gives it beside it: `1 (Boot then Sword)`.

The core's own decisions say what their numbers are (`CARD_KINDS`, `PIECE_KINDS`). A faction
ability's choice does not, so its numbers are read from what they can be: cards held by the
decider, pieces on the board, clearings of the map; a number that fits more than one reading
is shown as the number with the other readings beside it.
"""
from __future__ import annotations

import re
from typing import Any

from .identity import marks_on
from .locations import piece_loc
from .names import own_value

# decision kinds whose numeric options are cards, clearings, or pieces
CARD_KINDS = frozenset({"ambush", "foil", "spend_bird", "spend_card", "discard", "craft", "pay_card"})
CLEARING_KINDS = frozenset({"battle_where", "move_from", "move_to", "home", "place_where"})
PIECE_KINDS = frozenset({"take_hit", "move_which"})
REACTION = re.compile(r"^\d+:(?P<ability>[^ ]+)(?: \((?P<faction>[^)]+)\))?$")
# menu options that carry a card's number: a persistent card's action, activating a dominance
# card, taking an available one
CARD_OPTIONS = re.compile(r"^(?P<kind>card|dominance|take_dominance):(?P<card>\d+)$")


def _prompt_words(game: Any) -> tuple[tuple[str, str], ...]:
    """What an ability's prompt says its numbers are: the word after "which" first ("spend a
    card to move from which clearing?" asks for a clearing; "on which trap?" for a piece when
    some faction has pieces of kind or family `trap`), then any telling word."""
    words = {piece.kind for piece in game.rules.piece_defs.values()} \
        | {piece.family for piece in game.rules.piece_defs.values() if piece.family}
    pieces = "|".join(["piece", "warrior", "building", "token", "pawn", "item", *sorted(re.escape(w) for w in words)])
    return ((r"\bwhich ([\w']+ ){0,3}clearing", "clearing"), (rf"\bwhich (\w+ )?({pieces})s?\b", "piece"),
            (r"\bwhich (\w+ )?card", "card"), (r"\b(in|at|to|from) which\b", "clearing"),
            (r"\bcard", "card"), (r"\bclearing", "clearing"), (r"\bwhere\b", "clearing"),
            (rf"\b({pieces})s?\b", "piece"))


def _held(game: Any, player: str) -> set[int]:
    p = game.s.players.get(player)
    if p is None:
        return set()
    return set(p.hand).union(p.persistent, *p.piles.values())


def piece_name(game: Any, piece: int) -> str:
    """'<faction> <kind> [STATE ...]', with what it holds and the path it stands on, as the
    census writes it."""

    faction, kind, loc = game.s.pieces[piece]
    held = game.pieces_at(piece_loc(piece))
    name = f"{faction} {kind}" + "".join(f" {st}" for st in game.s.states.get(piece, ()))
    if held:
        name += " holding " + " + ".join(" ".join(game.s.pieces[h][:2]) for h in held)
    return name + (f" on {loc[1:]}" if loc[0] == "p" else "")


def number_domain(game: Any, decision: dict) -> str:
    """What the decision's whole numbers stand for: 'card', 'clearing', 'piece' or 'number'.

    The core's decisions say it by their kind; an ability's choice by its prompt's words, or,
    failing those, by every number being a piece (and not every one a clearing)."""
    kind = decision["kind"]
    if kind in CARD_KINDS:
        return "card"
    if kind in CLEARING_KINDS:
        return "clearing"
    if kind in PIECE_KINDS:
        return "piece"
    prompt = decision.get("prompt", "").lower()
    for pattern, domain in _prompt_words(game):
        if re.search(pattern, prompt):
            return domain
    numbers = [o for o in decision["options"] if isinstance(o, int) and not isinstance(o, bool)]
    if numbers and all(n in game.s.pieces for n in numbers) \
            and not all(n in game.rules.map.clearings for n in numbers):
        return "piece"
    return "number"


def _readings(game: Any, decision: dict, option: int) -> list[str]:
    """What a bare number among a decision's options may stand for, most likely first."""
    deck, pieces = game.rules.deck.cards, game.s.pieces
    kind = decision["kind"]
    domain = number_domain(game, decision) if ":" in kind else None
    if (kind in CARD_KINDS or domain == "card") and 0 <= option < len(deck):
        return [deck[option].id]
    if (kind in PIECE_KINDS or domain == "piece") and option in pieces:
        return [_piece_option(game, decision, option)]
    if kind in CARD_KINDS or kind in PIECE_KINDS or ":" not in kind or domain == "clearing":
        return [str(option)]
    out = []
    if option in game.rules.map.clearings:
        out.append(str(option))
    if option in pieces:
        out.append(_piece_option(game, decision, option))
    if option in _held(game, decision["player"]) and 0 <= option < len(deck):
        out.append(deck[option].id)
    return out or [str(option)]


def _piece_option(game: Any, decision: dict, piece: int) -> str:
    """A piece's name; where another option's piece has the same name, with what sets it apart:
    its clearing, and the marks put on it this turn (`militia_a warrior marked used`)."""

    name = piece_name(game, piece)
    pieces = game.s.pieces
    twins = [o for o in decision["options"] if o != piece and type(o) is int and o in pieces
             and piece_name(game, o) == name]
    loc = pieces[piece][2]
    if loc[0] in "cf" and any(pieces[o][2] != loc for o in twins):
        name += f" in {loc[1:]}"
    elif loc[0] == "b" and any(pieces[o][2] != loc for o in twins):
        name += f" in {loc.partition('.')[2]}"
    marks = marks_on(game, piece)
    if marks and any(marks_on(game, o) != marks for o in twins):
        name += " marked " + " and ".join(mark for _, mark in marks)
    return name


def option_name(game: Any, decision: dict, option: Any) -> str:
    """How one option of `decision` is shown in messages (as it was named when offered, for a
    decision noted with its `names`)."""
    if "names" in decision and option in decision["options"]:
        return decision["names"][decision["options"].index(option)]
    if isinstance(option, tuple):
        return "[" + ", ".join(option_name(game, decision, o) for o in option) + "]"
    if isinstance(option, dict):
        return "{" + ", ".join(f"{k}: {option_name(game, decision, v)}" for k, v in option.items()) + "}"
    if isinstance(option, bool) or option is None:
        return str(option).lower() if option is not None else "none"
    own = own_value(game.rules, decision["kind"], option)
    if own is not None:  # a faction's own value: as written, with the name people read
        return f"{option} ({own})"
    if isinstance(option, int):
        first, *others = _readings(game, decision, option)
        return f"{first} ({' or '.join(others)})" if others else first
    if isinstance(option, str):
        reaction = REACTION.match(option) if decision["kind"] == "order_reactions" else None
        if reaction:
            return f"{reaction['ability']} ({reaction['faction']})" if reaction["faction"] else reaction["ability"]
        carried = CARD_OPTIONS.match(option)
        if carried and int(carried["card"]) < len(game.rules.deck.cards):
            return f"{carried['kind']}:{game.rules.deck.cards[int(carried['card'])].id}"
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
