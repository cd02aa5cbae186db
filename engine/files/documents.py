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
"""
from __future__ import annotations

import os
import re
import stat
from typing import Any, Sequence

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rootlaw.errors import DataError, Problem

__all__ = ["Document", "load_yaml", "MAX_DEPTH"]

_Path = tuple  # a path into the data: a tuple of dict keys (str | int) and list indexes (int)

MAX_INTEGER = 10**15
"""Largest integer (in size) a data file may hold: far above any count, seed or score."""

MAX_DEPTH = 100
"""Deepest nesting accepted; real data files stay far below it, and the cap keeps both the
parser and our own walk clear of Python's recursion limit."""

_CORE = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_CORE + t for t in ("str", "int", "float", "bool", "null"))
_SEQ, _MAP = _CORE + "seq", _CORE + "map"
_SCALAR_TAGS = {_STR, _INT, _FLOAT, _BOOL, _NULL}

_TAG_HINT = (
    "rootlaw data is plain YAML without tags; remove the tag, "
    "or put quotes around the value if the '!' is part of the text"
)
_ANCHOR_HINT = (
    "write the value out in full; rootlaw data files may not use anchors (&) or aliases (*)"
)


class Document:
    """A loaded YAML file: plain data plus the position each value came from.

    Positions live in a side table rather than in the data so that the data stays plain
    dicts, lists and scalars that any code (and jsonschema) can use directly.
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
    ):
        self.data = data
        self.source = source
        self._positions = dict(positions or {})
        self._key_positions = dict(key_positions or {})
        self._lines = text.split("\n")

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


# ---------------------------------------------------------------------------------------
# The loader: a SafeLoader whose resolver knows only the scalars we want and whose composer
# refuses anchors, aliases and runaway nesting before any node is shared or built.


class _Refused(Exception):
    """Raised from inside the composer; carries the mark and the words for a Problem."""

    def __init__(self, mark: Any, message: str, hint: str | None = None):
        super().__init__(message)
        self.mark = mark
        self.message = message
        self.hint = hint


class _Composing:
    """Composer hooks shared by both loaders: refuse anchors, aliases and runaway nesting."""

    _depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(
                event.start_mark, f"aliases are not allowed ('*{event.anchor}')", _ANCHOR_HINT
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused(
                event.start_mark, f"anchors are not allowed ('&{anchor}')", _ANCHOR_HINT
            )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(
                    event.start_mark,
                    f"the data is nested too deeply (more than {MAX_DEPTH} levels)",
                    "flatten the structure",
                )
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


class _Loader(_Composing, yaml.SafeLoader):
    """Parses and composes only; the nodes are turned into data by _Builder, never by PyYAML."""

    yaml_implicit_resolvers: dict = {}  # our own table, filled below; SafeLoader's is untouched


def _resolver(tag: str, pattern: str, first: str) -> None:
    _Loader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


# Order matters: for a given first character the first matching resolver wins.
_resolver(_BOOL, r"^(?i:true|false)$", "tTfF")
_resolver(_NULL, r"^(?:~|null|Null|NULL|)$", "~nN")
_Loader.yaml_implicit_resolvers.setdefault("", []).append((_NULL, re.compile(r"^$")))

_resolver(_INT, r"^(?:[-+]?[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$", "-+0123456789")
_resolver(
    _FLOAT,
    r"""^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
    "-+.0123456789",
)


_FastLoader: type | None = None
if getattr(yaml, "__with_libyaml__", False):

    class _FastLoader(  # type: ignore[no-redef]
        _Composing, yaml.composer.Composer, yaml.resolver.Resolver, yaml.cyaml.CParser
    ):
        """The same composer and resolver over libyaml's parser, several times faster.

        Only used for files that parse cleanly: on any yaml error the text is parsed again
        with _Loader, whose messages and marks are the ones we report.
        """

        yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers

        def __init__(self, stream: str):
            yaml.cyaml.CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.resolver.Resolver.__init__(self)


