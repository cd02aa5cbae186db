"""What the core can use from each modifier hook (engine/core/hooks.py; every hook has an
entry, which tests/test_hardening.py checks): a modifier that gives
anything else (a ruler modifier giving a list, a replacement sending a piece to a clearing the
map lacks) is stopped where it gives it, with its position in the faction file, before the
value reaches a rule and leaves a corrupt state.

Each check is a type test or a set lookup: modifiers run in the engine's busiest loops.
"""
from __future__ import annotations

from typing import Any, Callable

from .locations import missing

Check = Callable[[Any, Any], bool]  # (game, value) -> whether the core can use the value


def _truth(game: Any, value: Any) -> bool:
    return value is True or value is False


def _number(game: Any, value: Any) -> bool:
    return type(value) is int


def _faction_or_none(game: Any, value: Any) -> bool:
    return value is None or type(value) is str and value in game.s.players


def _clearings(game: Any, value: Any) -> bool:
    clearings = game.rules.map.clearings
    return type(value) in (tuple, list) and all(type(c) is int and c in clearings for c in value)


def _pieces(game: Any, value: Any) -> bool:
    pieces = game.s.pieces
    return type(value) in (tuple, list) and all(type(p) is int and p in pieces for p in value)


def _place_or_none(game: Any, value: Any) -> bool:
    return value is None or missing(game, value) is None


_TRUTH = (_truth, "true or false")
_NUMBER = (_number, "a whole number")
_PIECES = (_pieces, "a list of pieces on the map")

# hook -> (check, what it needs, in the words of an error message)
NEEDS: dict[str, tuple[Check, str]] = {
    "ruler": (_faction_or_none, "a seated faction or none"),
    "adjacency": (_clearings, "a list of clearings of this map"),
    "ignore_rule_moving": _TRUTH,
    "move_group_allowed": _TRUTH,
    "may_move_from": _TRUTH,
    "may_battle": _TRUTH,
    "ambush_allowed": _TRUTH,
    "defender_takes_higher_roll": _TRUTH,
    "max_rolled_hits": _NUMBER,
    "extra_hits": _NUMBER,
    "hit_pieces": _PIECES,
    "hit_order": _PIECES,
    "removal_order": _PIECES,
    "removal_vp": _NUMBER,
    "removed_to": (_place_or_none, "none (the supply) or a clearing, path, forest or box of this game"),
    "may_craft": _TRUTH,
    "may_place": _TRUTH,
    "craft_vp": _NUMBER,
    "draw_bonus": _NUMBER,
    "hand_limit": _NUMBER,
    "item_to": (_place_or_none, "none (its Crafted Items box) or a clearing, forest or box of this game"),
    "pawn_move_cost": _NUMBER,
    "defenseless": _TRUTH,
}

__all__ = ["NEEDS", "Check"]
