"""Remembering the syntax trees of rule texts, so a start skips parsing texts it parsed before.

Parsing the bundled factions' rule texts with Lark is the largest part of a cold start. A text
gives the same tree while neither it, the grammar nor Lark changes, so the tree of every text
that parsed (with all its positions, for error messages) is kept as plain JSON in the private
folder of the parser cache (`engine/files/cache_folder.py`, checked the same way): lists of
names and numbers, never code or pickled objects, so a damaged or foreign file can at worst
give a wrong tree of a text whose hash it names, never run anything. A text that fails to parse
is never remembered, so syntax errors are always found and reported. Each document's trees
have a file of their own, so a start reads only the files of what it loads, whatever else was
cached before. New trees are written once, when the process ends. ROOTLAW_NO_CACHE=1 turns
this off; ROOTLAW_CACHE_DIR moves it.
"""
from __future__ import annotations

import atexit
import functools
import hashlib
import json
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from rootlaw.files import prebuilt
from rootlaw.files.cache_folder import data_cache_folder, is_private, prune, read_cache, store_changed

from .syntax import CONTAINER, POSITIONS, Meta, Token, Tree, token

_PREFIX = "trees-"
_PREFIXES = (_PREFIX, "effects-")  # the files of documents' trees, and of their generated effects
_FILES = 400  # document files kept; the least recently written go first
_MAX_BYTES = 20_000_000  # of one document's file


def key(grammar: str, text: str) -> str:
    """What must stay the same for a tree to hold: the grammar, Lark, Python and the text."""
    parts = (_fixed_part(grammar), text)
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


@functools.lru_cache(maxsize=4)
def _fixed_part(grammar: str) -> str:
    """The part of every key that is the same for each text: hashed once, not with each of
    a start's few hundred texts (the grammar is some 15 KB)."""
    parts = (grammar, _lark_release(), sys.version.split()[0])
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


@functools.lru_cache(maxsize=1)
def _lark_release() -> str:
    """Which Lark is installed, without importing it (the point of the cache is a start that
    never does): the hash of its package's `__init__.py`, which holds its version."""
    spec = find_spec("lark")
    try:
        return hashlib.sha256(Path(spec.origin).read_bytes()).hexdigest() if spec and spec.origin else "none"
    except OSError:
        return "unreadable"


def shard(source: str, prefix: str = _PREFIX) -> str:
    """The file that keeps the trees of one document (named by its path), so a start reads only
    the files of the documents it loads, however many others were cached before; `prefix`
    "effects-": the file of its generated effects (engine/language/effect_cache.py)."""
    return f"{prefix}{hashlib.sha256(source.encode()).hexdigest()[:32]}.json"


def lookup(k: str, where: str, max_depth: int, document: str | None = None) -> Tree | None:
    """The tree parsed earlier for this key in the document file `where`, or else among the
    trees the wheel was built with for `document` (the path of a bundled file:
    rootlaw.files.prebuilt), or None; None also for a tree nested deeper than `max_depth` (a
    text that parses so deep is never remembered, so the entry is damaged: parsing afresh
    reports the text)."""
    encoded = _loaded(where).get(k)
    kept = encoded is not None
    if not kept and document is not None:
        encoded = _prebuilt(document).get(k)
    if encoded is None:
        return None
    try:
        tree = decode(encoded, max_depth)
    except (TypeError, ValueError, IndexError, RecursionError):  # a damaged entry: parse afresh
        return None
    if kept:  # a prebuilt tree stays where it is: the user's file keeps only its own
        _used.setdefault(where, {})[k] = encoded
    return tree


def keep(k: str, where: str) -> None:
    """Keep the entry under this key in the document file `where`, if any, when the file is
    written again, as if it had been looked up."""
    value = _loaded(where).get(k)
    if value is not None:
        _used.setdefault(where, {})[k] = value


def recall(k: str, where: str) -> Any:
    """The value kept under this key in the document file `where` as `remember` was given it
    (not decoded), or None: what another cache of a document's texts kept there
    (engine/language/effect_cache.py)."""
    value = _loaded(where).get(k)
    if value is not None:
        _used.setdefault(where, {})[k] = value
    return value


