"""Generated expressions kept as text (engine/language/expression_cache.py): a second start
runs the expressions the first one generated without writing any, and plays the same game; a
damaged entry is written again, never trusted; the key tells apart what changes the text."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from rootlaw.language import expression_cache
from rootlaw.language.syntax import Token, Tree

PLAY = """
import rootlaw.language.lowering as lowering
written = []
write = lowering._written
lowering._written = lambda *args: written.append(1) or write(*args)
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


def _kept(folder) -> dict:
    """Every kept expression: (file, key) -> [text, builtins]."""
    found = {}
    for path in folder.glob("trees-*.json"):
        for k, entry in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(entry, list) and isinstance(entry[0], str) and entry[0].startswith("def fast("):
                found[(path, k)] = entry
    return found


def test_a_second_start_writes_no_expression_and_plays_the_same_game(tmp_path):
    written, digest = _play(str(tmp_path))
    assert written > 20 and len(_kept(tmp_path)) > 20  # a short game generates a few dozen
    assert _play(str(tmp_path)) == (0, digest)
    assert _play(str(tmp_path), ROOTLAW_NO_CACHE="1") == (written, digest)


def test_a_damaged_kept_expression_is_written_again(tmp_path):
    written, digest = _play(str(tmp_path))
    kept = sorted(_kept(tmp_path).items())
    damaged = {}
    for i, ((path, k), (text, builtins)) in enumerate(kept[:30]):
        entry = (["def fast(ctx:\n", builtins] if i % 2 else
                 [text, {name: ["f", "no such builtin", "fn"] for name in builtins} or {"f0_x": ["s", "b", 0, "c"]}])
        damaged.setdefault(path, json.loads(path.read_text(encoding="utf-8")))[k] = entry
    for path, entries in damaged.items():
        path.write_text(json.dumps(entries), encoding="utf-8")
    again, same = _play(str(tmp_path))
    assert same == digest and 0 < again <= 30
    assert {where: entry for where, entry in _kept(tmp_path).items() if where in dict(kept[:30])} == dict(kept[:30])


def _tree(name: str, line: int = 1) -> Tree:
    return Tree("comparison", [Tree("name", [Token("NAME", name, line=line)]), Token("COMPARE", ">"),
                               Tree("number", [Token("NUMBER", "2", line=line)])])


def test_the_key_changes_with_the_tree_and_with_how_its_names_are_bound_but_not_with_positions():
    def key(tree, outer=frozenset(), variables=frozenset(), words=frozenset(), exists=False):
        return expression_cache.key(tree, outer, variables, words, exists, False)

    base = key(_tree("wood"))
    assert key(_tree("wood", line=7)) == base
    assert key(_tree("wood"), words={"other"}, variables={"score"}) == base  # names the tree does not use
    others = [key(_tree("food")), key(_tree("wood"), outer=frozenset({"wood"})), key(_tree("wood"), variables={"wood"}),
              key(_tree("wood"), words={"wood"}), key(_tree("wood"), exists=True),
              expression_cache.key(_tree("wood"), frozenset(), (), (), False, True)]
    assert len({base, *others}) == len(others) + 1
