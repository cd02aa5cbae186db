"""What a scenario expects after a run: the position, the decision left pending, what happened.

`check` compares one `expect` block with the game and returns the differences as sentences.
"What happened" (rules and abilities fired, log lines, decisions offered) is read from what a
step added, given by a `Since` mark taken before the step ran.
"""
from __future__ import annotations

import re
from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.locations import clearing_loc, forest_loc, path_loc, piece_loc
from rootlaw.core.option_names import option_names
from rootlaw.core.state import freeze
from rootlaw.files.numbers import is_digits

from .happened import FACTION, HAPPENED, Since, options_differ, trace_matches, written

ENTRY = re.compile(rf"^(?P<faction>{FACTION}) (?P<kind>[a-z][a-z0-9_]*)(?: x(?P<n>\d+))?"
                   rf"(?: holding (?P<hf>{FACTION}) (?P<hk>[a-z][a-z0-9_]*)(?: x(?P<hn>\d+))?)?$")
BOX_ENTRY = re.compile(r"^(?P<kind>[a-z][a-z0-9_]*)(?: x(?P<n>\d+))?(?P<states>(?: [a-z][a-z0-9_]*)*)$")
PATH_KEY = re.compile(r"^(\d+)-(\d+)$")
FOREST_KEY = re.compile(r"^F[1-9][0-9]*$")
NOBODY = (None, "none")


def location_of(where: Any) -> str | None:
    """A board key (clearing number, or path 'a-b' written either way round) as a location."""
    if isinstance(where, int) and not isinstance(where, bool) or is_digits(str(where)):
        return clearing_loc(int(where))
    match = PATH_KEY.match(str(where))
    if match:
        a, b = sorted(int(x) for x in match.groups())
        return path_loc(f"{a}-{b}")
    if FOREST_KEY.match(str(where)):
        return forest_loc(str(where))
    return None


def box_entry_key(fid: str, entry: str) -> str:
    """A box entry '<piece> [xN] [STATE ...]' as `census` names it: '<faction> <piece> [STATE ...]'."""
    m = BOX_ENTRY.match(entry)
    return f"{fid} {m['kind']}" + "".join(f" {st}" for st in sorted(m["states"].split()))


def box_loc(faction: str, box: str) -> str:
    """The location of one of a faction's boxes off the map (as the language's box() gives it)."""
    return f"b{faction}.{box}"


def check(game: Game, expect: dict, since: Since, whole: bool = True) -> list[str]:
    """Every way the game differs from `expect`, one sentence each (empty when it holds).

    A `whole` expectation (not one outcome of `expect_any`) also fails when a decision is left
    pending that it does not name."""
    out: list[str] = []
    for key, checker in CHECKS:
        if key in expect:
            out += checker(game, expect[key], expect, since)
    if whole and "pending" not in expect and game.pending() is not None:
        d = game.pending()
        out.append(f"a decision is still pending: '{d['kind']}' for {d['player']} "
                   f"(options: {option_names(game, d, 10)}); add answers")
    return out


