"""The one private folder rootlaw's caches live in (parse tables, parsed rule texts, documents
that passed their schema), and the check that makes it trustworthy: a cache is only read from
a real folder owned by this user that nobody else may write, since what it holds steers loading;
and reading and writing the files in it, so that a damaged or odd file is rebuilt, never trusted
and never waited on.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, Callable

from rootlaw.errors import RootlawError

from .atomic import replacing
from .regular import Unreadable, owned, read_regular


def cache_folder() -> Path:
    """`$XDG_CACHE_HOME/rootlaw` (or `~/.cache/rootlaw`); `%LOCALAPPDATA%\\rootlaw` on Windows."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "rootlaw"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rootlaw"


def data_cache_folder() -> Path | None:
    """The folder of the data caches: none with ROOTLAW_NO_CACHE, ROOTLAW_CACHE_DIR if set."""
    if os.environ.get("ROOTLAW_NO_CACHE"):
        return None
    return Path(os.environ["ROOTLAW_CACHE_DIR"]) if os.environ.get("ROOTLAW_CACHE_DIR") else cache_folder()


def is_private(folder: Path) -> bool:
    """Create the folder 0700 if needed; True only if it is a real folder only this user can write."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and owned(info)


def read_cache(path: Path, max_bytes: int, object_hook: Callable[[dict], Any] | None = None) -> Any:
    """The JSON value in one of the cache's files, or None when the file is missing, damaged or
    odd (not a regular file of this user's, a link, too large, nested too deep, not JSON): the
    caller then builds afresh what the file would have given, and writing it replaces the file.
    Reading never waits: a pipe or a device in a cache file's place is refused unopened."""
    try:
        return json.loads(read_regular(path, max_bytes, what="cache file", follow=False, owner=True),
                          object_hook=object_hook)
    except (Unreadable, ValueError, TypeError, KeyError, RecursionError, MemoryError):
        return None


def write_cache(path: Path, text: str | bytes) -> None:
    """Replace one of the cache's files (rootlaw.files.atomic, readable by this user only) with
    a text, or bytes (the marshalled code of files/code_cache.py); failing to write
    only costs the next start the time the file would have saved."""
    try:
        with replacing(path, "cache file", binary=isinstance(text, bytes), private=True) as handle:
            handle.write(text)
    except RootlawError:
        pass


def store_changed(changed: set[str], content: Callable[[str], str | bytes]) -> Path | None:
    """Write each of the `changed` files of the data caches' folder (in the order of their
    names) with its `content`, and forget them: what the caches of one file per document do
    when the process ends. The folder, or None when there is none to trust."""
    folder = data_cache_folder()
    if folder is None or not is_private(folder):
        return None
    for where in sorted(changed):
        write_cache(folder / where, content(where))
    changed.clear()
    return folder


def prune(folder: Path, pattern: str, keep: int) -> None:
    """Drop the least recently written of the files matching `pattern` in the folder past the
    `keep` newest, so a cache of one file per document does not grow without end."""
    try:
        files = sorted(folder.glob(pattern), key=lambda f: (f.stat().st_mtime, f.name))
        for old in files[:-keep]:
            old.unlink()
    except OSError:
        return
