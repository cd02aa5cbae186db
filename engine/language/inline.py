"""The builtins asked most, written straight into generated code.

`exists(pieces(c, me, kind))`, `count(pieces(...))`, `warriors(me, c)`, `present(f, c)`,
`rules(me, c)` and `ruler(c)` are asked of every clearing by menus and effects. A call of the
builtin costs a Python call and its own look-ups; written into the generated function they are
one look-up in the game's kept counts (engine/core/board_index.py) or its rulers, read through
names the function binds once (`K`, `CATS`, `RULER`...: `HOIST`). So are a piece's owner, kind
and category (its entry read straight), `exists` and `count` of a list (`len`), a clearing's
suit, the clearings, adjacency, a hand and a supply (the game's own method, one call instead
of two), and `pieces(c, F, kind)` where the kept counts have none.

A template applies only where it answers exactly what the builtin answers: the faction named by
`me` or a string constant (the kept counts are keyed by factions and kinds, which are strings),
or a value read (a local, a name bound around and its fields) that is tested to be a string
where the code runs, the builtin called when it is not; a place given by a value read (it is
read twice). Anything else is the builtin's call. Also read straight: `pieces(c)` of a place
alone, a piece's holder, what it holds, its states and its path, the paths at a clearing while
none is closed, `kinds_of` from the rules' memo, a mark of the turn; and `can_place` is the
game's own test, called straight.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from rootlaw.core.locations import as_location, clearing_loc

from .builtins import FUNCTIONS

# what each hoisted name is, in a function whose game is `game`
HOIST = {"K": "(game._counts or game.counts()).kinds", "CATS": "(game._counts or game.counts()).categories",
         "RULER": "game.ruler", "P": "game.s.pieces", "PD": "game.rules.piece_defs", "SUIT": "game.suit",
         "PLAYER": "game.player", "PLAYERS": "game.s.players", "S": "game.s", "PATHS_AT": "game.rules.paths_at",
         "MEMO": "game.rules.memo",
         "CLEARINGS": "game.clearings", "CIDS": "game.rules.clearing_ids", "CLOCS": "game.rules.clearing_locs",
         "ADJ": "game.adjacent", "CAN_PLACE": "game.can_place", "MAP": "game.rules.map"}
_CLEARING_ITEM = re.compile(r"C[0-9]+_[a-z0-9_]+\Z")  # a loop's item over clearings() (see `_place`)
_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z|[0-9]+\Z")
# a value read, not computed: a local or a number, or a name bound around (`env['c']`) and its fields;
# reading it twice reads the same value, and a failure is a failure of the generated code
_READ = re.compile(r"(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|env\['[a-z0-9_]+'\]|\(env\['[a-z0-9_]+'\]\))"
                   r"(?:\['[a-z0-9_]+'\])*\Z")


def _text(text: str) -> bool:
    """Whether generated text is surely a string: `me` or a repr()'d string constant."""
    return text in ("me", "ctx.me") or text[:1] in ("'", '"')


def _place(where: str) -> str | None:
    """A clearing, path or box as a location key, as `pieces` computes it; `where` a value read.
    An item of a loop over `clearings()` (`C<n>_<name>`) has its location in `L<n>_<name>`
    (lowering.Lowering.open_loop)."""
    if not _READ.match(where):
        return None
    if _CLEARING_ITEM.match(where):
        return f"L{where[1:]}"
    return f'(f"c{{{where}}}" if type({where}) is int else _aloc({where}))'


def _clearing_key(clearing: str) -> str:
    """A clearing's location as the kept counts key it, `clearing` a value read."""
    return f"L{clearing[1:]}" if _CLEARING_ITEM.match(clearing) else f'f"c{{{clearing}}}"'


def _for_faction(faction: str, fast: str, builtin: str, args: list[str]) -> str | None:
    """`fast` where the faction is surely a string; where it is a value read, `fast` when it
    is one at run time and the builtin's call otherwise (which answers for a list of factions,
    none, or fails as it does); None for any other faction."""
    if _text(faction):
        return fast
    if not _READ.match(faction):
        return None
    return f"({fast} if type({faction}) is str else {builtin}(ctx, {', '.join(args)}))"


