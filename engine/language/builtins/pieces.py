"""Builtins about pieces: where they stand, whose and what they are, supply, boxes."""

from typing import Any

from rootlaw.core.context import Ctx
from rootlaw.core.identity import distinct
from rootlaw.core.locations import clearing_loc, piece_loc

from .registry import _piece, builtin, location, shortcuts


# --- pieces --------------------------------------------------------------------------------
@builtin("pieces", 1, 3)
def _pieces(ctx: Ctx, where: Any, faction: str | None = None, kind: str | None = None) -> tuple:
    """Pieces standing at a clearing or path (optionally of one faction and kind)."""
    game = ctx.game
    s = game.s
    loc = f"c{where}" if type(where) is int else location(ctx, where)
    if type(faction) is str and (kind is None or type(kind) is str) \
            and (loc, faction, kind) not in (game._counts or game.counts()).kinds:
        return ()  # the kept counts say there is none
    here = s.at.get(loc)
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
    """exists(pieces(...)): a look at the kept counts when the faction is named (board_index.py)."""
    game = ctx.game
    s = game.s
    loc = f"c{where}" if type(where) is int else location(ctx, where)
    if type(faction) is str and (kind is None or type(kind) is str):
        return (loc, faction, kind) in (game._counts or game.counts()).kinds
    here = s.at.get(loc)
    if not here:
        return False
    pieces = s.pieces
    for p in here:
        f, k, _ = pieces[p]
        if (faction is None or f == faction) and (kind is None or k == kind):
            return True
    return False


def _count_pieces(ctx: Ctx, where: Any, faction: str | None = None, kind: str | None = None) -> int:
    """count(pieces(...)): the kept count when the faction is named (board_index.py)."""
    game = ctx.game
    loc = f"c{where}" if type(where) is int else location(ctx, where)
    if type(faction) is str and (kind is None or type(kind) is str):
        return (game._counts or game.counts()).kinds.get((loc, faction, kind), 0)
    return len(_pieces(ctx, where, faction, kind))


shortcuts("pieces", _any_pieces, _count_pieces)


@builtin("held", 1)
def _held(ctx: Ctx, pid: int) -> tuple:
    """Pieces held on piece `pid` (a warrior on a token, markers on a token)."""
    return tuple(ctx.game.pieces_at(piece_loc(pid)))


shortcuts("held", lambda ctx, pid: bool(ctx.game.s.at.get(piece_loc(pid))),
          lambda ctx, pid: len(ctx.game.pieces_at(piece_loc(pid))))


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
    game = ctx.game
    if type(faction) is str:
        return (clearing_loc(c), faction, None) in (game._counts or game.counts()).kinds
    return faction in game.factions_present(c)


@builtin("factions_in", 1)
def _factions_in(ctx: Ctx, c: int) -> tuple:
    return tuple(ctx.game.factions_present(c))


@builtin("supply", 1, 2)
def _supply(ctx: Ctx, kind: str, faction: str | None = None) -> int:
    """Pieces of a kind left in a faction's supply (default: mine)."""
    return ctx.game.player(faction or ctx.me).supply.get(kind, 0)


@builtin("on_map", 1, 2)
def _on_map(ctx: Ctx, kind: Any, faction: str | None = None) -> tuple:
    """A faction's pieces of a kind (or of any of a list of kinds) on the map, by id: one
    kind's are the board index's (board_index.py); those of several kinds on the map at once
    are merged in the order of the state's pieces and kept until the board changes."""
    owner = faction or ctx.me
    game = ctx.game
    placed = (game._counts or game.counts()).on_map
    if type(kind) is str and type(owner) is str:  # the usual question: one kind's ids as they are kept
        return placed.get((owner, kind), ())
    kinds = kind if isinstance(kind, tuple) else (kind,)
    try:
        found = [ids for k in kinds if (ids := placed.get((owner, k)))]
    except TypeError:  # a kind or a faction that is no name (a pack's mistake): worked out, not kept
        return _placed(game, owner, kinds)
    if len(found) <= 1:
        return found[0] if found else ()
    key = ("on_map", owner, kinds)
    kept = game._kept.get(key)
    if kept is None:
        kept = game._kept[key] = _placed(game, owner, kinds)
    return kept


def _placed(game: Any, owner: str, kinds: tuple) -> tuple:
    """The owner's pieces of any of `kinds` not in a box, in the order of the state's pieces."""
    pieces = game.s.pieces
    return tuple([p for p in game.pieces_of(owner) if pieces[p][1] in kinds and pieces[p][2][0] != "b"])


shortcuts("on_map", lambda ctx, kind, faction=None: bool(_on_map(ctx, kind, faction)),
          lambda ctx, kind, faction=None: len(_on_map(ctx, kind, faction)))


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
    """My piece kinds of one family, in the order the file lists them (fixed by the rules, so
    kept in their memo)."""
    memo = ctx.game.rules.memo
    key = ("kinds_of", ctx.me, family)
    try:
        kinds = memo.get(key)
    except TypeError:  # a family that is no name (a pack's mistake): worked out, not kept
        kinds, key = None, None
    if kinds is None:
        kinds = tuple(kind for kind, piece in ctx.game.faction(ctx.me).pieces.items() if piece.family == family)
        if key is not None:
            memo[key] = kinds
    return kinds


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


shortcuts("in_box", lambda ctx, name: bool(ctx.game.s.at.get(f"b{ctx.me}.{name}")),
          lambda ctx, name: len(ctx.game.pieces_at(f"b{ctx.me}.{name}")))
