"""Items (Law 4.1.2, 5.1 step 5, 2.2.4): the map's item supply, each faction's Crafted Items box,
the items hidden under ruins, and items a faction holds as pieces of its own.

Most factions keep what they craft in their Crafted Items box, as names. A faction whose file
has a piece of category `item` for an item holds that item as such a piece instead, in one of
its boxes, where the piece can be exhausted and damaged (piece states). Items that leave the
map's supply or a Crafted Items box to become pieces are counted in `s.items_out`, so the
game's items stay conserved (`rootlaw.core.invariants`); an item from under a ruin that joins a
Crafted Items box is booked there as -1.
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.locations import as_location


def item_kind(game: Game, player: str, item: str) -> str | None:
    """The player's piece kind that stands for `item`, if it has one."""
    for kind, piece in game.faction(player).pieces.items():
        if piece.category == "item" and piece.item == item:
            return kind
    return None


def gain(game: Game, player: str, item: str, where: Any = None, from_game: bool = True) -> int | None:
    """The player gains an item: as one of its item pieces, at `where` or where its `item_to`
    modifiers send it, or else into its Crafted Items box. `from_game`: the item came from the
    map's supply or a Crafted Items box (not from under a ruin). Returns the piece placed, if any."""
    kind = item_kind(game, player, item)
    if kind is not None and where is None:
        where = game.modify("item_to", None, player=player, item=item)
    if kind is None or where is None or game.player(player).supply.get(kind, 0) <= 0:
        game.player(player).items.append(item)
        if not from_game:  # one more item among those the deck's supply counts
            game.s.items_out[item] = game.s.items_out.get(item, 0) - 1
            if not game.s.items_out[item]:
                del game.s.items_out[item]
        return None
    pid = game.place(player, kind, as_location(where))
    if from_game:
        game.s.items_out[item] = game.s.items_out.get(item, 0) + 1
    return pid


def take_from_box(game: Game, player: str, item: str, owner: str, where: Any = None) -> bool:
    """Take one `item` from `owner`'s Crafted Items box into the player's hands."""
    items = game.player(owner).items
    if item not in items:
        return False
    items.remove(item)
    gain(game, player, item, where)
    game.log("take_item", faction=player, item=item, owner=owner)
    return True


def take_from_ruin(game: Game, player: str, clearing: int, item: str | None = None, where: Any = None) -> str | None:
    """Take an item hidden under the ruin of `clearing` (the first one, or `item`), revealing
    it; the ruin is removed with its last item (Law 2.2.4: only such an effect removes one)."""
    hidden = game.s.ruin_items.get(clearing, [])
    if not hidden or (item is not None and item not in hidden):
        return None
    taken = item if item is not None else hidden[0]
    hidden.remove(taken)
    gain(game, player, taken, where, from_game=False)
    game.log("take_ruin_item", faction=player, item=taken, clearing=clearing)
    if not hidden:
        del game.s.ruin_items[clearing]
        ruins = game.s.ruins.get(clearing, 0) - 1
        if ruins > 0:
            game.s.ruins[clearing] = ruins
        else:
            game.s.ruins.pop(clearing, None)
        game.log("ruin_removed", clearing=clearing)
    return taken


def hide_under_ruins(game: Game, items: tuple[str, ...]) -> None:
    """Shuffle `items` and put them under the map's ruins, one under each in clearing order,
    going round again when there are more items than ruins."""
    shuffled = list(items)
    game.shuffle(shuffled)
    ruins = sorted(c for c, n in game.s.ruins.items() for _ in range(n))
    if not ruins:
        return
    for i, item in enumerate(shuffled):
        game.s.ruin_items.setdefault(ruins[i % len(ruins)], []).append(item)
    game.log("items_hidden", count=len(shuffled))
