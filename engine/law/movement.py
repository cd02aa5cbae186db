"""Moving (Law 4.2) and the Lake's Ferry (Law 16.2.2.V; printed Law appendix C).

`move_options` is the one source of legal moves: the option lists of the `move` frame and
every "can this faction move?" check come from it.

Pieces may also stand in forests (a pawn, Law 9.3.2). A move may start in a forest, to a
clearing the forest touches; it goes into a forest only when the effect that starts it names
forests among its destinations (Law 9.4.2: "into an adjacent clearing or forest"). A forest is
adjacent to the clearings it touches and to the forests across one path (Law 2.4.1); nobody
rules a forest.
"""
from __future__ import annotations

from itertools import product

from rootlaw.core.folds import asked_for
from rootlaw.core.frames import Entry, handler
from rootlaw.core.game import Game
from rootlaw.core.identity import distinct
from rootlaw.core.locations import as_location, clearing_loc, forest_loc


def place_key(place: int | str) -> tuple:
    """Sorts clearings (numbers) before forests ("F2"), each in its own order."""
    return (0, place, "") if type(place) is int else (1, 0, place)


def movable(game: Game, player: str, clearing: int | str, kinds: tuple[str, ...] | None = None) -> dict[str, list[int]]:
    """The player's pieces in a clearing (or a forest) that can move, by kind, lowest id first."""
    out: dict[str, list[int]] = {}
    pieces, movers = game.s.pieces, game.rules.movers
    loc = clearing_loc(clearing) if type(clearing) is int else forest_loc(clearing)
    for pid in game.pieces_at(loc):
        f, kind, _ = pieces[pid]
        if f == player and (f, kind) in movers and (kinds is None or kind in kinds):
            if kind in out:
                out[kind].append(pid)
            else:
                out[kind] = [pid]
    return out


def destinations(game: Game, player: str, origin: int | str, ignore_rule: bool = False,
                 forests: bool = False) -> list[tuple[int | str, bool]]:
    """(destination, by ferry) pairs a move from `origin` may reach; `forests`: the move may
    go into a forest."""
    m = game.rules.map
    ruler = game.ruler
    if type(origin) is not int:  # from a forest: the clearings it touches, the forests next to it
        out = [(c, False) for c in m.forests[origin]]
        if forests:
            out += [(f, False) for f in adjacent_forests(game, origin)]
        return out if ignore_rule else [(d, ferry) for d, ferry in out if type(d) is int and ruler(d) == player]
    s = game.s
    out = [(d, False) for d in game.adjacent(origin, player)]
    if s.ferry == origin and not s.turn_used.get("ferry"):
        out += [(c, True) for c in m.coast if c != origin and (c, False) not in out]
    if forests:
        out += [(f, False) for f in m.forests_touching(origin)]
    if ignore_rule or ruler(origin) == player:  # Law 4.2: rule the origin or the destination
        return out
    return [(d, ferry) for d, ferry in out if type(d) is int and ruler(d) == player]


def adjacent_forests(game: Game, forest: str) -> tuple[str, ...]:
    """Forests across one path from `forest` (Law 2.4.1), in the map's order."""
    pairs = game.rules.map.forest_adjacency
    return tuple(f for f in game.rules.map.forests
                 if (forest, f) in pairs or (f, forest) in pairs)


def move_options(game: Game, player: str, frame: dict | None = None, origin: int | None = None,
                 first: bool = False, started: bool = False) -> dict[tuple[int, int], dict[str, int]]:
    """Every legal (origin, destination) with the most pieces of each kind that may go (one
    dict an origin, the kept movers' own, shared by its destinations: read it only).

    `origin` limits the search to one origin; `first` stops at the first legal move (for
    "can this player move?"), so menus do not pay for the whole list. `started`: the move has
    begun from `origin`, so `may_move_from` (checked when a move starts) is not asked again;
    a cost paid to an intervention must not forbid the move it paid for.
    """
    get = (frame or {}).get
    allowed_from, allowed_to = get("from"), get("to")
    modifiers = game.rules.modifiers  # a hook without modifiers is not asked: its value is the default
    ignore_rule = get("ignore_rule", False) or \
        ("ignore_rule_moving" in modifiers and game.modify("ignore_rule_moving", False, player=player))
    # a move goes into a forest only when its effect names forests among the destinations
    forests = allowed_to is not None and any(type(d) is not int for d in allowed_to)
    # the player's `may_move_from` restrictions (false: none can apply), called as `modify` would
    hindered = not (started or get("unhindered")) and "may_move_from" in modifiers and \
        asked_for(game.rules, "may_move_from", "player", player)
    by_place, ordered = _mover_counts(game, player, get("kinds"))
    if origin is not None:
        ordered = ((origin, ()),) if origin in by_place else ()  # the counts are read from by_place
    s, ruler, adjacent = game.s, game.ruler, game.adjacent
    out = {}
    for start, _ in ordered:
        if allowed_from is not None and start not in allowed_from:
            continue
        if type(start) is int and not forests and (s.ferry != start or s.turn_used.get("ferry")):
            # the usual move: to an adjacent clearing (what `destinations` gives, without pairs)
            dests = adjacent(start, player)
            if not ignore_rule and ruler(start) != player:
                dests = [d for d in dests if ruler(d) == player]
        else:
            dests = [d for d, _ in destinations(game, player, start, ignore_rule, forests)]
        if allowed_to is not None:
            dests = [d for d in dests if d in allowed_to]
        # `may_move_from` asked only of an origin with somewhere to go: one without adds nothing either way
        if not dests or hindered and not hindered(game, True, {"player": player, "clearing": start}):
            continue
        most = by_place[start]  # the kept counts, shared: read only
        for dest in dests:
            out[(start, dest)] = most
            if first:
                return out
    return out


