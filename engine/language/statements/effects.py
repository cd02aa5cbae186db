"""Statements that change the board and the cards: place, remove, relocate, score, draw, move,
discard, take and reveal cards, set a battle's hits."""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import LanguageError
from rootlaw.core.locations import as_location, clearing_loc, piece_loc

from ..builtins import current_battle
from .base import Fn, Stmt, as_list, ctx_of
from .piles import pile_of


class Place(Stmt):
    """`place N KIND in LOCATION` (or `on PIECE`), and `place N KIND in each LOCATIONS`: N in each
    of them, which the placing faction shares out when the supply cannot fill them all (Law
    1.5.4, the `place_each` frame in `rootlaw.language.runtime`)."""

    def __init__(self, count: Fn, kind: Fn, owner: Fn | None, on_piece: bool, target: Fn, ability: str,
                 each: bool = False) -> None:
        self.count, self.kind, self.owner, self.on_piece, self.target, self.ability = \
            count, kind, owner, on_piece, target, ability
        self.each = each

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        owner = self.owner(ctx) if self.owner else ctx.me
        kind = piece_kind(game, owner, self.kind(ctx))
        target = self.target(ctx)
        if self.each:
            due: dict[Any, int] = {}
            for where in as_list(target):
                as_location(where)  # a value that is no place is an error here, at the statement
                due[where] = due.get(where, 0) + self.count(ctx)
            if due:
                game.push({"op": "place_each", "me": ctx.me, "owner": owner, "kind": kind,
                           "due": tuple(due.items()), "ability": self.ability})
            return True
        loc = target_location(target, self.on_piece)
        placing(game, ctx.me, owner, kind, target, loc, self.on_piece, self.count(ctx))
        return True


def piece_kind(game: Any, owner: str, kind: Any) -> Any:
    """`kind`, when the owner has such pieces."""
    if (owner, kind) not in game.rules.piece_defs:
        raise LanguageError(f"{owner} has no piece '{kind}'")
    return kind


def target_location(target: Any, on_piece: bool) -> str:
    return piece_loc(target) if on_piece else as_location(target)


def placing(game: Any, me: str, owner: str, kind: str, target: Any, loc: str, on_piece: bool, count: Any) -> None:
    """`place`: up to `count` pieces in a place, or on a piece (where that piece stands)."""
    spot = _standing(game, target) if on_piece else target
    place_pieces(game, me, owner, kind, loc, count, f"on piece {target}" if on_piece else f"in {target}", spot)


def place_pieces(game: Any, by: str, owner: str, kind: str, loc: str, count: int, where: str, spot: Any) -> int:
    """Place up to `count` pieces at `loc` while the supply, slots and limits allow; log it and
    announce `placed` (at `spot`, the language's value for the place). Returns how many."""
    placed = 0
    # no more tries than the supply holds (Law 1.5.4): `place 10^12` costs what `place 20` does
    for _ in range(min(count, game.player(owner).supply.get(kind, 0))):
        if game.can_place(owner, kind, loc, by=by) and game.place(owner, kind, loc) is not None:
            placed += 1
    if placed:
        game.log(f"{game.name(owner)} places {placed} {kind} {where}")
        # the event speaks the language's values (a clearing, a path, a box); pieces placed
        # on a piece are where that piece stands
        game.emit("placed", player=owner, kind=kind, location=spot, count=placed)
    return placed


def _standing(game: Any, pid: int) -> Any:
    """Where a piece stands, as the language names places: a clearing, a path or a box."""
    loc = game.s.pieces[pid][2]
    while loc[0] == "x":
        loc = game.s.pieces[int(loc[1:])][2]
    return int(loc[1:]) if loc[0] == "c" else loc[1:] if loc[0] == "p" else loc


class Remove(Stmt):
    def __init__(self, pieces: Fn, ability: str) -> None:
        self.pieces, self.ability = pieces, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        removing(game, ctx.me, self.pieces(ctx), self.ability)
        return True


def removing(game: Any, me: str, pieces: Any, ability: str) -> None:
    pids = as_list(pieces)
    if pids:
        game.log(f"{game.name(me)} removes {len(pids)} piece(s) ({ability})")
        game.remove(pids, "effect", me, ability=ability)


class Relocate(Stmt):
    """Pieces leave for a clearing, or onto a piece, without a move action ("not a move")."""

    def __init__(self, pieces: Fn, dest: Fn, onto_piece: bool) -> None:
        self.pieces, self.dest, self.onto_piece = pieces, dest, onto_piece

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        dest = self.dest(ctx)
        relocating(game, dest, self.onto_piece, self.pieces(ctx))
        return True


def relocating(game: Any, dest: Any, onto_piece: bool, pieces: Any) -> None:
    """`relocate`: the pieces leave, grouped by owner and origin in the log and the events."""
    loc = piece_loc(dest) if onto_piece else clearing_loc(dest)
    moved: dict[tuple[str, Any], list[int]] = {}
    for pid in as_list(pieces):
        owner, kind, _ = game.s.pieces[pid]
        if onto_piece and not game.can_hold(dest):
            break
        moved.setdefault((owner, game.clearing_of(pid)), []).append(pid)
        game.relocate(pid, loc)
    for (owner, origin), pids in moved.items():
        group: dict[str, int] = {}
        for pid in pids:
            group[game.s.pieces[pid][1]] = group.get(game.s.pieces[pid][1], 0) + 1
        where = f"onto piece {dest}" if onto_piece else f"to {dest}"
        game.log(f"{game.name(owner)}'s {len(pids)} piece(s) leave {origin} {where}")
        game.emit("moved", player=owner, origin=origin, dest=None if onto_piece else dest,
                  group=tuple(sorted(group.items())), pieces=tuple(pids), action=False)


