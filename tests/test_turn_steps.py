"""A turn runs its phases' steps itself (issue 30): no `steps` frame is pushed between the
turn and each step, and a step's frame runs at once (`DecisionLoop.run_now`). What a person or
a saved game sees stays as it was: the same games, the same step shown by the seat view, the
same errors, and a game saved with the former layout (a `steps` frame above the turn) plays on
exactly as the game it was saved from."""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import FORMAT_VERSION, Setup, game_from_save
from rootlaw.core.hooks import PHASES
from rootlaw.errors import RootlawError
from rootlaw.play.turns import running_steps
from rootlaw.tools.view import current_step

sys.path.insert(0, str(Path(__file__).parent))
from test_hardening import PROBE, start  # noqa: E402

from rootlaw.content.factions import load_faction  # noqa: E402

FACTIONS = ["cabale", "colombes", "neiges", "arachneen"]


def _game(seed: int):
    setup = Setup(map="autumn", factions=FACTIONS, seed=seed)
    return setup, setup.start(setup.rules())


def _former_layout(stack: list[dict]) -> list[dict] | None:
    """The stack as the turn left it before issue 30: the steps' place kept by a `steps` frame
    above the turn, whose stage is then already "end" (None when no turn is in its steps)."""
    for i, frame in enumerate(stack):
        if frame["op"] == "turn" and frame.get("stage") == "steps" and "index" in frame:
            turn = copy.deepcopy(frame)
            steps = {"op": "steps", "player": turn["player"], "phase": PHASES[turn["phase_index"]],
                     "index": turn.pop("index")}
            if "window" in turn:
                steps["window"] = turn.pop("window")
            turn["stage"] = "end"
            return [*copy.deepcopy(stack[:i]), turn, steps, *copy.deepcopy(stack[i + 1:])]
    return None


def _play_on(game, agent: RandomAgent) -> None:
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))


def test_a_turn_pushes_no_steps_frame_and_the_view_shows_its_step():
    _, game = _game(0)
    agent = RandomAgent(10_000)
    in_steps = 0
    while game.pending() is not None:
        stack = game.s.stack
        assert all(frame["op"] != "steps" for frame in stack)
        former = _former_layout(stack)
        if former is not None:
            in_steps += 1
            shown = current_step(game)
            saved = game.clone()
            saved.s.stack = former
            assert shown is not None and shown == current_step(saved)
        else:
            assert current_step(game) is None
        game.answer(agent.choose(game, game.pending()))
    assert in_steps > 500


@pytest.mark.parametrize("seed", [0, 3])
def test_a_game_saved_with_a_steps_frame_plays_on_as_the_game_it_was_saved_from(seed):
    setup, game = _game(seed)
    agent = RandomAgent(10_000 + seed)
    checked = 0
    decisions = 0
    while game.pending() is not None and checked < 6:
        decisions += 1
        former = _former_layout(game.s.stack)
        if former is not None and decisions % 40 == 0:
            data = {"version": FORMAT_VERSION, "setup": setup.to_json(), "state": game.s.to_json()}
            data["state"]["stack"] = former
            loaded, _ = game_from_save(json.loads(json.dumps(data)), "saved game", game.rules)
            here, there = game.clone(), loaded
            _play_on(here, RandomAgent(seed + decisions))
            _play_on(there, RandomAgent(seed + decisions))
            assert (there.s.digest(), there.s.log, there.s.trace) == (here.s.digest(), here.s.log, here.s.trace)
            checked += 1
        game.answer(agent.choose(game, game.pending()))
    assert checked == 6


def test_running_steps_names_the_turns_phase_and_step():
    assert running_steps({"op": "turn", "player": "cabale", "stage": "steps", "phase_index": 1, "index": 2}) \
        == ("cabale", "daylight", 2)
    assert running_steps({"op": "turn", "player": "cabale", "stage": "steps", "phase_index": 1}) is None
    assert running_steps({"op": "turn", "player": "cabale", "stage": "end", "phase_index": 1, "index": 2}) is None
    assert running_steps({"op": "phase", "player": "cabale", "stage": "steps", "phase": "evening", "index": 0}) \
        == ("cabale", "evening", 0)
    assert running_steps({"op": "steps", "player": "cabale", "phase": "birdsong", "index": 1}) \
        == ("cabale", "birdsong", 1)
    assert running_steps({"op": "block", "player": "cabale"}) is None


@pytest.mark.parametrize("evening, message", [
    ('    - draw: "1 / zero"', "the rules step 'steps' failed: probe.yaml:14:16: cannot apply '/' to 1 and 0"),
    ('    - draw: "word"', "the rules step 'draw' failed: TypeError: can only concatenate str (not \"int\") to str"),
    ('    - discard_to: "word"',
     "the rules step 'discard_to' failed: TypeError: '<=' not supported between instances of 'int' and 'str'"),
])
def test_a_failing_step_is_named_as_when_the_turn_pushed_a_steps_frame(evening, message):
    """A step's count worked out for the steps, and a step's own frame run at once inside the
    turn, fail with the message they failed with when each ran as a frame of its own."""
    text = PROBE.format(setup='  - do: "say \\"hi\\""', extra='vars: {zero: {value: 0}, word: {value: "x"}}')
    faction = load_faction("probe.yaml", text=text.replace("  evening: []", "  evening:\n" + evening))
    with pytest.raises(RootlawError) as failed:
        game = start(faction)
        _play_on(game, RandomAgent(1))
    assert str(failed.value) == message
