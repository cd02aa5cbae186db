"""Frames that run compiled abilities: blocks of statements, loops, card payments, actions.

All state lives in the frames (plain data): the block's code id, its statement index and its
bound names. The compiled code itself is immutable and shared through `Rules.code`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rootlaw.core.cards import matches_suit
from rootlaw.core.context import Ctx
from rootlaw.core.frames import handler
from rootlaw.core.game import Game, distinct_cards
from rootlaw.core.locations import as_location
from rootlaw.core.trace_names import ability_note
from rootlaw.core.visibility import give_card, put_onto_pile

from .statements import block_frame
from .statements.effects import place_pieces


@dataclass(frozen=True)
class ActionDef:
    """An action a faction may choose: its condition, its effect and its limits."""

    id: str
    rule: str
    names: dict[str, str]
    when: Callable[[Ctx], Any] | None
    code: str
    once_per_turn: bool = False
    free: bool = False  # taken beside a menu's limit: it neither counts nor needs a free slot
    params: tuple[str, ...] = ()  # names its caller binds (`do action` or a scenario's `with`)


@handler("block")
def run_block(game: Game, f: dict) -> None:
    """An effect's frame: its compiled function when it has one (a frame it started, or one at
    its first statement), else the interpreter, one statement per step."""
    run = game.rules.code[f["code"]].run
    if run is not None and ("pc" in f or f["i"] == 0):
        run(game, f)
    else:
        interpret_block(game, f)


def interpret_block(game: Game, f: dict) -> None:
    stmts = game.rules.code[f["code"]]
    i = f["i"]
    if i == 0 and "rule" in f and not f.get("traced"):
        f["traced"] = True
        game.trace(f["rule"], ability_note(f["me"], f["ability"]))
    if i >= len(stmts):
        game.pop()
        return
    if stmts[i].run(game, f):
        f["i"] = i + 1


@handler("for_each")
def run_for_each(game: Game, f: dict) -> None:
    i = f["i"]
    if i >= len(f["items"]):
        game.pop()
        return
    f["i"] = i + 1
    game.push(block_frame(f["code"], f["me"], {**f["env"], f["name"]: f["items"][i]}, f["ability"]))


@handler("place_each")
def place_each(game: Game, f: dict) -> None:
    """`place N KIND in each LOCATIONS`: N in each place, in the order given, while the supply
    fills them all; when it cannot (Law 1.5.4: "as much as possible"), the faction whose effect
    places them chooses, one piece at a time, which places get the pieces there are. A place
    that cannot take the piece (a limit per clearing) is left out."""
    owner, kind, by = f["owner"], f["kind"], f["me"]
    due = dict(f["due"])
    if "where" in f:
        where = f.pop("where")
        due[where] -= 1 if _place(game, by, owner, kind, where, 1) else due[where]
        f["due"] = tuple(due.items())
        return
    open_ = [w for w, n in due.items() if n > 0 and game.can_place(owner, kind, as_location(w), by=by)]
    supply = game.player(owner).supply.get(kind, 0)
    if not open_ or supply <= 0:
        game.pop()
        return
    if supply >= sum(due[w] for w in open_):
        where = open_[0]
        _place(game, by, owner, kind, where, due[where])
        due[where] = 0  # what a limit per clearing kept out cannot be placed there later
        f["due"] = tuple(due.items())
        return
    game.ask(f, "where", by, "place_where", open_,
             f"not enough pieces for every place ({supply} left): place one {kind} where?")


def _place(game: Game, by: str, owner: str, kind: str, where: Any, n: int) -> int:
    return place_pieces(game, by, owner, kind, as_location(where), n, where)


@handler("pay_cards")
def pay_cards(game: Game, f: dict) -> None:
    """Move cards of a suit (birds wild) between a hand, a pile and the discard pile."""
    owner, payer = f["owner"], f["payer"]
    source = game.player(owner).piles.setdefault(f["source"], []) if f["source"] else game.player(payer).hand
    if "card" in f:
        card = f.pop("card")
        source.remove(card)
        _deliver(game, f, card)
        f["done"] += 1
    candidates = [c for c in source if matches_suit(game.card_suit(c), f["suit"])]
    if f["count"] is None:
        for card in candidates:
            source.remove(card)
            _deliver(game, f, card)
        game.pop()
        return
    if f["done"] >= f["count"] or not candidates:
        game.pop()
        return
    chooser = owner if f["source"] else payer
    where = f"from {f['source']}" if f["source"] else "from hand"
    game.ask(f, "card", chooser, "pay_card", distinct_cards(game, candidates),
             f"{f['suit']} card {f['done'] + 1} of {f['count']} {where}: which one?")


def _deliver(game: Game, f: dict, card: int) -> None:
    if f.get("receiver"):
        give_card(game, f["payer"], f["receiver"], card)
    elif f["dest"]:
        put_onto_pile(game, f["owner"] if f["source"] else f["payer"], f["owner"], f["dest"], card)
    else:
        game.discard_card(card)


def can_start(game: Game, when: Callable[[Ctx], Any] | None, code: str, ctx: Ctx) -> bool:
    """Whether an action (a faction's or a card's) may be offered: its condition holds and its
    first statement can do something, so no offered action fails when chosen. The block's
    generated check answers where it has one (engine/language/legality.py)."""
    if when is not None and not when(ctx):
        return False
    stmts = game.rules.code[code]
    can = stmts.can
    if can is not None:
        return can(game, ctx.me, ctx.env)
    return not stmts or stmts[0].possible(ctx)
