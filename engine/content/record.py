"""Game records and saved games.

A record (format version, setup, seed, answers) replays to the same final state, checked by
the state hash; a saved game is the full state as JSON, loadable at any decision.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rootlaw.core.game import Game, Options, Rules
from rootlaw.core.invariants import violations
from rootlaw.core.narration import entry_problem
from rootlaw.core.state import State
from rootlaw.errors import DataError, Problem, RootlawError
from rootlaw.files.jsonfile import read_json, write_json
from rootlaw.play.setup import new_game

from .catalog import find_faction, is_faction_name, is_id, make_rules
from .packs import load_packs
from .variations import Variation, vary

FORMAT_VERSION = 2  # 2: factions, map and deck by id only; the stalemate counters in the state
MAX_SEED = 10**15    # the largest seed and round limit a record or save holds: whoever starts a
MAX_ROUNDS = 10**15  # game (the command line, the web table) refuses more, so every save loads


@dataclass
class Setup:
    """Everything needed to start the same game again."""

    map: str
    factions: list[str]
    seed: int
    round_limit: int = 30
    deal_suits: bool = False
    packs: list[str] = field(default_factory=list)
    deck: str = "standard"
    seat_order: str = "random"  # "random": shuffled by the seed; "given": the order of `factions`
    vary: Variation = field(default_factory=dict)  # other values for factions' variables and tracks

    def options(self) -> Options:
        return Options(round_limit=self.round_limit, deal_suits=self.deal_suits)

    def rules(self) -> Rules:
        """The rules of this game, with the factions, maps and decks of its packs."""
        extra = load_packs(self.packs)
        if self.deck != "standard" and self.deck not in extra.decks:
            known = ", ".join(["standard", *sorted(extra.decks)])
            raise RootlawError(f"unknown deck '{self.deck}'; known decks: {known}")
        deck = extra.decks.get(self.deck)
        factions = [find_faction(f, extra.factions) for f in self.factions]
        unknown = sorted(set(self.vary) - {f.id for f in factions})
        if unknown:
            raise RootlawError(f"the game varies faction '{unknown[0]}', which does not play in it")
        return make_rules(self.map, [vary(f, self.vary.get(f.id, {})) for f in factions], self.options(),
                          deck=deck, maps=extra.maps)

    def to_json(self) -> dict:
        """The setup as a record or save writes it (no `vary` when nothing is varied)."""
        data = asdict(self)
        if not self.vary:
            del data["vary"]
        return data

    def start(self, rules: Rules | None = None) -> Game:
        """The game set up and run to its first decision."""
        rules = rules or self.rules()
        return new_game(rules, [f.id for f in rules.factions.values()], self.seed,
                        shuffle=self.seat_order != "given")

    @classmethod
    def from_json(cls, data: Any, source: str, packs: list[str] | None = None,
                  what: str = "game record") -> "Setup":
        """The setup written in a record or save, checked field by field.

        A file names its map, factions and deck by id only; the packs it was played with are
        not read from the file but given by the caller (the command line's --pack), since a
        file from a stranger must not choose which files rootlaw reads.
        """
        def bad(message: str, hint: str | None = None) -> DataError:
            return DataError([Problem(source, 1, 1, f"not a rootlaw {what}: in its setup, {message}", hint)])

        if not isinstance(data, dict):
            raise bad("must be an object")
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise bad(f"unknown field(s) {', '.join(map(repr, unknown))}")
        for name in ("map", "deck"):
            if name in data and not is_id(data[name]):
                raise bad(f"'{name}' must be an id such as 'autumn' (lowercase letters, digits, '_')")
        factions = data.get("factions")
        if not isinstance(factions, list) or not all(is_faction_name(f) for f in factions):
            raise bad("'factions' must be a list of faction ids",
                      "records and saves name factions by id; give packs with --pack")
        for name, low, high in (("seed", 0, MAX_SEED), ("round_limit", 1, MAX_ROUNDS)):
            value = data.get(name, low)
            if not _whole(value) or value < low or value > high:
                raise bad(f"'{name}' must be a whole number from {low} to {high:,}, not {_brief(value)}")
        if not isinstance(data.get("deal_suits", False), bool):
            raise bad("'deal_suits' must be true or false")
        if data.get("seat_order", "random") not in ("random", "given"):
            raise bad("'seat_order' must be \"random\" or \"given\"")
        listed = data.get("packs", [])
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise bad("'packs' must be a list of names")
        if listed and not packs:
            names = ", ".join(Path(p).name for p in listed[:5])
            raise bad(f"this game was played with packs ({names}) that were not given",
                      "give them on the command line with --pack PATH")
        variation = data.get("vary", {})
        if not isinstance(variation, dict) or not all(
                is_id(f) and isinstance(v, dict) and all(is_id(n) for n in v) for f, v in variation.items()):
            raise bad("'vary' must map faction ids to names of variables or tracks and their values")
        if "map" not in data:
            raise bad("'map' is missing")
        return cls(**{**data, "packs": list(packs or ())})


@dataclass
class Record:
    """A game as its setup and answers, which replay to the same state (`final_hash` checks it)."""

    setup: Setup
    answers: list[Any]
    final_hash: str | None = None
    version: int = FORMAT_VERSION

    def to_json(self) -> dict:
        return {"version": self.version, "setup": self.setup.to_json(), "answers": self.answers,
                "final_hash": self.final_hash}

    @classmethod
    def from_json(cls, data: Any, source: str = "<record>", packs: list[str] | None = None) -> "Record":
        """A record read from JSON; `packs` are the packs the caller gives (see Setup.from_json)."""
        _check_version(data, source)
        if "setup" not in data or not isinstance(data.get("answers"), list):
            raise DataError([Problem(source, 1, 1, "not a rootlaw game record: it needs 'setup' and a list 'answers'")])
        final = data.get("final_hash")
        if final is not None and not isinstance(final, str):
            raise DataError([Problem(source, 1, 1, "'final_hash' must be a string")])
        return cls(setup=Setup.from_json(data["setup"], source, packs), answers=list(data["answers"]),
                   final_hash=final, version=data["version"])

    @classmethod
    def load(cls, path: str | Path, packs: list[str] | None = None) -> "Record":
        return cls.from_json(read_json(path, "game record"), str(path), packs)


def replay(record: Record, rules: Rules | None = None) -> Game:
    """Start the record's game and give its answers in order."""
    game = record.setup.start(rules)
    for i, answer in enumerate(record.answers):
        if game.pending() is None:
            raise RootlawError(f"the record has {len(record.answers) - i} answer(s) after the game ended")
        game.answer(answer)
    return game


def save_game(game: Game, setup: Setup, path: str | Path) -> None:
    """Write the whole state, with its setup, as JSON (`load_game` reads it back)."""
    data = {"version": FORMAT_VERSION, "setup": setup.to_json(), "state": game.s.to_json()}
    write_json(path, data, "saved game")


def load_game(path: str | Path, rules: Rules | None = None,
              packs: list[str] | None = None) -> tuple[Game, Setup]:
    """A saved game, refused unless its state is sound (rootlaw.core.invariants) and fits its rules;
    `packs` are the packs the caller gives (see Setup.from_json)."""
    return game_from_save(read_json(path, "saved game"), str(path), rules, packs)


def game_from_save(data: Any, source: str, rules: Rules | None = None,
                   packs: list[str] | None = None) -> tuple[Game, Setup]:
    """A saved game already read as JSON (an upload, say), checked as `load_game` checks a file."""
    _check_version(data, source)
    if "setup" not in data:
        raise DataError([Problem(source, 1, 1, "not a rootlaw saved game: no 'setup'")])
    setup = Setup.from_json(data["setup"], source, packs, "saved game")
    try:
        state = State.from_json(data["state"])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DataError([Problem(source, 1, 1, f"not a rootlaw saved game (missing or bad {exc})",
                                 "save games with `rootlaw play --save FILE`")]) from None
    rules = rules or setup.rules()
    if not isinstance(state.seats, list) or sorted(map(str, state.seats)) != sorted(rules.factions):
        raise DataError([Problem(source, 1, 1, "the saved state's seats are not the setup's factions")])
    game = Game(rules, state)
    broken = _unsound(game)
    if broken:
        shown = "; ".join(broken[:5]) + (f"; and {len(broken) - 5} more" if len(broken) > 5 else "")
        raise DataError([Problem(source, 1, 1, f"the saved game is not a sound state: {shown}",
                                 "was the file edited by hand? save games with `rootlaw play --save FILE`")])
    return game, setup


def _unsound(game: Game) -> list[str]:
    """What is wrong with a loaded state: its invariants, plus value types JSON may smuggle in."""
    s = game.s
    found = [f"{f}'s score {_brief(p.score)} is not a whole number" for f, p in sorted(s.players.items())
             if not _whole(getattr(p, "score", None))]
    for name in ("round", "current", "next_piece", "rng", "steps"):
        if not _whole(getattr(s, name)):
            found.append(f"'{name}' is {_brief(getattr(s, name))}, not a whole number")
    if not isinstance(s.stack, list) or not all(isinstance(f, dict) and isinstance(f.get("op"), str)
                                                 for f in s.stack):
        found.append("the stack of rules is malformed")
    elif any(f["op"] not in _handlers() for f in s.stack):
        found.append("the stack names a rules step that does not exist")
    elif s.decision is not None and not isinstance(s.decision, dict):
        found.append("the pending decision is malformed")
    if not isinstance(s.log, list) or not isinstance(s.trace, list):
        found.append("the log or trace is malformed")
    else:
        found += sorted({p for p in map(lambda e: entry_problem(game, e), s.log) if p})[:3]
    if not isinstance(s.known, dict) or not all(seat in s.players and isinstance(cards, dict)
                                                 and all(isinstance(v, str) for v in cards.values())
                                                 for seat, cards in s.known.items()):
        found.append("what each seat was shown is malformed")
    found += violations(game, ledger=True) if not found else []
    return found or _decision_replayed(game)


def _decision_replayed(game: Game) -> list[str]:
    """The pending decision must be the one the rules ask: a clone with the decision taken away
    runs its waiting rule again, which asks afresh (rules are resumable: an answer re-enters
    the rule that asked), and the two must agree."""
    if game.s.decision is None:
        return []
    probe = game.clone()
    probe.s.decision = None
    try:
        probe.run()
    except RootlawError as exc:
        return [f"the rules cannot go on from this state: {exc}"]
    asked, saved = probe.s.decision or {}, game.s.decision
    if any(asked.get(k) != saved.get(k) for k in ("player", "kind", "options", "slot")):
        return [f"the pending decision ('{saved.get('kind')}' for {saved.get('player')}) is not the one "
                f"the rules ask here ('{asked.get('kind')}' for {asked.get('player')})"]
    return []


def _handlers() -> dict:
    from rootlaw.core.frames import HANDLERS
    return HANDLERS


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_version(data: Any, source: str) -> None:
    if not isinstance(data, dict) or "version" not in data:
        raise DataError([Problem(source, 1, 1, "not a rootlaw file: no 'version' key")])
    if not _whole(data["version"]) or data["version"] != FORMAT_VERSION:
        raise DataError([Problem(source, 1, 1, f"format version {_brief(data['version'])} is not supported",
                                 f"this rootlaw reads version {FORMAT_VERSION}")])


__all__ = ["Record", "Setup", "replay", "save_game", "load_game", "game_from_save", "FORMAT_VERSION", "MAX_SEED",
           "MAX_ROUNDS"]
