"""Reading and writing rootlaw's JSON files (records, saved games) without trusting them.

A record or a save may come from anyone, so reading one refuses, with a `file:line:col`
message, everything that is not a small regular UTF-8 JSON file of plain values: a folder,
a FIFO or device (which would block), more than MAX_BYTES, bytes that are not UTF-8, NaN or
Infinity, numbers with more than MAX_DIGITS digits, and nesting deeper than MAX_DEPTH.
Writing checks the destination before a game is played, so a bad `--save` or `--record`
path fails at once rather than after the game.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

from rootlaw.errors import DataError, Problem, RootlawError

MAX_BYTES = 50_000_000
MAX_DEPTH = 100
MAX_DIGITS = 30
MIN_FREE_BYTES = 5_000_000  # a record or a save is far smaller; less free space means a full disk


def read_json(path: str | Path, what: str) -> Any:
    """The JSON value in the file at `path`; `what` names the kind of file in messages."""
    source = str(path)

    def refuse(message: str, hint: str | None = None, line: int = 1, col: int = 1) -> DataError:
        return DataError([Problem(source, line, col, message, hint)])

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise refuse("file not found", "check the spelling of the path") from None
    except (OSError, ValueError) as exc:
        raise refuse(f"cannot read the file: {getattr(exc, 'strerror', None) or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise refuse(f"this is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise refuse(f"this is not a regular file, so it cannot be a {what}",
                     "give a file saved by rootlaw, not a pipe or a device")
    if info.st_size > MAX_BYTES:
        raise refuse(f"the file is too large ({info.st_size} bytes; the limit is {MAX_BYTES})")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise refuse(f"cannot read the file: {exc.strerror or exc}") from None
    return parse_json(raw, source, what)


def parse_json(raw: bytes, source: str, what: str) -> Any:
    """The JSON value in `raw` (an upload, say), with the bounds `read_json` puts on a file;
    `source` names it in messages."""
    def refuse(message: str, hint: str | None = None, line: int = 1, col: int = 1) -> DataError:
        return DataError([Problem(source, line, col, message, hint)])

    if len(raw) > MAX_BYTES:
        raise refuse(f"the file is too large ({len(raw)} bytes; the limit is {MAX_BYTES})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise refuse(f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})",
                     f"is this really a {what}?", line) from None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_int, parse_float=_float)
    except json.JSONDecodeError as exc:
        raise refuse(f"not valid JSON: {exc.msg}", f"is this really a {what}?", exc.lineno, exc.colno) from None
    except _BadNumber as exc:
        raise refuse(str(exc)) from None
    except RecursionError:
        raise refuse(f"the JSON is nested too deeply (more than {MAX_DEPTH} levels)") from None
    if _depth_over(data):
        raise refuse(f"the JSON is nested too deeply (more than {MAX_DEPTH} levels)")
    return data


class _BadNumber(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _BadNumber(f"'{name}' is not a number rootlaw accepts")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber(f"a number with {len(text)} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS:
        raise _BadNumber(f"the number '{text[:20]}...' is too long")
    return float(text)


def _depth_over(data: Any) -> bool:
    """Whether `data` nests deeper than MAX_DEPTH (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return False


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
    if shutil.disk_usage(folder).free < MIN_FREE_BYTES:
        raise RootlawError(f"{path}: the disk is full (less than {MIN_FREE_BYTES // 1_000_000} MB free)")


def write_json(path: str | Path, data: Any, what: str) -> None:
    """Write `data` as JSON, turning a full disk or a vanished folder into a clean error."""
    try:
        Path(path).write_text(json.dumps(data), encoding="utf-8")
    except OSError as exc:
        raise RootlawError(f"{path}: cannot write the {what}: {exc.strerror or exc}") from None


__all__ = ["read_json", "parse_json", "write_json", "check_writable", "MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS"]
