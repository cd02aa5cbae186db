"""Generated effects kept as text (engine/language/effect_cache.py): a second start runs the
effects the first one generated without generating any, and plays the same game; a damaged
entry is generated afresh, never trusted."""
from __future__ import annotations

import json
import os
import subprocess
import sys

PLAY = """
import sys
import rootlaw.language.bodies as bodies
made = []
write = bodies._Writer.source
bodies._Writer.source = lambda self: made.append(self.plan.code) or write(self)
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
setup = Setup(map="autumn", factions=["cabale", "colombes", "neiges", "arachneen"], seed=4, round_limit=4)
game = setup.start(setup.rules())
agent = RandomAgent(4)
while game.pending() is not None:
    game.answer(agent.choose(game, game.pending()))
print(len(made), game.s.digest())
"""


def _play(cache: str, **env: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", PLAY], env={**os.environ, "ROOTLAW_CACHE_DIR": cache, **env},
                          capture_output=True, text=True, check=True)
    made, digest = done.stdout.split()
    return int(made), digest


def _kept_effects(folder) -> dict:
    """Every effect entry in the cache's files: (file, key) -> [text, values]."""
    found = {}
    for path in folder.glob("effects-*.json"):
        for k, entry in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict):
                found[(path, k)] = entry
    return found


def test_a_second_start_generates_no_effect_and_plays_the_same_game(tmp_path):
    made, digest = _play(str(tmp_path))
    assert made > 10
    assert _kept_effects(tmp_path)
    assert _play(str(tmp_path)) == (0, digest)
    made_uncached, digest_uncached = _play(str(tmp_path), ROOTLAW_NO_CACHE="1")
    assert (made_uncached, digest_uncached) == (made, digest)


def test_a_damaged_kept_effect_is_generated_again(tmp_path):
    made, digest = _play(str(tmp_path))
    kept = [(where, entry) for where, entry in sorted(_kept_effects(tmp_path).items()) if entry[0] and entry[1]]
    damages = [
        lambda text, names: ["def body(game, f:\n", names],  # a text that does not compile
        lambda text, names: [text, {name: ["s", "no such block", 0, "count"] for name in names}],
        lambda text, names: [text, {name: ["f", "no such builtin", "fn"] for name in names}],
    ]
    for ((path, k), entry), damage in zip(kept, damages):
        data = json.loads(path.read_text(encoding="utf-8"))
        data[k] = damage(*entry)
        path.write_text(json.dumps(data), encoding="utf-8")
    again, digest_again = _play(str(tmp_path))
    assert (again, digest_again) == (3, digest)
    assert _play(str(tmp_path)) == (0, digest)  # written again, sound
