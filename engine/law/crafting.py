"""Crafting (Law 4.1): crafting pieces by suit, each once per turn; items, persistent cards, Favors."""
from __future__ import annotations

from rootlaw.core.board import SUITS
from rootlaw.core.cards import CRAFTED
from rootlaw.core.frames import Entry, handler
from rootlaw.core.game import Game, distinct_cards
from rootlaw.core.locations import clearing_loc
from rootlaw.core.visibility import forget

from . import items


_USED = {suit: f"craft:{suit}" for suit in SUITS}  # each suit's counter of used crafting pieces


def crafting_pool(game: Game, player: str) -> dict[str, int]:
    """Unused crafting pieces by suit: a piece has its clearing's suit (4.1.1). In each clearing the
    pieces of one `craft_group` count up to the group's `craft_limit` (ungrouped pieces form one
    group), so "at most one of these per clearing" can stand beside unlimited others."""
    used = game.s.players[player].used
    return {suit: n - used.get(_USED[suit], 0) for suit, n in _pieces_pool(game, player).items()}


def _pieces_pool(game: Game, player: str) -> dict[str, int]:
    """The crafting pieces by suit, used or not; kept until the board changes."""
    key = ("crafting", player)
    kept = game._kept.get(key)
    if kept is not None:
        return kept
    pool = {suit: 0 for suit in SUITS}
    counts = game._counts or game.counts()
    index, suits, keys = counts.kinds, game.s.suits, _crafting_keys(game, player)
    for loc in counts.places.get(player, ()) if keys else ():  # where it has pieces, in the map's order
        entry = keys.get(loc)  # None: a forest
        if entry is None or entry[0] not in index:  # none of its pieces (of its one crafting kind) there
            continue
        anything, clearing, kind_keys = entry
        groups: dict[str | None, list] = {}  # craft_group -> [pieces, limit]; None: ungrouped
        for count_key, craft_group, craft_limit in kind_keys:
            n = index.get(count_key)
            if n:
                group = groups.get(craft_group)
                if group is None:
                    group = groups[craft_group] = [0, None]
                group[0] += n
                if craft_limit is not None:
                    group[1] = craft_limit if group[1] is None else min(group[1], craft_limit)
        for n, limit in groups.values():  # a loop, not sum() over a generator (resumed per item)
            pool[suits[clearing]] += n if limit is None or n <= limit else limit
    game._kept[key] = pool
    return pool


def _crafting_keys(game: Game, player: str) -> dict:
    """For every clearing's location: the board count key of the player's pieces there (that
    of its one crafting kind, when it has one), the clearing, and (count key, craft group,
    craft limit) of each of its crafting kinds (standing directly in the clearing: a piece held
    by another is not counted there); empty without crafting pieces. Fixed by the rules."""
    memo = game.rules.memo
    key = ("crafting keys", player)
    keys = memo.get(key)
    if keys is None:
        crafting = [(kind, piece) for kind, piece in game.faction(player).pieces.items() if piece.crafts]
        keys = memo[key] = {loc: ((loc, player, None if len(crafting) > 1 else crafting[0][0]), clearing,
                                  tuple(((loc, player, kind), piece.craft_group, piece.craft_limit)
                                        for kind, piece in crafting))
                            for clearing, loc in zip(game.rules.clearing_ids, game.rules.clearing_locs)} \
            if crafting else {}
    return keys


def payments(cost: tuple[str, ...], pool: dict[str, int]) -> list[tuple[tuple[str, int], ...]]:
    """Every distinct way to pay `cost` from the unused crafting pieces, as (suit, count) pairs.

    Named suits are fixed; the player chooses which suits pay an "any" cost (Law 4.1.1), which
    matters for what else can be crafted this turn.
    """
    left = _left_after_named(cost, pool)
    if left is None:
        return []
    fixed = {suit: cost.count(suit) for suit in SUITS}
    ways = [fixed]
    for _ in range(cost.count("any")):
        ways = [{**way, suit: way[suit] + 1} for way in ways for suit in SUITS
                if fixed[suit] + left[suit] > way[suit]]
    unique = {tuple((s, n) for s, n in way.items() if n) for way in ways}
    return sorted(unique)


def affordable(cost: tuple[str, ...], pool: dict[str, int]) -> bool:
    """Whether `payments(cost, pool)` has any way: the named suits are there, and enough
    pieces are left over for the "any" ones (a menu asks only this)."""
    named, anys = _COSTS.get(cost) or _cost_parts(cost)
    for suit, n in named.items():
        if pool[suit] < n:
            return False
    if not anys:
        return True
    spare = 0
    for suit, n in pool.items():
        n -= named.get(suit, 0)
        if n > 0:
            spare += n
    return spare >= anys


_COSTS: dict[tuple[str, ...], tuple[dict[str, int], int]] = {}  # read only once made


