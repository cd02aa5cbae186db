"""Scenarios for rules-lawyers: set up a position, make a move, check what happened.

A scenario file gives a position (map, seats, pieces in clearings, on paths and held on other
pieces, hands, deck order, scores, whose turn and which phase), forced dice, the answers to
decisions, what to run (an action, a phase's steps or a whole turn) and what must hold
afterwards, including which rules fired in which order.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import step_frame
from .content import find_faction, make_rules
from .setup import new_player
from .documents import Document, load_yaml
from .errors import DataError, RootlawError
from .factions import FactionDef
from .frames import HANDLERS
from .game import Game, Options, _show, clearing_loc, path_loc, piece_loc
from .language.runtime import action_frame
from .rng import Rng
from .schemas import validate
from .state import State, freeze

ENTRY = re.compile(r"^(?P<faction>[a-z][a-z0-9_]*) (?P<kind>[a-z][a-z0-9_]*)(?: x(?P<n>\d+))?"
                   r"(?: holding (?P<hf>[a-z][a-z0-9_]*) (?P<hk>[a-z][a-z0-9_]*)(?: x(?P<hn>\d+))?)?$")
PATH_KEY = re.compile(r"^(\d+)-(\d+)$")
BOX_ENTRY = re.compile(r"^(?P<kind>[a-z][a-z0-9_]*)(?: x(?P<n>\d+))?$")


@dataclass
class Outcome:
    """What running a scenario found: the differences (empty when it passed) and the game."""

    name: str
    source: str
    failures: list[str] = field(default_factory=list)
    game: Game | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    def report(self) -> str:
        if self.passed:
            return f"PASS {self.source}: {self.name}"
        lines = [f"FAIL {self.source}: {self.name}"] + [f"  - {f}" for f in self.failures]
        if self.game is not None:
            lines.append("  trace (rule: what happened):")
            lines += [f"    {rule}: {text}" for rule, text in self.game.s.trace]
        return "\n".join(lines)


def run_scenario(path: str | Path, extra: dict[str, FactionDef] | None = None) -> Outcome:
    """Load, run and check one scenario file; input errors raise DataError with positions."""
    doc = load_yaml(path)
    problems = validate(doc, "scenario")
    if problems:
        raise DataError(problems)
    d = doc.data
    base = Path(path).parent
    factions = []
    for i, name in enumerate(d["factions"]):
        try:
            factions.append(find_faction(_local_faction(base, name) or name, extra))
        except RootlawError as exc:
            raise DataError([doc.problem(("factions", i), str(exc))]) from None
    rules = make_rules(d.get("map", "autumn"), factions, Options(round_limit=d.get("round_limit", 30)))
    game = Game(rules, _position(doc, rules))
    outcome = Outcome(d.get("name", Path(path).stem), str(path), game=game)
    answers = list(d.get("answers", ()))
    try:
        _run(game, d["run"], answers)
    except RootlawError as exc:
        outcome.failures.append(f"while running: {exc}")
        return outcome
    if answers:
        outcome.failures.append(f"{len(answers)} answer(s) left unused: {answers}")
    outcome.failures += _check(game, d.get("expect", {}))
    return outcome


def _local_faction(base: Path, name: str) -> str | None:
    """A faction file `factions/<name>.yaml` beside the scenario or in a folder above it."""
    for folder in (base, *list(base.parents)[:3]):
        candidate = folder / "factions" / f"{name}.yaml"
        if candidate.is_file():
            return str(candidate)
    return None


def _position(doc: Document, rules) -> State:
    d = doc.data
    s = State()
    s.seats = list(f.id for f in rules.factions.values())
    s.players = {fid: new_player(rules, fid) for fid in s.seats}
    m = rules.map
    s.suits = {c: cl.suit for c, cl in m.clearings.items()}
    for key, suit in (d.get("suits") or {}).items():
        s.suits[int(key)] = suit
    missing = [c for c, suit in s.suits.items() if suit is None]
    if missing:
        raise DataError([doc.problem((), f"this map deals its suits: give 'suits' for clearings {missing}")])
    s.ruins = {c: cl.ruins for c, cl in m.clearings.items() if cl.ruins}
    s.items = dict(rules.deck.items)
    s.closed_paths = [k for k in m.closed_paths if k not in d.get("open_paths", ())]
    s.ferry = m.ferry
    s.rng = d.get("seed", 0)
    game = Game(rules, s)
    problems = []
    for where, entries in (d.get("board") or {}).items():
        loc = _location(doc, rules, where, problems)
        for i, entry in enumerate(entries):
            _place_entry(game, doc, ("board", where, i), loc, entry, problems)
    for fid, boxes in (d.get("boxes") or {}).items():
        _check_faction(doc, rules, ("boxes", fid), fid, problems)
        if fid in s.players:
            _fill_boxes(game, doc, rules, fid, boxes, problems)
    cards = _Cards(doc, rules)
    for fid, hand in (d.get("hands") or {}).items():
        _check_faction(doc, rules, ("hands", fid), fid, problems)
        if fid in s.players:
            s.players[fid].hand = [cards.take(("hands", fid, i), name, problems) for i, name in enumerate(hand)]
    for fid, piles in (d.get("piles") or {}).items():
        _check_faction(doc, rules, ("piles", fid), fid, problems)
        if fid in s.players:
            for pile, names in piles.items():
                s.players[fid].piles[pile] = [cards.take(("piles", fid, pile, i), n, problems)
                                              for i, n in enumerate(names)]
    for fid, names in (d.get("persistent") or {}).items():
        _check_faction(doc, rules, ("persistent", fid), fid, problems)
        if fid in s.players:
            s.players[fid].persistent = [cards.take(("persistent", fid, i), n, problems) for i, n in enumerate(names)]
    s.discard = [cards.take(("discard", i), n, problems) for i, n in enumerate(d.get("discard", ()))]
    top = [cards.take(("deck", i), n, problems) for i, n in enumerate(d.get("deck", ()))]
    rest = cards.remaining()
    Rng(d.get("seed", 0)).shuffle(rest)
    s.deck = rest + list(reversed(top))
    for fid, score in (d.get("scores") or {}).items():
        _check_faction(doc, rules, ("scores", fid), fid, problems)
        if fid in s.players:
            s.players[fid].score = score
    for fid, values in (d.get("vars") or {}).items():
        _check_faction(doc, rules, ("vars", fid), fid, problems)
        if fid in s.players:
            s.players[fid].vars.update(freeze(values))
    turn = d.get("turn", s.seats[0])
    _check_faction(doc, rules, ("turn",), turn, problems)
    s.current = s.seats.index(turn) if turn in s.seats else 0
    s.phase = d.get("phase", "daylight")
    s.forced_dice = list(d.get("dice", ()))
    if problems:
        raise DataError(problems)
    return s


def _check_faction(doc, rules, path, fid, problems) -> None:
    if fid not in rules.factions:
        problems.append(doc.problem(path, f"faction '{fid}' is not seated in this scenario",
                                    f"seated: {', '.join(rules.factions)}", at_key=len(path) > 1))


def _location(doc, rules, where, problems) -> str:
    if isinstance(where, int) or str(where).isdigit():
        if int(where) not in rules.map.clearings:
            problems.append(doc.problem(("board", where), f"no clearing {where} on this map", at_key=True))
        return clearing_loc(int(where))
    match = PATH_KEY.match(str(where))
    if match:
        a, b = sorted(int(x) for x in match.groups())
        key = f"{a}-{b}"
        if key not in rules.map.paths:
            problems.append(doc.problem(("board", where), f"no path {where} on this map", at_key=True))
        return path_loc(key)
    problems.append(doc.problem(("board", where), f"'{where}' is neither a clearing number nor a path like 3-7",
                                at_key=True))
    return clearing_loc(0)


def box_loc(faction: str, box: str) -> str:
    """The location of one of a faction's boxes off the map (as the language's box() gives it)."""
    return f"b{faction}.{box}"


def _fill_boxes(game: Game, doc, rules, fid: str, boxes: dict, problems: list) -> None:
    """Pieces of a faction put in its boxes: entries '<piece> [xN]'."""
    for box, entries in boxes.items():
        if box not in rules.factions[fid].boxes:
            problems.append(doc.problem(("boxes", fid, box), f"{fid} has no box '{box}'",
                                        f"its boxes: {', '.join(rules.factions[fid].boxes) or 'none'}",
                                        at_key=True))
            continue
        for i, entry in enumerate(entries):
            match = BOX_ENTRY.match(str(entry))
            if not match:
                problems.append(doc.problem(("boxes", fid, box, i), f"cannot read '{entry}'",
                                            "write '<piece> [xN]'"))
                continue
            for _ in range(int(match["n"] or 1)):
                _place_one(game, doc, ("boxes", fid, box, i), box_loc(fid, box), fid, match["kind"], problems)


def _place_entry(game: Game, doc, path, loc, entry, problems) -> None:
    match = ENTRY.match(str(entry))
    if not match:
        problems.append(doc.problem(path, f"cannot read '{entry}'",
                                    "write '<faction> <piece> [xN] [holding <faction> <piece> [xN]]'"))
        return
    n = int(match["n"] or 1)
    for _ in range(n):
        holder = _place_one(game, doc, path, loc, match["faction"], match["kind"], problems)
        if holder is not None and match["hf"]:
            for _ in range(int(match["hn"] or 1)):
                _place_one(game, doc, path, piece_loc(holder), match["hf"], match["hk"], problems)


def _place_one(game, doc, path, loc, faction, kind, problems) -> int | None:
    if faction not in game.rules.factions:
        problems.append(doc.problem(path, f"faction '{faction}' is not seated in this scenario"))
        return None
    if kind not in game.rules.factions[faction].pieces:
        problems.append(doc.problem(path, f"{faction} has no piece '{kind}'",
                                    f"its pieces: {', '.join(game.rules.factions[faction].pieces)}"))
        return None
    pid = game.place(faction, kind, loc)
    if pid is None:
        problems.append(doc.problem(path, f"{faction} has no {kind} left in its supply"))
    return pid


class _Cards:
    """Hands out physical cards by card id, each at most once."""

    def __init__(self, doc: Document, rules) -> None:
        self.doc = doc
        self.deck = rules.deck
        self.free = list(range(len(rules.deck.cards)))

    def take(self, path, name, problems) -> int:
        for card in self.free:
            if self.deck.cards[card].id == name:
                self.free.remove(card)
                return card
        known = sorted({c.id for c in self.deck.cards})
        if name in known:
            problems.append(self.doc.problem(path, f"no copy of '{name}' is left in the deck"))
        else:
            close = difflib.get_close_matches(str(name), known, 1)
            problems.append(self.doc.problem(path, f"unknown card '{name}'",
                                             f"did you mean '{close[0]}'?" if close else None))
        return -1

    def remaining(self) -> list[int]:
        return list(self.free)


def _run(game: Game, run: dict, answers: list) -> None:
    s = game.s
    player = run.get("player", game.current)
    if "turn" in run:
        s.stack = [{"op": "turn", "player": player}]
    elif "step" in run:
        s.phase = run["phase"]
        steps = game.faction(player).turn[run["phase"]]
        if run["step"] >= len(steps):
            raise RootlawError(f"{player} has {len(steps)} step(s) in {run['phase']}; there is no step {run['step']}")
        step = steps[run["step"]]
        s.stack = [step_frame(game, player, step)]
    elif "phase" in run:
        s.phase = run["phase"]
        s.stack = [{"op": "steps", "player": player, "phase": run["phase"], "index": 0}]
    elif "setup" in run:
        s.stack = [{"op": "faction_setup", "player": player, "index": 0}]
    elif run["action"] in HANDLERS:
        frame = {"op": run["action"], "player": player}
        frame.update(freeze(run.get("with", {})))
        s.stack = [frame]
    elif run["action"] in game.faction(player).actions:
        # a faction's own action, by id; `with` binds names its effect reads (its params)
        frame = action_frame(game, player, run["action"])
        frame["env"] = freeze(dict(run.get("with", {})))
        s.stack = [frame]
    else:
        known = sorted(set(game.faction(player).actions) | {"move", "battle", "craft"})
        raise RootlawError(f"'{run['action']}' is neither a core action nor an action of {player}; "
                           f"known: {', '.join(known)}")
    game.run()
    while game.pending() is not None and answers:
        game.answer(_option(game, answers.pop(0)))


def _option(game: Game, value: Any) -> Any:
    """The pending decision's option that `value` names.

    Card and piece options are bare numbers that depend on deck and placement order, so a
    scenario may name a card in the decider's hand or piles by its id ("ambush_fox"), a
    persistent card's action by "card:<card id>" ("card:tax_collector") and a piece by
    "<faction> <kind>"; any other value is taken as written.
    """
    decision = game.pending()
    value = freeze(value)
    if decision is None or not isinstance(value, str) or value in decision["options"]:
        return value
    if value.startswith("card:") and not value[5:].isdigit():
        # a persistent card's action, named by the card's id: "card:tax_collector"
        for option in decision["options"]:
            if isinstance(option, str) and option.startswith("card:") and option[5:].isdigit() \
                    and game.rules.deck.cards[int(option[5:])].id == value[5:]:
                return option
        return value
    player = game.s.players[decision["player"]]
    held = set(player.hand).union(*player.piles.values())
    for option in decision["options"]:
        if type(option) is not int:
            continue
        if option in held and game.rules.deck.cards[option].id == value:
            return option
        if option in game.s.pieces and " ".join(game.s.pieces[option][:2]) == value:
            return option
    return value


def _check(game: Game, expect: dict) -> list[str]:
    s = game.s
    out: list[str] = []
    for where, want in (expect.get("board") or {}).items():
        loc = clearing_loc(int(where)) if str(where).isdigit() else path_loc(str(where))
        have = _census(game, loc)
        want = {_entry_key(e): int(ENTRY.match(e)["n"] or 1) for e in want} if isinstance(want, list) else {}
        if have != want:
            out.append(f"pieces at {where}: expected {_fmt(want)}, found {_fmt(have)}")
    for fid, boxes in (expect.get("boxes") or {}).items():
        for box, want in boxes.items():
            have = _census(game, box_loc(fid, box))
            want = {f"{fid} {BOX_ENTRY.match(e)['kind']}": int(BOX_ENTRY.match(e)["n"] or 1) for e in want}
            if have != want:
                out.append(f"box {box} of {fid}: expected {_fmt(want)}, found {_fmt(have)}")
    for fid, score in (expect.get("scores") or {}).items():
        if s.players[fid].score != score:
            out.append(f"score of {fid}: expected {score}, found {s.players[fid].score}")
    for fid, size in (expect.get("hand_sizes") or {}).items():
        if len(s.players[fid].hand) != size:
            out.append(f"hand size of {fid}: expected {size}, found {len(s.players[fid].hand)}")
    for fid, cards in (expect.get("hands") or {}).items():
        have = sorted(game.rules.deck.cards[c].id for c in s.players[fid].hand)
        if have != sorted(cards):
            out.append(f"hand of {fid}: expected {sorted(cards)}, found {have}")
    for fid, cards in (expect.get("persistent") or {}).items():
        have = sorted(game.rules.deck.cards[c].id for c in s.players[fid].persistent)
        if have != sorted(cards):
            out.append(f"play area of {fid}: expected {sorted(cards)}, found {have}")
    for fid, piles in (expect.get("piles") or {}).items():
        for pile, want in piles.items():
            cards = s.players[fid].piles.get(pile, ())
            if isinstance(want, list):  # the cards themselves, by id, in any order
                have_ids = sorted(game.rules.deck.cards[c].id for c in cards)
                if have_ids != sorted(want):
                    out.append(f"pile {pile} of {fid}: expected {sorted(want)}, found {have_ids}")
            elif len(cards) != want:
                out.append(f"pile {pile} of {fid}: expected {want} card(s), found {len(cards)}")
    for fid, supply in (expect.get("supply") or {}).items():
        for kind, n in supply.items():
            if s.players[fid].supply.get(kind, 0) != n:
                out.append(f"supply of {fid} {kind}: expected {n}, found {s.players[fid].supply.get(kind, 0)}")
    for fid, values in (expect.get("vars") or {}).items():
        for name, value in values.items():
            have = s.players[fid].vars.get(name)
            if have != freeze(value):
                out.append(f"variable {name} of {fid}: expected {value}, found {have}")
    if "discard" in expect and len(s.discard) != expect["discard"]:
        out.append(f"discard pile: expected {expect['discard']} card(s), found {len(s.discard)}")
    if "deck" in expect and len(s.deck) != expect["deck"]:
        out.append(f"deck: expected {expect['deck']} card(s), found {len(s.deck)}")
    if "winner" in expect and s.winner != expect["winner"]:
        out.append(f"winner: expected {expect['winner']}, found {s.winner}")
    if "items" in expect:
        for fid, items in expect["items"].items():
            if sorted(s.players[fid].items) != sorted(items):
                out.append(f"items of {fid}: expected {sorted(items)}, found {sorted(s.players[fid].items)}")
    fired = [rule for rule, _ in s.trace]
    if "fired" in expect and not _subsequence([str(r) for r in expect["fired"]], fired):
        out.append(f"rules fired: expected {expect['fired']} in this order, fired {fired}")
    for rule in expect.get("not_fired", ()):
        if str(rule) in fired:
            out.append(f"rule {rule} fired but should not have")
    if "pending" in expect:
        decision = game.pending()
        kind = decision["kind"] if decision else None
        if kind != expect["pending"]:
            out.append(f"pending decision: expected {expect['pending']}, found {kind}")
        elif "options" in expect and [_option(game, o) for o in expect["options"]] != list(decision["options"]):
            out.append(f"options: expected {expect['options']}, found {[_show(o) for o in decision['options']]}")
    elif game.pending() is not None:
        d = game.pending()
        out.append(f"a decision is still pending: '{d['kind']}' for {d['player']} "
                   f"(options: {', '.join(_show(o) for o in d['options'][:10])}); add answers")
    return out


def _census(game: Game, loc: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for pid in game.pieces_at(loc):
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


def _subsequence(wanted: list[str], fired: list[str]) -> bool:
    it = iter(fired)
    return all(any(rule == f for f in it) for rule in wanted)


def scenario_files(paths: list[str]) -> list[Path]:
    """Scenario files among `paths`, searching folders for *.yaml."""
    out = []
    for p in paths:
        path = Path(p)
        out += sorted(path.rglob("*.scenario.yaml")) if path.is_dir() else [path]
    return out
