"""Reading a language-1 file in its old meaning (docs/language.md, "Changelog": 1 -> 2).

The compiler and the ability loader call here only for a file of language 1. Each construct
whose meaning changed is compiled as language 1 meant it and leaves a warning at its position,
with the edits that say the same in language 2 (`rootlaw upgrade` writes them):

- a `let` binding a name already bound (or a variable's name) rebinds it for the rest of its
  block; language 2 refuses that, so the edits give the new value a name of its own, at the
  `let` and at every later use;
- braces in a `say` text are text; language 2 shows `{EXPR}` as a value, so the edits double
  them (`{{` and `}}` are braces in language 2);
- `players` and `enemies` are in seat order; language 2 starts them from me (turn order), so
  the edits write `seat_order(...)` around them wherever the order can matter (everywhere
  but the right of `in` and the only argument of `count()` or `exists()`);
- a trigger's `value:`, and a modifier's `on:` and `do:`, are ignored; language 2 refuses
  them, so the edits remove them.

The old meaning is the same program as the upgraded text, so an upgraded file plays the
same games.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rootlaw.errors import Problem
from rootlaw.files.documents import Document

from .builtins import CONSTANTS, FUNCTIONS, VALUES
from .syntax import Tree
from .versions import Edit

if TYPE_CHECKING:
    from .compiler import Compiler, Source
    from .expressions import Scope

SEAT_ORDERED = ("players", "enemies")

VALUES_1 = {**VALUES,
            "players": lambda ctx: tuple(ctx.game.s.seats),
            "enemies": lambda ctx: tuple(f for f in ctx.game.s.seats if f != ctx.me)}
"""The values of the moment as language 1 gave them: players and enemies in seat order."""

_ORDER_FREE_CALLS = ("count", "exists")


def _at(src: Source, tok: Any, message: str = "", hint: str | None = None) -> Problem:
    return src.problem(tok.line, tok.column, message, hint)


def _edit(src: Source, tok: Any, before: str, after: str, shift: int = 0) -> Edit:
    p = src.problem(tok.line, tok.column + shift, "")
    return Edit(p.file, p.line, p.col, before, after)


# --- let ------------------------------------------------------------------------------------
class Rename:
    """A language-1 `let` that rebinds `old`: in language 2 it binds `new`, and so does every
    use of the name it binds."""

    def __init__(self, comp: Compiler, old: str, new: str, problem: Problem) -> None:
        self.comp, self.old, self.new, self.problem = comp, old, new, problem

    def use(self, src: Source, tok: Any) -> None:
        self.comp.vocab.reading.edits.append(_edit(src, tok, self.old, self.new))


def rebinding_let(comp: Compiler, src: Source, tok: Any, scope: Scope, what: str) -> Rename:
    """The `let` at `tok` rebinds a name: language 1's meaning, with a warning and a new name."""
    name = str(tok)
    new = _fresh(comp, src, scope, name)
    problem = _at(src, tok, f"'let' rebinds '{name}' ({what}): language 1 allows it, language 2 does not",
                  f"give the new value a name of its own, such as '{new}', here and where it is used "
                  "after (rootlaw upgrade does)")
    comp.vocab.reading.warn(problem, _edit(src, tok, name, new))
    return Rename(comp, name, new, problem)


def _fresh(comp: Compiler, src: Source, scope: Scope, name: str) -> str:
    """`name_2` (or _3...): no name of the faction, the language, the text or another rename."""
    vocab = comp.vocab
    taken = (vocab.pieces | vocab.variables | vocab.words | vocab.actions | set(CONSTANTS) | set(VALUES)
             | set(FUNCTIONS) | scope.all() | {e.after for e in vocab.reading.edits})
    n = 2
    while f"{name}_{n}" in taken or re.search(rf"(?<![a-z0-9_]){name}_{n}(?![a-z0-9_])", src.text):
        n += 1
    return f"{name}_{n}"


