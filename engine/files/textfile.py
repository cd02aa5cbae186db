"""Writing a text file so that a crash or a full disk never leaves half of it: the text goes to
a temporary file in the same folder, is flushed to the disk, then takes the old file's place in
one step (a rename), keeping its permissions."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rootlaw.errors import RootlawError


def write_atomically(path: str | Path, text: str) -> None:
    """Replace (or create) the file at `path` with `text`, UTF-8, all at once."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temporary = None, None
    try:
        mode = target.stat().st_mode & 0o7777 if target.exists() else None
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            handle = None
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
        temporary = None
        _sync_folder(folder)
    except OSError as exc:
        raise RootlawError(f"{path}: cannot write the file: {exc.strerror or exc}") from None
    finally:
        if handle is not None:
            os.close(handle)
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


__all__ = ["write_atomically"]