def _cost_parts(cost: tuple[str, ...]) -> tuple[dict[str, int], int]:
    """A cost as how many of each named suit it asks (in the cost's order) and how many "any"."""
    named: dict[str, int] = {}
    for suit in cost:
        if suit != "any":
            named[suit] = named.get(suit, 0) + 1
    parts = _COSTS[cost] = (named, cost.count("any"))
    return parts


def _left_after_named(cost: tuple[str, ...], pool: dict[str, int]) -> dict[str, int] | None:
    """The pool once the cost's named suits are paid, or None when one of them is missing."""
    left = dict(pool)
    for suit in cost:
        if suit != "any":
            if left[suit] <= 0:
                return None
            left[suit] -= 1
    return left


def craftable(game: Game, player: str, pool: dict[str, int] | None = None) -> list[int]:
    """Cards in hand the player can craft now, one per distinct card; `pool`: unused crafting
    pieces by suit (default: the player's own, `crafting_pool`)."""
    return distinct_cards(game, _craftable(game, player, pool, False))


def can_craft(game: Game, player: str, pool: dict[str, int] | None = None) -> bool:
    """Whether `craftable` has any card: stops at the first one (a menu asks only this)."""
    return bool(_craftable(game, player, pool, True))


def _craftable(game: Game, player: str, pool: dict[str, int] | None, first: bool) -> list[int]:
    pool = crafting_pool(game, player) if pool is None else pool
    p = game.s.players[player]
    cards = game.rules.deck.cards
    items_left = game.s.items
    craft_items = game.rules.factions[player].craft_items
    asked = "may_craft" in game.rules.modifiers  # without a restriction, nothing to ask
    owned = None  # the persistent cards in play, when a persistent card in hand needs them
    out = []
    for card in p.hand:
        d = cards[card]
        if d.kind not in CRAFTED or not affordable(d.cost, pool):  # `d.craftable`, without a property call per card
            continue
        kind = d.kind
        if kind == "item" and (not craft_items or items_left.get(d.item, 0) <= 0):
            continue
        if kind == "persistent":
            if owned is None:
                owned = {cards[c] for c in p.persistent}
            if d in owned:
                continue
        if not asked or game.modify("may_craft", True, player=player, card=card):
            out.append(card)
            if first:
                break
    return out


@handler("craft", Entry())
def craft_step(game: Game, f: dict) -> None:
    """Craft any number of cards, one at a time, until the player says done."""
    player = f["player"]
    if "card" in f:
        card = f.pop("card")
        if card == "done":
            game.pop()
            return
        f["crafting"] = card
    if "crafting" in f:
        card = f["crafting"]
        ways = payments(game.rules.deck.cards[card].cost, crafting_pool(game, player))
        if "pay" not in f and game.ask(f, "pay", player, "craft_with", ways, "activate which crafting pieces?"):
            return
        del f["crafting"]
        craft(game, player, card, dict(f.pop("pay")))
        if game.s.ended:
            return
    options = craftable(game, player)
    if not options:
        game.pop()
        return
    game.ask(f, "card", player, "craft", tuple(options) + ("done",), "craft a card?")


def craft(game: Game, player: str, card: int, use: dict[str, int]) -> None:
    """Craft `card`, activating `use` crafting pieces per suit (one of its `payments`)."""
    d = game.rules.deck.cards[card]
    p = game.player(player)
    for suit, n in use.items():
        if n:
            p.used[f"craft:{suit}"] = p.used.get(f"craft:{suit}", 0) + n
    p.hand.remove(card)
    game.log("craft", faction=player, card=card)
    game.trace("4.1.1", f"{player} crafts {d.id}")
    if d.kind == "item":
        game.s.items[d.item] -= 1
        items.gain(game, player, d.item)
        game.discard_card(card)
        game.trace("4.1.2", f"{player} takes the {d.item}")
        game.score(player, game.modify("craft_vp", d.vp, player=player, card=card), "3.2.2",
                   {"reason": "crafting", "card": card}, "crafting")
    elif d.kind == "persistent":
        p.persistent.append(card)
        forget(game, card)
        game.trace("4.1.3", f"{d.name} stays in {player}'s play area")
    else:
        game.discard_card(card)
        favor(game, player, d.cost[0])
    game.emit("crafted", player=player, card=card)


def favor(game: Game, player: str, suit: str) -> None:
    """The Favor cards: remove all enemy pieces in clearings of one suit (pieces that cannot be
    removed stay, Law 9.2.2)."""
    game.trace("4.1.2", f"{player}'s favor removes all enemy pieces in {suit} clearings")
    removed = game.clear_enemies(player, [c for c in game.clearings() if game.suit(c) == suit])
    game.log("favor", faction=player, count=len(removed))