def _pieces_key(args: list[str]) -> str | None:
    where = args[0]
    kind = args[2] if len(args) > 2 else "None"
    if not (kind == "None" or _text(kind)):
        return None
    place = _place(where)
    return None if place is None else f"({place}, {args[1]}, {kind})"


def _all_there(args: list[str], hoist: set[str]) -> str | None:
    """`pieces(c)`: every piece standing there, read from the state's list of the place."""
    place = _place(args[0])
    if place is None:
        return None
    hoist.add("S")
    return f"S.at.get({place}, ())"


def _any_pieces(args: list[str], hoist: set[str]) -> str | None:
    if len(args) == 1:
        there = _all_there(args, hoist)
        return None if there is None else f"(len({there}) > 0)"
    key = _pieces_key(args) if len(args) >= 2 else None
    if key is None:
        return None
    hoist.add("K")
    return _for_faction(args[1], f"({key} in K)", "_any_pieces_of", args)


def _count_pieces(args: list[str], hoist: set[str]) -> str | None:
    if len(args) == 1:
        there = _all_there(args, hoist)
        return None if there is None else f"len({there})"
    key = _pieces_key(args) if len(args) >= 2 else None
    if key is None:
        return None
    hoist.add("K")
    return _for_faction(args[1], f"K.get({key}, 0)", "_count_pieces_of", args)


def _listed_pieces(args: list[str], hoist: set[str]) -> str | None:
    """`pieces(c, F, kind)`: none without a look at the pieces when the kept counts have none
    (the builtin's own first test), else the builtin; `c` read twice, so a value read only."""
    if len(args) == 1:
        there = _all_there(args, hoist)
        return None if there is None else f"tuple({there})"
    key = _pieces_key(args) if len(args) >= 2 else None
    if key is None:
        return None
    hoist.update(("K", "S"))
    kind = args[2] if len(args) > 2 else "None"
    listed = f"(_standing(S, K, {_place(args[0])}, {args[1]}, {kind}) if {key} in K else ())"
    return _for_faction(args[1], listed, "_pieces_of", args)


def standing_walk(args: list[str], hoist: set[str]) -> tuple[str, Callable[[str], str]] | None:
    """A loop over `pieces(c, F[, kind])` (F me or a string constant) run over the place's own
    list, each piece tested where the loop reads it: the list text, and the test of an item
    (a function of its local). The loop sees the pieces `pieces` lists, in their order,
    without the tuple made first; None where the template does not apply."""
    if not 2 <= len(args) <= 3 or not _text(args[1]):
        return None
    key = _pieces_key(args)
    if key is None:
        return None
    hoist.update(("K", "S", "P"))
    owner, kind = args[1], (args[2] if len(args) > 2 else "None")
    if kind == "None":
        return f"(S.at.get({_place(args[0])}, ()) if {key} in K else ())", lambda v: f"P[{v}][0] == {owner}"
    return (f"(S.at.get({_place(args[0])}, ()) if {key} in K else ())",
            lambda v: f"P[{v}][0] == {owner} and P[{v}][1] == {kind}")


def _standing(s: Any, kinds: dict, loc: str, faction: str, kind: str | None) -> tuple:
    """The pieces of `faction` (of `kind`, or of any) at `loc`, where the kept counts `kinds`
    have some: what `pieces(c, F, kind)` answers there, without the builtin's own tests. The
    count says how many there are: the place's whole list when they are all of it, else a walk
    that stops at the last."""
    at = s.at.get(loc, ())
    left = kinds[(loc, faction, kind)]
    if left == len(at):
        return tuple(at)
    pieces = s.pieces
    out = []
    for p in at:
        piece = pieces[p]
        if piece[0] == faction and (kind is None or piece[1] == kind):
            out.append(p)
            left -= 1
            if not left:
                break
    return tuple(out)


def _hoisted(names: tuple[str, ...], write: Callable[[list[str]], str]) -> Callable[[list[str], set[str]], str]:
    """A template that always applies: `write(args)`, reading the hoisted `names`."""
    def template(args: list[str], hoist: set[str]) -> str:
        hoist.update(names)
        return write(args)
    return template


def _mine(args: list[str], i: int) -> str:
    """Argument `i`, a faction that defaults to me when not given (or none)."""
    return "ctx.me" if len(args) <= i else f"({args[i]}) or ctx.me"


