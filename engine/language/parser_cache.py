"""A parser cache that cannot run code: JSON tables in a private, checked folder.

Building the LALR tables costs about half a second at every start. Lark's own cache pickles
them into a predictably named file in the shared temp folder and unpickles it before checking
its hash, so whoever writes that file first runs code as the next user. Here the tables are
kept as JSON (Lark's `memo_serialize` form: plain data, so loading a file can at worst give
a wrong parser, never run code) in a folder that only the user can write: created 0700,
refused unless it is a real folder owned by the user and closed to group and others. The
file name and content carry a hash of the grammar, Lark's version and Python's; any mismatch
or damage rebuilds the parser in memory. A wheel ships the tables it was built with
(rootlaw.files.prebuilt), read when the private folder has none, under the same key. As the
other caches, it keeps nothing with ROOTLAW_NO_CACHE=1 and lives in ROOTLAW_CACHE_DIR if set.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Callable

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from rootlaw.files import prebuilt
from rootlaw.files.cache_folder import data_cache_folder, is_private, read_cache, write_cache

MAX_CACHE_BYTES = 2_000_000


def cached_lark(grammar: str, build: Callable[[], Lark], folder: Path | None = None) -> Lark:
    """The parser for `grammar`: loaded from the private cache, or built by `build` and stored."""
    folder = data_cache_folder() if folder is None else folder
    key = hashlib.sha256("\0".join((grammar, lark.__version__, sys.version.split()[0])).encode()).hexdigest()
    if folder is None or not is_private(folder):
        return build()
    path = folder / f"parser-{key[:32]}.json"
    loaded = _load(read_cache(path, MAX_CACHE_BYTES, object_hook=_decode), key)
    if loaded is not None:
        return loaded
    loaded = _load(prebuilt.read(path.name, MAX_CACHE_BYTES, object_hook=_decode), key)  # the wheel's
    if loaded is not None:
        return loaded
    parser = build()
    _store(parser, path, key)
    return parser


def _load(data: Any, key: str) -> Lark | None:
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    try:
        return Lark._load_from_dict(data["data"], data["memo"])
    except Exception:  # a damaged or foreign file: build afresh rather than trust it
        return None


def _store(parser: Lark, path: Path, key: str) -> None:
    """Keep the tables; a read-only or full disk only costs the next start its half second."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    write_cache(path, json.dumps(_encode({"key": key, "data": data, "memo": memo})))


def _encode(value: Any) -> Any:
    """JSON keeps only string keys and no tuples; Lark's tables have both, so tag them."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {"__pairs__": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"__tuple__": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    return value


def _decode(obj: dict) -> Any:
    if len(obj) == 1 and "__pairs__" in obj:
        return {(tuple(k) if isinstance(k, list) else k): v for k, v in obj["__pairs__"]}
    if len(obj) == 1 and "__tuple__" in obj:
        return tuple(obj["__tuple__"])
    return obj
