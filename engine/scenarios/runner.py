"""Scenarios for rules-lawyers: set up a position, make a move, check what happened.

A scenario file gives a position (map, seats, pieces in clearings, on paths and held on other
pieces, hands, deck order, scores, whose turn and which phase), forced dice, the answers to
decisions, what to run (an action, a step, a phase, a whole turn or the whole game setup) and
what must hold afterwards (`rootlaw.scenarios.expect`), once or at checkpoints (`steps`), with
either/or outcomes where a ruling is open (`expect_any`). Everything the file names is checked
before it runs (`rootlaw.scenarios.checks`), so mistakes are errors at file:line:col.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rootlaw.content.catalog import find_faction, make_rules
from rootlaw.content.factions import FactionDef
from rootlaw.core import invariant_abilities
from rootlaw.core.board import MapDef
from rootlaw.core.frames import ENTRIES
from rootlaw.core.game import Game, Options
from rootlaw.core.hooks import ANY_CHANGE
from rootlaw.core.option_names import find_option
from rootlaw.core.state import freeze
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.schemas import validate
from rootlaw.language.statements import action_frame
from rootlaw.play.actions import step_frame

from .checks import Names, whole_numbers
from .expect import Since, check, written
from .position import position


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

    def report(self, trace: bool = False) -> str:
        """PASS or FAIL with the differences; the trace of rules fired on a failure, and on a
        pass too with `trace`."""
        if self.passed:
            held = "".join(f" (held: {r})" for r in self.rulings)
            lines = [f"PASS {self.source}: {self.name}{held}"]
        else:
            lines = [f"FAIL {self.source}: {self.name}"] + [f"  - {f}" for f in self.failures]
        if self.game is not None and (trace or not self.passed):
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
            factions.append(find_faction(local_faction(base, name) or name, extra))
        except RootlawError as exc:
            raise DataError([doc.problem(("factions", i), str(exc))]) from None
    try:
        rules = make_rules(d.get("map", "autumn"), factions, Options(round_limit=d.get("round_limit", 30)), maps=maps)
    except RootlawError as exc:
        raise DataError([doc.problem(("map",), str(exc))]) from None
    state = position(doc, rules)
    _check_names(doc, rules, state.seats[state.current])
    game = Game(rules, state)
    outcome = Outcome(d.get("name", Path(path).stem), str(path), game=game)
    for where, step in _steps(d):
        label = f"step {where[1] + 1}: " if where else ""
        since = Since(len(game.s.trace), len(game.s.log), [])
        game.offered = since.offered
        failure = _play(game, step.get("run"), list(step.get("answers", ())), since,
                        first=not where or where[1] == 0)
        if failure:
            outcome.failures.append(label + failure)
            if failure.startswith("while running"):
                return outcome
        failures: list[str] = []
        if "expect_any" in step:
            branch, failures = _check_any(game, step["expect_any"], since, outcome)
            if branch is not None:  # the outcome that held had answers of its own: go on from there
                game, since = branch.game, branch.since
                outcome.game = game
        outcome.failures += [label + f for f in check(game, step.get("expect", {}), since)]
        outcome.failures += [label + f for f in failures]
    game.offered = None
    return outcome


def _play(game: Game, run: dict | None, answers: list, since: Since, first: bool = True) -> str | None:
    """Start `run` (if any) and give the answers; what went wrong, or None. Before the first
    step's run, the invariants are checked on the position as set up."""
    given = 0
    try:
        if run is not None:
            _start(game, run)
            if first:
                _check_position(game)
        game.run()
        while game.pending() is not None and answers:
            mark = len(since.offered)
            value = answers.pop(0)
            given += 1
            try:
                game.answer(_option(game, value))
            except RootlawError as exc:
                return f"while running: {exc}{_shifted(since.offered[:mark], value)}"
    except RootlawError as exc:
        return f"while running: {exc}"
    except (AssertionError, AttributeError, RecursionError, OverflowError) as exc:
        # a position the rules never meant to reach; say so rather than show a traceback
        return f"while running, the engine failed: {type(exc).__name__}: {exc}"
    if answers:
        return f"{len(answers)} answer(s) left unused: {written(answers)}{_shifted(since.offered, answers[0])}"
    return None


