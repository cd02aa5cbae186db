"""Remembering which documents already passed their schema, so a start skips re-checking them.

Checking the bundled factions, maps and decks against their JSON Schemas is about a quarter of
loading. A document that passed once passes again while neither it nor the schemas change, so
the fingerprint (SHA-256 of the schemas' text, the schema's name and the document's data) of
each document that passed is kept in a private JSON file: plain hashes, never code or pickled
objects, in a folder only this user may read and write. A document with problems is never
remembered, so errors are always found and reported in full. ROOTLAW_NO_CACHE=1 turns this off;
ROOTLAW_CACHE_DIR moves the folder (default: $XDG_CACHE_HOME/rootlaw or ~/.cache/rootlaw).
"""
from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from . import prebuilt
from .cache_folder import data_cache_folder, is_private, read_cache, write_cache
from .resources import data_dir

_FILE = "valid-documents.json"
_LIMIT = 2000  # fingerprints kept; the oldest go first
_MAX_BYTES = 70 * (_LIMIT + 10)  # a file of _LIMIT fingerprints is smaller; a larger one is not ours


def fingerprint(schema_name: str, data: Any) -> str:
    """What must stay the same for a pass to hold: every schema file, the schema used, the data."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(f"{_schemas_digest()}\0{schema_name}\0{text}".encode()).hexdigest()


def passed(key: str, source: str | None = None) -> bool:
    """Whether a document with this fingerprint passed before (here or at an earlier start), or,
    for the bundled file at `source` (its path), when the wheel was built (rootlaw.files.prebuilt:
    only bundled files, never a pack's, and only with the very data and schemas checked then)."""
    if key in _loaded():
        return True
    return source is not None and prebuilt.document_name(source) is not None and key in _prebuilt()


def remember(key: str) -> None:
    """Note a document that passed; failing to write the file only costs the next start time."""
    known = _loaded()
    if key in known or data_cache_folder() is None:
        return
    known[key] = None
    while len(known) > _LIMIT:
        del known[next(iter(known))]
    folder = data_cache_folder()
    if is_private(folder):
        write_cache(folder / _FILE, json.dumps(list(known)))


@functools.lru_cache(maxsize=1)
def _schemas_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(data_dir("schemas").glob("*.json")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def _prebuilt() -> frozenset[str]:
    keys = prebuilt.read(_FILE, _MAX_BYTES)
    return frozenset(k for k in keys if isinstance(k, str) and len(k) == 64) if isinstance(keys, list) else frozenset()


@functools.lru_cache(maxsize=1)
def _loaded() -> dict[str, None]:
    folder = data_cache_folder()
    if folder is None or not is_private(folder):
        return {}
    keys = read_cache(folder / _FILE, _MAX_BYTES)
    if not isinstance(keys, list):
        return {}
    return {k: None for k in keys if isinstance(k, str) and len(k) == 64}
