"""Loads YAML data files safely and remembers where every value was written.

Every data file rootlaw reads (maps, decks, factions, packs, scenarios) may come from a
stranger, and every mistake in one must be reported at a line and column a person can jump
to. So this module:

* parses with a `yaml.SafeLoader` subclass but never runs a YAML constructor: it composes the
  node tree and turns the nodes into plain data itself, recording each node's `start_mark`
  in a side table keyed by the path (dict keys and list indexes) that leads to it;
* uses YAML 1.2-style scalars: only `true`/`false` are booleans (so `on:`, `yes`, `no`,
  `y`, `n`, `off` stay strings), only plain decimal/`0x`/`0o` numbers are integers, dates
  stay strings, and `<<` is an ordinary key rather than a merge;
* refuses duplicate keys, anchors and aliases (no alias bombs), explicit tags other than
  the core `!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`, oversized
  files, files that are not UTF-8, and absurdly deep nesting;
* reports every problem as an `rootlaw.errors.Problem` inside a `DataError`, never as a raw
  yaml exception.

A file rootlaw ships comes from `rootlaw.files.document_cache` when it loaded before, unparsed.
"""
from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING, Any, Callable, Sequence

from rootlaw.errors import DataError, Problem

from . import document_cache
from .regular import Unreadable, read_regular

if TYPE_CHECKING:
    import yaml
    from yaml.nodes import Node

__all__ = ["Document", "load_yaml", "MAX_DEPTH"]

# PyYAML and the loader built on it (yaml_loader.py) are imported by the first file parsed: a
# start whose every file comes from the document cache never imports them (some 38 M
# instructions, 4% of a warm `rootlaw play`). Their names stay attributes of this module.
_LOADER_NAMES = ("MAX_DEPTH", "Builder", "FastLoader", "Loader", "Refused", "mark_position")


def __getattr__(name: str) -> Any:
    if name not in _LOADER_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import yaml_loader
    return getattr(yaml_loader, name)

_Path = tuple  # a path into the data: a tuple of dict keys (str | int) and list indexes (int)


class Document:
    """A loaded YAML file: plain data plus the position each value came from.

    Positions live in a side table rather than in the data so that the data stays plain
    dicts, lists and scalars that any code (and jsonschema) can use directly. A document read
    from the cache gets `tables` instead: the function that gives both tables when a position
    is first asked for (error messages only, so a start that finds no error decodes none).
    """

    data: Any
    source: str

    def __init__(
        self,
        data: Any,
        source: str,
        positions: dict[_Path, tuple[int, int]] | None = None,
        key_positions: dict[_Path, tuple[int, int]] | None = None,
        text: str = "",
        tables: Callable[[], tuple[dict, dict]] | None = None,
    ):
        self.data = data
        self.source = source
        self._tables = tables
        self._decoded = None if tables else (dict(positions or {}), dict(key_positions or {}))
        self._text = text
        self._split: list[str] | None = None  # its lines, when first asked for
        self._digest: str | None = None

    def digest(self) -> str:
        """A hash of the file's text, for caches of what is worked out from it; "" for a
        document built in memory without its text (nothing is cached from it)."""
        if self._digest is None:
            text = self._text
            self._digest = hashlib.sha256(text.encode()).hexdigest() if text else ""
        return self._digest

    @property
    def _positions(self) -> dict[_Path, tuple[int, int]]:
        return self._both()[0]

    @property
    def _key_positions(self) -> dict[_Path, tuple[int, int]]:
        return self._both()[1]

    def _both(self) -> tuple[dict, dict]:
        if self._decoded is None:
            self._decoded = self._tables()
            self._tables = None
        return self._decoded

    @property
    def _lines(self) -> list[str]:
        if self._split is None:
            self._split = self._text.split("\n")
        return self._split

    def raw_line(self, line: int) -> str | None:
        """The text of a 1-based line of the file, for positions inside embedded expressions."""
        return self._lines[line - 1] if 1 <= line <= len(self._lines) else None

    def __repr__(self) -> str:
        return f"Document(source={self.source!r}, data={type(self.data).__name__})"

    def where(self, path: Sequence[str | int] = ()) -> tuple[int, int]:
        """1-based (line, col) of the value at `path` (dict keys / list indexes).

        Falls back to the nearest existing parent, so a message about a missing key still
        points at the mapping that should hold it; a document built in memory says (1, 1).
        """
        path = tuple(path)
        while path:
            if path in self._positions:
                return self._positions[path]
            path = path[:-1]
        return self._positions.get((), (1, 1))

    def key_where(self, path: Sequence[str | int]) -> tuple[int, int]:
        """Position of the KEY of the mapping entry at `path` (for 'unknown key' errors).

        Falls back to where() when the path does not end in a mapping key.
        """
        path = tuple(path)
        if path in self._key_positions:
            return self._key_positions[path]
        return self.where(path)

    def problem(
        self,
        path: Sequence[str | int],
        message: str,
        hint: str | None = None,
        *,
        at_key: bool = False,
    ) -> Problem:
        """A Problem in this file at the value (or, with at_key, the key) found at `path`."""
        line, col = self.key_where(path) if at_key else self.where(path)
        return Problem(self.source, line, col, message, hint)




