"""Statements that change the board and the cards: place, remove, relocate, score, draw, move,
discard, take and reveal cards, set a battle's hits."""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import LanguageError
from rootlaw.core.locations import as_location, clearing_loc, missing, piece_loc
from rootlaw.core.visibility import hand_place, pile_place, pile_readers, show

from ..builtins import current_battle
from .base import Fn, Stmt, as_list, ctx_of, written
from .piles import pile_of


class Place(Stmt):
    """`place N KIND in LOCATION` (or `on PIECE`), and `place N KIND in each LOCATIONS`: N in each
    of them, which the placing faction shares out when the supply cannot fill them all (Law
    1.5.4, the `place_each` frame in `rootlaw.language.runtime`). A place the game lacks is an
    error at the statement (`where`: its position), never a piece put nowhere."""

    def __init__(self, count: Fn, kind: Fn, owner: Fn | None, on_piece: bool, target: Fn, ability: str,
                 each: bool = False, where: Any = "?") -> None:
        self.count, self.kind, self.owner, self.on_piece, self.target, self.ability = \
            count, kind, owner, on_piece, target, ability
        self.each, self.where = each, where

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        owner = self.owner(ctx) if self.owner else ctx.me
        kind = piece_kind(game, owner, self.kind(ctx))
        target = self.target(ctx)
        if self.each:
            due: dict[Any, int] = {}
            for where in as_list(target):
                _place(game, where, self.where)  # a value that is no place is an error here, at the statement
                due[where] = due.get(where, 0) + self.count(ctx)
            if due:
                game.push({"op": "place_each", "me": ctx.me, "owner": owner, "kind": kind,
                           "due": tuple(due.items()), "ability": self.ability})
            return True
        loc = target_location(game, target, self.on_piece, self.where)
        placing(game, ctx.me, owner, kind, target, loc, self.on_piece, self.count(ctx))
        return True


def piece_kind(game: Any, owner: str, kind: Any) -> Any:
    """`kind`, when the owner has such pieces."""
    if (owner, kind) not in game.rules.piece_defs:
        raise LanguageError(f"{owner} has no piece '{kind}'")
    return kind


def target_location(game: Any, target: Any, on_piece: bool, at: Any) -> str:
    """The board location a `place` (or a `relocate`) names: a place, or on a piece."""
    return _piece_place(game, target, at) if on_piece else _place(game, target, at)


def placing(game: Any, me: str, owner: str, kind: str, target: Any, loc: str, on_piece: bool, count: Any) -> None:
    """`place`: up to `count` pieces in a place, or on a piece (where that piece stands)."""
    spot = _standing(game, target) if on_piece else target
    place_pieces(game, me, owner, kind, loc, count, spot, target if on_piece else None)


def place_pieces(game: Any, by: str, owner: str, kind: str, loc: str, count: int, spot: Any,
                 on_piece: int | None = None) -> int:
    """Place up to `count` pieces at `loc` (on the piece `on_piece`, if given) while the supply,
    slots and limits allow; log it and announce `placed` (at `spot`, the language's value for the
    place). Returns how many."""
    placed = 0
    # no more tries than the supply holds (Law 1.5.4): `place 10^12` costs what `place 20` does
    for _ in range(min(count, game.player(owner).supply.get(kind, 0))):
        if game.can_place(owner, kind, loc, by=by) and game.place(owner, kind, loc) is not None:
            placed += 1
    if placed:
        if on_piece is not None:
            game.log("place_on", faction=owner, count=placed, piece_kind=kind, holder=list(game.s.pieces[on_piece][:2]),
                     place=spot)
        else:
            game.log("place", faction=owner, count=placed, piece_kind=kind, place=spot)
        # the event speaks the language's values (a clearing, a path, a box); pieces placed
        # on a piece are where that piece stands
        game.emit("placed", player=owner, kind=kind, location=spot, count=placed)
    return placed


def _place(game: Any, where: Any, at: Any) -> str:
    """The board location of a clearing, path, forest or box an effect names; an error at the effect's
    position when this game has no such place (the board must never hold a piece nowhere)."""
    loc = clearing_loc(where) if type(where) is int else None  # the usual case, without a call
    if loc is None or loc not in game.rules.places:
        why = missing(game, where)
        if why is not None:
            raise LanguageError(f"{at}: {why}")
        loc = as_location(where)
    return loc


def _piece_place(game: Any, pid: Any, at: Any) -> str:
    """The location "on piece `pid`"; an error when no such piece is on the map."""
    if type(pid) is not int or pid not in game.s.pieces:
        raise LanguageError(f"{at}: {written(pid)} is not a piece on the map")
    return piece_loc(pid)


def _holds(game: Any, pid: int, other: int) -> bool:
    """Whether `other` is `pid` or stands on it, directly or through other pieces."""
    while True:
        if other == pid:
            return True
        loc = game.s.pieces[other][2]
        if loc[0] != "x":
            return False
        other = int(loc[1:])


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
        if not game.quiet:  # a bot's trial game keeps no log: its entry is not worked out
            groups: dict[tuple, int] = {}  # which pieces, whose and where, for the log
            for pid in pids:
                owner, kind, _ = game.s.pieces[pid]
                key = (owner, kind, _standing(game, pid))
                groups[key] = groups.get(key, 0) + 1
            game.log("remove", faction=me, count=len(pids), ability=ability,
                     removed=[[f, k, c, where] for (f, k, where), c in groups.items()])
        game.remove(pids, "effect", me, ability=ability)


