"""The turn and the loop take short cuts between decisions (issue 30): a phase goes from its
start to its steps to its end in one handler run while nothing waits, `ask` skips freezing
options that hold no list or dict, `Game.emit` calls an event's gatherer itself, and a flat log
argument is copied at once. None of them may change a game: each is checked here against the
long way, the loop running every stage as a step of its own, and a game saved and loaded at
every decision."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.game import Game
from rootlaw.core.loop import DecisionLoop
from rootlaw.core.state import State, freeze

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
from test_hardening import start  # noqa: E402

from rootlaw.content.factions import load_faction  # noqa: E402

MIX_B = ["cabale", "colombes", "neiges", "arachneen"]
BELLS = [str(ROOT / "tests" / "factions" / f"{name}.yaml") for name in ("bellringers", "militia_a")]  # reactions to every phase's start and end


def _played(factions: list[str], seed: int, rounds: int = 30) -> tuple[list, str, list, list]:
    """Every decision of a seeded random game (who, what kind, the options) and how it ended."""
    setup = Setup(map="autumn", factions=factions, seed=seed, round_limit=rounds)
    game = setup.start(setup.rules())
    agent = RandomAgent(10_000 + seed)
    asked = []
    while (decision := game.pending()) is not None:
        asked.append((decision["player"], decision["kind"], decision["options"], len(game.s.stack)))
        game.answer(agent.choose(game, decision))
    return asked, game.s.digest(), game.s.log, game.s.trace


@pytest.mark.parametrize("factions, seed, rounds", [(MIX_B, 2, 8), (BELLS, 1, 6)])
def test_every_stage_run_as_a_step_of_the_loop_plays_the_same_game(monkeypatch, factions, seed, rounds):
    """With `goes_on` always saying "wait" every stage of a phase, every step and every frame a
    handler would go on with returns to the loop, which runs the frame again: the long way. The
    short cuts must ask the same decisions with the same stacks and end in the same game."""
    fast = _played(factions, seed, rounds)
    monkeypatch.setattr(DecisionLoop, "goes_on", lambda self, frame: False)
    slow = _played(factions, seed, rounds)
    assert len(fast[0]) > 30
    assert slow == fast


def test_reactions_to_a_phase_run_before_the_turn_goes_on():
    """A phase's start effects run before its steps, its end effects before the next phase
    starts, each while its phase is current (Law 1.4.1), in every turn of the game."""
    asked, _, log, _ = _played(BELLS, 1, 4)
    said = [entry["text"] for entry in log if entry.get("kind") == "say"]
    turn = ["end of Birdsong rung in birdsong", "start of Daylight rung in daylight",
            "end of Evening rung in evening", "end of the turn rung"]
    assert said == turn * 4


@pytest.mark.parametrize("seed", [0, 5])
def test_a_game_saved_and_loaded_at_every_decision_plays_on_as_the_game_it_was_saved_from(seed):
    """At every decision, the game saved as JSON and loaded takes the same answer to the same
    whole state (stack, log and trace included) as the game it was saved from."""
    setup = Setup(map="autumn", factions=MIX_B, seed=seed, round_limit=10)
    game = setup.start(setup.rules())
    agent = RandomAgent(10_000 + seed)
    checked = 0
    while (decision := game.pending()) is not None:
        # (the state alone, as `game_from_save` reads it: its soundness check refuses a game saved
        # at a `spend_bird` decision, whose menu asks `action` when run again without the answer)
        loaded = Game(game.rules, State.from_json(json.loads(json.dumps(game.s.to_json()))))
        assert loaded.pending() == decision
        option = agent.choose(game, decision)
        game.answer(option)
        loaded.answer(option)
        assert loaded.s.to_json() == game.s.to_json()
        checked += 1
    assert checked > 200


OPTIONS = [
    ["a", "b"], [1, 2, 3], [1, "end"], [(1, 2), (3, 4)], [None, True, 2.5, "x"],  # nothing to freeze
    [[1, 2], "x"], ["x", [1, 2]], [{"where": [1, 2]}, "end"], [3, {"where": [4]}], [(1, [2, 3])], [[[1], 2]],
    [frozenset({1})],
]


@pytest.mark.parametrize("options", OPTIONS)
def test_a_decision_holds_its_options_frozen_as_freeze_gives_them(options):
    """`ask` freezes the options only when one of them is a list or a dict: what it holds is
    what freezing each option gives, item for item and type for type."""
    game = start(load_faction(ROOT / "tests" / "factions" / "militia_b.yaml"))
    frame = {"op": "probe"}
    game.s.stack.append(frame)
    game.s.decision = None
    options = [*options, "end"]  # one option would answer itself
    assert game.ask(frame, "slot", "militia_b", "probe", list(options)) is True
    held = game.s.decision["options"]
    expected = tuple(freeze(o) for o in options)
    assert held == expected
    assert [type(o) for o in held] == [type(o) for o in expected]
    assert all(type(a) is type(b) for h, e in zip(held, expected) if type(h) is tuple for a, b in zip(h, e))


def test_a_logged_sequence_is_the_lists_json_gives_and_not_the_callers_own():
    """A log argument that is a tuple or a list is kept as the lists JSON holds, nested ones too,
    and as a copy: changing the caller's list afterwards leaves the log as it was."""
    game = start(load_faction(ROOT / "tests" / "factions" / "militia_b.yaml"))
    cards = [3, 4]
    game.log("probe", cards=cards, moved=(1, (2, [3, (4,)])), pairs=[(1, 2), 3], flat=(5, 6), name="x", n=1)
    entry = game.s.log[-1]
    assert entry == json.loads(json.dumps(entry))
    assert (entry["cards"], entry["moved"], entry["pairs"], entry["flat"]) == ([3, 4], [1, [2, [3, [4]]]], [[1, 2], 3], [5, 6])
    assert [type(entry[k]) for k in ("cards", "moved", "pairs", "flat", "name", "n")] == [list, list, list, list, str, int]
    cards.append(5)
    assert entry["cards"] == [3, 4]


