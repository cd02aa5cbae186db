"""Scenarios for rules-lawyers: set up a position, make a move, check what happened.

A scenario file gives a position (map, seats, pieces in clearings, on paths and held on other
pieces, hands, deck order, scores, whose turn and which phase), forced dice, the answers to
decisions, what to run (an action, a step, a phase, a whole turn or the whole game setup) and
what must hold afterwards (`rootlaw.scenarios.expect`), once or at checkpoints (`steps`), with
either/or outcomes where a ruling is open (`expect_any`). Everything the file names is checked
before it runs (`rootlaw.scenarios.checks`), so mistakes are errors at file:line:col.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rootlaw.content.catalog import find_faction, make_rules
from rootlaw.content.factions import FactionDef
from rootlaw.core.board import MapDef
from rootlaw.core import invariant_abilities
from rootlaw.core.frames import ENTRIES
from rootlaw.core.hooks import ANY_CHANGE
from rootlaw.core.game import Game, Options
from rootlaw.core.locations import piece_loc
from rootlaw.core.option_names import find_option
from rootlaw.core.rng import Rng
from rootlaw.core.state import State, freeze
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.schemas import validate
from rootlaw.language.statements import action_frame
from rootlaw.play.actions import step_frame
from rootlaw.play.setup import new_player

from .checks import ENTRY_HINT, Names, whole_numbers
from .expect import BOX_ENTRY, ENTRY, Since, box_loc, check, location_of, written


@dataclass
class Outcome:
    """What running a scenario found: the differences (empty when it passed) and the game."""

    name: str
    source: str
    failures: list[str] = field(default_factory=list)
    game: Game | None = None
    rulings: list[str] = field(default_factory=list)  # the `expect_any` outcomes that held

    @property
    def passed(self) -> bool:
        return not self.failures

    def report(self) -> str:
        if self.passed:
            held = "".join(f" (held: {r})" for r in self.rulings)
            return f"PASS {self.source}: {self.name}{held}"
        lines = [f"FAIL {self.source}: {self.name}"] + [f"  - {f}" for f in self.failures]
        if self.game is not None:
            lines.append("  trace (rule: what happened):")
            lines += [f"    {rule}: {text}" for rule, text in self.game.s.trace]
        return "\n".join(lines)


def run_scenario(path: str | Path, extra: dict[str, FactionDef] | None = None,
                 maps: dict[str, MapDef] | None = None) -> Outcome:
    """Load, run and check one scenario file; input errors raise DataError with positions.

    `extra` and `maps` are factions and maps from packs, found by id beside the bundled ones.
    """
    doc = load_yaml(path)
    problems = (validate(doc, "scenario") + _one_plan(doc)) or whole_numbers(doc)
    if problems:
        raise DataError(problems)
    d = doc.data
    base = Path(path).resolve().parent
    factions = []
    for i, name in enumerate(d["factions"]):
        if name in d["factions"][:i]:
            raise DataError([doc.problem(("factions", i), f"faction '{name}' is seated twice",
                                         "each faction can be played by only one seat")])
        try:
            factions.append(find_faction(_local_faction(base, name) or name, extra))
        except RootlawError as exc:
            raise DataError([doc.problem(("factions", i), str(exc))]) from None
    try:
        rules = make_rules(d.get("map", "autumn"), factions, Options(round_limit=d.get("round_limit", 30)), maps=maps)
    except RootlawError as exc:
        raise DataError([doc.problem(("map",), str(exc))]) from None
    state = _position(doc, rules)
    _check_names(doc, rules, state.seats[state.current])
    game = Game(rules, state)
    outcome = Outcome(d.get("name", Path(path).stem), str(path), game=game)
    for where, step in _steps(d):
        label = f"step {where[1] + 1}: " if where else ""
        since = Since(len(game.s.trace), len(game.s.log), [])
        game.offered = since.offered
        answers = list(step.get("answers", ()))
        try:
            if "run" in step:
                _start(game, step["run"])
                if not where or where[1] == 0:
                    _check_position(game)
            game.run()
            while game.pending() is not None and answers:
                game.answer(_option(game, answers.pop(0)))
        except RootlawError as exc:
            outcome.failures.append(f"{label}while running: {exc}")
            return outcome
        except (AssertionError, AttributeError, RecursionError, OverflowError) as exc:
            # a position the rules never meant to reach; say so rather than show a traceback
            outcome.failures.append(f"{label}while running, the engine failed: {type(exc).__name__}: {exc}")
            return outcome
        if answers:
            outcome.failures.append(f"{label}{len(answers)} answer(s) left unused: {written(answers)}")
        outcome.failures += [label + f for f in check(game, step.get("expect", {}), since)]
        if "expect_any" in step:
            outcome.failures += [label + f for f in _check_any(game, step["expect_any"], since, outcome)]
    game.offered = None
    return outcome


def _check_position(game: Game) -> None:
    """The invariants hold in the position as set up, as they do in a game: the repair of any
    that does not (or that fills a variable it keeps) runs before what the scenario runs."""
    game.changed.add(ANY_CHANGE)
    invariant_abilities.check(game)


def _one_plan(doc: Document) -> list:
    """A scenario runs once (`run`, `answers`, `expect`) or in checkpoints (`steps`), not both."""
    d = doc.data
    if not isinstance(d, dict):
        return []
    if "steps" in d:
        problems = [doc.problem((key,), f"'{key}' and 'steps' cannot both be given", f"move '{key}' into a step",
                                at_key=True) for key in ("run", "answers", "expect", "expect_any") if key in d]
        steps = d["steps"]
        if isinstance(steps, list) and steps and isinstance(steps[0], dict) and "run" not in steps[0]:
            problems.append(doc.problem(("steps", 0), "the first step has no 'run': nothing has started yet",
                                        "give the first step a 'run'; later steps without one answer "
                                        "the decision the step before left pending"))
        return problems
    if "run" not in d:
        return [doc.problem((), "nothing to run: give 'run' (with 'answers' and 'expect') or 'steps'")]
    return []


def _steps(d: dict) -> list[tuple[tuple, dict]]:
    """(path in the file, step) for each checkpoint; a file without `steps` is one step."""
    if "steps" in d:
        return [(("steps", i), step) for i, step in enumerate(d["steps"])]
    return [((), d)]


def _check_any(game: Game, alternatives: list[dict], since: Since, outcome: Outcome) -> list[str]:
    """`expect_any`: the position may be any one of several, each under a named ruling."""
    found = {}
    for alt in alternatives:
        failures = check(game, {k: v for k, v in alt.items() if k != "ruling"}, since, whole=False)
        if not failures:
            outcome.rulings.append(alt["ruling"])
            return []
        found[alt["ruling"]] = failures
    return ["no outcome of expect_any held:"] + [f"  under '{ruling}': {'; '.join(f)}" for ruling, f in found.items()]


def _check_names(doc: Document, rules, current: str) -> None:
    """Every faction, clearing, piece, pile and action that run and expect name must exist."""
    names = Names(doc, rules)
    for where, step in _steps(doc.data):
        if "run" in step:
            names.run(where + ("run",), step["run"], current)
        names.expect(where + ("expect",), step.get("expect") or {})
        for i, alt in enumerate(step.get("expect_any") or ()):
            names.expect(where + ("expect_any", i), alt)
    if names.problems:
        raise DataError(names.problems)


def _local_faction(base: Path, name: str) -> str | None:
    """A faction file `factions/<name>.yaml` beside the scenario or in a folder above it
    (`base` is absolute, so this does not depend on the folder the command runs from)."""
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
    names = Names(doc, rules)
    problems = names.problems
    s.suits = {c: cl.suit for c, cl in m.clearings.items()}
    for key, suit in (d.get("suits") or {}).items():
        if names.clearing(("suits", key), key, at_key=True):
            s.suits[int(key)] = suit
    missing = [c for c, suit in s.suits.items() if suit is None]
    if missing:
        raise DataError([doc.problem((), f"this map deals its suits: give 'suits' for clearings {missing}")])
    s.ruins = {c: cl.ruins for c, cl in m.clearings.items() if cl.ruins}
    s.items = dict(rules.deck.items)
    opened = []
    for i, key in enumerate(d.get("open_paths", ())):
        a, b = sorted(int(x) for x in key.split("-"))
        opened.append(f"{a}-{b}")
        if opened[-1] not in m.closed_paths:
            problems.append(doc.problem(("open_paths", i), f"{key} is not a closed path of this map",
                                        f"closed paths: {', '.join(m.closed_paths) or 'none'}"))
    s.closed_paths = [k for k in m.closed_paths if k not in opened]
    s.ferry = m.ferry
    s.rng = d.get("seed", 0)
    game = Game(rules, s)
    for where, entries in (d.get("board") or {}).items():
        if names.location(("board", where), where):
            for i, entry in enumerate(entries):
                _place_entry(game, names, ("board", where, i), location_of(where), entry)
    for fid, boxes in (d.get("boxes") or {}).items():
        if names.faction(("boxes", fid), fid, at_key=True):
            _fill_boxes(game, names, fid, boxes)
    cards = _Cards(doc, rules)
    for fid, hand in (d.get("hands") or {}).items():
        if names.faction(("hands", fid), fid, at_key=True):
            s.players[fid].hand = [cards.take(("hands", fid, i), name, problems) for i, name in enumerate(hand)]
    for fid, piles in (d.get("piles") or {}).items():
        if names.faction(("piles", fid), fid, at_key=True):
            for pile, listed in piles.items():
                if names.pile(("piles", fid, pile), fid, pile):
                    s.players[fid].piles[pile] = [cards.take(("piles", fid, pile, i), n, problems)
                                                  for i, n in enumerate(listed)]
    for fid, listed in (d.get("persistent") or {}).items():
        if names.faction(("persistent", fid), fid, at_key=True):
            s.players[fid].persistent = [cards.take(("persistent", fid, i), n, problems) for i, n in enumerate(listed)]
    s.discard = [cards.take(("discard", i), n, problems) for i, n in enumerate(d.get("discard", ()))]
    top = [cards.take(("deck", i), n, problems) for i, n in enumerate(d.get("deck", ()))]
    rest = cards.remaining()
    Rng(d.get("seed", 0)).shuffle(rest)
    s.deck = rest + list(reversed(top))
    for fid, score in (d.get("scores") or {}).items():
        if names.faction(("scores", fid), fid, at_key=True):
            s.players[fid].score = score
    for fid, values in (d.get("vars") or {}).items():
        if names.faction(("vars", fid), fid, at_key=True):
            for name in values:
                names.variable(("vars", fid, name), fid, name)
            s.players[fid].vars.update(freeze(values))
    turn = d.get("turn", s.seats[0])
    s.current = s.seats.index(turn) if names.faction(("turn",), turn) else 0
    s.phase = d.get("phase", "daylight")
    s.forced_dice = list(d.get("dice", ()))
    if problems:
        raise DataError(problems)
    return s


def _fill_boxes(game: Game, names: Names, fid: str, boxes: dict) -> None:
    """Pieces of a faction put in its boxes: entries '<piece> [xN]'."""
    for box, entries in boxes.items():
        if not names.box(("boxes", fid, box), fid, box):
            continue
        for i, entry in enumerate(entries):
            match = BOX_ENTRY.match(str(entry))
            if not match:
                names.add(("boxes", fid, box, i), f"cannot read '{entry}'", "write '<piece> [xN]'")
                continue
            _place_many(game, names, ("boxes", fid, box, i), box_loc(fid, box), fid, match["kind"], match["n"])


def _place_entry(game: Game, names: Names, path: tuple, loc: str, entry: str) -> None:
    match = ENTRY.match(str(entry))
    if not match:
        names.add(path, f"cannot read '{entry}'", ENTRY_HINT)
        return
    for holder in _place_many(game, names, path, loc, match["faction"], match["kind"], match["n"]):
        if match["hf"]:
            _place_many(game, names, path, piece_loc(holder), match["hf"], match["hk"], match["hn"])


def _place_many(game: Game, names: Names, path: tuple, loc: str, faction: str, kind: str,
                count: str | None) -> list[int]:
    """Place `count` pieces (one when not given); each must fit the rules of placing."""
    if not names.piece(path, faction, kind):
        return []
    n = int(count or 1)
    left = game.s.players[faction].supply.get(kind, 0)
    if n > left:
        names.add(path, f"{faction} has only {left} {kind} left in its supply, not {n}")
        return []
    placed = []
    for _ in range(n):
        why = game.why_not_place(faction, kind, loc)
        if why is not None:
            names.add(path, f"illegal position: {why}")
            break
        placed.append(game.place(faction, kind, loc))
    return placed


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


def _start(game: Game, run: dict) -> None:
    """Put on the stack what `run` asks for, from the position as it stands."""
    s = game.s
    s.decision = None
    player = run.get("player", game.current)
    if "turn" in run:
        s.stack = [{"op": "turn", "player": player}]
    elif "game_setup" in run:
        s.stack = [{"op": "setup"}]
    elif "step" in run:
        s.phase = run["phase"]
        s.stack = [step_frame(game, player, game.faction(player).turn[run["phase"]][run["step"]])]
    elif "phase" in run:
        s.phase = run["phase"]
        op = "phase" if run.get("whole") else "steps"
        s.stack = [{"op": op, "player": player, "phase": run["phase"], "index": 0}]
    elif "setup" in run:
        s.stack = [{"op": "faction_setup", "player": player, "index": 0}]
    elif run["action"] in ENTRIES:
        frame = {"op": run["action"], "player": player}
        frame.update(freeze(run.get("with", {})))
        s.stack = [frame]
    else:
        # a faction's own action, by id; `with` binds names its effect reads (its params)
        frame = action_frame(game, player, run["action"])
        frame["env"] = freeze(dict(run.get("with", {})))
        s.stack = [frame]


def _option(game: Game, value: Any) -> Any:
    """The pending decision's option that `value` names.

    Answers name options as messages show them (see `rootlaw.core.option_names`): a card by its id
    ("ambush_fox"), a persistent card's action by "card:<card id>", a piece by
    "<faction> <kind>", a reaction by its ability id, a clearing by its number. A card in the
    decider's hand or piles and a piece are also found by name where the decision does not
    say what its numbers are.
    """
    decision = game.pending()
    value = freeze(value)
    found = find_option(game, decision, value)
    if found is not value or not isinstance(value, str):
        return found
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


def scenario_files(paths: list[str]) -> list[Path]:
    """Scenario files among `paths`, searching folders for *.scenario.yaml."""
    out = []
    for p in paths:
        path = Path(p)
        out += sorted(path.rglob("*.scenario.yaml")) if path.is_dir() else [path]
    return out