def remember(k: str, encoded: Any, where: str) -> None:
    """Keep the tree of a text that parsed (as `encode` gives it); its document's file is
    written when the process ends."""
    if data_cache_folder() is None:
        return
    if not _changed:
        atexit.register(_store)
    _loaded(where)[k] = encoded
    _used.setdefault(where, {})[k] = encoded
    _changed.add(where)


# per document file, the trees this process looked up or parsed: a file written again keeps
# only these, so the trees of texts since edited away do not pile up
_used: dict[str, dict[str, Any]] = {}
_changed: set[str] = set()  # document files with a tree parsed in this process


@functools.lru_cache(maxsize=None)
def _loaded(where: str) -> dict[str, Any]:
    folder = data_cache_folder()
    if folder is None or not is_private(folder):
        return {}
    data = read_cache(folder / where, _MAX_BYTES)
    return data if isinstance(data, dict) else {}


@functools.lru_cache(maxsize=None)
def _prebuilt(document: str) -> dict[str, Any]:
    """The trees the wheel was built with for the bundled file at `document`, by key."""
    name = prebuilt.document_name(document)
    data = prebuilt.read(prebuilt.shard(_PREFIX, name), _MAX_BYTES) if name else None
    return data if isinstance(data, dict) else {}


def _store() -> None:
    """Write the files of the documents that got new trees, then drop the least recently
    written files past _FILES; failing to write only costs the next start its parsing."""
    folder = store_changed(_changed, lambda where: json.dumps(_used[where], separators=(",", ":")))
    if folder is None:
        return
    for prefix in _PREFIXES:
        prune(folder, f"{prefix}*.json", _FILES)
    try:
        (folder / "syntax-trees.json").unlink(missing_ok=True)  # the single file of earlier versions
    except OSError:
        return


def encode(node: Any) -> Any:
    """A tree (Lark's or ours) as {"tree": its shape, "at": its positions}: the shape as lists,
    [name, n, children...] for a node (n: how many positions it has, 0, 6 or 12) and {type:
    value} for a token (always 6), and every position in one text of numbers, node by node in
    the order of the shape. Reading a tree back makes no number of it: its positions are read
    only when an error or the generator asks for them (`_Positions`), and a start that shows no
    error reads none (JSON makes some 130,000 numbers of the bundled factions' trees)."""
    numbers: list[int] = []
    shape = _shape(node, numbers)
    return {"tree": shape, "at": ",".join(map(str, numbers))}


def _shape(node: Any, numbers: list[int]) -> Any:
    if node is None:
        return None
    if isinstance(node, str):  # a token: trees are not strings
        numbers += (node.line, node.column, node.start_pos, node.end_line, node.end_column, node.end_pos)
        return {node.type: str(node)}
    meta = node.meta
    if meta.empty:
        n = 0
    else:
        where = [getattr(meta, p) for p in POSITIONS]
        container = [getattr(meta, p) for p in CONTAINER]
        if container != where:
            where = where + container
        numbers += where
        n = len(where)
    return [str(node.data), n, *(_shape(c, numbers) for c in node.children)]


def decode(data: Any, max_depth: int = sys.maxsize) -> Any:
    """The tree written by `encode` (or by earlier versions, whose positions were lists inside
    the shape); ValueError for anything else and for a tree nested past `max_depth`."""
    if type(data) is dict and len(data) == 2:
        shape, text = data.get("tree"), data.get("at")
        if type(text) is not str or type(shape) is not list:
            raise ValueError("not a kept tree")
        positions = _Positions(text)
        tree = _kept(shape, 1, max_depth, positions)
        if not positions.complete():
            raise ValueError("not positions")
        return tree
    try:
        return _decode(data, 1, max_depth)
    except TypeError:  # a position that is no number (`_decode`)
        raise ValueError("not positions") from None


