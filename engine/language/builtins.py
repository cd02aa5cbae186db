"""The functions and constants of the faction language, in one registry.

Each entry says how many arguments it takes; the compiler checks calls against this table
at load, so a misspelt or misused function is a load error with a position, never a crash
during play. Values: clearings are ints, paths "3-7" strings, pieces ints (ids), cards ints,
factions and suits strings, lists are tuples.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Callable

from rootlaw.core.board import SUITS, path_ends
from rootlaw.core.cards import matches_suit
from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.identity import distinct
from rootlaw.core.locations import as_location, piece_loc
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import craftable
from rootlaw.law.movement import can_move


@dataclass(frozen=True)
class Builtin:
    fn: Callable[..., Any]
    min_args: int
    max_args: int
    doc: str
    pure: bool = True  # False: calling it changes the game (a roll), so it is never skipped
    any_fn: Callable[..., bool] | None = None  # the same arguments: whether the list has any item


FUNCTIONS: dict[str, Builtin] = {}
# Words that stand for themselves: suits, and the causes a removal can have.
CONSTANTS = {word: word for word in ("fox", "rabbit", "mouse", "bird", "any", "battle", "effect", "ambush",
                                     "move", "craft",
                                     "warrior", "building", "token", "pawn", "marker",
                                     "birdsong", "daylight", "evening")}
VALUES: dict[str, Callable[[Ctx], Any]] = {
    "me": lambda ctx: ctx.me,
    "current": lambda ctx: ctx.game.current,
    "phase": lambda ctx: ctx.game.s.phase,
    "players": lambda ctx: player_order(ctx.game, ctx.me),
    "enemies": lambda ctx: player_order(ctx.game, ctx.me)[1:],
    "suits": lambda ctx: SUITS,
}


def player_order(game: Any, first: str) -> tuple:
    """Every faction in turn order, starting from `first`: "in player order" starts from the
    acting player, not from the first seat."""
    seats = game.s.seats
    i = seats.index(first) if first in seats else 0
    return tuple(seats[i:] + seats[:i])


def builtin(name: str, min_args: int, max_args: int | None = None, pure: bool = True) -> Callable:
    def register(fn: Callable) -> Callable:
        FUNCTIONS[name] = Builtin(fn, min_args, min_args if max_args is None else max_args,
                                  (fn.__doc__ or "").strip(), pure)
        return fn
    return register


def location(ctx: Ctx, where: Any) -> str:
    """A clearing (int), a path ("3-7") or a box as a board location."""
    return as_location(where)


def current_battle(game: Any) -> dict | None:
    """The innermost battle frame being fought, if any."""
    for frame in reversed(game.s.stack):
        if frame["op"] == "battle":
            return frame
    return None


def _piece(ctx: Ctx, pid: Any) -> tuple[str, str, str]:
    try:
        return ctx.game.s.pieces[pid]
    except (KeyError, TypeError):
        raise LanguageError(f"{pid!r} is not a piece on the map") from None


# --- the board -----------------------------------------------------------------------------
@builtin("clearings", 0)
def _clearings(ctx: Ctx) -> tuple:
    """Every clearing of the map."""
    return ctx.game.clearings()


@builtin("paths", 0)
def _paths(ctx: Ctx) -> tuple:
    """Every open path, as "a-b"."""
    return tuple(k for k in ctx.game.rules.map.paths if k not in ctx.game.s.closed_paths)


@builtin("paths_at", 1)
def _paths_at(ctx: Ctx, c: int) -> tuple:
    """Open paths that end at clearing c."""
    return tuple(key for _, key in ctx.game.rules.adjacency[c] if key not in ctx.game.s.closed_paths)


@builtin("ends", 1)
def _ends(ctx: Ctx, path: str) -> tuple:
    """The two clearings a path joins."""
    return path_ends(path)


@builtin("path_between", 2)
def _path_between(ctx: Ctx, a: int, b: int) -> Any:
    """The open path joining two clearings, or none: a closed path (Mountain) is no path for
    any purpose until it is cleared (Law 16.2.3)."""
    for n, key in ctx.game.rules.adjacency[a]:
        if n == b and key not in ctx.game.s.closed_paths:
            return key
    return None


@builtin("suit", 1)
def _suit(ctx: Ctx, c: int) -> str:
    """The suit of clearing c."""
    return ctx.game.suit(c)


@builtin("ruler", 1)
def _ruler(ctx: Ctx, c: int) -> Any:
    """Who rules clearing c (Law 2.5), or none."""
    return ctx.game.ruler(c)


@builtin("rules", 2)
def _rules(ctx: Ctx, faction: str, c: int) -> bool:
    """Whether `faction` rules clearing c."""
    return ctx.game.ruler(c) == faction


@builtin("adjacent", 1, 2)
def _adjacent(ctx: Ctx, c: int, faction: str | None = None) -> tuple:
    """Clearings adjacent to c for `faction` (default: me), abilities included."""
    return ctx.game.adjacent(c, faction or ctx.me)


@builtin("corner", 1)
def _corner(ctx: Ctx, c: int) -> bool:
    return c in ctx.game.rules.map.corners


@builtin("edge", 1)
def _edge(ctx: Ctx, c: int) -> bool:
    """On the map edge (not an inner clearing)."""
    return c not in ctx.game.rules.map.inner


@builtin("tower", 0)
def _tower(ctx: Ctx) -> Any:
    """The clearing holding the Tower (the Mountain map's Pass), or none on other maps."""
    return ctx.game.rules.map.tower


@builtin("clearing_name", 1)
def _clearing_name(ctx: Ctx, c: int) -> str:
    """The name the map prints on clearing c (e.g. the Mountain's "Pass"), for rules that name one."""
    return ctx.game.rules.map.clearings[c].name


@builtin("river_neighbours", 1)
def _river_neighbours(ctx: Ctx, c: int) -> tuple:
    """Clearings joined to c by a river (the Lake's shore included): for abilities that treat
    rivers as paths."""
    m = ctx.game.rules.map
    return m.neighbours(c, m.rivers)


@builtin("forest_neighbours", 1)
def _forest_neighbours(ctx: Ctx, c: int) -> tuple:
    """Clearings that share a forest with c: where a move through the woods may lead."""
    m = ctx.game.rules.map
    out = {x for f in m.forests_touching(c) for x in m.forests[f] if x != c}
    return tuple(sorted(out))


@builtin("in_group", 2)
def _in_group(ctx: Ctx, group: tuple, kind: str) -> int:
    """How many pieces of a kind a moving group holds (a group is a list of [kind, count])."""
    return sum(n for k, n in group if k == kind)


@builtin("free_slots", 1)
def _free_slots(ctx: Ctx, c: int) -> int:
    return ctx.game.free_slots(c)


# --- pieces --------------------------------------------------------------------------------
@builtin("pieces", 1, 3)
def _pieces(ctx: Ctx, where: Any, faction: str | None = None, kind: str | None = None) -> tuple:
    """Pieces standing at a clearing or path (optionally of one faction and kind)."""
    s = ctx.game.s
    here = s.at.get(f"c{where}" if type(where) is int else location(ctx, where))
    if not here:
        return ()
    if faction is None and kind is None:
        return tuple(here)
    pieces = s.pieces
    if kind is None:
        return tuple([p for p in here if pieces[p][0] == faction])
    if faction is None:
        return tuple([p for p in here if pieces[p][1] == kind])
    return tuple([p for p in here if pieces[p][0] == faction and pieces[p][1] == kind])


def _any_pieces(ctx: Ctx, where: Any, faction: str | None = None, kind: str | None = None) -> bool:
    """exists(pieces(...)), stopping at the first piece."""
    s = ctx.game.s
    here = s.at.get(f"c{where}" if type(where) is int else location(ctx, where))
    if not here:
        return False
    pieces = s.pieces
    for p in here:
        f, k, _ = pieces[p]
        if (faction is None or f == faction) and (kind is None or k == kind):
            return True
    return False


FUNCTIONS["pieces"] = replace(FUNCTIONS["pieces"], any_fn=_any_pieces)


@builtin("held", 1)
def _held(ctx: Ctx, pid: int) -> tuple:
    """Pieces held on piece `pid` (a warrior on a token, markers on a token)."""
    return tuple(ctx.game.pieces_at(piece_loc(pid)))


@builtin("holder", 1)
def _holder(ctx: Ctx, pid: int) -> Any:
    loc = _piece(ctx, pid)[2]
    return int(loc[1:]) if loc[0] == "x" else None


@builtin("kind", 1)
def _kind(ctx: Ctx, pid: int) -> str:
    return _piece(ctx, pid)[1]


@builtin("owner", 1)
def _owner(ctx: Ctx, pid: int) -> str:
    return _piece(ctx, pid)[0]


@builtin("category", 1)
def _category(ctx: Ctx, pid: int) -> str:
    f, k, _ = _piece(ctx, pid)
    return ctx.game.rules.category(f, k)


@builtin("clearing_of", 1)
def _clearing_of(ctx: Ctx, pid: int) -> Any:
    """The clearing a piece is in, through any pieces holding it; none on a path."""
    _piece(ctx, pid)
    return ctx.game.clearing_of(pid)


@builtin("path_of", 1)
def _path_of(ctx: Ctx, pid: int) -> Any:
    """The path a piece (or the piece holding it) stands on, or none."""
    loc = _piece(ctx, pid)[2]
    while loc[0] == "x":
        loc = ctx.game.s.pieces[int(loc[1:])][2]
    return loc[1:] if loc[0] == "p" else None


@builtin("warriors", 2)
def _warriors(ctx: Ctx, faction: str, c: int) -> int:
    """Warriors of `faction` standing in clearing c (held ones do not count)."""
    return ctx.game.count(faction, c)


@builtin("present", 2)
def _present(ctx: Ctx, faction: str, c: int) -> bool:
    """Whether `faction` has any piece standing in clearing c."""
    return faction in ctx.game.factions_present(c)


@builtin("factions_in", 1)
def _factions_in(ctx: Ctx, c: int) -> tuple:
    return tuple(ctx.game.factions_present(c))


@builtin("supply", 1, 2)
def _supply(ctx: Ctx, kind: str, faction: str | None = None) -> int:
    """Pieces of a kind left in a faction's supply (default: mine)."""
    return ctx.game.player(faction or ctx.me).supply.get(kind, 0)


@builtin("on_map", 1, 2)
def _on_map(ctx: Ctx, kind: Any, faction: str | None = None) -> tuple:
    """A faction's pieces of a kind (or of any of a list of kinds) on the map, by id."""
    owner = faction or ctx.me
    kinds = kind if isinstance(kind, tuple) else (kind,)
    pieces = ctx.game.s.pieces
    return tuple([p for p in ctx.game.pieces_of(owner) if pieces[p][1] in kinds and pieces[p][2][0] != "b"])


@builtin("distinct", 1)
def _distinct(ctx: Ctx, pids: tuple) -> tuple:
    """One piece of each group of identical pieces (same owner, kind, place, held pieces and
    marks this turn): the options when a player chooses which of its pieces."""
    for pid in pids:
        _piece(ctx, pid)
    return tuple(distinct(ctx.game, pids))


@builtin("removable", 1)
def _removable(ctx: Ctx, pids: tuple) -> tuple:
    """Of some pieces, those that may be removed first by their owner's removal order (its hook
    `removal_order`, applied to each owner's pieces apart), one per group of identical pieces:
    for "remove one of ...", also when the one removing chooses among several players' pieces.
    """
    owners: dict[str, list] = {}
    for pid in pids:
        owners.setdefault(_piece(ctx, pid)[0], []).append(pid)
    first = [q for owner, own in owners.items() for q in ctx.game.modify("removal_order", tuple(own), player=owner)]
    return tuple(distinct(ctx.game, first))


@builtin("kind_of_suit", 1, 2)
def _kind_of_suit(ctx: Ctx, suit: str, family: str | None = None) -> Any:
    """My piece kind printed with this suit (a building of that suit, say), of one `family` if
    given, or none."""
    for kind, piece in ctx.game.faction(ctx.me).pieces.items():
        if piece.suit == suit and (family is None or piece.family == family):
            return kind
    return None


@builtin("kinds_of", 1)
def _kinds_of(ctx: Ctx, family: str) -> tuple:
    """My piece kinds of one family, in the order the file lists them."""
    return tuple(kind for kind, piece in ctx.game.faction(ctx.me).pieces.items() if piece.family == family)


@builtin("suit_of_kind", 1, 2)
def _suit_of_kind(ctx: Ctx, kind: str, faction: str | None = None) -> Any:
    """The suit printed on a piece kind, or none."""
    piece = ctx.game.rules.piece_defs.get((faction or ctx.me, kind))
    return piece.suit if piece else None


@builtin("box", 1)
def _box(ctx: Ctx, name: str) -> str:
    """One of my boxes on the faction board (pieces kept off the map), as a location."""
    return f"b{ctx.me}.{name}"


@builtin("in_box", 1)
def _in_box(ctx: Ctx, name: str) -> tuple:
    return tuple(ctx.game.pieces_at(f"b{ctx.me}.{name}"))


# --- cards ---------------------------------------------------------------------------------
@builtin("hand", 0, 1)
def _hand(ctx: Ctx, faction: str | None = None) -> tuple:
    return tuple(ctx.game.player(faction or ctx.me).hand)


@builtin("pile", 1)
def _pile(ctx: Ctx, name: str) -> tuple:
    """The cards of one of my piles."""
    return tuple(ctx.game.player(ctx.me).piles.get(name, ()))


@builtin("card_suit", 1)
def _card_suit(ctx: Ctx, card: int) -> str:
    return ctx.game.card_suit(card)


@builtin("matching", 2)
def _matching(ctx: Ctx, cards: tuple, suit: str) -> tuple:
    """Cards that can pay for `suit`: birds are wild (Law 2.1.1), "any" takes every card."""
    return tuple(c for c in cards if matches_suit(ctx.game.card_suit(c), suit))


@builtin("discard_top_suit", 0)
def _discard_top_suit(ctx: Ctx) -> Any:
    """The suit of the topmost non-bird card of the discard pile, or none."""
    for card in reversed(ctx.game.s.discard):
        if ctx.game.card_suit(card) != "bird":
            return ctx.game.card_suit(card)
    return None


# --- players -------------------------------------------------------------------------------
@builtin("score_of", 1)
def _score_of(ctx: Ctx, faction: str) -> int:
    return ctx.game.player(faction).score


@builtin("home", 0, 1)
def _home(ctx: Ctx, faction: str | None = None) -> Any:
    return ctx.game.player(faction or ctx.me).vars.get("home")


# --- numbers and lists ---------------------------------------------------------------------
@builtin("count", 1)
def _count(ctx: Ctx, items: tuple) -> int:
    return len(items)


@builtin("exists", 1)
def _exists(ctx: Ctx, items: tuple) -> bool:
    return len(items) > 0


@builtin("min", 1, 2)
def _min(ctx: Ctx, a: Any, b: Any = None) -> Any:
    """The smaller of two numbers, or the least of a list (none for an empty one)."""
    if b is not None:
        return min(a, b)
    return min(a) if a else None


@builtin("nth", 2)
def _nth(ctx: Ctx, items: Any, n: int) -> Any:
    """The n-th item of a list, counting from 1, or none when the list is shorter."""
    items = tuple(items or ())
    if not isinstance(n, int) or isinstance(n, bool):
        raise LanguageError(f"nth() needs a whole number, got {n!r}")
    return items[n - 1] if 1 <= n <= len(items) else None


@builtin("argmin", 2)
def _argmin(ctx: Ctx, items: Any, scores: Any) -> tuple:
    """The items whose score (same position in `scores`) is lowest, in order (all of a tie)."""
    return _arg(items, scores, min)


@builtin("argmax", 2)
def _argmax(ctx: Ctx, items: Any, scores: Any) -> tuple:
    """The items whose score (same position in `scores`) is highest, in order (all of a tie)."""
    return _arg(items, scores, max)


def _arg(items: Any, scores: Any, pick: Callable) -> tuple:
    items, scores = tuple(items or ()), tuple(scores or ())
    if len(items) != len(scores):
        raise LanguageError(f"{len(items)} items but {len(scores)} scores")
    if not items:
        return ()
    target = pick(scores)
    return tuple(item for item, score in zip(items, scores) if score == target)


@builtin("max", 1, 2)
def _max(ctx: Ctx, a: Any, b: Any = None) -> Any:
    if b is not None:
        return max(a, b)
    return max(a) if a else None


@builtin("sum", 1)
def _sum(ctx: Ctx, items: tuple) -> int:
    return sum(items)


@builtin("first", 1, 2)
def _first(ctx: Ctx, items: tuple, n: int | None = None) -> Any:
    """The first item (none if empty), or the first n items as a list."""
    if n is None:
        return items[0] if items else None
    return tuple(items[:n])


@builtin("values_of", 2)
def _values_of(ctx: Ctx, items: tuple, name: str) -> tuple:
    """One field of each item, in order: the kinds of the pieces of a removal event, say."""
    try:
        return tuple(item[name] for item in items)
    except (KeyError, TypeError):
        raise LanguageError(f"not every item of {items!r} has a field '{name}'") from None


@builtin("half_up", 1)
def _half_up(ctx: Ctx, n: int) -> int:
    """Half, rounded up (Law: "half, rounded up")."""
    return math.ceil(n / 2)


@builtin("unique", 1)
def _unique(ctx: Ctx, items: tuple) -> tuple:
    return tuple(dict.fromkeys(items))


@builtin("best", 2)
def _best(ctx: Ctx, items: tuple, scores: tuple) -> tuple:
    """The items whose score (same position in `scores`) is highest: for "the clearing with the most"."""
    return _arg(items, scores, max)


@builtin("roll", 0, pure=False)
def _roll(ctx: Ctx) -> int:
    """Roll one die, 0 to 3, from the game's generator; the log shows the roll."""
    value = ctx.game.roll_die()
    ctx.game.log(f"{ctx.game.name(ctx.me)} rolls a die: {value}")
    return value


# --- this turn -----------------------------------------------------------------------------
@builtin("times", 1)
def _times(ctx: Ctx, name: str) -> int:
    """How often `mark NAME` ran for me this turn."""
    return ctx.game.player(ctx.me).used.get(f"mark:{name}", 0)


@builtin("marked", 2)
def _marked(ctx: Ctx, name: str, value: Any) -> bool:
    """Whether `mark NAME(value)` ran for me this turn."""
    return f"mark:{name}:{value}" in ctx.game.player(ctx.me).used


@builtin("track", 1)
def _track(ctx: Ctx, name: str) -> Any:
    """The value printed on a track at the space the next piece leaves (Law: "uncovered")."""
    track = ctx.game.faction(ctx.me).tracks.get(name)
    if track is None:
        raise LanguageError(f"{name!r} is not one of my tracks")
    placed = ctx.game.faction(ctx.me).pieces[track["piece"]].count - ctx.game.player(ctx.me).supply.get(track["piece"], 0)
    values = track["values"]
    return values[placed] if placed < len(values) else None


# --- battles and other core actions ----------------------------------------------------------
@builtin("current_battle", 0)
def _current_battle(ctx: Ctx) -> Any:
    """The battle being fought: attacker, defender, clearing, dice and the hits each side deals
    (att_hits, def_hits: rolled; att_extra, def_extra: extra), or none outside a battle."""
    frame = current_battle(ctx.game)
    if frame is None:
        return None
    return {key: frame.get(key) for key in ("attacker", "defender", "clearing", "dice", "att_hits", "def_hits",
                                           "att_extra", "def_extra")} | {"attacker": frame["player"]}


@builtin("can_battle", 0)
def _can_battle(ctx: Ctx) -> bool:
    """Whether I could start a battle now."""
    return bool(battle_clearings(ctx.game, ctx.me, first=True))


@builtin("can_move", 0, 1)
def _can_move(ctx: Ctx, origin: int | None = None) -> bool:
    """Whether I could make a move now (from clearing `origin`, if given)."""
    return can_move(ctx.game, ctx.me, None if origin is None else {"from": (origin,)})


@builtin("can_craft", 0)
def _can_craft(ctx: Ctx) -> bool:
    """Whether I could craft a card of my hand now (crafting pieces, restrictions)."""
    return bool(craftable(ctx.game, ctx.me))