class Score(Stmt):
    def __init__(self, points: Fn, owner: Fn | None, sign: int, ability: str) -> None:
        self.points, self.owner, self.sign, self.ability = points, owner, sign, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.owner(ctx) if self.owner else ctx.me
        scoring(game, f["me"], who, self.sign * (self.points(ctx) or 0), f.get("rule", ""), self.ability)
        return True


def scoring(game: Any, me: str, who: str, points: int, rule: str, ability: str) -> None:
    game.score(who, points, rule, game.action_label(me, ability), ability)


class Draw(Stmt):
    def __init__(self, count: Fn, pile: str | Fn | None, owner: Fn | None) -> None:
        self.count, self.pile, self.owner = count, pile, owner

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.owner(ctx) if self.owner else ctx.me
        drawing(game, who, pile_of(game, f, self.pile), self.count(ctx))
        return True


def drawing(game: Any, who: str, pile: str | None, count: Any) -> None:
    drawn = 0
    # at most the cards there are to draw: a pile past its limit discards, and the discard
    # pile would feed the deck again without end
    for _ in range(min(count, len(game.s.deck) + len(game.s.discard))):
        card = game.draw_card()
        if card is None:
            break
        drawn += 1
        if pile:
            game.add_to_pile(who, pile, card)
        else:
            game.player(who).hand.append(card)
    game.log(f"{game.name(who)} draws {drawn} card(s)" + (f" into {pile}" if pile else ""))


class MoveCards(Stmt):
    """spend / put / discard: cards chosen one at a time by their holder (birds wild)."""

    def __init__(self, count: Fn | None, suit: Fn, payer: Fn | None, source: str | Fn | None,
                 dest: str | Fn | None, ability: str) -> None:
        self.count, self.suit, self.payer, self.source, self.dest, self.ability = \
            count, suit, payer, source, dest, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        payer = self.payer(ctx) if self.payer else ctx.me
        source, dest = pile_of(game, f, self.source), pile_of(game, f, self.dest)
        suit = self.suit(ctx)
        paying(game, ctx.me, payer, source, dest, suit, self.count(ctx) if self.count else None)
        return True


def paying(game: Any, me: str, payer: str, source: str | None, dest: str | None, suit: Any, count: Any) -> None:
    """spend / put / discard: the frame that moves the cards one at a time."""
    game.push({"op": "pay_cards", "payer": payer, "owner": me, "source": source, "dest": dest,
               "suit": suit, "count": count, "done": 0})


class DiscardCard(Stmt):
    """Discard one given card from wherever I hold it: play area, hand or a pile."""

    def __init__(self, card: Fn) -> None:
        self.card = card

    def run(self, game: Any, f: dict) -> bool:
        discarding_card(game, f["me"], self.card(ctx_of(game, f)))
        return True


def discarding_card(game: Any, me: str, card: Any) -> None:
    p = game.player(me)
    for cards in (p.persistent, p.hand, *p.piles.values()):
        if card in cards:
            cards.remove(card)
            game.discard_card(card)
            game.log(f"{game.name(me)} discards {game.card_name(card)}")
            break


class DiscardRandom(Stmt):
    """Discard cards of my pile picked at random: the game's seeded generator picks them, so a
    replay discards the same cards."""

    def __init__(self, count: Fn, pile: str) -> None:
        self.count, self.pile = count, pile

    def run(self, game: Any, f: dict) -> bool:
        discarding_random(game, f["me"], self.pile, self.count(ctx_of(game, f)))
        return True


def discarding_random(game: Any, me: str, pile: str, count: Any) -> None:
    cards = game.player(me).piles.get(pile)
    for _ in range(count):
        if not cards:
            break
        card = cards.pop(game.rng().below(len(cards)))
        game.commit_rng()
        game.discard_card(card)
        game.log(f"{game.name(me)} discards {game.card_name(card)} at random from {pile}")


class SetBattle(Stmt):
    def __init__(self, name: str, value: Fn) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        battle_to_set(game)[self.name] = max(0, self.value(ctx_of(game, f)))
        return True


def battle_to_set(game: Any) -> dict:
    battle = current_battle(game)
    if battle is None:
        raise LanguageError("'set battle' used outside a battle")
    return battle


class TakeRandom(Stmt):
    def __init__(self, victim: Fn, pile: str | None) -> None:
        self.victim, self.pile = victim, pile

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        taking_random(game, ctx.me, self.victim(ctx), self.pile)
        return True


def taking_random(game: Any, me: str, victim: Any, pile: str | None) -> None:
    hand = game.player(victim).hand
    if hand:
        rng = game.rng()
        card = hand.pop(rng.below(len(hand)))
        game.commit_rng()
        if pile:
            game.add_to_pile(me, pile, card)
        else:
            game.player(me).hand.append(card)
        game.log(f"{game.name(me)} takes a random card from {game.name(victim)}")


class Reveal(Stmt):
    def __init__(self, player: Fn) -> None:
        self.player = player

    def run(self, game: Any, f: dict) -> bool:
        revealing(game, self.player(ctx_of(game, f)))
        return True


def revealing(game: Any, who: Any) -> None:
    cards = ", ".join(game.card_name(c) for c in game.player(who).hand) or "no cards"
    game.log(f"{game.name(who)} shows their hand: {cards}")


