"""A generic position value: what any faction has, counted the same way for every faction.

Victory points dominate; pieces standing on the map (buildings and tokens more than
warriors, as they score and rule), the clearings a player rules (Law 2.5: rule decides
crafting, movement and scoring of many factions), cards in hand and items break ties: the
Crafted Items box, and items held as pieces of category item wherever they are (one its hits
have put in its hit state, an item damaged, counts half). The value of a player is its own total minus the best opponent's, so hurting the
leader counts.

A search values every seat of every position it reaches, so the values of all seats are
worked out together (`values`, `rewards`): the clearings' rulers once, and one pass over the
pieces adding each piece to its owner's total, in the order a pass per player would (so the
same floating-point sums, and the same choices).
"""
from __future__ import annotations

import math
from typing import Iterable

from rootlaw.core.game import Game

WIN = 1000.0
WEIGHTS = {"score": 1.0, "warrior": 0.4, "building": 1.2, "token": 0.8, "other": 0.2, "card": 0.3, "item": 0.5,
           "rule": 0.3, "pile": 0.0}
# The search plays on further, so it also counts the cards a faction keeps in its own piles
# (a reserve it spends later, as the Law's hand is), which the one-ply greedy bot does not.
SEARCH_WEIGHTS = {**WEIGHTS, "pile": 0.3}


def rulers(game: Game) -> list[str | None]:
    """Who rules each clearing, worked out once for every player's material."""
    return game.rulers()


def materials(game: Game, players: Iterable[str], ruled: list[str | None] | None = None,
              weights: dict[str, float] = WEIGHTS) -> dict[str, float]:
    """Each player's VP plus weighted pieces on the map, clearings ruled, cards in hand and
    piles, and items."""
    s = game.s
    totals: dict[str, float] = {}
    for player in players:
        p = s.players[player]
        total = weights["score"] * p.score + weights["card"] * len(p.hand) + weights["item"] * len(p.items)
        if weights["pile"]:
            total += weights["pile"] * sum(len(pile) for pile in p.piles.values())
        totals[player] = total
    item = weights["item"]
    defs, states, pieces = game.rules.piece_defs, s.states, s.pieces
    worth = _piece_weights(game, weights)
    for pid, (faction, kind, loc) in pieces.items():
        total = totals.get(faction)
        if total is None:
            continue
        w = worth[(faction, kind)]
        if w is None:  # an item
            totals[faction] = total + item * (0.5 if defs[(faction, kind)].hit_state in states.get(pid, ()) else 1.0)
        elif loc[0] == "b":
            continue
        elif loc[0] == "x" and pieces.get(int(loc[1:]), (faction,))[0] != faction:
            continue  # held by another faction (a captive) is not on the map for its owner
        else:
            totals[faction] = total + w
    ruled = rulers(game) if ruled is None else ruled
    rule = weights["rule"]
    return {player: total + rule * ruled.count(player) for player, total in totals.items()}


def _piece_weights(game: Game, weights: dict[str, float]) -> dict[tuple[str, str], float | None]:
    """Each (faction, kind)'s weight on the map by its category (None for an item, which counts
    wherever it is), worked out once per rules and weights (a search values thousands of
    positions); `weights` are read as constants."""
    memo = game.rules.memo
    key = ("piece weights", id(weights))
    kept = memo.get(key)
    if kept is None or kept[0] is not weights:
        other = weights["other"]
        kept = memo[key] = (weights, {fk: None if piece.category == "item" else weights.get(piece.category, other)
                                      for fk, piece in game.rules.piece_defs.items()})
    return kept[1]


def material(game: Game, player: str, ruled: list[str | None] | None = None,
             weights: dict[str, float] = WEIGHTS) -> float:
    """One player's material (see `materials`)."""
    return materials(game, (player,), ruled, weights)[player]


def values(game: Game, weights: dict[str, float] = WEIGHTS) -> dict[str, float]:
    """Each seat's material minus its best opponent's; a won or lost game is worth ±WIN."""
    s = game.s
    if s.ended and s.winner is not None:
        return {f: WIN if s.winner == f else -WIN for f in s.seats}
    mine = materials(game, s.seats, None, weights)
    return {f: m - max(mine[g] for g in s.seats if g != f) for f, m in mine.items()}


def value(game: Game, player: str, weights: dict[str, float] = WEIGHTS) -> float:
    """The player's material minus its best opponent's (see `values`)."""
    return values(game, weights)[player]


def rewards(game: Game, scale: float = 4.0, weights: dict[str, float] = SEARCH_WEIGHTS) -> dict[str, float]:
    """Each seat's value squeezed into [0, 1] for the search: 1 a win, 0 a loss, 0.5 level."""
    out = {}
    for f, v in values(game, weights).items():
        if abs(v) >= WIN:
            out[f] = 1.0 if v > 0 else 0.0
        else:
            out[f] = 1.0 / (1.0 + math.exp(-v / scale))
    return out


def reward(game: Game, player: str, scale: float = 4.0, weights: dict[str, float] = SEARCH_WEIGHTS) -> float:
    """One seat's reward (see `rewards`)."""
    return rewards(game, scale, weights)[player]