def _shifted(offered: list[dict], answer: Any) -> str:
    """When decisions with one option answered themselves, an answer written for one of them
    shifts every answer after it: say which did, and which took the answer's name."""
    alone = [d for d in offered if len(d["options"]) == 1]
    if not alone:
        return ""
    named = [d for d in alone if str(answer) in (d["names"][0], str(d["options"][0]))]
    shown = "; ".join(f"'{d['kind']}' for {d['player']} ({d['names'][0]})" for d in (named or alone)[-3:])
    if named:
        return (f"\n    note: '{written([answer])}' is the only option of a decision that answered itself "
                f"({shown}): leave that answer out, and the answers after it move up one place")
    return (f"\n    note: decisions with one option answered themselves and took no answer ({shown}); "
            f"if an answer was written for one of them, the answers after it are one place off")


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
    problems = [doc.problem(where + ("expect", "answers"), "an 'expect' takes no answers",
                            "answers are the step's, or those of one outcome of expect_any", at_key=True)
                for where, step in _steps(d) if isinstance(step, dict) and isinstance(step.get("expect"), dict)
                and "answers" in step["expect"]]
    if "steps" in d:
        problems += [doc.problem((key,), f"'{key}' and 'steps' cannot both be given", f"move '{key}' into a step",
                                 at_key=True) for key in ("run", "answers", "expect", "expect_any") if key in d]
        steps = d["steps"]
        if isinstance(steps, list) and steps and isinstance(steps[0], dict) and "run" not in steps[0]:
            problems.append(doc.problem(("steps", 0), "the first step has no 'run': nothing has started yet",
                                        "give the first step a 'run'; later steps without one answer "
                                        "the decision the step before left pending"))
        return problems
    if "run" not in d:
        problems.append(doc.problem((), "nothing to run: give 'run' (with 'answers' and 'expect') or 'steps'"))
    return problems


def _steps(d: dict) -> list[tuple[tuple, dict]]:
    """(path in the file, step) for each checkpoint; a file without `steps` is one step."""
    if isinstance(d.get("steps"), list):
        return [(("steps", i), step) for i, step in enumerate(d["steps"])]
    return [((), d)]


@dataclass
class _Branch:
    """The game an outcome of `expect_any` with answers of its own led to."""

    game: Game
    since: Since


def _check_any(game: Game, alternatives: list[dict], since: Since,
               outcome: Outcome) -> tuple[Game | None, list[str]]:
    """`expect_any`: the position may be any one of several, each under a named ruling. An
    outcome with `answers` of its own is played on a copy of the game; the game of the first
    outcome that holds is the one the scenario goes on with (None: the game as it is)."""
    found = {}
    for alt in alternatives:
        branch, failure = game, None
        if "answers" in alt:
            branch = game.clone()
            branch.offered = list(since.offered)
            branch_since = Since(since.trace, since.log, branch.offered)
            failure = _play(branch, None, list(alt["answers"]), branch_since)
        else:
            branch_since = since
        failures = ([failure] if failure else []) + check(
            branch, {k: v for k, v in alt.items() if k not in ("ruling", "answers")}, branch_since, whole=False)
        if not failures:
            outcome.rulings.append(alt["ruling"])
            return (_Branch(branch, branch_since) if branch is not game else None), []
        found[alt["ruling"]] = failures
    return None, ["no outcome of expect_any held:"] + [f"  under '{ruling}': {'; '.join(f)}"
                                                       for ruling, f in found.items()]


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


def local_faction(base: Path, name: str) -> str | None:
    """A faction file `factions/<name>.yaml` beside the scenario or in a folder above it
    (`base` is absolute, so this does not depend on the folder the command runs from)."""
    for folder in (base, *list(base.parents)[:3]):
        candidate = folder / "factions" / f"{name}.yaml"
        if candidate.is_file():
            return str(candidate)
    return None


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
