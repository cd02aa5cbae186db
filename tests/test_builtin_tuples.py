"""Builtins that say they return a list (`-> tuple`) return a tuple, as generated code trusts
(engine/language/codegen.py: `x in such(...)` is Python's `in`, with no check of the list)."""
from __future__ import annotations

import os
import subprocess
import sys

from rootlaw.language.builtins import FUNCTIONS
from rootlaw.language.codegen import _a_tuple
from rootlaw.language.syntax import Token, Tree

PLAY = """
import rootlaw.language.builtins as builtins
from dataclasses import replace
wrong = set()
def checked(name, fn):
    def call(*args):
        value = fn(*args)
        if type(value) is not tuple:
            wrong.add(name)
        return value
    return call
for name, b in list(builtins.FUNCTIONS.items()):
    if b.fn.__annotations__.get("return") in ("tuple", tuple):
        builtins.FUNCTIONS[name] = replace(b, fn=checked(name, b.fn))
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
for factions in (["cabale", "colombes", "neiges", "arachneen"], ["marquise", "eyrie", "alliance", "vagabond"]):
    setup = Setup(map="autumn", factions=factions, seed=2, round_limit=8)
    game = setup.start(setup.rules())
    agent = RandomAgent(2)
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
print(sorted(wrong))
"""


def test_builtins_that_say_they_give_a_tuple_give_one():
    done = subprocess.run([sys.executable, "-c", PLAY], env={**os.environ, "ROOTLAW_NO_CACHE": "1"},
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["[]"]


def test_membership_in_a_tuple_is_pythons_in():
    def call(name: str) -> Tree:
        return Tree("call", [Token("NAME", name), None])
    assert _a_tuple(call("clearings")) and _a_tuple(Tree("filter", []))
    assert not _a_tuple(call("nth")) and not _a_tuple(Token("NAME", "x"))
    assert "kinds_of" in FUNCTIONS and _a_tuple(call("kinds_of"))
