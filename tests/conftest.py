"""What every test shares: the tests run from this checkout, even against a normal install."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.scenarios import rulings_index

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def from_the_checkout():
    """The rulings index and `rootlaw interactions` search this checkout's tests/scenarios, as
    they do when rootlaw runs from a checkout (CI installs rootlaw normally, and an installed
    package finds no scenario folder of its own)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rulings_index, "CHECKOUT", ROOT)
        yield


@pytest.fixture(scope="session", autouse=True)
def as_from_a_checkout():
    """Every test, and every process it starts, runs without the caches a wheel ships
    (rootlaw.files.prebuilt), as from a checkout, which has none: the tests of the caches see
    what they build themselves, installed normally (CI) or not. tests/test_prebuilt.py tests
    the shipped ones."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ROOTLAW_NO_PREBUILT", "1")
        yield


@pytest.fixture
def private_cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this user's only, which rootlaw's caches use for this test."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.delenv("ROOTLAW_NO_CACHE", raising=False)
    monkeypatch.setenv("ROOTLAW_CACHE_DIR", str(folder))
    return folder
