"""A trigger's condition, a modifier's condition and value, written as one Python function
(engine/language/ability_code.py): at every call of seeded games it answers what the closures'
form answers; a failure is still an error at the faction file's position; its text is kept."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.hooks import REPLACEMENT_HOOKS
from tests.test_expression_cache import PLAY as EXPRESSIONS_PLAY
from tests.test_hardening import _stopped, probe

WRITTEN = "<rootlaw expressions of an ability>"
MIXES = [["cabale", "colombes", "neiges", "arachneen"],
         ["alliance", "arachneen", "tests/factions/militia_a.yaml", "tests/factions/militia_b.yaml"]]


def _checked(fn, hook: str | None, seen: dict) -> None:
    """`fn.apply` (or `fn.fire`) asked twice at every call: written and by its closures."""
    name = "fire" if hook is None else "apply"
    written = getattr(fn, name)
    closures = written.__globals__["closures"]

    def both(game, *args):
        got = written(game, *args)
        if hook in REPLACEMENT_HOOKS:  # it may note an offer or a trace: asked once
            return got
        assert closures(game, *args) == got, (fn, args)
        seen[written] = seen.get(written, 0) + 1
        return got
    setattr(fn, name, both)


@pytest.mark.parametrize("factions", MIXES)
def test_every_written_ability_answers_as_its_closures(factions):
    rules = Setup(map="autumn", factions=factions, seed=0, round_limit=8).rules()
    seen: dict = {}
    for hook, fns in rules.modifiers.items():
        for fn in fns:
            if hasattr(fn, "apply"):
                _checked(fn, hook, seen)
    for fns in rules.listeners.values():
        for fn in fns:
            if hasattr(fn, "fire"):
                _checked(fn, None, seen)
    for seed in range(3):
        game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start(rules)
        agent = RandomAgent(seed)
        while game.pending() is not None:
            game.answer(agent.choose(game, game.pending()))
    written = [fn for fn in seen if fn.__code__.co_filename == WRITTEN]
    assert len(written) >= 8 and sum(seen[fn] for fn in written) > 500


@pytest.mark.parametrize("ability,message,line", [
    ('  - id: odd\n    kind: modifier\n    hook: may_place\n    if: "player = me and player + 1 > 0"\n'
     '    value: "value"', "probe.yaml:11:33: cannot apply '+'", 11),
    ('  - id: odd\n    kind: modifier\n    hook: may_place\n    if: "player = me"\n    value: "value + 1"',
     "probe.yaml:12:12: modifier 'odd' gives 2 to the hook 'may_place'", 12),
    ('  - id: odd\n    kind: trigger\n    on: placed\n    if: "event.player = me and event.kind + 1 > 0"\n'
     '    do: "say \\"x\\""', "probe.yaml:11:43: cannot apply '+' to 'warrior'", 11),
])
def test_a_failing_condition_or_value_is_an_error_at_its_position(ability, message, line):
    _stopped(probe('  - do: "place 1 warrior in 1; place 1 warrior in 1"', "abilities:\n" + ability), message, line)


# the expression cache's game, counting the abilities written instead of the expressions
PLAY = EXPRESSIONS_PLAY.replace("rootlaw.language.lowering as lowering", "rootlaw.language.ability_code as lowering")


def _play(cache: str, **env: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", PLAY], env={**os.environ, "ROOTLAW_CACHE_DIR": cache, **env},
                          capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0]), done.stdout.split()[1]


def test_a_second_start_writes_no_ability_and_plays_the_same_game(tmp_path):
    written, digest = _play(str(tmp_path))
    assert written > 5
    assert _play(str(tmp_path)) == (0, digest)
    assert _play(str(tmp_path), ROOTLAW_NO_CACHE="1") == (written, digest)


def test_a_damaged_kept_ability_is_written_again(tmp_path):
    _, digest = _play(str(tmp_path))
    damaged = 0
    for path in tmp_path.glob("trees-*.json"):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for entry in entries.values():
            if isinstance(entry, list) and str(entry[0]).startswith(("def apply(", "def fire(")):
                entry[0] = "def apply(game:\n"  # no longer Python
                damaged += 1
        path.write_text(json.dumps(entries), encoding="utf-8")
    assert damaged > 5
    assert _play(str(tmp_path)) == (damaged, digest)
    assert _play(str(tmp_path)) == (0, digest)