def _warriors(args: list[str], hoist: set[str]) -> str | None:
    faction, clearing = args
    if not _READ.match(clearing):
        return None
    hoist.add("CATS")
    return _for_faction(faction, f'CATS.get(({_clearing_key(clearing)}, {faction}, "warrior"), 0)', "_warriors_of", args)


def _present(args: list[str], hoist: set[str]) -> str | None:
    faction, clearing = args
    if not _READ.match(clearing):
        return None
    hoist.add("K")
    return _for_faction(faction, f'(({_clearing_key(clearing)}, {faction}, None) in K)', "_present_of", args)


def _rules(args: list[str], hoist: set[str]) -> str | None:
    faction, clearing = args
    if not (_text(faction) or _SIMPLE.match(faction)):
        return None
    hoist.add("RULER")
    return f"(RULER({clearing}) == {faction})"


def _holder(args: list[str], hoist: set[str]) -> str | None:
    """The piece holding a piece (a token under a warrior), as the builtin reads its location."""
    if not _READ.match(args[0]):
        return None
    hoist.add("P")
    return f'(int(P[{args[0]}][2][1:]) if P[{args[0]}][2][0] == "x" else None)'


def _held(wrap: str) -> Callable[[list[str], set[str]], str | None]:
    """`held(p)` (`wrap` around the list of what stands on the piece). Its `count_fn` stays a
    call: tests/test_builtin_shortcuts.py pins generated code to the short forms."""
    def template(args: list[str], hoist: set[str]) -> str | None:
        if not _READ.match(args[0]):
            return None
        hoist.add("S")
        return wrap.format(f'S.at.get(f"x{{{args[0]}}}", ())')
    return template


def _in_state(args: list[str], hoist: set[str]) -> str | None:
    """`in_state(p, STATE)`: the piece's entry read first (a missing piece fails, as the builtin
    fails), then its states."""
    if not _READ.match(args[0]):
        return None
    hoist.update(("P", "S"))
    return f"(P[{args[0]}] is not None and ({args[1]}) in S.states.get({args[0]}, ()))"


def _path_of_piece(pieces: dict, pid: Any) -> Any:
    """`path_of(p)` without the builtin's check of the piece: a missing piece fails here too."""
    loc = pieces[pid][2]
    while loc[0] == "x":
        loc = pieces[int(loc[1:])][2]
    return loc[1:] if loc[0] == "p" else None


def _paths_at(args: list[str], hoist: set[str]) -> str | None:
    """`paths_at(c)`: the map's paths at c, worked out once per game, while none is closed."""
    if not _READ.match(args[0]):
        return None
    hoist.update(("S", "PATHS_AT"))
    return f"(PATHS_AT[{args[0]}] if not S.closed_paths else _paths_at_of(ctx, {args[0]}))"


def _kinds_of(args: list[str], hoist: set[str]) -> str | None:
    """`kinds_of(FAMILY)` read from the rules' memo where the builtin keeps it (else the builtin)."""
    if not _text(args[0]):
        return None
    hoist.add("MEMO")
    return f"(MEMO.get(('kinds_of', ctx.me, {args[0]})) or _kinds_of_of(ctx, {args[0]}))"


def _marked(args: list[str], hoist: set[str]) -> str | None:
    """`marked(NAME, value)`: the key the builtin builds, looked up in my marks of the turn."""
    if any(ch in a for a in args for ch in '"\\{}'):  # the texts go inside an f-string
        return None
    hoist.add("PLAYERS")
    return f'(f"mark:{{{args[0]}}}:{{{args[1]}}}" in PLAYERS[ctx.me].used)'


def _ruler(args: list[str], hoist: set[str]) -> str | None:
    hoist.add("RULER")
    return f"RULER({args[0]})"


def _can_place(args: list[str], hoist: set[str]) -> str | None:
    """`can_place(kind, where[, faction])`: the game's own test called straight where the owner
    has such pieces (the builtin's one check before it); else the builtin, which refuses. The
    kind, place and faction are read twice, so values read only."""
    kind, where, *faction = args
    place = _place(where)
    if place is None or not (_text(kind) or _READ.match(kind)):
        return None
    if faction and not (_text(faction[0]) or _READ.match(faction[0])):
        return None
    owner = f"({faction[0]} or ctx.me)" if faction else "ctx.me"
    hoist.update(("PD", "CAN_PLACE"))
    return (f"(CAN_PLACE({owner}, {kind}, {place}, ctx.me, False) if ({owner}, {kind}) in PD "
            f"else _can_place_of(ctx, {', '.join(args)}))")


