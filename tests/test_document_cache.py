"""The bundled data files come back from the document cache exactly as YAML gave them; a damaged
cache file is parsed around and rewritten, never trusted; other files are never kept; and a start
that finds every file there parses no YAML."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rootlaw.files import document_cache
from rootlaw.files.documents import load_yaml
from rootlaw.files.resources import data_path


@pytest.fixture
def cache_dir(private_cache):
    document_cache._pending.clear()
    yield private_cache
    document_cache._pending.clear()


def _whole(doc) -> tuple:
    return doc.data, doc._positions, doc._key_positions, doc._lines, doc.source


def _cached_once(path):
    """The document parsed from YAML, then the same file loaded by a new start from the cache."""
    parsed = load_yaml(path)
    document_cache._store()
    return parsed, load_yaml(path)


@pytest.mark.parametrize("path", [data_path("maps", "autumn.yaml"), data_path("decks", "standard.yaml"),
                                  data_path("factions", "cabale.yaml")], ids=lambda p: p.name)
def test_a_bundled_file_comes_back_with_its_data_and_every_position(cache_dir, path, monkeypatch):
    parsed, again = _cached_once(path)
    files = list(cache_dir.glob("document-*.json"))
    assert len(files) == 1 and files[0].stat().st_mode & 0o077 == 0
    assert _whole(again) == _whole(parsed)
    assert type(next(iter(again.data))) is str
    if path.name == "autumn.yaml":  # clearing ids are numbers, and stay numbers
        assert again.data["clearings"][0]["id"] == 1
    monkeypatch.setattr(document_cache, "_encode", None)  # the second load never parsed nor encoded
    assert _whole(load_yaml(path)) == _whole(parsed)


def test_number_keys_come_back_as_numbers(cache_dir):
    path = data_path("maps", "lake.yaml")
    text = path.read_text(encoding="utf-8")
    data = {"ranks": {1: "one", "2": "two", 3: [{4: None}]}}
    document_cache.remember(path, text, data, {(): (1, 1), ("ranks", 1): (2, 3)}, {("ranks",): (1, 1)})
    document_cache._store()
    got = document_cache.lookup(path, text)
    assert got == (data, {(): (1, 1), ("ranks", 1): (2, 3)}, {("ranks",): (1, 1)})
    assert [type(k) for k in got[0]["ranks"]] == [int, str, int]


def test_another_text_misses_and_other_files_are_never_kept(cache_dir, tmp_path):
    path = data_path("maps", "winter.yaml")
    _cached_once(path)
    assert document_cache.lookup(path, path.read_text(encoding="utf-8")) is not None
    assert document_cache.lookup(path, path.read_text(encoding="utf-8") + "\n# edited\n") is None
    own = tmp_path / "winter.yaml"
    own.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    before = set(cache_dir.iterdir())
    load_yaml(own)
    load_yaml(text="a: 1")
    document_cache._store()
    assert set(cache_dir.iterdir()) == before


def test_changing_the_data_after_loading_changes_nothing_kept(cache_dir):
    path = data_path("maps", "mountain.yaml")
    doc = load_yaml(path)
    doc.data["clearings"].clear()
    document_cache._store()
    assert load_yaml(path).data["clearings"]


DAMAGE = {
    "garbage": lambda p: p.write_bytes(b"\x00\xff{not json"),
    "empty": lambda p: p.write_text(""),
    "wrong types": lambda p: p.write_text('{"key": 5, "data": [], "positions": {}}'),
    "damaged positions": lambda p: p.write_text(json.dumps({**json.loads(p.read_text()),
                                                            "positions": [["a", "b", "c"]]})),
    "damaged number keys": lambda p: p.write_text(json.dumps({**json.loads(p.read_text()),
                                                              "data": {"\0pairs": [[[1], 2]]}})),
    "a folder": lambda p: (p.unlink(), p.mkdir()),
    "a pipe": lambda p: (p.unlink(), os.mkfifo(p)),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_file_is_parsed_around_and_rewritten(cache_dir, damage):
    if damage == "a pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are POSIX")
    path = data_path("maps", "autumn.yaml")
    parsed, _ = _cached_once(path)
    kept = next(cache_dir.glob("document-*.json"))
    DAMAGE[damage](kept)
    again = load_yaml(path)  # a pipe in the file's place is never opened, so this never waits
    assert _whole(again) == _whole(parsed)
    document_cache._store()
    if damage != "a folder":  # a folder is left alone; the cache goes without that file
        assert _whole(load_yaml(path)) == _whole(parsed) and json.loads(kept.read_text())["key"]


def test_a_start_that_finds_every_file_parses_no_yaml(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("ROOTLAW_NO_CACHE", "ROOTLAW_CACHE_DIR")}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    script = ("import sys, io, contextlib\nfrom rootlaw.files import documents\nfrom rootlaw.tools.cli import main\n"
              "composed, compose = [], documents._compose\n"
              "documents._compose = lambda text: composed.append(1) or compose(text)\n"
              "with contextlib.redirect_stdout(io.StringIO()) as out: main(['play', '--quiet', '--rounds', '1'])\n"
              "print(len(composed), sorted({m.split('.')[0] for m in sys.modules} & {'lark', 'jsonschema'}))\n"
              "print(out.getvalue())")
    runs = [subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
            for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    first, second = (r.stdout.split("\n", 1) for r in runs)
    assert first[0].endswith("['jsonschema', 'lark']") and int(first[0].split()[0]) >= 10  # the empty cache
    assert second[0] == "0 []" and second[1] == first[1]  # the same game, from the cache alone


def test_a_kept_documents_positions_are_decoded_only_when_asked_for(cache_dir, monkeypatch):
    path = data_path("factions", "cabale.yaml")
    parsed, _ = _cached_once(path)
    decoded = []
    real = document_cache._positions
    monkeypatch.setattr(document_cache, "_positions", lambda text: decoded.append(1) or real(text))
    again = load_yaml(path)
    assert again.data == parsed.data and decoded == []
    assert again.where(("pieces",)) == parsed.where(("pieces",)) and len(decoded) == 2
    assert again.key_where(("pieces",)) == parsed.key_where(("pieces",)) and len(decoded) == 2


@pytest.mark.parametrize("rows", ["[[1, 2", "[[\"a\", \"b\", \"c\"]]", "[5]", "{}"])
def test_damaged_kept_positions_are_found_again_from_the_text_and_written_again(cache_dir, rows):
    path = data_path("maps", "autumn.yaml")
    parsed, _ = _cached_once(path)
    kept = next(cache_dir.glob("document-*.json"))
    kept.write_text(json.dumps({**json.loads(kept.read_text()), "positions": rows}))
    again = load_yaml(path)
    assert _whole(again) == _whole(parsed)
    document_cache._store()
    assert json.loads(kept.read_text())["positions"] != rows
    assert _whole(load_yaml(path)) == _whole(parsed)
