"""Where a kept effect finds each value its text names (engine/language/effect_cache.py's
recipes): for every effect generated in seeded games (a process of their own, with an empty
cache folder), the very paths a search of the visited blocks, statement by statement and name
by name, finds first."""
from __future__ import annotations

import json
import os
import subprocess
import sys

PLAY = """
import json
import rootlaw
from rootlaw.agents.agent import RandomAgent, play
from rootlaw.content.record import Setup
from rootlaw.language import effect_cache, tree_cache
from rootlaw.language.builtins import FUNCTIONS


def searched(value, name, blocks, visited):
    called = name.split("_", 1)[1] if name.startswith("f") and "_" in name else ""
    if called in FUNCTIONS:
        for which in effect_cache._WHICH:
            if getattr(FUNCTIONS[called], which) is value:
                return ["f", called, which]
    for code in visited:
        for i, stmt in enumerate(blocks[code]):
            if stmt is value:
                return ["b", code, i]
            for attr, held in vars(stmt).items():
                if held is value:
                    return ["s", code, i, attr]
    return None


remember, keep = effect_cache.remember, tree_cache.remember
names_compared, wrong = [], []


def checked(k, where, text, names, fixed, blocks, visited, tag=None):
    expected = {name: searched(value, name, blocks, visited) for name, value in names.items()
                if not (name in fixed and fixed[name] is value)}
    kept = []
    tree_cache.remember = lambda key, entry, at: kept.append(entry)
    remember(k, where, text, names, fixed, blocks, visited, tag)
    tree_cache.remember = keep
    if (kept != []) if None in expected.values() else (not kept or kept[0][-1] != expected):
        wrong.append(k)
    names_compared.append(len(expected))


effect_cache.remember = checked
for factions in (["cabale", "colombes", "neiges", "arachneen"], ["marquise", "eyrie", "vagabond", "alliance"]):
    setup = Setup(map="autumn", factions=factions, seed=3, round_limit=2)
    play(setup.start(setup.rules()), RandomAgent(3))
print(json.dumps([len(names_compared), sum(names_compared), wrong]))
"""


def test_every_recipe_is_the_one_a_search_for_each_name_finds(tmp_path):
    done = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, check=True,
                          env={**os.environ, "ROOTLAW_CACHE_DIR": str(tmp_path)})
    effects, names, wrong = json.loads(done.stdout)
    assert wrong == [] and effects > 40 and names > 200
