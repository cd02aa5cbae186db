"""Reading and writing rootlaw's JSON files (records, saved games) without trusting them.

A record or a save may come from anyone, so reading one refuses, with a `file:line:col`
message, everything that is not a small regular UTF-8 JSON file of plain values: a folder,
a FIFO or device (which would block), more than MAX_BYTES, bytes that are not UTF-8, NaN or
Infinity, numbers with more than MAX_DIGITS digits, and nesting deeper than MAX_DEPTH.
Writing goes through `rootlaw.files.atomic` (the old file survives any interruption), whose
`check_writable` checks a destination before a game is played, so a bad `--save` or
`--record` path fails at once rather than after the game.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rootlaw.errors import DataError, Problem

from .atomic import check_writable, write_file
from .regular import Unreadable, read_regular

MAX_BYTES = 50_000_000
MAX_DEPTH = 100
MAX_DIGITS = 30


def read_json(path: str | Path, what: str) -> Any:
    """The JSON value in the file at `path`; `what` names the kind of file in messages."""
    try:
        raw = read_regular(path, MAX_BYTES, what=what)
    except Unreadable as exc:
        raise DataError([Problem(str(path), 1, 1, exc.message, exc.hint)]) from None
    return parse_json(raw, str(path), what)


def parse_json(raw: bytes | str, source: str, what: str) -> Any:
    """The JSON value in `raw` (a file's bytes, an upload), bounded as `read_json` bounds a
    file; `source` names it in messages."""
    def refuse(message: str, hint: str | None = None, line: int = 1, col: int = 1) -> DataError:
        return DataError([Problem(source, line, col, message, hint)])

    if len(raw) > MAX_BYTES:
        raise refuse(f"the file is too large ({len(raw)} bytes; the limit is {MAX_BYTES})")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise refuse(f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})",
                         f"is this really a {what}?", line) from None
    else:
        text = raw
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


def write_json(path: str | Path, data: Any, what: str) -> None:
    """Write `data` as JSON in place of the file at `path` (rootlaw.files.atomic: an
    interruption leaves the previous file intact)."""
    write_file(path, json.dumps(data), what)


__all__ = ["read_json", "parse_json", "write_json", "check_writable", "MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS"]