def _positions_kept(decode: Callable[[], tuple[dict, dict]], path: str | os.PathLike, text: str,
                    source: str) -> Callable[[], tuple[dict, dict]]:
    """The positions the document cache kept for `text`, decoded when first asked for; damaged
    ones are found again by parsing the text (and the cache file is written again)."""
    def tables() -> tuple[dict, dict]:
        try:
            return decode()
        except ValueError:
            doc = load_yaml(text=text, source=source)
            document_cache.remember(path, text, doc.data, doc._positions, doc._key_positions)
            return doc._positions, doc._key_positions
    return tables


# ---------------------------------------------------------------------------------------
# Reading the bytes and turning yaml's complaints into Problems.


def load_yaml(
    path: str | os.PathLike | None = None,
    *,
    text: str | None = None,
    source: str | None = None,
    max_bytes: int = 2_000_000,
) -> Document:
    """Load one YAML data file (or `text`) into a Document.

    Raises DataError listing every problem found; `source` (default: the path as given, or
    "<text>") names the file in each of them.
    """
    if (path is None) == (text is None):
        raise TypeError("load_yaml needs exactly one of path or text")
    if source is None:
        source = os.fspath(path) if path is not None else "<text>"

    def refuse(message: str, hint: str | None = None, line: int = 1, col: int = 1) -> DataError:
        return DataError([Problem(source, line, col, message, hint)])

    if text is None:
        raw = _read_bytes(path, max_bytes, refuse)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            line, col = _byte_position(raw, err.start)
            raise refuse(
                f"the file is not UTF-8 text (byte 0x{raw[err.start]:02x})",
                "save the file with UTF-8 encoding",
                line,
                col,
            ) from None
        cached = document_cache.recall(path, text)
        if cached is not None:
            return Document(cached[0], source, text=text, tables=_positions_kept(cached[1], path, text, source))
    else:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            raise _too_big(refuse, size, max_bytes)
        text = text.removeprefix("\ufeff")

    import yaml  # the first file parsed (see _LOADER_NAMES)
    from .yaml_loader import Builder, Refused, mark_position
    try:
        node = _compose(text)
    except Refused as err:
        line, col = mark_position(err.mark)
        raise refuse(err.message, err.hint, line, col) from None
    except yaml.MarkedYAMLError as err:
        raise _syntax_problem(err, text, refuse) from None
    except yaml.reader.ReaderError as err:
        line, col = _char_position(text, err.position)
        char = err.character if isinstance(err.character, str) else chr(err.character)
        raise refuse(
            f"the file contains a character YAML does not allow (U+{ord(char):04X})",
            "remove the control character; it is usually invisible in an editor",
            line,
            col,
        ) from None
    except yaml.YAMLError as err:  # any other complaint from yaml, still without a traceback
        raise refuse(f"could not parse YAML: {_first_line(str(err))}") from None

    if node is None:  # empty file, or only comments
        return Document(None, source, {(): (1, 1)})
    builder = Builder(source)
    data = builder.build(node, ())
    if builder.problems:
        raise DataError(_unique(builder.problems))
    if path is not None:
        document_cache.remember(path, text, data, builder.positions, builder.key_positions)
    return Document(data, source, builder.positions, builder.key_positions, text)


