"""Issue 7.1: the parser cache can never run code planted by someone else."""
from __future__ import annotations

import os
import pickle
import tempfile

import lark
import pytest

from rootlaw.files.resources import data_path
from rootlaw.language import parser as parser_module
from rootlaw.language.parser_cache import cached_lark

GRAMMAR = data_path("grammar", "rootlaw.lark").read_text(encoding="utf-8")
TEXT = "%expression count({x in [1, 2] where x > 1}) + 2"


class _Planted:
    """Unpickling this creates a marker file: proof that planted code ran."""

    marker = ""

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _build() -> lark.Lark:
    return lark.Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def test_lark_temp_cache_is_never_read(tmp_path, monkeypatch):
    """Nothing is opened in the shared temp folder and nothing is unpickled, even with a
    pickle planted under every name Lark's cache could use there."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    marker = tmp_path / "ran"
    _Planted.marker = str(marker)
    for name in ("cache", "cache_grammar"):
        (tmp_path / f".lark_{name}_x.tmp").write_bytes(pickle.dumps(_Planted()))
    monkeypatch.setattr(lark.lark.pickle, "load", lambda *a, **k: pytest.fail("a pickle was loaded"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    parser_module.parser.cache_clear()
    try:
        parser_module.parser()
        parser_module.parser.cache_clear()
        tree = parser_module.parser().parse(TEXT)  # a second start finds whatever the first left
    finally:
        parser_module.parser.cache_clear()
    assert tree == _build().parse(TEXT)
    assert not marker.exists()


def test_cache_round_trip_gives_the_same_parser(tmp_path):
    folder = tmp_path / "rootlaw"
    first = cached_lark(GRAMMAR, _build, folder)
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    files = list(folder.glob("parser-*.json"))
    assert len(files) == 1 and files[0].stat().st_mode & 0o077 == 0
    second = cached_lark(GRAMMAR, lambda: pytest.fail("the cache was not used"), folder)
    assert second.parse(TEXT) == first.parse(TEXT)


def test_planted_pickle_in_the_cache_folder_is_not_loaded(tmp_path):
    folder = tmp_path / "rootlaw"
    cached_lark(GRAMMAR, _build, folder)
    cache = next(folder.glob("parser-*.json"))
    marker = tmp_path / "ran"
    _Planted.marker = str(marker)
    cache.write_bytes(pickle.dumps(_Planted()))
    built = []
    parser = cached_lark(GRAMMAR, lambda: built.append(1) or _build(), folder)
    assert built == [1] and not marker.exists()
    assert parser.parse(TEXT) == _build().parse(TEXT)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="folder modes are POSIX")
def test_a_folder_others_can_write_is_not_used(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    built = []
    cached_lark(GRAMMAR, lambda: built.append(1) or _build(), folder)
    cached_lark(GRAMMAR, lambda: built.append(1) or _build(), folder)
    assert built == [1, 1] and not list(folder.iterdir())


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_linked_cache_folder_is_not_used(tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    link = tmp_path / "link"
    link.symlink_to(real)
    built = []
    cached_lark(GRAMMAR, lambda: built.append(1) or _build(), link)
    assert built == [1] and not list(real.iterdir())


def test_the_cache_switches_of_the_other_caches_hold_for_the_parser(tmp_path, monkeypatch):
    """ROOTLAW_NO_CACHE keeps no tables anywhere; ROOTLAW_CACHE_DIR moves them, as for every other cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ROOTLAW_NO_CACHE", "1")
    built = []
    cached_lark(GRAMMAR, lambda: built.append(1) or _build())
    cached_lark(GRAMMAR, lambda: built.append(1) or _build())
    assert built == [1, 1] and not (tmp_path / "home").exists()
    monkeypatch.delenv("ROOTLAW_NO_CACHE")
    monkeypatch.setenv("ROOTLAW_CACHE_DIR", str(tmp_path / "moved"))
    cached_lark(GRAMMAR, _build)
    assert len(list((tmp_path / "moved").glob("parser-*.json"))) == 1 and not (tmp_path / "home").exists()
    cached_lark(GRAMMAR, lambda: pytest.fail("the moved cache was not used"))