def _mover_counts(game: Game, player: str, kinds: tuple[str, ...] | None) \
        -> tuple[dict[int | str, dict[str, int]], tuple[tuple[int | str, tuple[tuple[str, int], ...]], ...]]:
    """How many pieces of each kind the player could move, per clearing or forest they stand
    in (what `movable` finds there, read from the board counts), and the same as (place, (kind,
    count) pairs by kind) in the order moves are searched: the map's clearings, then its
    forests. Kept until the board changes (a move asks it for its menu, its origin, its
    destination and its group)."""
    key = ("movers", player, kinds)
    kept = game._kept.get(key)
    if kept is not None:
        return kept
    counts = game._counts or game.counts()
    index = counts.kinds
    out: dict[int | str, dict[str, int]] = {}
    ordered = []
    keys = _mover_keys(game, player, kinds)
    places = counts.places.get(player, ()) if keys else ()  # where the player has pieces, in the map's order
    if places and len(keys[places[0]][2]) == 1:
        kind = keys[places[0]][2][0][1]  # one kind of movers: each place's first key is that kind's count
        for loc in places:
            anything, place, _ = keys[loc]
            n = index.get(anything)
            if n:
                out[place] = {kind: n}
                ordered.append((place, ((kind, n),)))
    else:
        for loc in places:
            _, place, kind_keys = keys[loc]
            here = {}
            for count_key, kind in kind_keys:
                n = index.get(count_key)
                if n:
                    here[kind] = n
            if here:
                out[place] = here
                ordered.append((place, tuple(here.items())))
    kept = game._kept[key] = (out, tuple(ordered))
    return kept


def _mover_keys(game: Game, player: str, kinds: tuple[str, ...] | None) -> dict:
    """For the location of every place a mover may stand (clearings, forests): the board count
    key of the player's pieces there (that of its one kind of movers, when it has one), the
    place, and (count key, kind) of each kind of its movers (in order, among `kinds`); empty
    without movers. Fixed by the rules."""
    memo = game.rules.memo
    key = ("mover keys", player, kinds)
    keys = memo.get(key)
    if keys is None:
        moving = sorted(k for f, k in game.rules.movers if f == player and (kinds is None or k in kinds))
        places = [(clearing_loc(c), c) for c in game.clearings()] + \
            [(forest_loc(f), f) for f in game.rules.map.forests]
        keys = memo[key] = {loc: ((loc, player, None if len(moving) > 1 else moving[0]), place,
                                  tuple(((loc, player, k), k) for k in moving))
                            for loc, place in places} if moving else {}
    return keys


def can_move(game: Game, player: str, frame: dict | None = None) -> bool:
    return bool(move_options(game, player, frame, first=True))


def groups(game: Game, player: str, most: dict[str, int]) -> list[tuple[tuple[str, int], ...]]:
    """Every group that may move together: at least one piece; abilities may forbid mixes."""
    kinds = sorted(most)
    if len(kinds) == 1:  # one kind: from one piece to all of them
        kind = kinds[0]
        candidates = [((kind, n),) for n in range(1, most[kind] + 1)]
    else:
        candidates = [tuple([(k, n) for k, n in zip(kinds, counts) if n])
                      for counts in product(*[range(most[k] + 1) for k in kinds]) if sum(counts)]
    allowed = asked_for(game.rules, "move_group_allowed", "player", player)  # None: nothing to ask
    if allowed is None:
        return candidates
    return [group for group in candidates if allowed(game, True, {"player": player, "group": group})]


