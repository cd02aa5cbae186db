"""Winning by dominance (Law 3.3) and the Mountain's Pass (16.2.3.IV)."""
from __future__ import annotations

from rootlaw.core.cards import BIRD
from rootlaw.core.game import Game
from rootlaw.core.visibility import forget

DOMINANCE_VP = 10


def dominance_win(game: Game, player: str) -> None:
    """At the start of Birdsong, an activated dominance card wins if its condition holds."""
    card = game.player(player).dominance
    if card is None:
        return
    suit = game.card_suit(card)
    ruled = [c for c in game.clearings() if game.rules_clearing(player, c)]
    if suit == BIRD:
        pairs = [(a, b) for a, b in game.rules.map.opposite.items() if a < b and a in ruled and b in ruled]
        met = bool(pairs)
    else:
        met = sum(1 for c in ruled if game.suit(c) == suit) >= 3
    if met:
        game.trace("3.3.1", f"{player} wins by {suit} dominance")
        game.end(player, f"dominance ({suit})")


def pass_points(game: Game, player: str) -> None:
    """At the end of a player's Evening, the ruler of the Pass scores 1 VP."""
    tower = game.rules.map.tower
    if tower is not None and game.rules_clearing(player, tower):
        game.score(player, 1, "16.2.3.IV", {"reason": "pass"}, "pass")


def can_activate_dominance(game: Game, player: str) -> list[int]:
    p = game.player(player)
    if p.dominance is not None or p.score < DOMINANCE_VP:
        return []
    return sorted({c for c in p.hand if game.rules.deck.cards[c].kind == "dominance"})


def activate_dominance(game: Game, player: str, card: int) -> None:
    p = game.player(player)
    p.hand.remove(card)
    p.dominance = card
    forget(game, card)
    game.log("dominance", faction=player, card=card)
    game.trace("3.3.1", f"{player} activates {game.card_suit(card)} dominance; scoring stops")
