"""Generated expressions kept as text, so a start that ran an expression before generates none.

The fast form of an expression (`lowering.fast`) is Python written from its syntax tree on its
first call: about a tenth of a millisecond each, for the hundred and more expressions a short
game runs, at every start. The text depends only on the tree (its rules and tokens: it holds no
position), on how each of the tree's names is bound around it (a name of the context, a
variable of the file, a word of its vocabulary) and on the compiler, so it is kept under a hash
of those (`key`, with `effect_cache.compiler_version`, which any change to the language's
modules changes) beside the trees of the expression's document, in its file of the tree cache
(engine/language/tree_cache.py), as the generated effects are kept (effect_cache.py): plain text
and the names of the builtins it calls, never code; written when the process ends;
ROOTLAW_NO_CACHE=1 turns it off. A kept text that does not compile, or names a builtin that is
not there, is written again.
"""
from __future__ import annotations

import hashlib
from typing import Any

from . import effect_cache, tree_cache
from .syntax import Tree


def key(node: Tree, outer: frozenset, variables: Any, words: Any, exists: bool, legacy: bool) -> str:
    """What the generated text of `node` depends on: the tree, and for each of its tokens
    whether it is a name bound around it, a variable or a word."""
    shape, tokens = _shape(node)
    marks = "".join(f"{t}\1{int(t in outer)}{int(t in variables)}{int(t in words)}\0" for t in sorted(tokens))
    parts = ("expression", effect_cache.compiler_version(), shape, marks, f"{int(exists)}{int(legacy)}")
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _shape(node: Tree) -> tuple[str, set[str]]:
    """The tree written out (rules, token types and texts; one walk, no recursion) and the
    texts of its tokens."""
    out: list[str] = []
    tokens: set[str] = set()
    stack: list[Any] = [node]
    while stack:
        item = stack.pop()
        if item is _CLOSE or item is None:
            out.append(")" if item is _CLOSE else "~")
        elif isinstance(item, Tree):
            out.append(item.data + "(")
            stack.append(_CLOSE)
            stack.extend(reversed(item.children))
        else:
            text = str(item)
            tokens.add(text)
            out.append(f"{item.type}{text!r}")
    return " ".join(out), tokens


_CLOSE = object()  # the end of a tree's children, in `_shape`'s walk


def recall(k: str, document: str) -> tuple[str | None, dict[str, Any]] | None:
    """The kept text (None: the closures evaluate it) and the builtins it calls, by name."""
    return effect_cache.recall(k, tree_cache.shard(document), {})


def remember(k: str, document: str, text: str | None, functions: dict[str, Any]) -> None:
    effect_cache.remember(k, tree_cache.shard(document), text, functions, {}, {}, [])
