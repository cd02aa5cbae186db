"""Who may know what: where information sits decides who sees it, and what a player was shown
stays known to it.

The Law's places: a hand is its owner's alone (Law 1.2.1: its size is public); the draw pile's
order is nobody's (its size is public); the board, scores, items, crafted persistent cards,
activated and available dominance cards and the discard pile are public. A faction file says
who sees each of its own piles, boxes, tracks and variables (`visible: owner | all | none`,
public by default; `FactionDef.visible`): `owner` only its owner, `none` nobody, not even its
owner (others and, for `none`, the owner too, see a pile's size and a box's number of pieces).

A card shown to a player (a hand shown to it, a card it took or gave face down) is known to
that player from then on: the state keeps, per seat, each such card and the place it was seen
in (`State.known`: "hand:FACTION" or "pile:FACTION:PILE"), until the card reaches a public place.
The places hidden from a seat and what it knows of them are all a fair bot's sampling or a
seat's view needs (`hidden_places`, `known_to`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

DECK = "deck"


def visibility(game: "Game", faction: str, what: str, name: str) -> str:
    """'all', 'owner' or 'none' for a faction's pile, box, track or variable (`what`)."""
    return game.rules.factions[faction].visible.get(f"{what}:{name}", "all")


def may_see(game: "Game", seat: str | None, faction: str, what: str, name: str) -> bool:
    """Whether `seat` (None: the whole truth) may see what a faction's pile, box, track or
    variable holds."""
    if seat is None:
        return True
    seen = visibility(game, faction, what, name)
    return seen == "all" or (seen == "owner" and seat == faction)


def pile_readers(game: "Game", owner: str, pile: str) -> tuple[str, ...] | None:
    """Who may read the cards of a pile: None for everyone, else the seats that may."""
    seen = visibility(game, owner, "pile", pile)
    return None if seen == "all" else (owner,) if seen == "owner" else ()


def put_onto_pile(game: "Game", mover: str, owner: str, pile: str, card: int) -> None:
    """`mover` puts `card` onto `owner`'s pile: logged so that the pile's readers and the mover
    see the card (whoever put it knows it, face down or not), the others only that a card went
    there. A full pile sends it to the discard pile instead, for all to see."""
    game.add_to_pile(owner, pile, card)
    if card not in game.player(owner).piles.get(pile, ()):
        return
    readers = pile_readers(game, owner, pile)
    game.log("put_own" if mover == owner else "put", to=None if readers is None else (*readers, mover),
             faction=mover, owner=owner, card=card, pile=pile)
    if readers is not None and mover not in readers:
        show(game, mover, card, pile_place(owner, pile))


def give_card(game: "Game", giver: str, receiver: str, card: int) -> None:
    """`giver` puts `card` from their hand into `receiver`'s: both know it, the others only that
    a card changed hands."""
    game.player(receiver).hand.append(card)
    game.log("card_given", to=(giver, receiver), faction=giver, shown_to=receiver, card=card)
    show(game, giver, card, hand_place(receiver))


def hand_place(faction: str) -> str:
    return f"hand:{faction}"


def pile_place(faction: str, pile: str) -> str:
    return f"pile:{faction}:{pile}"


def hidden_places(game: "Game", seat: str | None) -> list[tuple[str, list[int]]]:
    """The card places whose cards `seat` may not see, as (place, the state's list), in a fixed
    order: the draw pile, then each other seat's hand and every pile the seat may not read."""
    s = game.s
    out: list[tuple[str, list[int]]] = [(DECK, s.deck)]
    for faction in s.seats:
        player = s.players[faction]
        if faction != seat:
            out.append((hand_place(faction), player.hand))
        for pile in sorted(player.piles):
            if not may_see(game, seat, faction, "pile", pile):
                out.append((pile_place(faction, pile), player.piles[pile]))
    return out


def show(game: "Game", seat: str, card: int, place: str) -> None:
    """`seat` has seen `card` in `place` (a hand or a pile hidden from it)."""
    game.s.known.setdefault(seat, {})[card] = place


def forget(game: "Game", card: int) -> None:
    """A card reached a public place: what anyone saw of it before is no secret any more."""
    for cards in game.s.known.values():
        cards.pop(card, None)


def known_to(game: "Game", seat: str) -> dict[int, str]:
    """The cards `seat` was shown that sit in places hidden from it, with the place each was
    seen in. A card seen there may have moved since, unseen; the seat cannot tell, so it is
    where it was seen as far as the seat knows. (A card that reached a public place was
    forgotten then; one back in the seat's own hand or piles needs no remembering.)"""
    seen = game.s.known.get(seat)
    if not seen:
        return {}
    hidden = {card for _, cards in hidden_places(game, seat) for card in cards}
    return {card: place for card, place in sorted(seen.items()) if card in hidden}


__all__ = ["DECK", "visibility", "may_see", "pile_readers", "hidden_places", "show", "forget",
           "known_to", "hand_place", "pile_place", "put_onto_pile"]
