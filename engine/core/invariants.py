"""What must hold in every reachable game state, checkable by any test, tool or loader.

The rules never create or destroy a piece, a card or an item: they only move them. So a state
is sound when every faction's pieces of each kind add up (supply plus pieces anywhere) to the
count its file gives, every card of the deck is in exactly one place, the items are conserved,
every location exists and respects its slots and limits, the scores agree with the result, and
a game still running has a decision with options. `violations()` lists every breach in words
(an empty list means sound); the soak benchmark runs it after every decision, `rootlaw play
--check` too, and loading a saved game refuses a state with any breach.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from rootlaw.files.numbers import is_digits

if TYPE_CHECKING:
    from .game import Game

WIN_SCORE = 30


def violations(game: "Game", ledger: bool = False) -> list[str]:
    """Every invariant the game's state breaks, in a stable order (empty when sound).

    With `ledger`, each score must also equal the sum of the VP the log records, which holds
    for a game played from its start (not for a scenario's position, whose scores are set)."""
    found: list[str] = []
    for check in (_seats, _pieces, _limits, _states, _cards, _items, _scores, _decision) + ((_ledger,) if ledger else ()):
        try:
            found += check(game)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            found.append(f"{check.__name__[1:]}: the state is malformed ({type(exc).__name__}: {exc})")
    return found


def _seats(game: "Game") -> list[str]:
    s, out = game.s, []
    if len(s.seats) < 2 or len(set(s.seats)) != len(s.seats):
        out.append(f"seats {s.seats} are not two or more distinct factions")
    if sorted(s.players) != sorted(s.seats):
        out.append(f"players {sorted(s.players)} are not the seated factions {sorted(s.seats)}")
    unknown = [f for f in s.seats if f not in game.rules.factions]
    if unknown:
        out.append(f"seated factions {unknown} are not in the game's rules")
    if not 0 <= s.current < len(s.seats):
        out.append(f"the current seat {s.current} does not exist")
    if s.round < 1 or s.round > game.rules.options.round_limit + 1:
        out.append(f"round {s.round} is outside 1..{game.rules.options.round_limit + 1}")
    return out


def _location_ok(game: "Game", loc: str) -> bool:
    if not isinstance(loc, str) or not loc:
        return False
    kind, rest = loc[0], loc[1:]
    if kind == "c":
        return is_digits(rest) and int(rest) in game.rules.map.clearings
    if kind == "p":
        return rest in game.rules.map.paths
    if kind == "f":
        return rest in game.rules.map.forests
    if kind == "x":
        return is_digits(rest) and int(rest) in game.s.pieces and int(rest) != 0
    if kind == "b":
        owner, _, box = rest.partition(".")
        return owner in game.rules.factions and box in game.rules.factions[owner].boxes
    return False


def _pieces(game: "Game") -> list[str]:
    s, out = game.s, []
    on_board: Counter = Counter()
    valid = {loc: _location_ok(game, loc) for loc in s.at}
    for loc, pids in s.at.items():
        if not pids:
            out.append(f"location '{loc}' has an empty list")
        if len(set(pids)) != len(pids):
            out.append(f"location '{loc}' lists a piece twice")
    for pid, (faction, kind, loc) in s.pieces.items():
        if (faction, kind) not in game.rules.piece_defs:
            out.append(f"piece {pid} is a '{kind}' of '{faction}', which the rules do not define")
            continue
        on_board[(faction, kind)] += 1
        if not valid.get(loc, False):
            out.append(f"piece {pid} ({faction} {kind}) stands at '{loc}', which is no location"
                       if loc not in valid else f"piece {pid} ({faction} {kind}) is at '{loc}' but not listed there")
        if pid >= s.next_piece or pid < 1:
            out.append(f"piece {pid} has an id not handed out (next is {s.next_piece})")
        if loc[0] == "x" and _holder_cycle(game, pid):
            out.append(f"piece {pid} is held, through other pieces, by itself")
    if sum(len(p) for p in s.at.values()) != len(s.pieces):
        out.append(f"{sum(len(p) for p in s.at.values())} pieces are listed at locations but {len(s.pieces)} exist")
    for loc, pids in s.at.items():
        stray = [p for p in pids if p not in s.pieces or s.pieces[p][2] != loc]
        if stray:
            out.append(f"location '{loc}' lists pieces {stray} that are not there")
    for fid in s.seats:
        player = s.players.get(fid)
        faction = game.rules.factions.get(fid)
        if player is None or faction is None:
            continue
        for kind, piece in faction.pieces.items():
            supply = player.supply.get(kind, 0)
            if not isinstance(supply, int) or supply < 0:
                out.append(f"{fid} has {supply!r} {kind} in supply")
            elif supply + on_board[(fid, kind)] != piece.count:
                out.append(f"{fid} {kind}: {supply} in supply + {on_board[(fid, kind)]} in play "
                           f"!= {piece.count} in the box")
        extra = sorted(set(player.supply) - set(faction.pieces))
        if extra:
            out.append(f"{fid} has a supply of unknown pieces {extra}")
    return out


def _holder_cycle(game: "Game", pid: int) -> bool:
    seen, loc = {pid}, game.s.pieces[pid][2]
    while isinstance(loc, str) and loc[:1] == "x" and is_digits(loc[1:]):
        holder = int(loc[1:])
        if holder in seen or holder not in game.s.pieces:
            return holder in seen
        seen.add(holder)
        loc = game.s.pieces[holder][2]
    return False


def _limits(game: "Game") -> list[str]:
    """Building slots (Law 2.2.3), ruins, and each piece's limits per clearing, path and holder."""
    s, out, defs = game.s, [], game.rules.piece_defs
    for c, n in sorted(s.ruins.items()):
        if c not in game.rules.map.clearings or not isinstance(n, int) or n < 0:
            out.append(f"ruins {n!r} in '{c}' are not possible")
    for loc, pids in s.at.items():
        kinds = Counter(s.pieces[p][:2] for p in pids if p in s.pieces)
        if loc[0] == "c" and is_digits(loc[1:]) and int(loc[1:]) in game.rules.map.clearings:
            c = int(loc[1:])
            used = sum(n for fk, n in kinds.items() if fk in defs and defs[fk].category == "building")
            slots = game.rules.map.clearings[c].slots
            if used + s.ruins.get(c, 0) > slots:
                out.append(f"clearing {c} holds {used} buildings and {s.ruins.get(c, 0)} ruins in {slots} slots")
        for fk, n in kinds.items():
            piece = defs.get(fk)
            if piece is None:
                continue
            limit = piece.max_per_clearing if loc[0] == "c" else piece.max_per_path if loc[0] == "p" else None
            if limit is not None and n > limit:
                out.append(f"'{loc}' holds {n} {fk[0]} {fk[1]} (at most {limit})")
        if loc[0] == "x" and is_digits(loc[1:]) and int(loc[1:]) in s.pieces:
            holder = defs.get(s.pieces[int(loc[1:])][:2])
            held = sum(n for fk, n in kinds.items() if fk in defs and defs[fk].category != "marker")
            if holder is not None and holder.capacity is not None and held > holder.capacity:
                out.append(f"piece {loc[1:]} holds {held} pieces (capacity {holder.capacity})")
    return sorted(out)


def _cards(game: "Game") -> list[str]:
    """Every card of the deck is in exactly one place (in two-player games, minus dominance)."""
    s, deck = game.s, game.rules.deck.cards
    places = s.deck + s.discard + s.available_dominance
    for player in s.players.values():
        places = places + player.hand + player.persistent
        for pile in player.piles.values():
            places = places + pile
        if player.dominance is not None:
            places.append(player.dominance)
    expected = [c for c in range(len(deck)) if len(s.seats) > 2 or deck[c].kind != "dominance"]
    try:
        if sorted(places) == expected:
            return []
    except TypeError:
        return ["a card pile holds something that is not a card"]
    missing = sorted((Counter(expected) - Counter(places)).elements())
    extra = sorted((Counter(places) - Counter(expected)).elements())
    return [f"cards are not conserved: missing {missing[:10]}, extra or doubled {extra[:10]}"]


def _states(game: "Game") -> list[str]:
    """Each piece's states are ones its kind can be in; items stand in boxes only."""
    s, out, defs = game.s, [], game.rules.piece_defs
    for pid, states in sorted(s.states.items()):
        if pid not in s.pieces:
            out.append(f"piece {pid} has states {list(states)} but is not in play")
        elif not states or any(st not in defs[s.pieces[pid][:2]].states for st in states):
            out.append(f"piece {pid} ({' '.join(s.pieces[pid][:2])}) is in states {list(states)}, not all of its own")
    for pid, (faction, kind, loc) in s.pieces.items():
        piece = defs.get((faction, kind))
        if piece is not None and piece.category == "item" and loc[0] != "b":
            out.append(f"item piece {pid} ({faction} {kind}) is at '{loc}', not in a box")
    for c, hidden in sorted(s.ruin_items.items()):
        if not hidden or not s.ruins.get(c):
            out.append(f"clearing {c} hides items {hidden} but has no ruin (or the list is empty)")
    return out


def _items(game: "Game") -> list[str]:
    """The map's item supply, the Crafted Items boxes and the items turned into item pieces add
    up to the deck's item supply: s.items_out books each item that left them to become a piece
    (+1) and each that joined a Crafted Items box from elsewhere, from under a ruin (-1)."""
    s, out = game.s, []
    held: Counter = Counter(i for p in s.players.values() for i in p.items)
    for item, start in sorted(game.rules.deck.items.items()):
        left, gone = s.items.get(item, 0), s.items_out.get(item, 0)
        if not isinstance(left, int) or left < 0 or left + held[item] + gone != start:
            out.append(f"item '{item}': {left!r} on the map + {held[item]} crafted + {gone} held as pieces != {start}")
    unknown = sorted(item for item in set(held) - set(game.rules.deck.items) if held[item] + s.items_out.get(item, 0))
    if unknown:
        out.append(f"crafted items {unknown} are not in the game")
    return out


def _scores(game: "Game") -> list[str]:
    s, out = game.s, []
    for fid, player in sorted(s.players.items()):
        if not isinstance(player.score, int) or isinstance(player.score, bool):
            out.append(f"{fid}'s score {player.score!r} is not a whole number")
        elif player.score >= WIN_SCORE and s.winner is None:
            out.append(f"{fid} has {player.score} VP but nobody has won")
    if s.winner is not None and s.winner not in s.seats:
        out.append(f"the winner '{s.winner}' is not seated")
    if s.winner is not None and not s.ended:
        out.append(f"{s.winner} has won but the game has not ended")
    if s.ended == "reached 30 VP" and (s.winner is None or s.players[s.winner].score < WIN_SCORE):
        out.append(f"the game ended on 30 VP but the winner {s.winner} has fewer")
    return out


_VP = re.compile(r"\] (.+) (scores|loses) (\d+) VP, now -?\d+: ")


def _ledger(game: "Game") -> list[str]:
    """Scores agree with the VP the game's log says each faction scored and lost (every change
    of score goes through Game.score, which logs it). A save from before log entries were data
    holds lines, read by name; factions sharing a name are then skipped."""
    names = Counter(game.name(fid) for fid in game.s.players)
    by_id, by_name = Counter(), Counter()
    for entry in game.s.log:
        if isinstance(entry, dict):
            kind = entry.get("kind")
            if kind == "score" or kind == "lose":
                by_id[entry["faction"]] += entry["points"] * (1 if kind == "score" else -1)
            continue
        match = _VP.search(entry) if "VP, now" in entry else None
        if match:
            by_name[match.group(1)] += int(match.group(3)) * (1 if match.group(2) == "scores" else -1)
    out = []
    for fid, p in sorted(game.s.players.items()):
        name = game.name(fid)
        if by_name and names[name] > 1:
            continue
        booked = by_id[fid] + by_name[name]
        if p.score != booked:
            out.append(f"{fid} has {p.score} VP but the log records {booked}")
    return out


def _decision(game: "Game") -> list[str]:
    s, d, out = game.s, game.s.decision, []
    if s.ended:
        if d is not None:
            out.append("the game has ended but a decision is pending")
        return out
    if d is None:
        return ["the game has neither ended nor a pending decision"]
    if d.get("player") not in s.seats:
        out.append(f"the pending decision is for '{d.get('player')}', who is not seated")
    options = d.get("options")
    if not isinstance(options, tuple) or len(options) < 2:
        out.append(f"the pending decision '{d.get('kind')}' has {len(options or ())} option(s); "
                   "a decision needs two or more")
    if not s.stack:
        out.append("a decision is pending but no rule is waiting for it")
    elif d.get("slot") is None or not isinstance(d.get("slot"), str):
        out.append("the pending decision names no slot for its answer")
    return out


__all__ = ["violations"]