def _located(clearings: tuple) -> list[tuple[int, str]]:
    """Each clearing with its location, for a loop over `clearings()` whose list is not the
    rules' own (`CIDS`, whose locations `CLOCS` lists)."""
    return [(c, clearing_loc(c)) for c in clearings]


# what generated code calls besides the builtins, by these names
NAMESPACE = {"_aloc": as_location, "_pieces_of": FUNCTIONS["pieces"].fn, "_standing": _standing,
             "_any_pieces_of": FUNCTIONS["pieces"].any_fn,
             "_count_pieces_of": FUNCTIONS["pieces"].count_fn, "_present_of": FUNCTIONS["present"].fn,
             "_warriors_of": FUNCTIONS["warriors"].fn, "_path_of_piece": _path_of_piece, "_located": _located,
             "_paths_at_of": FUNCTIONS["paths_at"].fn, "_kinds_of_of": FUNCTIONS["kinds_of"].fn,
             "_can_place_of": FUNCTIONS["can_place"].fn}

# builtin function (FUNCTIONS[...].fn, any_fn or count_fn) -> its template
TEMPLATES: dict[Callable, Callable[[list[str], set[str]], str | None]] = {
    FUNCTIONS["pieces"].any_fn: _any_pieces,
    FUNCTIONS["pieces"].count_fn: _count_pieces,
    FUNCTIONS["warriors"].fn: _warriors,
    FUNCTIONS["present"].fn: _present,
    FUNCTIONS["rules"].fn: _rules,
    FUNCTIONS["ruler"].fn: _ruler,
    FUNCTIONS["pieces"].fn: _listed_pieces,
    FUNCTIONS["holder"].fn: _holder,
    FUNCTIONS["marked"].fn: _marked,
    FUNCTIONS["held"].fn: _held("tuple({})"),
    FUNCTIONS["held"].any_fn: _held("(len({}) > 0)"),
    FUNCTIONS["in_state"].fn: _in_state,
    FUNCTIONS["path_of"].fn: _hoisted(("P",), lambda a: f"_path_of_piece(P, {a[0]})"),
    FUNCTIONS["paths_at"].fn: _paths_at,
    FUNCTIONS["kinds_of"].fn: _kinds_of,
    FUNCTIONS["can_place"].fn: _can_place,
    # a piece's entry read straight: a missing piece fails as the builtin fails, and the closures say so
    FUNCTIONS["owner"].fn: _hoisted(("P",), lambda a: f"P[{a[0]}][0]"),
    FUNCTIONS["kind"].fn: _hoisted(("P",), lambda a: f"P[{a[0]}][1]"),
    FUNCTIONS["category"].fn: _hoisted(("P", "PD"), lambda a: f"PD[P[{a[0]}][:2]].category"),
    FUNCTIONS["exists"].fn: _hoisted((), lambda a: f"(len({a[0]}) > 0)"),
    FUNCTIONS["count"].fn: _hoisted((), lambda a: f"len({a[0]})"),
    # the game's own method, one call instead of two
    FUNCTIONS["suit"].fn: _hoisted(("SUIT",), lambda a: f"SUIT({a[0]})"),
    FUNCTIONS["clearings"].fn: _hoisted(("CLEARINGS",), lambda a: "CLEARINGS()"),
    FUNCTIONS["adjacent"].fn: _hoisted(("ADJ",), lambda a: f"ADJ({a[0]}, {_mine(a, 1)})"),
    FUNCTIONS["river_neighbours"].fn: _hoisted(("MAP",), lambda a: f"MAP.neighbours({a[0]}, MAP.rivers)"),
    FUNCTIONS["hand"].fn: _hoisted(("PLAYER",), lambda a: f"tuple(PLAYER({_mine(a, 0)}).hand)"),
    FUNCTIONS["supply"].fn: _hoisted(("PLAYER",), lambda a: f"PLAYER({_mine(a, 1)}).supply.get({a[0]}, 0)"),
}
