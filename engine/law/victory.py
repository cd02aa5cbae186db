"""Winning by dominance (Law 3.3), coalitions (Law 9.2.8) and the Mountain's Pass (16.2.3.IV).

A faction whose file has `coalition:` activates a dominance card to join the player with
fewest victory points instead (games of four or more players): it no longer scores, and wins
when that player wins. Coalition partners are not enemies (Law glossary)."""
from __future__ import annotations

from rootlaw.core.cards import BIRD
from rootlaw.core.frames import handler
from rootlaw.core.game import Game
from rootlaw.core.hooks import ANY_CHANGE
from rootlaw.core.visibility import forget

COALITION_PLAYERS = 4  # a coalition needs four or more players (Law 9.2.8)

DOMINANCE_VP = 10


def dominance_win(game: Game, player: str) -> None:
    """At the start of Birdsong, an activated dominance card wins if its condition holds."""
    card = game.player(player).dominance
    if card is None or game.faction(player).coalition is not None:
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
    if game.faction(player).coalition is not None and not coalition_partners(game, player):
        return []
    return sorted({c for c in p.hand if game.rules.deck.cards[c].kind == "dominance"})


def in_coalition(game: Game, faction: str) -> bool:
    players = game.s.players
    return players[faction].vars.get("coalition") is not None or \
        any(p.vars.get("coalition") == faction for p in players.values())


def coalition_partners(game: Game, player: str) -> list[str]:
    """Who `player` may form a coalition with: the other players with fewest VP, none of them
    already in a coalition (Law 9.2.8); nobody with fewer than four players."""
    others = [f for f in game.s.seats if f != player]
    if len(game.s.seats) < COALITION_PLAYERS or in_coalition(game, player):
        return []
    low = min(game.s.players[f].score for f in others)
    return [f for f in others if game.s.players[f].score == low and not in_coalition(game, f)]


def activate_dominance(game: Game, player: str, card: int) -> None:
    p = game.player(player)
    p.hand.remove(card)
    p.dominance = card
    if game.faction(player).coalition is not None:
        game.push({"op": "coalition", "player": player, "card": card})
        return
    forget(game, card)
    game.log("dominance", faction=player, card=card)
    game.trace("3.3.1", f"{player} activates {game.card_suit(card)} dominance; scoring stops")
    game.emit("dominance_activated", player=player, card=card, partner=None)


@handler("coalition")
def coalition(game: Game, f: dict) -> None:
    """Choose the partner among the players tied for fewest VP (Law 9.2.8), then form it."""
    player = f["player"]
    if "partner" not in f:
        if game.ask(f, "partner", player, "coalition", coalition_partners(game, player),
                    "form a coalition with whom?"):
            return
    partner = f["partner"]
    game.player(player).vars["coalition"] = partner
    game.changed.add(ANY_CHANGE)  # a variable changed: any invariant may be broken
    forget(game, f["card"])
    game.log("coalition", faction=player, card=f["card"], winner=partner)
    game.trace(game.faction(player).coalition or "3.3.1", f"{player} forms a coalition with {partner}")
    game.pop()
    game.emit("dominance_activated", player=player, card=f["card"], partner=partner)


def winners(game: Game) -> list[str]:
    """The winner and every player in a coalition with it (Law 9.2.8)."""
    winner = game.s.winner
    if winner is None:
        return []
    return [winner] + [f for f in game.s.seats if game.s.players[f].vars.get("coalition") == winner]