def _kept(data: list, depth: int, max_depth: int, positions: _Positions) -> Tree:
    """A node of `encode`'s shape at `depth` (checked as it is read: a start reads some 12,000
    nodes, so each check is a comparison or two). Its positions are the next n numbers of
    `positions`, then its children's, in order; a child token is made here, in the loop over the
    children, and a child node by a call, one frame per level (the costs of reading the trees
    of a warm start are their Python calls and objects)."""
    if len(data) < 2 or type(data[0]) is not str or depth > max_depth:
        raise ValueError("not a tree")
    where = data[1]
    if (where == 6 or where == 12) and type(where) is int:
        node = _new_node(_KeptTree)
        node._from = (positions, positions.count, where)
        positions.count += where
        node.data = data[0]
    elif where == 0 and type(where) is int:
        node = Tree(data[0], [])
    else:
        raise ValueError("not positions")
    depth += 1
    node.children = children = []
    add = children.append
    for child in data[2:]:
        kind = type(child)
        if kind is list:
            add(_kept(child, depth, max_depth, positions))
        elif kind is dict and len(child) == 1:
            for name in child:  # its one key
                text = child[name]
                if type(text) is not str:
                    raise ValueError("not a token")
                kept = _new_str(_KeptToken, text)
                kept.type = name
                kept._from = (positions, positions.count)
                positions.count += 6
                add(kept)
        elif child is None:
            add(None)
        else:
            raise ValueError("not a tree")
    return node


def _decode(data: Any, depth: int, max_depth: int) -> Any:
    """A tree of an earlier version's file, whose positions are lists inside the shape, with the
    root at `depth`: a position that is not a whole number makes `sum` give a float or raise
    TypeError (a text, None, a list): a damaged entry either way (a bool passes, and reads as
    the number 0 or 1)."""
    kind = type(data)
    if kind is list:
        if len(data) < 2 or type(data[0]) is not str or depth > max_depth:
            raise ValueError("not a tree")
        where = data[1]
        if where == 0:
            meta = None
        elif type(where) is not list or len(where) not in (6, 12) or type(sum(where)) is not int:
            raise ValueError("not positions")
        else:
            meta = Meta(where)
        return Tree(data[0], [_decode(c, depth + 1, max_depth) for c in data[2:]], meta)
    if kind is dict and len(data) == 1:
        (name, parts), = data.items()
        if type(parts) is not list or len(parts) != 7 or type(parts[0]) is not str or type(sum(parts[1:])) is not int:
            raise ValueError("not a token")
        return token(name, parts[0], (parts[2], parts[3], parts[1], parts[4], parts[5], parts[6]))
    if data is None:
        return None
    raise ValueError("not a tree")


_new_str = str.__new__


class _Positions:
    """The positions of one kept tree: their text, checked when the tree is read (whole numbers,
    as many as its nodes and tokens take: `complete`) and turned into numbers when first asked
    for."""

    __slots__ = ("text", "count", "_numbers")

    def __init__(self, text: str) -> None:
        self.text = text
        self.count = 0  # how many the nodes read so far take
        self._numbers: list[int] | None = None

    def complete(self) -> bool:
        text = self.text
        if not text:
            return self.count == 0
        return text.isascii() and text.replace(",", "").isdigit() and text.count(",") + 1 == self.count

    def numbers(self) -> list[int]:
        if self._numbers is None:
            self._numbers = [int(n) for n in self.text.split(",")]
        return self._numbers


_new_node = object.__new__


class _KeptTree(Tree):
    """A node of a kept tree: its positions (`meta`) are read from its tree's `_Positions` when
    asked, so reading the tree makes one object per node."""

    __slots__ = ("_from",)

    @property  # type: ignore[override]  # Tree's slot, made when asked
    def meta(self) -> Meta:
        return _KeptMeta(*self._from)


class _KeptMeta(Meta):
    """A node's positions in a kept tree: `where` is read from its tree's `_Positions` when asked."""

    __slots__ = ("_positions", "_at", "_n")

    def __init__(self, positions: _Positions, at: int, n: int) -> None:
        self._positions, self._at, self._n = positions, at, n

    @property  # type: ignore[override]  # Meta's slot, read from the kept text
    def where(self) -> list[int]:
        return self._positions.numbers()[self._at:self._at + self._n]


class _KeptToken(Token):
    """A token of a kept tree: its positions (`Token._at`) are read from its tree's `_Positions`
    when asked."""

    @property
    def _at(self) -> tuple:  # type: ignore[override]
        positions, at = self._from
        return tuple(positions.numbers()[at:at + 6])
