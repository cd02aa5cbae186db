"""A JSON Lines file that grows one row at a time and keeps every finished row through a kill.

A long run (a simulation) writes each row as soon as it is known: one line, flushed and synced
to the disk before the next is computed, so a kill, a full disk or a file-size limit loses at
most the row being written. Such a row is a torn last line (no newline, or cut inside its
JSON); `RowFile.resume` drops it (the file is cut back to the last whole row) and returns the
rows before it, so the run can go on from there and end with the file an uninterrupted run
writes. Rows are written with sorted keys, so the same rows give the same bytes.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rootlaw.errors import DataError, Problem, RootlawError

from .atomic import sync_folder
from .jsonfile import parse_json
from .regular import Unreadable, open_regular

MAX_ROW_BYTES = 10_000_000
"""Longest row read back; a row is a few kilobytes."""


def line_of(row: Any) -> str:
    """A row as its line in the file (without the newline)."""
    return json.dumps(row, sort_keys=True)


class RowFile:
    """Rows appended to one JSON Lines file; `what` names its rows in messages ("game rows")."""

    def __init__(self, path: str | Path, what: str = "rows") -> None:
        self.path, self.what = Path(path), what
        self.written = 0  # rows in the file, counting those found by `resume`
        self._handle: Any = None

    def start(self) -> "RowFile":
        """Begin an empty file (removing any file there: opening a pipe to write would wait)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            raise RootlawError(f"{self.path}: cannot replace it: {exc.strerror or exc}") from None
        self._open("w")
        sync_folder(self.path.parent)
        return self

    def resume(self) -> list[Any]:
        """The rows already in the file (none if there is no file), the torn last one dropped;
        appending goes on after them. A damaged row before the last is an error."""
        if not self.path.exists():
            self.start()
            return []
        rows, keep = self._read()
        if keep < self.path.stat().st_size:
            try:
                os.truncate(self.path, keep)
            except OSError as exc:
                raise RootlawError(f"{self.path}: cannot cut off the unfinished last row: {exc.strerror or exc}") \
                    from None
        self._open("a")
        self.written = len(rows)
        return rows

    def append(self, row: Any) -> str:
        """Write one row and make it last; returns its line. A failed write is an error that
        says the rows before it are kept."""
        line = line_of(row)
        try:
            self._handle.write(line + "\n")
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as exc:
            self.close()
            raise RootlawError(f"{self.path}: cannot write the next of the {self.what}: {exc.strerror or exc}; "
                               f"the {self.written} written before it are kept (--resume goes on from them)") from None
        self.written += 1
        return line

    def close(self) -> None:
        if self._handle is not None:
            try:
                self._handle.close()
            except OSError:
                pass  # what was synced is on the disk; the rest is a torn row `resume` drops
            self._handle = None

    def __enter__(self) -> "RowFile":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _open(self, mode: str) -> None:
        try:
            self._handle = open(self.path, mode, encoding="utf-8", newline="\n")
        except OSError as exc:
            raise RootlawError(f"{self.path}: cannot write the {self.what}: {exc.strerror or exc}") from None

    def _read(self) -> tuple[list[Any], int]:
        """The whole rows and the length of the file they fill."""
        rows: list[Any] = []
        keep = 0
        try:
            handle = open_regular(self.path, what=f"file of {self.what}")
        except Unreadable as exc:
            raise DataError([Problem(str(self.path), 1, 1, exc.message, exc.hint)]) from None
        with handle:
            number = 0
            while True:
                raw = handle.readline(MAX_ROW_BYTES + 1)
                if not raw:
                    break
                number += 1
                torn = not raw.endswith(b"\n")
                try:
                    row = None if torn else parse_json(raw, f"{self.path}:{number}", "row")
                except DataError:
                    torn = True
                if torn:
                    if handle.read(1):  # only the last line may be unfinished
                        raise DataError([Problem(str(self.path), number, 1,
                                                 f"line {number} is not one of the {self.what}",
                                                 "was the file edited? start again with --force")])
                    break
                rows.append(row)
                keep += len(raw)
        return rows, keep


__all__ = ["RowFile", "line_of", "MAX_ROW_BYTES"]
