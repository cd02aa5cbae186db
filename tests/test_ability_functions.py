"""A trigger's condition, a modifier's condition and value, written as one Python function
(engine/language/ability_code.py): at every call of seeded games it answers what the closures'
form answers; a failure is still an error at the faction file's position; its text is kept."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.catalog import make_rules
from rootlaw.content.factions import load_faction
from rootlaw.content.record import Setup
from rootlaw.core.game import Options
from rootlaw.core.hooks import REPLACEMENT_HOOKS
from rootlaw.errors import RootlawError
from rootlaw.play.setup import new_game

FACTIONS = Path(__file__).parent / "factions"
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


PROBE = """\
id: probe
names: {{en: Probe}}
source: rootlaw test suite
setup_order: 1
pieces:
  warrior: {{category: warrior, count: 20}}
abilities:
{ability}
setup:
  - do: "place 1 warrior in 1; place 1 warrior in 1"
turn:
  birdsong: []
  daylight: []
  evening: []
"""


@pytest.mark.parametrize("ability,where", [
    ('  - id: odd\n    kind: modifier\n    hook: may_place\n    if: "player = me and player + 1 > 0"\n'
     '    value: "value"', "probe.yaml:11:33: cannot apply '+'"),
    ('  - id: odd\n    kind: modifier\n    hook: may_place\n    if: "player = me"\n    value: "value + 1"',
     "probe.yaml:12:12: modifier 'odd' gives 2 to the hook 'may_place'"),
    ('  - id: odd\n    kind: trigger\n    on: placed\n    if: "event.player = me and event.kind + 1 > 0"\n'
     '    do: "say \\"x\\""', "probe.yaml:11:43: cannot apply '+' to 'warrior'"),
])
def test_a_failing_condition_or_value_is_an_error_at_its_position(ability, where):
    faction = load_faction("probe.yaml", text=PROBE.format(ability=ability))
    rules = make_rules("autumn", [faction, load_faction(FACTIONS / "militia_a.yaml")], Options(round_limit=2))
    with pytest.raises(RootlawError) as err:
        game = new_game(rules, ["probe", "militia_a"], 1)
        for _ in range(200):
            if game.pending() is None:
                break
            game.answer(game.pending()["options"][0])
    assert where in str(err.value), str(err.value)


PLAY = """
from rootlaw.language import ability_code
written = []
write = ability_code._written
ability_code._written = lambda plan: written.append(1) or write(plan)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
setup = Setup(map="autumn", factions=["cabale", "colombes", "neiges", "arachneen"], seed=4, round_limit=3)
game = setup.start(setup.rules())
agent = RandomAgent(4)
while game.pending() is not None:
    game.answer(agent.choose(game, game.pending()))
print(len(written), game.s.digest())
"""


def _play(cache: str, **env: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", PLAY], env={**os.environ, "ROOTLAW_CACHE_DIR": cache, **env},
                          capture_output=True, text=True, check=True)
    written, digest = done.stdout.split()
    return int(written), digest


def test_a_second_start_writes_no_ability_and_plays_the_same_game(tmp_path):
    written, digest = _play(str(tmp_path))
    assert written > 5
    assert _play(str(tmp_path)) == (0, digest)
    assert _play(str(tmp_path), ROOTLAW_NO_CACHE="1") == (written, digest)
