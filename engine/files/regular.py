"""Reading the bytes of a file that may not be what it claims: only a regular file is read,
never a pipe or a device, and never more than a bound.

Opening a FIFO for reading waits for a writer, and a device such as /dev/zero never ends, so a
path is looked at before it is opened and again once it is open (a file can be swapped between
the two): the open does not wait (O_NONBLOCK), and only a regular file, no larger than the
bound, is read. The YAML and JSON readers and the caches all read through here.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

_NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


class Unreadable(Exception):
    """Why a file cannot be read, in a person's words (`hint`: what to do about it)."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


def read_regular(path: str | Path, max_bytes: int, *, what: str = "file", follow: bool = True,
                 owner: bool = False) -> bytes:
    """The bytes of the regular file at `path`, at most `max_bytes` of them.

    Raises Unreadable for a missing file, a folder, a pipe or a device, a file too large or one
    the system refuses; with `follow=False` a link is refused too, with `owner` a file that is
    not this user's alone (for the private caches)."""
    with open_regular(path, max_bytes, what=what, follow=follow, owner=owner) as handle:
        try:
            raw = handle.read(max_bytes + 1)  # a file may grow while it is read
        except OSError as exc:
            raise Unreadable(f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise _too_big(len(raw), max_bytes)
    return raw


def open_regular(path: str | Path, max_bytes: int | None = None, *, what: str = "file", follow: bool = True,
                 owner: bool = False) -> BinaryIO:
    """The regular file at `path`, open for reading in binary (for a file read line by line);
    refused as `read_regular` refuses, `max_bytes` None for no bound on its size."""
    try:
        _check(os.stat(path) if follow else os.lstat(path), max_bytes, what, owner)
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | (0 if follow else getattr(os, "O_NOFOLLOW", 0)))
    except FileNotFoundError:
        raise Unreadable("file not found", "check the spelling of the path") from None
    except PermissionError:
        raise Unreadable("cannot read the file: permission denied") from None
    except (OSError, ValueError) as exc:  # a NUL in the path, a name too long, a loop of links
        raise Unreadable(f"cannot read the file: {getattr(exc, 'strerror', None) or exc}") from None
    handle = os.fdopen(fd, "rb")
    try:
        _check(os.fstat(handle.fileno()), max_bytes, what, owner)  # what was opened, not what was looked at
    except BaseException:
        handle.close()
        raise
    return handle


def _check(info: os.stat_result, max_bytes: int | None, what: str, owner: bool) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable(f"this is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(f"this is not a regular file (a pipe or a device?), so it cannot be a {what}",
                         "give a file; rootlaw does not read from pipes or devices")
    if owner and not owned(info):
        raise Unreadable("the file is not this user's alone")
    if max_bytes is not None and info.st_size > max_bytes:
        raise _too_big(info.st_size, max_bytes)


def owned(info: os.stat_result) -> bool:
    """Whether a file or folder belongs to this user and nobody else may write it."""
    if not hasattr(os, "getuid"):  # Windows: the per-user application data folder is private
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _too_big(size: int, max_bytes: int) -> Unreadable:
    return Unreadable(f"the file is too large ({size} bytes; the limit is {max_bytes})",
                      "rootlaw's files are small; check that this is the right file")


__all__ = ["read_regular", "open_regular", "owned", "Unreadable"]