def _compose(text: str) -> Node | None:
    """The node tree of the single document in `text` (None when empty)."""
    import yaml
    from .yaml_loader import FastLoader, Loader
    if FastLoader is not None:
        fast = FastLoader(text)
        try:
            return fast.get_single_node()
        except yaml.YAMLError:
            pass  # parse again below for PyYAML's clearer message and mark
        finally:
            fast.dispose()
    loader = Loader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _read_bytes(path: Any, max_bytes: int, refuse: Any) -> bytes:
    try:
        return read_regular(path, max_bytes, what="data file")
    except Unreadable as exc:
        raise refuse(exc.message, exc.hint) from None


def _too_big(refuse: Any, size: int, max_bytes: int) -> DataError:
    return refuse(
        f"the file is too large ({size} bytes; the limit is {max_bytes})",
        "rootlaw data files are small; check that this is the right file",
    )


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    line_start = raw.rfind(b"\n", 0, offset) + 1
    line = raw.count(b"\n", 0, offset) + 1
    col = len(raw[line_start:offset].decode("utf-8", "replace")) + 1
    return line, col


def _char_position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else "unknown error"


def _syntax_problem(err: yaml.MarkedYAMLError, text: str, refuse: Any) -> DataError:
    """One Problem for a yaml syntax error, at the mark yaml reports, with a guessed hint."""
    from .yaml_loader import mark_position
    mark = err.problem_mark or err.context_mark
    line, col = mark_position(mark) if mark is not None else (1, 1)
    problem = (err.problem or err.context or "unknown error").strip()
    context = (err.context or "").strip()
    if problem.startswith("but ") and context.startswith("expected"):
        problem = f"{context}, {problem}"  # yaml splits "expected X, but found Y" in two
    elif context and err.problem and not context.startswith(_QUIET_CONTEXTS):
        problem += f" ({context})"
    message = f"could not parse YAML: {problem}"
    return refuse(message, _syntax_hint(err, text, line), line, col)


_QUIET_CONTEXTS = (
    "while scanning for the next token",
    "while parsing a block mapping",
    "while parsing a block collection",
)


def _syntax_hint(err: yaml.MarkedYAMLError, text: str, line: int) -> str | None:
    problem = err.problem or ""
    context = err.context or ""
    lines = text.splitlines()
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    context_line = err.context_mark.line + 1 if err.context_mark is not None else None
    if "'\\t'" in problem or "\t" in here[: len(here) - len(here.lstrip())]:
        return "indent with spaces; YAML does not allow tabs for indentation"
    if "quoted scalar" in context:
        where = f" at line {context_line}" if context_line else ""
        return f"a quote opened{where} is never closed"
    if "flow sequence" in context or "flow mapping" in context:
        where = f" at line {context_line}" if context_line else ""
        return f"check the brackets opened{where}: each '[' needs a ']' and each '{{' a '}}'"
    if "mapping values are not allowed" in problem:
        return "put quotes around a value that contains ': ', or check the indentation"
    if "expected <block end>" in problem or "expected <block mapping start>" in problem:
        return "check the indentation: entries at the same level must start in the same column"
    if "could not find expected ':'" in problem:
        return "a key needs a ':' after it; a value that continues on the next line needs quotes"
    if "expected a single document" in context:
        return "a data file holds one document; remove the extra '---'"
    if "cannot start any token" in problem:
        return "put quotes around a value that starts with this character"
    if "block sequence entries are not allowed" in problem:
        return "a list item ('- ') cannot follow a value on the same line; check the indentation"
    return None


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: dict[tuple, Problem] = {}
    for p in problems:
        seen.setdefault((p.file, p.line, p.col, p.message), p)
    return sorted(seen.values(), key=lambda p: (p.line, p.col, p.message))
