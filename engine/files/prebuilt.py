"""Caches built with the wheel, so the first start on a new machine reads what it would build.

A first start from an empty cache folder builds Lark's parse tables, parses every rule text of
the bundled factions and checks every bundled document against its schema: about four fifths of
its time, and the same work on every machine for the same files. So building a wheel does it
once (`rootlaw.tools.prebuild`, run by setup.py's build step, as Python compiles the .pyc
files at install) and ships what the caches would hold in `rootlaw/data/prebuilt/`: the parse
tables, the trees of the bundled documents' texts, the bundled files as loaded (data and
positions, rootlaw.files.document_cache) and the fingerprints of the bundled documents that
passed their schema, all plain JSON read through the bounded reader. Each entry keeps the key it
was built under (the grammar, Lark's, PyYAML's and Python's releases, the loader's source, the
text or the document's data and every schema), so a changed file, another Lark or another
Python misses and is built as without them; a damaged file is ignored. A checkout or an
editable install has no such folder and builds at its first start. ROOTLAW_NO_CACHE=1 turns
these off with the other caches, and ROOTLAW_NO_PREBUILT=1 alone (a start as from a checkout:
the test suite runs so).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable

from .regular import Unreadable, read_regular
from .resources import PACKAGE_DIR, source_name

FOLDER = PACKAGE_DIR / "data" / "prebuilt"
"""Where a wheel's prebuilt caches are; the build writes it, no checkout has it."""


def enabled() -> bool:
    return not (os.environ.get("ROOTLAW_NO_CACHE") or os.environ.get("ROOTLAW_NO_PREBUILT"))


def read(name: str, max_bytes: int, object_hook: Callable[[dict], Any] | None = None) -> Any:
    """The JSON value of the prebuilt file `name`, or None when there is none, it is off, or the
    file is damaged or odd (not a regular file, a link, too large, not JSON): the caller then
    builds what it would have given. The folder is part of the installation, like its code, so
    its files need not be this user's."""
    if not enabled():
        return None
    try:
        return json.loads(read_regular(FOLDER / name, max_bytes, what="prebuilt cache file", follow=False),
                          object_hook=object_hook)
    except (Unreadable, ValueError, TypeError, KeyError, RecursionError, MemoryError):
        return None


@functools.lru_cache(maxsize=None)
def document_name(source: str) -> str | None:
    """A bundled file's name the same in every installation ("factions/x.yaml"), for the
    prebuilt entries of the document at `source` (its path); None for any other file, such as a
    pack's, which never gets a prebuilt entry."""
    try:
        return source_name(Path(source))
    except (OSError, ValueError):
        return None


def shard(prefix: str, name: str) -> str:
    """The prebuilt file of one bundled document's entries (`name` from `document_name`)."""
    return f"{prefix}{hashlib.sha256(name.encode()).hexdigest()[:32]}.json"