class Relocate(Stmt):
    """Pieces leave for a clearing (or a forest, a path, a box), or onto a piece, without a
    move action ("not a move")."""

    def __init__(self, pieces: Fn, dest: Fn, onto_piece: bool, where: Any = "?") -> None:
        self.pieces, self.dest, self.onto_piece, self.where = pieces, dest, onto_piece, where

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        dest = self.dest(ctx)
        loc = target_location(game, dest, self.onto_piece, self.where)
        relocating(game, dest, loc, self.onto_piece, self.pieces(ctx), self.where)
        return True


def relocating(game: Any, dest: Any, loc: str, onto_piece: bool, pieces: Any, at: Any) -> None:
    """`relocate`: the pieces leave for `loc`, grouped by owner and origin in the log and the
    events; `at` is the statement's position, for its errors."""
    moved: dict[tuple[str, Any], list[int]] = {}
    pieces = as_list(pieces)
    for pid in pieces:
        if type(pid) is not int or pid not in game.s.pieces:
            raise LanguageError(f"{at}: {written(pid)} is not a piece on the map, so it cannot relocate")
        if onto_piece and _holds(game, pid, dest):
            raise LanguageError(f"{at}: piece {pid} cannot go onto piece {dest}, which it holds or is")
    for pid in pieces:
        owner, kind, _ = game.s.pieces[pid]
        if onto_piece and not game.can_hold(dest):
            break
        moved.setdefault((owner, _origin(game, pid)), []).append(pid)
        game.relocate(pid, loc)
    for (owner, origin), pids in moved.items():
        group: dict[str, int] = {}
        for pid in pids:
            group[game.s.pieces[pid][1]] = group.get(game.s.pieces[pid][1], 0) + 1
        told = {"faction": owner, "pieces": sorted(group.items())}
        if origin is not None:  # else from a box or a path: the log says only where they go
            told["origin"] = origin
        if onto_piece:
            game.log("relocate_on" if origin is not None else "relocate_onto",
                     holder=list(game.s.pieces[dest][:2]), **told)
        else:
            game.log("relocate" if origin is not None else "relocate_to", dest=dest, **told)
        game.emit("moved", player=owner, origin=origin, dest=None if onto_piece else dest,
                  group=tuple(sorted(group.items())), pieces=tuple(pids), action=False)


def _origin(game: Any, pid: int) -> Any:
    """Where a relocated piece leaves from, as `moved` tells it: its clearing or forest, or
    none (a path, a box)."""
    loc = game.standing_loc(pid)
    return int(loc[1:]) if loc[0] == "c" else loc[1:] if loc[0] == "f" else None


class Score(Stmt):
    def __init__(self, points: Fn, owner: Fn | None, sign: int, ability: str) -> None:
        self.points, self.owner, self.sign, self.ability = points, owner, sign, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.owner(ctx) if self.owner else ctx.me
        scoring(game, f["me"], who, self.sign * (self.points(ctx) or 0), f.get("rule", ""), self.ability)
        return True


def scoring(game: Any, me: str, who: str, points: int, rule: str, ability: str) -> None:
    game.score(who, points, rule, {"reason": "ability", "ability": ability, "by": me}, ability)


class Draw(Stmt):
    def __init__(self, count: Fn, pile: str | Fn | None, owner: Fn | None) -> None:
        self.count, self.pile, self.owner = count, pile, owner

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.owner(ctx) if self.owner else ctx.me
        drawing(game, who, pile_of(game, f, self.pile), self.count(ctx))
        return True


def drawing(game: Any, who: str, pile: str | None, count: Any) -> None:
    drawn = []
    # at most the cards there are to draw: a pile past its limit discards, and the discard
    # pile would feed the deck again without end
    for _ in range(min(count, len(game.s.deck) + len(game.s.discard))):
        card = game.draw_card()
        if card is None:
            break
        drawn.append(card)
        if pile:
            game.add_to_pile(who, pile, card)
        else:
            game.player(who).hand.append(card)
    if game.quiet:  # no log to write (nor its readers to work out)
        return
    if pile:
        game.log("draw_pile", to=pile_readers(game, who, pile), faction=who, cards=drawn, pile=pile)
    else:
        game.log("draw", to=(who,), faction=who, cards=drawn)


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
            game.log("discard", faction=me, card=card)
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
        game.log("discard_random", faction=me, card=card, pile=pile)


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
            place = pile_place(me, pile)
            readers = pile_readers(game, me, pile)
            readers = None if readers is None else (*readers, victim)  # the loser knows its card
            game.log("take_random_pile", to=readers, faction=me, victim=victim, card=card, pile=pile)
        else:
            game.player(me).hand.append(card)
            place = hand_place(me)
            game.log("take_random", to=(me, victim), faction=me, victim=victim, card=card)
        if victim != me:
            show(game, victim, card, place)


class Reveal(Stmt):
    def __init__(self, player: Fn) -> None:
        self.player = player

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        revealing(game, ctx.me, self.player(ctx))
        return True


def revealing(game: Any, me: str, who: Any) -> None:
    hand = list(game.player(who).hand)
    game.log("reveal", to=(who, me), faction=who, shown_to=me, cards=hand)
    if who != me:
        for card in hand:
            show(game, me, card, hand_place(who))


