"""What a scenario expects after a run: the position, the decision left pending, what happened.

`check` compares one `expect` block with the game and returns the differences as sentences.
"What happened" (rules and abilities fired, log lines, decisions offered) is read from what a
step added, given by a `Since` mark taken before the step ran.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.locations import clearing_loc, path_loc, piece_loc
from rootlaw.core.option_names import find_option, option_names
from rootlaw.core.state import freeze

_FACTION = r"[a-z][a-z0-9_]*(?::[a-z][a-z0-9_]*)?"  # an id, or pack:id
ENTRY = re.compile(rf"^(?P<faction>{_FACTION}) (?P<kind>[a-z][a-z0-9_]*)(?: x(?P<n>\d+))?"
                   rf"(?: holding (?P<hf>{_FACTION}) (?P<hk>[a-z][a-z0-9_]*)(?: x(?P<hn>\d+))?)?$")
BOX_ENTRY = re.compile(r"^(?P<kind>[a-z][a-z0-9_]*)(?: x(?P<n>\d+))?$")
PATH_KEY = re.compile(r"^(\d+)-(\d+)$")
NOBODY = (None, "none")


@dataclass(frozen=True)
class Since:
    """Where a step began: lengths of the trace and the log, and the decisions offered since."""

    trace: int
    log: int
    offered: list


def location_of(where: Any) -> str | None:
    """A board key (clearing number, or path 'a-b' written either way round) as a location."""
    if isinstance(where, int) and not isinstance(where, bool) or str(where).isdigit():
        return clearing_loc(int(where))
    match = PATH_KEY.match(str(where))
    if match:
        a, b = sorted(int(x) for x in match.groups())
        return path_loc(f"{a}-{b}")
    return None


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
            want = {f"{fid} {BOX_ENTRY.match(e)['kind']}": int(BOX_ENTRY.match(e)["n"] or 1) for e in want}
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


def _value(label: str, read) -> Any:
    def checker(game: Game, want: Any, _e: dict, _s: Since) -> list[str]:
        have = read(game)
        return [] if have == want else [f"{label}: expected {want}, found {have}"]
    return checker


def trace_matches(entry: tuple[str, str], want: Any) -> bool:
    """Whether one trace entry (rule, text) is the rule number or the ability `want` names."""
    rule, text = entry
    if not isinstance(want, dict):
        return rule == str(want)
    if "rule" in want and rule != str(want["rule"]):
        return False
    if "ability" in want or "faction" in want:
        faction = re.escape(want["faction"]) if "faction" in want else _FACTION
        ability = re.escape(want["ability"]) if "ability" in want else r"\S+"
        return re.match(rf"^{faction}: {ability}(?: |$)", text) is not None
    return True


def show_fired(want: Any) -> str:
    if not isinstance(want, dict):
        return str(want)
    who = f"{want['faction']}: " if "faction" in want else ""
    what = f"{who}{want.get('ability', 'any ability')}" if "ability" in want or who else ""
    rule = f"rule {want['rule']}" if "rule" in want else ""
    return " ".join(p for p in (what, rule and (f"({rule})" if what else rule)) if p)


def _fired(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    trace = game.s.trace[since.trace:]
    it = iter(trace)
    if all(any(trace_matches(entry, want) for entry in it) for want in wanted):
        return []
    shown = ", ".join(f"{rule}: {text}" for rule, text in trace) or "nothing"
    return [f"fired: expected {', '.join(show_fired(w) for w in wanted)} in this order; fired {shown}"]


def _not_fired(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    trace = game.s.trace[since.trace:]
    return [f"{show_fired(w)} fired but should not have" for w in wanted
            if any(trace_matches(entry, w) for entry in trace)]


def _log(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    lines = iter(game.s.log[since.log:])
    if all(any(text in line for line in lines) for text in wanted):
        return []
    shown = "\n      ".join(game.s.log[since.log:]) or "nothing"
    return [f"log: expected lines containing {wanted} in this order; the log says:\n      {shown}"]


def _not_log(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    return [f"the log says '{line}', which should not contain '{text}'"
            for text in wanted for line in game.s.log[since.log:] if text in line]


def options_differ(game: Game, decision: dict, want: Any) -> str | None:
    """Why `decision`'s options are not `want` (an exact list, or includes/excludes), or None."""
    options = list(decision["options"])
    found = option_names(game, decision)
    if isinstance(want, list):
        if [find_option(game, decision, freeze(o)) for o in want] != options:
            return f"expected {written(want)}, found {found}"
        return None
    missing = [o for o in want.get("includes", []) if not _among(game, decision, o)]
    extra = [o for o in want.get("excludes", []) if _among(game, decision, o)]
    why = []
    if missing:
        why.append(f"{written(missing)} not among them")
    if extra:
        why.append(f"{written(extra)} among them but should not be")
    return f"{'; '.join(why)} (options: {found})" if why else None


def _among(game: Game, decision: dict, value: Any) -> bool:
    option = find_option(game, decision, freeze(value))
    return any(option == o and type(option) is type(o) for o in decision["options"])


def written(values: list) -> str:
    """Values as a scenario writes them: numbers as numbers, names without quotes."""
    return ", ".join(f"[{written(v)}]" if isinstance(v, list) else str(v) for v in values)


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


def _offered(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    out = []
    for want in wanted:
        same = [d for d in since.offered if d["kind"] == want["kind"]
                and want.get("player", d["player"]) == d["player"]]
        if not same:
            kinds = ", ".join(dict.fromkeys(d["kind"] for d in since.offered)) or "none"
            out.append(f"no decision '{want['kind']}'" + (f" for {want['player']}" if "player" in want else "")
                       + f" was offered (offered: {kinds})")
            continue
        if "options" not in want and "includes" not in want and "excludes" not in want:
            continue
        shape = want["options"] if "options" in want else {k: want[k] for k in ("includes", "excludes") if k in want}
        whys = [options_differ(game, d, shape) for d in same]
        if all(whys):
            out.append(f"decision '{want['kind']}' offered, but its options differ: {whys[-1]}")
    return out


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
    ("discard", _value("discard pile size", lambda g: len(g.s.discard))),
    ("deck", _value("deck size", lambda g: len(g.s.deck))),
    ("winner", _value("winner", lambda g: g.s.winner)),
    ("turn", _value("whose turn", lambda g: g.current)),
    ("phase", _value("phase", lambda g: g.s.phase)),
    ("fired", _fired),
    ("not_fired", _not_fired),
    ("log", _log),
    ("not_log", _not_log),
    ("offered", _offered),
    ("pending", _pending),
)


def census(game: Game, loc: str | None) -> dict[str, int]:
    """'<faction> <kind> [holding ...]' -> how many, for the pieces at a location."""
    out: dict[str, int] = {}
    for pid in game.pieces_at(loc) if loc else ():
        f, k, _ = game.s.pieces[pid]
        held = game.pieces_at(piece_loc(pid))
        key = f"{f} {k}"
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


__all__ = ["Since", "check", "census", "location_of", "box_loc", "options_differ", "trace_matches", "written",
           "ENTRY", "BOX_ENTRY"]
