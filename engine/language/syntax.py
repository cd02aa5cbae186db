"""Syntax trees of rule texts, as the language compiler reads them.

Lark parses a text only when the tree cache (`tree_cache.py`) lacks its tree, and importing
Lark is about a tenth of a start. So the compiler reads these small classes instead of Lark's:
built from Lark's tree after a fresh parse, and from plain lists when read back from the
cache, so a start that finds every tree cached never imports Lark. They keep Lark's names: a
`Tree` has its rule (`data`), its `children` and its positions (`meta`); a `Token` is a
terminal's text with its `type` and positions.
"""
from __future__ import annotations

from typing import Iterator

POSITIONS = ("line", "column", "start_pos", "end_line", "end_column", "end_pos")
CONTAINER = tuple(f"container_{p}" for p in POSITIONS)
_INDEX = {name: i for i, name in enumerate(POSITIONS + CONTAINER)}


class Meta:
    """A tree's positions, read only by error messages: six numbers (POSITIONS, the
    container's being the same) or twelve (then CONTAINER's); none when `empty`."""

    __slots__ = ("where",)

    def __init__(self, where: list[int] | None = None) -> None:
        self.where = where

    @property
    def empty(self) -> bool:
        return self.where is None

    def __getattr__(self, name: str) -> int:
        index = _INDEX.get(name)
        if index is None or self.where is None:  # no such position, as on Lark's empty Meta
            raise AttributeError(name)
        return self.where[index % len(self.where)]


_NO_POSITIONS = Meta()


class Tree:
    """A rule's node: `data` names the rule, `children` are trees, tokens or None (an
    optional part left out)."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list, meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self.meta = _NO_POSITIONS if meta is None else meta

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def iter_subtrees(self) -> Iterator["Tree"]:
        """This tree and every tree below it, parents first (walked without recursion; the
        children pushed by a plain loop, not a generator handed to `extend`, which cost twice as
        much: the compiler asks this of every node it writes, some 20,000 times a first start)."""
        stack = [self]
        pop, push = stack.pop, stack.append
        while stack:
            tree = pop()
            yield tree
            for child in reversed(tree.children):
                if isinstance(child, Tree):
                    push(child)

    def find_data(self, data: str) -> Iterator["Tree"]:
        """The trees of rule `data` here and below."""
        return (tree for tree in self.iter_subtrees() if tree.data == data)


class Token(str):
    """A terminal: its text (the string itself), its `type` (NAME, NUMBER...) and positions."""

    def __new__(cls, type: str, value: str, start_pos: int | None = None, line: int | None = None,
                column: int | None = None, end_line: int | None = None, end_column: int | None = None,
                end_pos: int | None = None) -> "Token":
        token = super().__new__(cls, value)
        token.type = type
        token._at = (line, column, start_pos, end_line, end_column, end_pos)
        return token

    line = property(lambda self: self._at[0])
    column = property(lambda self: self._at[1])
    start_pos = property(lambda self: self._at[2])
    end_line = property(lambda self: self._at[3])
    end_column = property(lambda self: self._at[4])
    end_pos = property(lambda self: self._at[5])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {str(self)!r})"


_new_str = str.__new__


def token(type: str, value: str, at: tuple) -> Token:
    """A Token with its positions as it keeps them (line, column, start_pos, end_line,
    end_column, end_pos), made without `__new__`'s keywords: the tree cache makes thousands."""
    made = _new_str(Token, value)
    made.type = type
    made._at = at
    return made
