"""An ability's owner test: the leading `NAME = me` (or `!=`) of its condition, run on its own.

A core computation asks every modifier of its hook, and an event every trigger listening for
it, whoever the ability belongs to. Most conditions start by asking whether the hook's
player (or the event's) is the owner: `player = me`, `faction = me`, `attacker != me`,
`piece.faction = me`, `event.player = me`. Read from the condition's tree, that comparison is
made on the hook's values directly; only when it holds is a context built and the whole
condition evaluated. The answer is the same: `A and B` is false once `A` is, and conditions
change nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .syntax import Token, Tree

_ABSENT = object()


@dataclass(frozen=True)
class OwnerTest:
    name: str          # a name the hook or event binds
    field: str | None  # its field (`piece.faction`), or None for the name itself
    equal: bool        # `=` (True) or `!=` (False)

    def fails(self, values: dict, me: str) -> bool:
        """True when the condition is surely false for `me`. A value missing or of another
        shape leaves the answer to the whole condition (which reports such mistakes)."""
        value = values.get(self.name, _ABSENT)
        if self.field is not None:
            if type(value) is not dict or self.field not in value:
                return False
            value = value[self.field]
        elif value is _ABSENT:
            return False
        return (value == me) is not self.equal


def owner_test(tree: Any, names: tuple[str, ...]) -> OwnerTest | None:
    """The owner test of a condition's tree, when it starts with one; `names`: those the hook
    or event binds (a faction variable or a builtin value is not one)."""
    first = tree.children[0] if isinstance(tree, Tree) and tree.data == "and_expr" else tree
    if not (isinstance(first, Tree) and first.data == "comparison" and str(first.children[1]) in ("=", "!=")):
        return None
    left, right = first.children[0], first.children[2]
    if _is_name(left, "me"):
        left, right = right, left
    if not _is_name(right, "me"):
        return None
    equal = str(first.children[1]) == "="
    if _is_name(left) and str(left.children[0]) in names:
        return OwnerTest(str(left.children[0]), None, equal)
    if isinstance(left, Tree) and left.data == "attr" and _is_name(left.children[0]) \
            and str(left.children[0].children[0]) in names:
        return OwnerTest(str(left.children[0].children[0]), str(left.children[1]), equal)
    return None


def _is_name(node: Any, name: str | None = None) -> bool:
    return isinstance(node, Tree) and node.data == "name" and isinstance(node.children[0], Token) \
        and (name is None or str(node.children[0]) == name)
