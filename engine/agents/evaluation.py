"""A generic position value: what any faction has, counted the same way for every faction.

Victory points dominate; pieces standing on the map (buildings and tokens more than
warriors, as they score and rule), the clearings a player rules (Law 2.5: rule decides
crafting, movement and scoring of many factions), cards in hand and items break ties: the
Crafted Items box, and items held as pieces of category item wherever they are (one its hits
have put in its hit state, an item damaged, counts half). The value of a player is its own total minus the best opponent's, so hurting the
leader counts.
"""
from __future__ import annotations

import math

from rootlaw.core.game import Game

WIN = 1000.0
WEIGHTS = {"score": 1.0, "warrior": 0.4, "building": 1.2, "token": 0.8, "other": 0.2, "card": 0.3, "item": 0.5,
           "rule": 0.3, "pile": 0.0}
# The search plays on further, so it also counts the cards a faction keeps in its own piles
# (a reserve it spends later, as the Law's hand is), which the one-ply greedy bot does not.
SEARCH_WEIGHTS = {**WEIGHTS, "pile": 0.3}


def rulers(game: Game) -> list[str | None]:
    """Who rules each clearing, worked out once for every player's material."""
    return [game.ruler(c) for c in game.clearings()]


def material(game: Game, player: str, ruled: list[str | None] | None = None,
             weights: dict[str, float] = WEIGHTS) -> float:
    """VP plus weighted pieces on the map, clearings ruled, cards in hand and piles, and items."""
    s = game.s
    p = s.players[player]
    total = weights["score"] * p.score + weights["card"] * len(p.hand) + weights["item"] * len(p.items)
    if weights["pile"]:
        total += weights["pile"] * sum(len(pile) for pile in p.piles.values())
    defs, states = game.rules.piece_defs, s.states
    for pid, (faction, kind, loc) in s.pieces.items():
        if faction != player:
            continue
        piece = defs[(faction, kind)]
        if piece.category == "item":
            total += weights["item"] * (0.5 if piece.hit_state in states.get(pid, ()) else 1.0)
            continue
        if loc[0] == "b":
            continue
        if loc[0] == "x" and s.pieces.get(int(loc[1:]), (player,))[0] != player:
            continue  # held by another faction (a captive) is not on the map for its owner
        total += weights.get(game.rules.category(faction, kind), weights["other"])
    return total + weights["rule"] * (rulers(game) if ruled is None else ruled).count(player)


def value(game: Game, player: str, weights: dict[str, float] = WEIGHTS) -> float:
    """The player's material minus its best opponent's; a won or lost game is worth ±WIN."""
    if game.s.ended and game.s.winner is not None:
        return WIN if game.s.winner == player else -WIN
    ruled = rulers(game)
    mine = material(game, player, ruled, weights)
    best_other = max(material(game, f, ruled, weights) for f in game.s.seats if f != player)
    return mine - best_other


def reward(game: Game, player: str, scale: float = 4.0, weights: dict[str, float] = SEARCH_WEIGHTS) -> float:
    """The value squeezed into [0, 1] for the search: 1 a win, 0 a loss, 0.5 level."""
    v = value(game, player, weights)
    if abs(v) >= WIN:
        return 1.0 if v > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-v / scale))
