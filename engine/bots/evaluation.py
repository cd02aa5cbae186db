"""A generic position value: what any faction has, counted the same way for every faction.

Victory points dominate; pieces standing on the map (buildings and tokens more than
warriors, as they score and rule), the clearings a player rules (Law 2.5: rule decides
crafting, movement and scoring of many factions), cards in hand and crafted items break
ties. The value of a player is its own total minus the best opponent's, so hurting the
leader counts.
"""
from __future__ import annotations

import math

from ..game import Game

WIN = 1000.0
WEIGHTS = {"score": 1.0, "warrior": 0.4, "building": 1.2, "token": 0.8, "other": 0.2, "card": 0.3, "item": 0.5,
           "rule": 0.3}


def rulers(game: Game) -> list[str | None]:
    """Who rules each clearing, worked out once for every player's material."""
    return [game.ruler(c) for c in game.clearings()]


def material(game: Game, player: str, ruled: list[str | None] | None = None) -> float:
    """VP plus weighted pieces on the map, clearings ruled, cards in hand and items."""
    s = game.s
    p = s.players[player]
    total = WEIGHTS["score"] * p.score + WEIGHTS["card"] * len(p.hand) + WEIGHTS["item"] * len(p.items)
    for faction, kind, loc in s.pieces.values():
        if faction != player or loc[0] == "b":
            continue
        if loc[0] == "x" and s.pieces.get(int(loc[1:]), (player,))[0] != player:
            continue  # held by another faction (a captive) is not on the map for its owner
        total += WEIGHTS.get(game.rules.category(faction, kind), WEIGHTS["other"])
    return total + WEIGHTS["rule"] * (rulers(game) if ruled is None else ruled).count(player)


def value(game: Game, player: str) -> float:
    """The player's material minus its best opponent's; a won or lost game is worth ±WIN."""
    if game.s.ended and game.s.winner is not None:
        return WIN if game.s.winner == player else -WIN
    ruled = rulers(game)
    mine = material(game, player, ruled)
    best_other = max(material(game, f, ruled) for f in game.s.seats if f != player)
    return mine - best_other


def reward(game: Game, player: str, scale: float = 4.0) -> float:
    """The value squeezed into [0, 1] for the search: 1 a win, 0 a loss, 0.5 level."""
    v = value(game, player)
    if abs(v) >= WIN:
        return 1.0 if v > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-v / scale))
