"""Remembering the data files rootlaw ships as they were loaded, so a start reads them as JSON
instead of parsing YAML.

Parsing the bundled factions, maps and decks with PyYAML, and noting the position of every value,
costs a start more than everything else it reads (a tenth of a warm start). A file gives
the same data and positions while neither its text, the loader's code nor PyYAML changes, so each
bundled file that loaded without a problem is kept in the private cache folder
(`rootlaw.files.cache_folder`) as plain JSON: its data, and its positions as lists in a JSON text of
their own (a start reads positions only for an error message, so they are decoded on first use:
`recall`), never code or pickled objects, under a key (SHA-256 of the loader's source, PyYAML's, Python's version and the
file's text) that any change misses. A damaged or foreign file is ignored and the YAML parsed
again. Only the files rootlaw ships are kept, a set fixed by the installation, one cache file
each; a pack or a scenario a person edits is parsed every time. New files are written when the
process ends. ROOTLAW_NO_CACHE=1 turns this off; ROOTLAW_CACHE_DIR moves it.
"""
from __future__ import annotations

import atexit
import functools
import hashlib
import json
import os
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Callable

from . import prebuilt
from .cache_folder import data_cache_folder, is_private, read_cache, write_cache

_PREFIX = "document-"
_MAX_BYTES = 20_000_000  # of one file's entry; a bundled faction's is some 100 kB
_PAIRS = "\0pairs"
_FORMAT = 2  # of an entry (part of its key): 2 keeps the positions as a JSON text  # a mapping whose keys are not all strings, as [[key, value], ...]

Positions = dict[tuple, tuple[int, int]]


def lookup(path: str | os.PathLike, text: str) -> tuple[Any, Positions, Positions] | None:
    """The data, value positions and key positions of the bundled file at `path` whose text is
    `text`, as loaded before; None when they are not kept (or `path` is not a bundled file)."""
    kept = recall(path, text)
    if kept is None:
        return None
    try:
        return kept[0], *kept[1]()
    except ValueError:  # damaged positions: parse the YAML afresh
        return None


def recall(path: str | os.PathLike, text: str) -> tuple[Any, Callable[[], tuple[Positions, Positions]]] | None:
    """`lookup`'s data, with a function that decodes the positions when they are first needed
    (ValueError if they are damaged); None when nothing is kept."""
    name = _bundled(path)
    if name is None:
        return None
    entry = _read(name)
    if not isinstance(entry, dict) or entry.get("key") != _key(text):
        entry = _prebuilt(path)  # as the wheel was built with it (rootlaw.files.prebuilt)
        if not isinstance(entry, dict) or entry.get("key") != _key(text):
            return None
    data, rows, key_rows = entry.get("data"), entry.get("positions"), entry.get("key_positions")
    if type(rows) is not str or type(key_rows) is not str:  # a damaged entry: parse the YAML afresh
        return None
    return data, lambda: (_positions(rows), _positions(key_rows))


def remember(path: str | os.PathLike, text: str, data: Any, positions: Positions, key_positions: Positions) -> None:
    """Keep what a bundled file loaded to (written when the process ends); a value JSON cannot
    give back exactly is not kept."""
    name = _bundled(path)
    if name is None or data_cache_folder() is None:
        return
    encoded = _encode(data)
    if json.loads(json.dumps(encoded), object_hook=_decode) != data:
        return
    entry = {"key": _key(text), "data": encoded,
             "positions": _rows(positions), "key_positions": _rows(key_positions)}
    if not _pending:
        atexit.register(_store)
    _pending[name] = json.dumps(entry, separators=(",", ":"))  # now: the caller may change `data` later


_pending: dict[str, str] = {}  # cache file -> its new text


def _store() -> None:
    folder = data_cache_folder()
    if folder is None or not is_private(folder):
        return
    for name, text in sorted(_pending.items()):
        write_cache(folder / name, text)
    _pending.clear()


def _bundled(path: str | os.PathLike) -> str | None:
    """The cache file of a file rootlaw ships (named by its absolute path, so two installations
    sharing a cache folder keep theirs apart), None for any other file."""
    try:
        if prebuilt.document_name(os.fspath(path)) is None:  # worked out once, for every cache
            return None
        where = os.path.abspath(path)
    except (OSError, ValueError):
        return None
    return f"{_PREFIX}{hashlib.sha256(where.encode()).hexdigest()[:32]}.json"


def _read(name: str) -> Any:
    folder = data_cache_folder()
    if folder is None or not is_private(folder):
        return None
    return read_cache(folder / name, _MAX_BYTES, object_hook=_decode)


def _prebuilt(path: str | os.PathLike) -> Any:
    name = prebuilt.document_name(os.fspath(path))
    return prebuilt.read(prebuilt.shard(_PREFIX, name), _MAX_BYTES, object_hook=_decode) if name else None


def _key(text: str) -> str:
    return hashlib.sha256(f"{_FORMAT}\0{_loader()}\0{text}".encode()).hexdigest()


@functools.lru_cache(maxsize=1)
def _loader() -> str:
    """What else the loaded data depends on: the loader's own source, PyYAML's release (the hash of
    its `__init__.py`, which holds its version) and Python's version."""
    h = hashlib.sha256(sys.version.encode())
    spec = find_spec("yaml")
    here = Path(__file__).parent
    for path in (here / "documents.py", here / "yaml_loader.py", Path(spec.origin) if spec and spec.origin else None):
        try:
            h.update(path.read_bytes() if path else b"no yaml")
        except OSError:
            h.update(b"unreadable")
    return h.hexdigest()


def _encode(value: Any) -> Any:
    """JSON keeps only string keys: a mapping with a number for a key (a map's clearings) is tagged."""
    if isinstance(value, dict):
        if all(type(k) is str for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {_PAIRS: [[k, _encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    return value


def _decode(obj: dict) -> dict:
    """A mapping as JSON read it, the tagged ones given their number keys back."""
    if len(obj) == 1 and _PAIRS in obj:
        return {k: v for k, v in obj[_PAIRS]}
    return obj


def _rows(positions: Positions) -> str:
    return json.dumps([[*p, *at] for p, at in positions.items()], separators=(",", ":"))


def _positions(text: str) -> Positions:
    """The positions `_rows` wrote; ValueError for anything else."""
    out: Positions = {}
    try:
        rows = json.loads(text)
        if type(rows) is not list:
            raise ValueError("not positions")
        for row in rows:
            line, col = row[-2], row[-1]
            if type(line) is not int or type(col) is not int:
                raise ValueError("not a position")
            out[tuple(row[:-2])] = (line, col)
    except (TypeError, IndexError, KeyError, RecursionError) as exc:
        raise ValueError("not positions") from exc
    return out