@handler("move", Entry(params=("origin",)))
def move(game: Game, f: dict) -> None:
    """One move: origin, destination, then how many of each kind (Law 4.2). A forced move
    (Law 1.5.5) moves `player`'s pieces with the decisions asked of `chooser`; an `unhindered`
    one ignores what would keep it from leaving its origin (Law 9.4.2)."""
    player = f["player"]
    chooser = f.get("chooser", player)
    if "origin" not in f:
        origins = sorted({o for o, _ in move_options(game, player, f)}, key=place_key)
        if not origins:
            game.pop(False)
            return
        if game.ask(f, "origin", chooser, "move_from", origins, "move from which clearing?"):
            return
    if not f.get("intervened"):
        f["intervened"] = True
        if not f.get("unhindered"):
            # declared hook point for interventions: abilities may add a cost or cancel the move
            f["cancellable"] = True
            game.emit("before_move", player=player, origin=f["origin"])
            if not game.goes_on(f):  # an intervention runs first
                return
    if f.pop("cancellable", False) and f.get("cancelled"):
        game.log("move_cancelled", faction=player, origin=f["origin"])
        game.pop(False)
        return
    if "dest" not in f:
        options = move_options(game, player, f, origin=f["origin"], started=True)
        if not options:
            game.pop(False)  # an intervention's cost left nothing to move
            return
        dests = sorted((d for _, d in options), key=place_key)
        if game.ask(f, "dest", chooser, "move_to", dests, f"move from {f['origin']} to which clearing?"):
            return
    # the destination is one of those options, chosen in the board they were worked out in
    # (answering changes nothing else), so the pieces that may go are the origin's movers
    if "group" not in f:
        choices = groups(game, player, _mover_counts(game, player, f.get("kinds"))[0][f["origin"]])
        if game.ask(f, "group", chooser, "move_group", choices, "move which pieces?"):
            return
    if "pick" in f:
        f["picked"] = f.get("picked", ()) + (f.pop("pick"),)
    if _pick_movers(game, f, player):
        return
    carry_out_move(game, player, f["origin"], f["dest"], f["group"], f["picked"])
    game.pop(True)


def _pick_movers(game: Game, f: dict, player: str) -> bool:
    """Which pieces of each kind go, when pieces of a kind are not all alike (one already
    designated this turn, one holding something): the player picks them one at a time.
    Returns True while waiting for an answer; f["picked"] then holds every mover."""
    pieces = movable(game, player, f["origin"])
    picked = f.get("picked", ())
    for kind, n in f["group"]:
        rest = [p for p in pieces[kind] if p not in picked]
        need = n - (len(pieces[kind]) - len(rest))
        while need > 0:
            # all of them go, or they are all alike: nothing to choose (told apart only then)
            if need == len(rest) or len(options := distinct(game, rest)) == 1:
                picked += tuple(rest[:need])
                break
            f["picked"] = picked
            if game.ask(f, "pick", f.get("chooser", player), "move_which", options, f"move which {kind}?"):
                return True
            choice = f.pop("pick")
            picked += (choice,)
            rest.remove(choice)
            need -= 1
    f["picked"] = picked
    return False


def carry_out_move(game: Game, player: str, origin: int | str, dest: int | str, group: tuple,
                   movers: tuple[int, ...]) -> None:
    """Move `group` (kind, count) from `origin`: `movers` are the pieces that go (every one,
    as `_pick_movers` leaves them), moved kind by kind in the group's order."""
    pieces, loc = game.s.pieces, as_location(dest)
    moved = [pid for kind, _ in group for pid in movers if pieces[pid][1] == kind]
    for pid in moved:
        game.relocate(pid, loc)
    by_ferry = game.s.ferry == origin and type(dest) is int and dest not in game.adjacent(origin, player)
    text = ", ".join(f"{n} {k}" for k, n in group)
    game.log("move_ferry" if by_ferry else "move", faction=player, pieces=group, origin=origin, dest=dest)
    game.trace("4.2", f"{player} moves {text} {origin}->{dest}")
    if by_ferry:
        game.s.ferry = dest
        game.s.turn_used["ferry"] = 1
        game.draw(player, 1)
        game.trace("16.2.2.V", f"{player} takes the ferry to {dest} and draws a card")
    game.emit("moved", player=player, origin=origin, dest=dest, group=group, pieces=tuple(moved), action=True)
