"""The compiled code of generated texts kept marshalled (engine/files/code_cache.py): a start
that finds the code of the texts it runs compiles none of them and plays the same game; an entry
that does not load, or a file written for another bytecode, is compiled again from its text and
written anew; ROOTLAW_NO_CACHE keeps none, and nothing is written outside the cache folder."""
from __future__ import annotations

import marshal
import os
import subprocess
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

from rootlaw.files import code_cache

PLAY = """
import builtins
from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
GENERATED = ("<rootlaw effect", "<rootlaw legality", "<rootlaw expression", "<rootlaw hook", "<rootlaw event")
compiled = []
compile = builtins.compile
def counted(text, name, *args, **kwargs):
    if isinstance(name, str) and name.startswith(GENERATED):
        compiled.append(name)
    return compile(text, name, *args, **kwargs)
builtins.compile = counted  # after the imports: their fixed stand-ins are not generated texts
setup = Setup(map="autumn", factions=["cabale", "colombes", "neiges", "arachneen"], seed=4, round_limit=3)
game = setup.start(setup.rules())
agent = RandomAgent(4)
while game.pending() is not None:
    game.answer(agent.choose(game, game.pending()))
print(len(compiled), game.s.digest())
"""


def _play(cache: Path, cwd: Path | None = None, **env: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", PLAY], env={**os.environ, "ROOTLAW_CACHE_DIR": str(cache), **env},
                          capture_output=True, text=True, check=True, cwd=cwd)
    count, digest = done.stdout.split()
    return int(count), digest


def _entries(path: Path) -> dict:
    data = path.read_bytes()
    assert data.startswith(MAGIC_NUMBER)
    return marshal.loads(data[len(MAGIC_NUMBER) + 1:])


def _write(path: Path, entries: dict, header: bytes | None = None) -> None:
    path.write_bytes((header or path.read_bytes()[:len(MAGIC_NUMBER) + 1]) + marshal.dumps(entries))


def _warm(cache: Path) -> tuple[int, str]:
    """Three starts: the first generates the texts, the second compiles what it recalls and
    keeps the code, the third finds it all."""
    compiled, digest = _play(cache)
    assert compiled > 20
    _play(cache)
    assert _play(cache) == (0, digest)
    return compiled, digest


def test_a_warm_start_compiles_no_generated_text_and_plays_the_same_game(tmp_path):
    compiled, digest = _warm(tmp_path / "cache")
    files = sorted((tmp_path / "cache").glob("code-*.marshal"))
    assert files and all(isinstance(k, tuple) and isinstance(v, bytes) for f in files for k, v in _entries(f).items())
    assert _play(tmp_path / "cache", ROOTLAW_NO_CACHE="1") == (compiled, digest)


def test_code_that_does_not_load_is_compiled_from_its_text_and_written_again(tmp_path):
    cache = tmp_path / "cache"
    _, digest = _warm(cache)
    largest = max(cache.glob("code-*.marshal"), key=lambda f: len(_entries(f)))
    entries = _entries(largest)
    keys = sorted(entries)[:4]
    assert len(keys) == 4
    damages = [b"\xff not marshal", entries[keys[1]][:-5], marshal.dumps(("not", "code")), "not bytes"]
    for k, damage in zip(keys, damages):  # ValueError, EOFError, not code, not bytes
        entries[k] = damage
    _write(largest, entries)
    assert _play(cache) == (4, digest)
    assert all(type(marshal.loads(_entries(largest)[k])).__name__ == "code" for k in keys)
    assert _play(cache) == (0, digest)


def test_a_file_of_another_bytecode_or_damaged_whole_is_compiled_again(tmp_path):
    cache = tmp_path / "cache"
    _, digest = _warm(cache)
    first, second = sorted(cache.glob("code-*.marshal"), key=lambda f: -len(_entries(f)))[:2]
    count = len(_entries(first)) + len(_entries(second))
    _write(first, _entries(first), header=b"\x00\x00\r\n\x00")  # another Python's magic
    second.write_bytes(second.read_bytes()[:200])  # cut short
    assert _play(cache) == (count, digest)
    assert _play(cache) == (0, digest)


def test_no_cache_writes_no_code_and_nothing_lands_outside_the_cache_folder(tmp_path):
    for part in ("home", "work", "xdg"):
        (tmp_path / part).mkdir()
    folder = tmp_path / "xdg" / "rootlaw"  # every cache's folder when ROOTLAW_CACHE_DIR is not set
    env = {"HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "xdg"), "ROOTLAW_CACHE_DIR": ""}
    compiled, digest = _play(folder, tmp_path / "work", **env)
    _play(folder, tmp_path / "work", **env)
    outside = [p for p in tmp_path.rglob("*") if p.is_file() and folder not in p.parents]
    assert outside == []
    assert list(folder.glob("code-*.marshal"))
    off = tmp_path / "off"
    assert _play(off, tmp_path / "work", ROOTLAW_NO_CACHE="1") == (compiled, digest)
    assert not off.exists() or not list(off.glob("code-*"))


def test_the_name_is_part_of_the_entry_and_no_document_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("ROOTLAW_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(code_cache, "_used", {})
    monkeypatch.setattr(code_cache, "_changed", set())
    monkeypatch.setattr(code_cache, "_store", lambda: None)  # nothing registered for this test process's exit
    code_cache._loaded.cache_clear()
    text = "def fast(ctx):\n    return 1\n"
    one, two = code_cache.compiled(text, "<one>", "doc"), code_cache.compiled(text, "<two>", "doc")
    assert (one.co_filename, two.co_filename) == ("<one>", "<two>")
    assert set(code_cache._used[code_cache.shard("doc")]) == {("<one>", text), ("<two>", text)}
    assert code_cache.compiled(text, "<three>", "").co_filename == "<three>"
    assert code_cache._changed == {code_cache.shard("doc")}
    code_cache._loaded.cache_clear()
