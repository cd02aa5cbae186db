"""Game records and saved games.

A record (format version, setup, seed, answers) replays to the same final state, checked by
the state hash; a saved game is the full state as JSON, loadable at any decision.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .content import find_faction, make_rules
from .errors import DataError, Problem, RootlawError
from .game import Game, Options, Rules
from .packs import load_packs
from .setup import new_game
from .state import State

FORMAT_VERSION = 1


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

    def options(self) -> Options:
        return Options(round_limit=self.round_limit, deal_suits=self.deal_suits)

    def rules(self) -> Rules:
        """The rules of this game, with the factions, maps and decks of its packs."""
        extra = load_packs(self.packs)
        if self.deck != "standard" and self.deck not in extra.decks:
            known = ", ".join(["standard", *sorted(extra.decks)])
            raise RootlawError(f"unknown deck '{self.deck}'; known decks: {known}")
        deck = extra.decks.get(self.deck)
        return make_rules(self.map, [find_faction(f, extra.factions) for f in self.factions], self.options(),
                          deck=deck, maps=extra.maps)

    def start(self, rules: Rules | None = None) -> Game:
        rules = rules or self.rules()
        return new_game(rules, [f.id for f in rules.factions.values()], self.seed)


@dataclass
class Record:
    setup: Setup
    answers: list[Any]
    final_hash: str | None = None
    version: int = FORMAT_VERSION

    def to_json(self) -> dict:
        return {"version": self.version, "setup": asdict(self.setup), "answers": self.answers,
                "final_hash": self.final_hash}

    @classmethod
    def from_json(cls, data: dict, source: str = "<record>") -> "Record":
        _check_version(data, source)
        try:
            return cls(setup=Setup(**data["setup"]), answers=list(data["answers"]),
                       final_hash=data.get("final_hash"), version=data["version"])
        except (KeyError, TypeError) as exc:
            raise DataError([Problem(source, 1, 1, f"not a rootlaw game record ({exc})")]) from None


def replay(record: Record, rules: Rules | None = None) -> Game:
    """Start the record's game and give its answers in order."""
    game = record.setup.start(rules)
    for i, answer in enumerate(record.answers):
        if game.pending() is None:
            raise RootlawError(f"the record has {len(record.answers) - i} answer(s) after the game ended")
        game.answer(answer)
    return game


def save_game(game: Game, setup: Setup, path: str | Path) -> None:
    data = {"version": FORMAT_VERSION, "setup": asdict(setup), "state": game.s.to_json()}
    Path(path).write_text(json.dumps(data))


def load_game(path: str | Path, rules: Rules | None = None) -> tuple[Game, Setup]:
    source = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError([Problem(source, 1, 1, "file not found")]) from None
    except json.JSONDecodeError as exc:
        raise DataError([Problem(source, exc.lineno, exc.colno, f"not valid JSON: {exc.msg}")]) from None
    _check_version(data, source)
    try:
        setup = Setup(**data["setup"])
        state = State.from_json(data["state"])
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError([Problem(source, 1, 1, f"not a rootlaw saved game (missing or bad {exc})",
                                 "save games with `rootlaw play --save FILE`")]) from None
    return Game(rules or setup.rules(), state), setup


def _check_version(data: Any, source: str) -> None:
    if not isinstance(data, dict) or "version" not in data:
        raise DataError([Problem(source, 1, 1, "not a rootlaw file: no 'version' key")])
    if data["version"] != FORMAT_VERSION:
        raise DataError([Problem(source, 1, 1, f"format version {data['version']} is not supported",
                                 f"this rootlaw reads version {FORMAT_VERSION}")])


__all__ = ["Record", "Setup", "replay", "save_game", "load_game", "FORMAT_VERSION"]