def test_an_event_is_told_to_its_listeners_from_its_first_emit_and_to_nobody_without_any():
    """`Game.emit` makes an event's gatherer on its first use and calls it itself: the first
    `phase_end` of a game already sets its listener off, an event nobody listens to pushes nothing."""
    faction = load_faction(ROOT / "tests" / "factions" / "bellringers.yaml")
    game = start(faction)
    rules = game.rules
    rules.gatherers.clear()
    frame = game.s.stack[-1]
    depth = len(game.s.stack)
    game.emit("crafted", player="bellringers", card=0)
    assert "crafted" not in rules.listeners and len(game.s.stack) == depth
    game.emit("phase_end", player="bellringers", phase="birdsong")
    assert "phase_end" in rules.gatherers
    assert [f.get("ability") for f in game.s.stack[depth:]] == ["birdsong_ends"]
    assert game.s.stack[depth - 1] is frame


ANSWERS = [(1, (1, 2)), (True, (1, 2)), (1, (True, 1)), (True, (1, True)), (1.0, (1, 2)), (3, (1, 2)),
           ((1, 2), ((1, 2), (2, 1))), ([1, 2], ((1, 2), "end")), ("end", ("move", "end")), ("x", ("move", "end")),
           (0, (False, "end")), (False, (0, False))]


@pytest.mark.parametrize("option, options", ANSWERS)
def test_an_answer_is_taken_exactly_when_it_is_offered_of_its_type(monkeypatch, option, options):
    """`answer` tests the first option equal to the answer itself and goes the long way
    (`_offered`) only when that one is of another type: it takes what `_offered` takes (True is
    not 1, a list answers as its tuple) and refuses the rest, changing nothing then."""
    from rootlaw.core.loop import _offered
    from rootlaw.errors import IllegalAnswer
    game = start(load_faction(ROOT / "tests" / "factions" / "militia_b.yaml"))
    monkeypatch.setattr(DecisionLoop, "run", lambda self: None)
    frame = {"op": "probe"}
    game.s.stack.append(frame)
    game.s.decision = {"player": "militia_b", "kind": "probe", "prompt": "probe", "options": options, "slot": "slot"}
    if _offered(freeze(option), options):
        game.answer(option)
        assert game.s.decision is None and frame["slot"] == freeze(option) and type(frame["slot"]) is type(freeze(option))
    else:
        with pytest.raises(IllegalAnswer):
            game.answer(option)
        assert game.s.decision is not None and "slot" not in frame
