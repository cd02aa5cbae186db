"""Builtins about pieces in states, items, a faction's own card sets, and crafting with pieces
an ability pays itself: in_state, item_of, item_pieces, crafted_items, ruin_items, card_cost,
craftable_with, pawn_move_cost, set_cards, set_card, item_set, shuffled, discard_pile, and
name_of (a faction's name, for messages)."""

from typing import Any

from rootlaw.core.board import SUITS
from rootlaw.core.context import Ctx, LanguageError
from rootlaw.law.crafting import craftable

from .registry import _piece, builtin


@builtin("in_state", 2)
def _in_state(ctx: Ctx, pid: int, state: str) -> bool:
    """Whether a piece is in a state (made so with `make`): in_state(p, exhausted)."""
    _piece(ctx, pid)
    return state in ctx.game.s.states.get(pid, ())


@builtin("item_of", 1)
def _item_of(ctx: Ctx, pid: int) -> Any:
    """The item a piece of category item stands for, or none."""
    f, k, _ = _piece(ctx, pid)
    return ctx.game.rules.piece_defs[(f, k)].item


@builtin("item_pieces", 1)
def _item_pieces(ctx: Ctx, faction: str) -> tuple:
    """A faction's pieces of category item (in its boxes), by id: another faction's effect
    that damages one of its items chooses among these."""
    game = ctx.game
    return tuple(p for p in game.pieces_of(faction) if game.rules.category(faction, game.s.pieces[p][1]) == "item")


@builtin("crafted_items", 1)
def _crafted_items(ctx: Ctx, faction: str) -> tuple:
    """The items in a faction's Crafted Items box, sorted (the same item once per copy)."""
    return tuple(sorted(ctx.game.player(faction).items))


@builtin("ruin_items", 1)
def _ruin_items(ctx: Ctx, c: int) -> int:
    """How many items are hidden under the ruin of clearing c (what they are stays hidden)."""
    return len(ctx.game.s.ruin_items.get(c, ()))


@builtin("card_cost", 1)
def _card_cost(ctx: Ctx, card: int) -> tuple:
    """A shared-deck card's crafting cost: one suit per crafting piece, `any` for "?"."""
    return ctx.game.rules.deck.cards[card].cost


@builtin("craftable_with", 1)
def _craftable_with(ctx: Ctx, suits: tuple) -> tuple:
    """Cards of my hand I could craft now if crafting pieces of these suits (one suit per
    piece) paid for them: everything else that decides crafting (an item left on the map, no
    identical persistent card, the may_craft restrictions) applies. For `craft card`."""
    pool = {suit: 0 for suit in SUITS}
    for suit in suits or ():
        if suit not in pool:
            raise LanguageError(f"{suit!r} is not a clearing suit")
        pool[suit] += 1
    return tuple(craftable(ctx.game, ctx.me, pool))


@builtin("pawn_move_cost", 2, 3)
def _pawn_move_cost(ctx: Ctx, origin: Any, dest: Any, faction: str | None = None) -> int:
    """How many moves a pawn of `faction` (default: me) needs to go from origin to dest: 1,
    or what the `pawn_move_cost` modifiers make it."""
    return ctx.game.modify("pawn_move_cost", 1, player=faction or ctx.me, origin=origin, dest=dest)


def _my_card(ctx: Ctx, card_id: str) -> Any:
    for card_set in ctx.game.faction(ctx.me).card_sets.values():
        for card in card_set.cards:
            if card.id == card_id:
                return card
    raise LanguageError(f"{card_id!r} is not a card of {ctx.me}'s card sets")


@builtin("set_cards", 1)
def _set_cards(ctx: Ctx, name: str) -> tuple:
    """The card ids of one of my card sets (the file's card_sets), in the set's order."""
    card_set = ctx.game.faction(ctx.me).card_sets.get(name)
    if card_set is None:
        raise LanguageError(f"{name!r} is not one of my card sets")
    return tuple(card.id for card in card_set.cards)


@builtin("set_card", 1)
def _set_card(ctx: Ctx, card_id: str) -> dict:
    """A card of my card sets as a record: `id`, `name`, `suit`, `items`, `action`."""
    return _my_card(ctx, card_id).record()


@builtin("item_set", 1)
def _item_set(ctx: Ctx, name: str) -> tuple:
    """The items of one of my item sets (the file's item_sets), in order."""
    items = ctx.game.faction(ctx.me).item_sets.get(name)
    if items is None:
        raise LanguageError(f"{name!r} is not one of my item sets")
    return items


def _shuffled(ctx: Ctx, items: tuple) -> tuple:
    """The items in an order picked by the game's seeded generator (a replay picks the same)."""
    out = list(items or ())
    ctx.game.shuffle(out)
    return tuple(out)


builtin("shuffled", 1, pure=False)(_shuffled)


@builtin("name_of", 1)
def _name_of(ctx: Ctx, faction: str) -> str:
    """A faction's name as people read it (its English name), for `say`."""
    if faction not in ctx.game.rules.factions:
        raise LanguageError(f"{faction!r} is not a faction of this game")
    return ctx.game.name(faction)


@builtin("discard_pile", 0)
def _discard_pile(ctx: Ctx) -> tuple:
    """The cards of the discard pile, oldest first (anyone may look through it, Law 1.2.2)."""
    return tuple(ctx.game.s.discard)
