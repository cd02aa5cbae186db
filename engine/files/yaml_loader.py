"""The YAML loader of rootlaw's data files: a `yaml.SafeLoader` whose resolver knows only the
scalars we want (YAML 1.2 style) and whose composer refuses anchors, aliases and runaway nesting
before any node is shared or built; and the builder that turns nodes into plain data itself,
recording where each value was written. `rootlaw.files.documents` reads files through it.
"""
from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rootlaw.errors import Problem

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


class Refused(Exception):
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
            raise Refused(
                event.start_mark, f"aliases are not allowed ('*{event.anchor}')", _ANCHOR_HINT
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise Refused(
                event.start_mark, f"anchors are not allowed ('&{anchor}')", _ANCHOR_HINT
            )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise Refused(
                    event.start_mark,
                    f"the data is nested too deeply (more than {MAX_DEPTH} levels)",
                    "flatten the structure",
                )
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


class Loader(_Composing, yaml.SafeLoader):
    """Parses and composes only; the nodes are turned into data by Builder, never by PyYAML."""

    yaml_implicit_resolvers: dict = {}  # our own table, filled below; SafeLoader's is untouched


def _resolver(tag: str, pattern: str, first: str) -> None:
    Loader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


# Order matters: for a given first character the first matching resolver wins.
_resolver(_BOOL, r"^(?i:true|false)$", "tTfF")
_resolver(_NULL, r"^(?:~|null|Null|NULL|)$", "~nN")
Loader.yaml_implicit_resolvers.setdefault("", []).append((_NULL, re.compile(r"^$")))

_resolver(_INT, r"^(?:[-+]?[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$", "-+0123456789")
_resolver(
    _FLOAT,
    r"""^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
    "-+.0123456789",
)


FastLoader: type | None = None
if getattr(yaml, "__with_libyaml__", False):

    class FastLoader(  # type: ignore[no-redef]
        _Composing, yaml.composer.Composer, yaml.resolver.Resolver, yaml.cyaml.CParser
    ):
        """The same composer and resolver over libyaml's parser, several times faster.

        Only used for files that parse cleanly: on any yaml error the text is parsed again
        with Loader, whose messages and marks are the ones we report.
        """

        yaml_implicit_resolvers = Loader.yaml_implicit_resolvers

        def __init__(self, stream: str):
            yaml.cyaml.CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.resolver.Resolver.__init__(self)


def mark_position(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


class Builder:
    """Turns composed nodes into plain data, filling the position tables and noting problems."""

    def __init__(self, source: str):
        self.source = source
        self.positions: dict[_Path, tuple[int, int]] = {}
        self.key_positions: dict[_Path, tuple[int, int]] = {}
        self.problems: list[Problem] = []

    def fail(self, mark: Any, message: str, hint: str | None = None) -> None:
        line, col = mark_position(mark)
        self.problems.append(Problem(self.source, line, col, message, hint))

    def build(self, node: Node, path: _Path) -> Any:
        self.positions[path] = mark_position(node.start_mark)
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
            self.key_positions[path + (key,)] = mark_position(key_node.start_mark)
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
