"""Writing a file so that an interruption never costs the file it replaces.

Every file rootlaw writes (saves, records, simulation outputs, reports, pictures, sheets, an
upgraded faction file) goes through `replacing`: the new content goes to a temporary file in
the same folder, which is flushed and synced to the disk, then renamed over the old file (a
rename within a folder is atomic), and the folder is synced so the rename itself survives a
power cut. A kill, a full disk or a file-size limit at any moment leaves either the old file or
the new one, never a mix or an empty file; the error says which. `check_writable` refuses a
bad destination before any work is done. (The private caches' files are replaced the same way
but not synced: losing one only costs a start some time.)

A destination that exists must be a regular file (never a device: renaming over /dev/null
would replace it); a link is followed, so the file it points to is replaced and the link kept.
"""
from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import IO, Any, Iterator

from rootlaw.errors import RootlawError

MIN_FREE_BYTES = 5_000_000  # a record or a save is far smaller; less free space means a full disk


def write_file(path: str | Path, content: str | bytes, what: str) -> Path:
    """Replace the file at `path` with `content` (text is written as UTF-8); `what` names the
    kind of file in messages. Returns the path written."""
    with replacing(path, what, binary=isinstance(content, bytes)) as handle:
        handle.write(content)
    return Path(path)


@contextmanager
def replacing(path: str | Path, what: str, *, binary: bool = False, private: bool = False) -> Iterator[IO]:
    """A file object for the new content of `path`; when the block ends without an error it
    replaces the old file, otherwise the old file stays as it was and the temporary file goes.
    An OSError (a full disk, a file-size limit, a folder that went away) becomes a
    RootlawError that says the previous file is intact. A `private` file (a cache's) is
    readable by this user only and replaces whatever stands at `path`, a link or a pipe too; it
    is not synced to the disk: a power cut can at worst cost it (a damaged cache file is rebuilt),
    while syncing the two dozen files a first start writes costs that start half a second."""
    target = Path(path) if private else _destination(Path(path), what)
    existed = os.path.lexists(target)
    temp: str | None = None
    try:
        import tempfile
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:60]}.", suffix=".tmp")
        with open(fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8", "newline": ""})) as handle:
            yield handle
            handle.flush()
            if not private:
                os.fsync(handle.fileno())
        if not private:  # mkstemp made it 0600: give it the old file's mode, or a new file's
            os.chmod(temp, stat.S_IMODE(os.stat(target).st_mode) if existed else 0o666 & ~_UMASK)
        os.replace(temp, target)
        temp = None
        if not private:
            sync_folder(target.parent)
    except OSError as exc:
        kept = "the previous file is intact" if existed else "no file was written"
        raise RootlawError(f"{path}: cannot write the {what}: {exc.strerror or exc}; {kept}") from None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass


def sync_folder(folder: Path) -> None:
    """Make a rename or a new file in `folder` survive a power cut (where the system allows)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is still atomic
    finally:
        os.close(fd)


def _destination(target: Path, what: str) -> Path:
    """The file to replace: a link's target; refused if it is not a regular file."""
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    if not target.parent.is_dir():
        raise RootlawError(f"{target}: the folder {target.parent} does not exist; create it first")
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise RootlawError(f"{target}: cannot write the {what}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise RootlawError(f"{target}: is a folder; give a file name for the {what}")
    if not stat.S_ISREG(info.st_mode):
        raise RootlawError(f"{target}: is not a regular file (a pipe or a device?); give a file name for the {what}")
    return target


def check_writable(path: str | Path, what: str) -> None:
    """Refuse, before any work is done, a destination that cannot take the file."""
    target = Path(path)
    if target.is_dir():
        raise RootlawError(f"{path}: is a folder; give a file name for the {what}")
    if target.exists() and not target.is_file():
        raise RootlawError(f"{path}: is not a regular file; give a file name for the {what}")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RootlawError(f"{path}: the folder {folder} does not exist; create it first")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise RootlawError(f"{path}: cannot write here (permission denied)")
    import shutil
    if shutil.disk_usage(folder).free < MIN_FREE_BYTES:
        raise RootlawError(f"{path}: the disk is full (less than {MIN_FREE_BYTES // 1_000_000} MB free)")


def _umask() -> int:
    """The process's umask (read once, at import, while no other thread writes files)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _umask()

__all__ = ["write_file", "replacing", "check_writable", "sync_folder", "MIN_FREE_BYTES"]


def __getattr__(name: str) -> Any:
    """`tempfile` and `shutil`, as attributes of this module too, imported when first used:
    a start that writes no file never imports them (tempfile's import, with the random module
    it brings, is about 1% of a warm `rootlaw play`)."""
    if name in ("tempfile", "shutil"):
        return import_module(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