def _pos(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


class _Builder:
    """Turns composed nodes into plain data, filling the position tables and noting problems."""

    def __init__(self, source: str):
        self.source = source
        self.positions: dict[_Path, tuple[int, int]] = {}
        self.key_positions: dict[_Path, tuple[int, int]] = {}
        self.problems: list[Problem] = []

    def fail(self, mark: Any, message: str, hint: str | None = None) -> None:
        line, col = _pos(mark)
        self.problems.append(Problem(self.source, line, col, message, hint))

    def build(self, node: Node, path: _Path) -> Any:
        self.positions[path] = _pos(node.start_mark)
        if isinstance(node, MappingNode):
            if node.tag != _MAP:
                return self._bad_tag(node, "a mapping")
            return self._mapping(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ:
                return self._bad_tag(node, "a list")
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _bad_tag(self, node: Node, kind: str) -> None:
        if node.tag in _SCALAR_TAGS or node.tag in (_SEQ, _MAP):
            self.fail(node.start_mark, f"tag '{_show_tag(node.tag)}' cannot be used on {kind}")
        else:
            self.fail(
                node.start_mark, f"custom tag '{_show_tag(node.tag)}' is not allowed", _TAG_HINT
            )
        return None

    def _mapping(self, node: MappingNode, path: _Path) -> dict:
        result: dict = {}
        first_line: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node)
            if key is _NO_KEY:
                continue
            if key in result:
                self.fail(
                    key_node.start_mark,
                    f"duplicate key {_show_key(key)} (first written at line {first_line[key]})",
                    "remove one of them, or merge their contents",
                )
                continue
            first_line[key] = key_node.start_mark.line + 1
            self.key_positions[path + (key,)] = _pos(key_node.start_mark)
            result[key] = self.build(value_node, path + (key,))
        return result

    def _key(self, node: Node) -> Any:
        """A mapping key: an int when YAML reads it as one, otherwise its text as written."""
        if not isinstance(node, ScalarNode):
            kind = "a mapping" if isinstance(node, MappingNode) else "a list"
            self.fail(node.start_mark, f"a key must be a word or a number, not {kind}")
            return _NO_KEY
        if node.tag not in _SCALAR_TAGS:
            self._bad_tag(node, "a key")
            return _NO_KEY
        value = self._scalar(node)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if node.tag == _INT:  # an explicit !!int that did not parse; already reported
            return _NO_KEY
        return node.value

    def _scalar(self, node: ScalarNode) -> Any:
        text, tag = node.value, node.tag
        if tag == _STR:
            return text
        if tag == _NULL:
            if text in ("", "~", "null", "Null", "NULL"):
                return None
            return self._bad_scalar(node, "null")
        if tag == _BOOL:
            if text.lower() in ("true", "false"):
                return text.lower() == "true"
            return self._bad_scalar(node, "true or false")
        if tag == _INT:
            return self._int(node)
        if tag == _FLOAT:
            return self._float(node)
        return self._bad_tag(node, "a value")

    def _int(self, node: ScalarNode) -> int | None:
        text = node.value
        try:
            if len(text) > 40:  # far past MAX_INTEGER in any base; int() would be slow or refuse
                self.fail(node.start_mark, f"this number is too big (at most {MAX_INTEGER:,})")
                return None
            if re.fullmatch(r"[-+]?[0-9]+", text):
                return self._bounded(node, int(text, 10))
            if re.fullmatch(r"0x[0-9a-fA-F]+", text):
                return self._bounded(node, int(text[2:], 16))
            if re.fullmatch(r"0o[0-7]+", text):
                return self._bounded(node, int(text[2:], 8))
        except ValueError:  # more digits than Python agrees to convert
            self.fail(node.start_mark, "this number is too long")
            return None
        return self._bad_scalar(node, "an integer")

    def _bounded(self, node: ScalarNode, value: int) -> int | None:
        if abs(value) > MAX_INTEGER:
            self.fail(node.start_mark, f"this number is too big (at most {MAX_INTEGER:,})")
            return None
        return value

    def _float(self, node: ScalarNode) -> float | None:
        text = node.value.replace("Inf", "inf").replace("INF", "inf")
        text = text.replace("NaN", "nan").replace("NAN", "nan")
        if text.lstrip("+-") == ".inf":
            return float(text.replace(".inf", "inf"))
        if text == ".nan":
            return float("nan")
        if re.fullmatch(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?", text):
            return float(text)
        return self._bad_scalar(node, "a number")

    def _bad_scalar(self, node: ScalarNode, wanted: str) -> None:
        self.fail(
            node.start_mark,
            f"'{_short(node.value)}' is not {wanted}",
            f"remove the '{_show_tag(node.tag)}' tag or fix the value",
        )
        return None


_NO_KEY = object()


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show_key(key: Any) -> str:
    return f"'{_short(key)}'" if isinstance(key, str) else str(key)


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
    else:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            raise _too_big(refuse, size, max_bytes)
        text = text.removeprefix("\ufeff")

    try:
        node = _compose(text)
    except _Refused as err:
        line, col = _pos(err.mark)
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
    builder = _Builder(source)
    data = builder.build(node, ())
    if builder.problems:
        raise DataError(_unique(builder.problems))
    return Document(data, source, builder.positions, builder.key_positions, text)


def _compose(text: str) -> Node | None:
    """The node tree of the single document in `text` (None when empty)."""
    if _FastLoader is not None:
        fast = _FastLoader(text)
        try:
            return fast.get_single_node()
        except yaml.YAMLError:
            pass  # parse again below for PyYAML's clearer message and mark
        finally:
            fast.dispose()
    loader = _Loader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _read_bytes(path: Any, max_bytes: int, refuse: Any) -> bytes:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode) and not os.path.isdir(path):
            raise refuse("this is not a regular file (a pipe or a device?)",
                         "give a data file; rootlaw does not read from pipes or devices")
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > max_bytes:
                raise _too_big(refuse, size, max_bytes)
            raw = handle.read(max_bytes + 1)  # a file may grow while we read it
    except FileNotFoundError:
        raise refuse("file not found", "check the spelling of the path") from None
    except IsADirectoryError:
        raise refuse("this is a folder, not a file") from None
    except PermissionError:
        raise refuse("cannot read the file: permission denied") from None
    except OSError as err:
        raise refuse(f"cannot read the file: {err.strerror or err}") from None
    if len(raw) > max_bytes:
        raise _too_big(refuse, len(raw), max_bytes)
    return raw


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
    mark = err.problem_mark or err.context_mark
    line, col = _pos(mark) if mark is not None else (1, 1)
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
