"""Documents that passed their schema are remembered by fingerprint; errors never are."""
from __future__ import annotations

import json

import pytest

from rootlaw.files import schema_cache
from rootlaw.files.documents import load_yaml
from rootlaw.files.resources import data_path
from rootlaw.files.schemas import validate


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


def test_a_start_whose_documents_all_passed_before_never_imports_jsonschema(tmp_path):
    import os
    import subprocess
    import sys
    code = ("import contextlib, io, sys\n"
            "from rootlaw.tools.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()): main(['play', '--quiet', '--rounds', '1'])\n"
            "print('jsonschema' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if k != "ROOTLAW_NO_CACHE"}
    env["ROOTLAW_CACHE_DIR"] = str(tmp_path / "cache")
    first, second = (subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                    text=True, check=True).stdout.split()[-1] for _ in range(2))
    assert (first, second) == ("True", "False")