def _board(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for where, want in want_all.items():
        have = census(game, location_of(where))
        want = {_entry_key(e): int(ENTRY.match(e)["n"] or 1) for e in want}
        if have != want:
            out.append(f"pieces at {where}: expected {_fmt(want)}, found {_fmt(have)}")
    return out


def _boxes(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for fid, boxes in want_all.items():
        for box, want in boxes.items():
            have = census(game, box_loc(fid, box))
            want = {box_entry_key(fid, e): int(BOX_ENTRY.match(e)["n"] or 1) for e in want}
            if have != want:
                out.append(f"box {box} of {fid}: expected {_fmt(want)}, found {_fmt(have)}")
    return out


def _rulers(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for clearing, want in want_all.items():
        have = game.ruler(int(clearing))
        want = None if want in NOBODY else want
        if have != want:
            out.append(f"ruler of clearing {clearing}: expected {want or 'none'}, found {have or 'none'}")
    return out


def _per_player(label: str, read) -> Any:
    """A check of one number or list per faction: `read(game, faction, key)`."""

    def checker(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
        out = []
        for fid, want in want_all.items():
            have = read(game, fid)
            if isinstance(want, list):
                have, want = sorted(have), sorted(want)
            if have != want:
                out.append(f"{label} of {fid}: expected {want}, found {have}")
        return out
    return checker


def _card_list(label: str, read) -> Any:
    """A list of card ids that belongs to no player, compared in any order."""

    def checker(game: Game, want: list, _e: dict, _s: Since) -> list[str]:
        have = sorted(read(game))
        return [] if have == sorted(want) else [f"{label}: expected {sorted(want)}, found {have}"]
    return checker


def _card_ids(game: Game, cards) -> list[str]:
    return [game.rules.deck.cards[c].id for c in cards]


def _piles(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for fid, piles in want_all.items():
        for pile, want in piles.items():
            cards = game.s.players[fid].piles.get(pile, ())
            if isinstance(want, list):  # the cards themselves, by id, in any order
                have_ids = sorted(_card_ids(game, cards))
                if have_ids != sorted(want):
                    out.append(f"pile {pile} of {fid}: expected {sorted(want)}, found {have_ids}")
            elif len(cards) != want:
                out.append(f"pile {pile} of {fid}: expected {want} card(s), found {len(cards)}")
    return out


def _supply(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for fid, supply in want_all.items():
        for kind, n in supply.items():
            have = game.s.players[fid].supply.get(kind, 0)
            if have != n:
                out.append(f"supply of {fid} {kind}: expected {n}, found {have}")
    return out


def _vars(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for fid, values in want_all.items():
        for name, value in values.items():
            have = game.s.players[fid].vars.get(name)
            if have != freeze(value):
                out.append(f"variable {name} of {fid}: expected {value}, found {have}")
    return out


def _ruins(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    return [f"ruins in clearing {c}: expected {n}, found {game.s.ruins.get(int(c), 0)}"
            for c, n in want_all.items() if game.s.ruins.get(int(c), 0) != n]


def _cards(label: str, read) -> Any:
    """A pile of cards every player shares (the deck, top last; the discard pile): its size, its
    cards by id in any order, or some of them: `{size, top, includes, excludes}` (`top`: the
    cards on top, top first)."""

    def checker(game: Game, want: Any, _e: dict, _s: Since) -> list[str]:
        cards = read(game)
        ids = _card_ids(game, cards)
        if isinstance(want, int):
            return [] if len(cards) == want else [f"{label} size: expected {want}, found {len(cards)}"]
        if isinstance(want, list):
            return [] if sorted(ids) == sorted(want) else [f"{label}: expected {sorted(want)}, found {sorted(ids)}"]
        out = []
        if "size" in want and len(cards) != want["size"]:
            out.append(f"{label} size: expected {want['size']}, found {len(cards)}")
        top = list(reversed(ids))[:len(want.get("top", ()))]
        if "top" in want and top != list(want["top"]):
            out.append(f"{label}: expected on top {want['top']} (top first), found {top}")
        missing = [c for c in want.get("includes", ()) if c not in ids]
        extra = sorted({c for c in want.get("excludes", ()) if c in ids})
        if missing:
            out.append(f"{label}: {missing} not in it")
        if extra:
            out.append(f"{label}: {extra} in it but should not be")
        return out
    return checker


def _dominance(game: Game, want_all: dict, _e: dict, _s: Since) -> list[str]:
    out = []
    for fid, want in want_all.items():
        card = game.s.players[fid].dominance
        have = None if card is None else game.rules.deck.cards[card].id
        want = None if want in NOBODY else want
        if have != want:
            out.append(f"activated dominance card of {fid}: expected {want or 'none'}, found {have or 'none'}")
    return out


def _actions_taken(game: Game, want: int, _e: dict, _s: Since) -> list[str]:
    """How many actions the menu left pending has counted against its limit."""
    menu = game.s.stack[-1] if game.s.stack else None
    if game.pending() is None or menu is None or menu.get("op") != "actions":
        kind = game.pending()["kind"] if game.pending() else "none"
        return [f"actions taken: no action menu is pending (pending: {kind})"]
    return [] if menu["taken"] == want else [f"actions taken in the pending menu: expected {want}, found {menu['taken']}"]


def _value(label: str, read) -> Any:
    def checker(game: Game, want: Any, _e: dict, _s: Since) -> list[str]:
        have = read(game)
        return [] if have == want else [f"{label}: expected {want}, found {have}"]
    return checker


def _pending(game: Game, want: Any, expect: dict, _s: Since) -> list[str]:
    decision = game.pending()
    kind = decision["kind"] if decision else None
    if kind != want:
        return [f"pending decision: expected {want}, found {kind}"]
    if decision is not None and "options" in expect:
        why = options_differ(game, decision, expect["options"])
        if why:
            return [f"options of '{kind}': {why}"]
    return []


CHECKS = (
    ("board", _board),
    ("boxes", _boxes),
    ("rulers", _rulers),
    ("scores", _per_player("score", lambda g, f: g.s.players[f].score)),
    ("hand_sizes", _per_player("hand size", lambda g, f: len(g.s.players[f].hand))),
    ("hands", _per_player("hand", lambda g, f: _card_ids(g, g.s.players[f].hand))),
    ("persistent", _per_player("play area", lambda g, f: _card_ids(g, g.s.players[f].persistent))),
    ("piles", _piles),
    ("supply", _supply),
    ("vars", _vars),
    ("items", _per_player("items", lambda g, f: list(g.s.players[f].items))),
    ("item_supply", _per_player("item supply", lambda g, item: g.s.items.get(item, 0))),
    ("ruin_items", _per_player("items under the ruin of clearing", lambda g, c: list(g.s.ruin_items.get(int(c), ())))),
    ("ruins", _ruins),
    ("discard", _cards("discard pile", lambda g: g.s.discard)),
    ("deck", _cards("deck", lambda g: g.s.deck)),
    ("dominance", _dominance),
    ("dominance_available", _card_list("dominance cards available",
                                             lambda g: _card_ids(g, g.s.available_dominance))),
    ("winner", _value("winner", lambda g: g.s.winner)),
    ("turn", _value("whose turn", lambda g: g.current)),
    ("phase", _value("phase", lambda g: g.s.phase)),
    *HAPPENED,
    ("pending", _pending),
    ("actions_taken", _actions_taken),
)


def census(game: Game, loc: str | None) -> dict[str, int]:
    """'<faction> <kind> [STATE ...] [holding ...]' -> how many, for the pieces at a location."""
    out: dict[str, int] = {}
    for pid in game.pieces_at(loc) if loc else ():
        f, k, _ = game.s.pieces[pid]
        held = game.pieces_at(piece_loc(pid))
        key = f"{f} {k}" + "".join(f" {st}" for st in game.s.states.get(pid, ()))
        if held:
            key += " holding " + " + ".join(" ".join(game.s.pieces[h][:2]) for h in held)
        out[key] = out.get(key, 0) + 1
    return out


def _entry_key(entry: str) -> str:
    m = ENTRY.match(entry)
    key = f"{m['faction']} {m['kind']}"
    if m["hf"]:
        key += " holding " + " + ".join([f"{m['hf']} {m['hk']}"] * int(m["hn"] or 1))
    return key


def _fmt(census: dict[str, int]) -> str:
    return "{" + ", ".join(f"{k} x{n}" for k, n in sorted(census.items())) + "}" if census else "nothing"


__all__ = ["Since", "check", "census", "location_of", "box_loc", "box_entry_key", "options_differ",
           "trace_matches", "written", "ENTRY", "BOX_ENTRY", "FOREST_KEY"]
