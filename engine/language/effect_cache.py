"""Generated effects kept as text, so a start that ran an effect before does no code generation.

Writing an effect's Python (engine/language/bodies.py) walks its syntax trees, lowers every
expression and lays out its resume points: a few tenths of a millisecond per effect, paid again
at every start for every effect a game runs. The text an effect gets depends only on its
faction file, the names bound around it and the compiler, so it is kept under a hash of those
(`key`: the file's text, the effect's id in it, its bound names, the file's variables and
words, and the source of every module of `rootlaw.language`, which any change to the compiler
changes) in a file of that document's beside the file of its trees, by the tree cache's means
(engine/language/tree_cache.py: the private, checked folder, written when the process ends,
ROOTLAW_NO_CACHE=1 turns it off).

An entry is plain text and names, never pickled code: the function's text, and for each value
it reads besides the fixed helpers, where that value is found again in this start's compiled
statements ("statement 2 of block X, its `count`") or which builtin it is. The text runs as
the generated text does; the folder is one only this user can write, the trust the whole cache
folder has. Anything an entry names that this start lacks, or a text that does not compile,
and the effect is generated afresh. An effect the generator leaves to the interpreter is kept
as such (no text), so a warm start does not try it again.
"""
from __future__ import annotations

import functools
import hashlib
import os
import sys
from typing import Any

from rootlaw.version import __version__

from . import tree_cache
from .builtins import FUNCTIONS

_WHICH = ("fn", "any_fn", "count_fn")  # the functions of a builtin generated code may call


@functools.lru_cache(maxsize=1)
def compiler_version() -> str:
    """A hash of rootlaw's version, Python's and the source of every module of the language
    (the generator, the statements' helpers, the builtins): any change to them is another key."""
    digest = hashlib.sha256(f"{__version__}\0{sys.version.split()[0]}".encode())
    root = os.path.dirname(os.path.realpath(__file__))
    for parts in sorted(_sources(root, ())):  # in the order of their paths' parts, as pathlib sorts them
        try:
            with open(os.path.join(root, *parts), "rb") as source:
                digest.update("/".join(parts).encode() + b"\0" + source.read())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()


def _sources(folder: str, inside: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The parts of the path of every .py file under `folder` (os.scandir: a start walks the
    language's folders once, and pathlib's glob costs some ten times more)."""
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir():
                found += _sources(entry.path, (*inside, entry.name))
            elif entry.name.endswith(".py"):
                found.append((*inside, entry.name))
    return found


def key(document_digest: str, code: str, entry: frozenset, variables: frozenset, words: frozenset) -> str:
    parts = ("effect", compiler_version(), document_digest, code,
             "\1".join(sorted(entry)), "\1".join(sorted(variables)), "\1".join(sorted(words)))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def shard(source: str) -> str:
    """The file the effects of this document are kept in, beside the file of its trees."""
    return tree_cache.shard(source, "effects-")


def recall(k: str, where: str, blocks: dict[str, Any], tag: str | None = None
           ) -> tuple[str | None, dict[str, Any]] | None:
    """The kept text of an effect (None: the interpreter runs it) and the values it names,
    found again in `blocks`; None when nothing usable is kept. `tag`: what else the entry
    keeps, written first (a legality check's, engine/language/legality.py)."""
    entry = tree_cache.recall(k, where)
    try:
        if tag is not None:
            kept, text, recipe = entry
            if kept != tag:
                return None
        else:
            text, recipe = entry
        if text is not None and not isinstance(text, str):
            return None
        return text, {name: _found(blocks, path) for name, path in recipe.items()}
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return None


def remember(k: str, where: str, text: str | None, names: dict[str, Any], fixed: dict[str, Any],
             blocks: dict[str, Any], visited: list[str], tag: str | None = None) -> None:
    """Keep an effect's text with where each of its values (those of `names` not in `fixed`)
    is found; an effect with a value found nowhere is not kept."""
    recipe = {}
    held: dict[int, list] | None = None
    for name, value in names.items():
        if name in fixed and fixed[name] is value:
            continue
        path = _builtin_path(value, name)
        if path is None:
            if held is None:
                held = _held(blocks, visited)
            path = held.get(id(value))
        if path is None:
            return
        recipe[name] = path
    tree_cache.remember(k, [text, recipe] if tag is None else [tag, text, recipe], where)


def _builtin_path(value: Any, name: str) -> list | None:
    """Where a builtin's function the text calls is found (`f3_pieces`: one of `pieces`')."""
    called = name.split("_", 1)[1] if name.startswith("f") and "_" in name else ""
    if called in FUNCTIONS:
        for which in _WHICH:
            if getattr(FUNCTIONS[called], which) is value:
                return ["f", called, which]
    return None


def _held(blocks: dict[str, Any], visited: list[str]) -> dict[int, list]:
    """Where each value the `visited` blocks hold is found first, by its id: a statement the
    effect runs by itself, or one of a statement's attributes; blocks in the order visited,
    each statement before its attributes (one walk for all of an effect's names, a dozen on
    average, instead of a walk for each)."""
    found: dict[int, list] = {}
    for code in visited:
        for i, stmt in enumerate(blocks[code]):
            found.setdefault(id(stmt), ["b", code, i])
            for attr, value in vars(stmt).items():
                found.setdefault(id(value), ["s", code, i, attr])
    return found


def _found(blocks: dict[str, Any], path: list) -> Any:
    if path[0] == "f":
        if path[2] not in _WHICH:
            raise KeyError(path[2])
        found = getattr(FUNCTIONS[path[1]], path[2])
    elif path[0] == "s":
        found = vars(blocks[path[1]][path[2]])[path[3]]
    elif path[0] == "b":
        found = blocks[path[1]][path[2]]
    else:
        raise KeyError(path[0])
    if found is None:
        raise KeyError(path)
    return found
