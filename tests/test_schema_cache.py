"""Documents that passed their schema are remembered by fingerprint; errors never are."""
from __future__ import annotations

import json

import pytest

from engine import schema_cache
from engine.documents import load_yaml
from engine.schemas import validate
from engine.resources import data_path


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.delenv("ROOTLAW_NO_CACHE", raising=False)
    monkeypatch.setenv("ROOTLAW_CACHE_DIR", str(folder))
    schema_cache._loaded.cache_clear()
    yield folder
    schema_cache._loaded.cache_clear()


def test_a_valid_document_is_remembered_and_a_broken_one_never(cache_dir):
    good = load_yaml(text=data_path("maps", "autumn.yaml").read_text(encoding="utf-8"), source="autumn.yaml")
    assert validate(good, "map") == []
    stored = json.loads((cache_dir / "valid-documents.json").read_text(encoding="utf-8"))
    assert len(stored) == 1 and (cache_dir.stat().st_mode & 0o077) == 0
    schema_cache._loaded.cache_clear()  # a new start reads the file
    assert schema_cache.passed(stored[0])

    broken = load_yaml(text="name: Autumn\nclearings: 7\n", source="bad.yaml")
    assert validate(broken, "map")
    assert validate(broken, "map"), "problems are found again: a failing document is not remembered"
    assert json.loads((cache_dir / "valid-documents.json").read_text(encoding="utf-8")) == stored


def test_a_folder_others_may_write_is_not_trusted(cache_dir):
    cache_dir.mkdir(mode=0o777)
    cache_dir.chmod(0o777)
    key = "a" * 64
    (cache_dir / "valid-documents.json").write_text(json.dumps([key]), encoding="utf-8")
    assert not schema_cache.passed(key)
