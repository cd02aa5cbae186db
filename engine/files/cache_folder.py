"""The one private folder rootlaw's caches live in (parse tables, parsed rule texts, documents
that passed their schema), and the check that makes it trustworthy: a cache is only read from
a real folder owned by this user that nobody else may write, since what it holds steers loading.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path


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


def owned(info: os.stat_result) -> bool:
    """Whether a file or folder belongs to this user and nobody else may write it."""
    if not hasattr(os, "getuid"):  # Windows: the per-user application data folder is private
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