def passed_on(comp: Compiler, src: Source, tok: Any, scope: Scope, params: tuple[str, ...]) -> None:
    """`do ACTION` hands its names to the action by name, so a renamed one cannot be renamed."""
    for param in params:
        rename = scope.renamed(param)
        if rename is not None:
            comp.vocab.reading.stuck.append(_at(
                src, tok, f"'do {tok}' reads '{param}' by name, so the 'let' at line {rename.problem.line} "
                          "cannot be renamed for you",
                f"rename by hand the first binding of '{param}' and its uses, then keep '{param}' for "
                "this value"))


# --- say ------------------------------------------------------------------------------------
def say_text(comp: Compiler, src: Source, tok: Any) -> str:
    """A `say` text as language 1 read it: all of it text, braces included."""
    text = str(tok)[1:-1]
    braces = [i for i, char in enumerate(text) if char in "{}"]
    if "{" in text or "}}" in text:  # (a lone '}' alone means the same in language 2)
        first = min(i for i in (text.find("{"), text.find("}}")) if i >= 0)
        comp.vocab.reading.warn(
            src.problem(tok.line, tok.column + 1 + first,
                        "'{' in a 'say' text is a brace in language 1; in language 2 '{EXPR}' shows a value",
                        "write '{{' and '}}' for braces (rootlaw upgrade does)"),
            *(_edit(src, tok, text[i], text[i] * 2, 1 + i) for i in braces))
    return text


# --- players and enemies --------------------------------------------------------------------
def order_free(tree: Any) -> set[int]:
    """The ids of the name tokens whose order cannot matter: the right of `in` and the only
    argument of count() or exists(), or the list such a place filters."""
    free = set()
    for node in tree.iter_subtrees() if isinstance(tree, Tree) else ():
        if node.data == "member":
            target = node.children[1]
        elif (node.data == "call" and str(node.children[0]) in _ORDER_FREE_CALLS
              and node.children[1] is not None and len(node.children[1].children) == 1):
            target = node.children[1].children[0]
        else:
            continue
        while isinstance(target, Tree) and target.data == "filter":  # {x in LIST where C}: LIST's order
            target = target.children[1]
        if isinstance(target, Tree) and target.data == "name":
            free.add(id(target.children[0]))
    return free


def seat_ordered(comp: Compiler, src: Source, tok: Any, free: set[int]) -> None:
    """`players` or `enemies` where its order may matter: a warning and `seat_order(...)`."""
    if id(tok) in free:
        return
    name = str(tok)
    comp.vocab.reading.warn(
        _at(src, tok, f"'{name}' is in seat order in language 1; in language 2 it is in turn order "
                      "starting from me",
            f"write 'seat_order({name})' to keep the seat order (rootlaw upgrade does), or '{name}' if the "
            "rule means 'in player order'"),
        _edit(src, tok, name, f"seat_order({name})"))


# --- abilities ------------------------------------------------------------------------------
def ignored_keys(comp: Compiler, doc: Document, path: tuple, spec: dict, aid: str) -> dict:
    """An ability as language 1 read it: a modifier (hook) ignores `on:` and `do:`, a trigger
    ignores `value:`. Each ignored key is a warning and is removed by the upgrade."""
    if "hook" in spec:
        ignored, what = [k for k in ("on", "do") if k in spec], "a modifier (hook/value)"
    else:
        ignored, what = [k for k in ("value",) if k in spec], "a trigger (on/do)"
    reading = comp.vocab.reading
    for key in ignored:
        line, col = doc.key_where(path + (key,))
        reading.warn(Problem(doc.source, line, col, f"ability '{aid}' is {what}, so language 1 ignores its "
                                                    f"'{key}:'; language 2 refuses it",
                             "remove it, or split the ability in two (rootlaw upgrade removes it)"),
                     Edit(doc.source, line, col, _brief(spec[key]), "", path + (key,)))
    if ignored and "hook" in spec and spec.get("kind") in ("trigger", "intervention"):
        line, col = doc.where(path + ("kind",))
        reading.edits.append(Edit(doc.source, line, col, spec["kind"], "modifier", path + ("kind",)))
    return {k: v for k, v in spec.items() if k not in ignored}


def _brief(value: Any) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= 40 else text[:37] + "..."
