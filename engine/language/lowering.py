"""Expressions as Python statements: filters and mappings become loops, not generators.

`codegen.Generator` writes an expression as one Python expression: a filter is a list
comprehension, "does the filter keep anything?" is `any()` over a generator, and `and`/`or`
nest them. Each generator costs an object, and each item a resumption of it. `Lowering` writes
the same expression as statements that leave its value in a local: a filter is a `for` loop
appending to a list, `exists` of a filter a loop that stops at the first item it keeps, `and`
and `or` are `if`s, so nested filters run as nested loops in the one function.

The program is the same: every part is evaluated in the same order, as often, stopping where
the expression stops. Operands of an operator or a call are evaluated left to right: when one of
them needs statements, they all go through locals, in order. A part with no filter or mapping
inside is written as the generator writes it (memo slots included). `fast`, the generated form
of one expression that the compiler hands out, is written by a `Lowering` (so it lives here).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from . import expression_cache
from .codegen import _BOOLEAN, VALUES, _a_tuple, Fn, Generator, Unsupported, _compiled_on_first_call, base_namespace
from .builtins import FUNCTIONS
from .inline import standing_walk
from .syntax import Tree

_LOOPS = ("filter", "mapped")
_ATOMS = ("name", "number", "string", "true", "false", "none")  # trees left to their closures


def _looping(node: Any) -> bool:
    """Whether a tree holds a filter or a mapping (the parts worth writing as statements)."""
    return isinstance(node, Tree) and any(tree.data in _LOOPS for tree in node.iter_subtrees())


def _listed(local: str) -> str:
    """A local's list for a loop: a tuple as it is (the usual case), anything else checked."""
    return f"({local} if type({local}) is tuple else _items({local}))"


def _over_clearings(node: Any) -> bool:
    """Whether a loop runs over `clearings()`: a tuple of the map's clearing numbers (the map
    schema's ids are integers)."""
    return isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "clearings" \
        and node.children[1] is None


class Lowering(Generator):
    """A `Generator` that writes statements (`lower`) into `self.lines`, at `self.depth`."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines: list[str] = []
        self.depth = 0
        self.temps = 0

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def temp(self) -> str:
        self.temps += 1
        return f"t{self.temps}"

    def statements(self, node: Any, exists: bool = False) -> tuple[list[str], str]:
        """The lines computing the expression (or, with `exists`, whether the filter or the
        builtin's list has any item), and the local holding the value."""
        self.lines, self.depth = [], 0
        out = self.temp()
        if exists:
            self.lower_any(node, out)
        else:
            self.lower(node, out)
        return self.lines, out

    # --- statements ------------------------------------------------------------------------
    def lower(self, node: Any, out: str) -> None:
        if not _looping(node):
            self.emit(f"{out} = {self.expr(node)}")
            return
        kind, c = node.data, node.children
        if kind == "filter":
            self._loop(c[1], str(c[0]), lambda var, acc: self._keep_if(c[2], var, acc), out)
        elif kind == "mapped":
            self._loop(c[2], str(c[1]), lambda var, acc: self._append(c[0], acc), out)
        elif kind in ("and_expr", "or_expr"):
            self._connective(kind == "and_expr", c, out)
        elif kind == "cond_expr":
            test = self.temp()
            self.lower(c[0], test)
            self.emit(f"if {test}:")
            self._nested(c[1], out)
            self.emit("else:")
            self._nested(c[2], out)
        elif kind == "call" and self._of_filter(node, "exists"):
            self.lower_any(c[1].children[0], out)
        elif kind == "call" and self._of_filter(node, "count"):
            self.lower_count(c[1].children[0], out)
        else:
            self.emit(f"{out} = {self.expr(node)}")  # its operands go through `parts`

    def lower_any(self, node: Tree, out: str) -> None:
        """Whether a filter keeps any item (stopping at the first), or a builtin's list has any."""
        if node.data == "call":
            self.emit(f"{out} = {self.any_kept(node)}")
            return
        self.emit(f"{out} = False")
        var, loop = self.open_source(str(node.children[0]), node.children[1])
        test = self.temp()
        self.lower(node.children[2], test)
        self.emit(f"if {test}:")
        self.emit(f"    {out} = True")
        self.emit("    break")
        self.close_loop(var, loop)

    def lower_count(self, node: Tree, out: str) -> None:
        """How many items a filter keeps: counted as it goes, no list made."""
        self.emit(f"{out} = 0")
        var, loop = self.open_source(str(node.children[0]), node.children[1])
        test = self.temp()
        self.lower(node.children[2], test)
        self.emit(f"if {test}:")
        self.emit(f"    {out} += 1")
        self.close_loop(var, loop)

    def parts(self, nodes: Any) -> list[str]:
        nodes = list(nodes)
        if not any(_looping(n) for n in nodes):
            return [self.expr(n) for n in nodes]
        texts = []
        for n in nodes:  # all of them, in order, so the order of evaluation stays
            t = self.temp()
            self.lower(n, t)
            texts.append(t)
        return texts

    def _nested(self, node: Any, out: str) -> None:
        self.depth += 1
        self.lower(node, out)
        self.depth -= 1

    def _loop(self, source_node: Any, name: str, each: Any, out: str) -> None:
        acc = self.temp()
        self.emit(f"{acc} = []")
        var, loop = self.open_source(name, source_node)
        each(var, acc)
        self.close_loop(var, loop)
        self.emit(f"{out} = tuple({acc})")

    def open_source(self, name: str, source_node: Any) -> tuple[str, tuple[int, str] | None]:
        """A loop's list worked out and its loop opened (`open_loop`). A loop over `pieces(c, F[,
        kind])` written in runs over the place's own list, each piece tested first
        (inline.standing_walk): the same pieces in the same order, without their tuple."""
        walk, source = self._walk(source_node)
        if walk is None:
            if source is None:
                source = self.temp()
                self.lower(source_node, source)
            else:  # the call's text, its arguments already written
                local, source = source, self.temp()
                self.emit(f"{source} = {local}")
            return self.open_loop(name, source_node, source)
        listed, keep = walk
        var = self.bind(name)
        self.emit(f"for {var} in {listed}:")
        self.depth += 1
        self.emit(f"if not ({keep(var)}):")
        self.emit("    continue")
        return var, None

    def _walk(self, node: Any) -> tuple[Any, str | None]:
        """For `pieces(c, F[, kind])` with plain arguments: its walk, or (None, the call's text)
        where the walk does not apply; (None, None) for any other list."""
        if not (isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "pieces"):
            return None, None
        args = node.children[1]
        nodes = list(args.children) if args is not None else []
        builtin = FUNCTIONS["pieces"]
        if not builtin.min_args <= len(nodes) <= builtin.max_args or any(_looping(n) for n in nodes):
            return None, None
        uses = self.uses
        texts = self.parts(nodes)
        walk = standing_walk(texts, self.hoist)
        if walk is not None:
            return walk, None
        text = self.called("pieces", builtin.fn, texts)
        return None, self.once(text) if self.uses == uses else text

    def open_loop(self, name: str, source_node: Any, source: str,
                  checked: bool = False) -> tuple[str, tuple[int, str] | None]:
        """Bind `name` and open its loop over the local `source` (the value of `source_node`;
        `checked`: already a list, `_items`' answer), one level deeper. Over `clearings()` the
        item is named `C<n>_<name>` and comes with its location `L<n>_<name>`, read from the
        rules' list of the clearings' locations, which the builtins written in read
        (inline._place) rather than making it at every use; a language name is lowercase, so
        no other local is named so. Returns the item's local and, for such a loop, the index of
        its line and its list."""
        var = self.bind(name)
        if not _over_clearings(source_node):  # a filter's, a mapping's or a builtin's tuple taken as it is
            self.emit(f"for {var} in {source if checked or _a_tuple(source_node) else _listed(source)}:")
            self.depth += 1
            return var, None
        var = "C" + var[1:]
        self.local[-1] = (name, var)
        self.emit(f"for {var}, L{var[1:]} in (zip({source}, CLOCS) if {source} is CIDS else _located({source})):")
        self.depth += 1
        return var, (len(self.lines) - 1, source)

    def close_loop(self, var: str, loop: tuple[int, str] | None) -> None:
        """Close the loop `open_loop` opened; one whose body never reads the item's location
        runs over the clearings alone."""
        self.depth -= 1
        self.local.pop()
        if loop is None:
            return
        at, source = loop
        if any(re.search(rf"\bL{var[1:]}\b", line) for line in self.lines[at + 1:]):
            self.hoist.update(("CIDS", "CLOCS"))
        else:
            self.lines[at] = f"{self.lines[at][:self.lines[at].index('for ')]}for {var} in {source}:"

    def _keep_if(self, cond: Any, var: str, acc: str) -> None:
        test = self.temp()
        self.lower(cond, test)
        self.emit(f"if {test}:")
        self.emit(f"    {acc}.append({var})")

    def _append(self, each: Any, acc: str) -> None:
        value = self.temp()
        self.lower(each, value)
        self.emit(f"{acc}.append({value})")

    def _connective(self, both: bool, parts: list, out: str) -> None:
        """`and` / `or`: each part as a bool, the next only while the answer is open."""
        opened = 0
        for i, part in enumerate(parts):
            if i:
                self.emit(f"if {'' if both else 'not '}{out}:")
                self.depth += 1
                opened += 1
            self.lower(part, out)
            if not (isinstance(part, Tree) and part.data in _BOOLEAN):
                self.emit(f"{out} = not not {out}")
        self.depth -= opened

    @staticmethod
    def _of_filter(node: Tree, name: str) -> bool:
        """Whether `node` calls the builtin `name` on a filter alone."""
        tok, args = node.children
        return (str(tok) == name and args is not None and len(args.children) == 1
                and isinstance(args.children[0], Tree) and args.children[0].data == "filter")


def fast(node: Tree, slow: Fn, outer: Callable[[str], bool], variables: set[str], words: set[str],
         exists: bool = False, values: dict[str, Fn] = VALUES, document: str = "") -> Fn:
    """The generated form of `node`, falling back on `slow` (its closure) for any failure, and
    handing every call to `slow` when the tree uses something the generator does not handle
    (a builtin that changes the game, such as a roll, is one).
    `outer(name)` says whether a name is bound around the expression (read from the context's
    names); it and the sets must not change afterwards, as the source is generated on the first
    call. With `exists`, `node` is a filter and the form says whether it keeps any item,
    stopping at the first (a menu asks only that). `values`: the values of the moment, as the
    file's language gives them. `document`: the file whose cache keeps the generated text
    (engine/language/expression_cache.py; "" keeps none), when `outer` is a frozenset's test."""
    if not exists and isinstance(node, Tree) and node.data in _ATOMS:
        return slow  # a name or a constant: its closure is one look-up already, nothing to compile
    namespace = {**base_namespace(values), "slow": slow}
    names = getattr(outer, "__self__", None)
    kept = bool(document) and isinstance(node, Tree) and isinstance(names, frozenset)

    k = None

    def source() -> str | None:
        nonlocal k
        if kept:
            k = expression_cache.key(node, names, variables, words, exists, values is not VALUES)
            found = expression_cache.recall(k, document)
            if found is not None:
                namespace.update(found[1])
                return found[0]
        return afresh()

    def afresh() -> str | None:
        text, functions = _written(node, outer, variables, words, exists)
        if k is not None:
            expression_cache.remember(k, document, text, functions)
        namespace.update(functions)
        return text
    return _compiled_on_first_call(source, namespace, afresh, document if kept else "")


def _written(node: Tree, outer: Callable[[str], bool], variables: set[str], words: set[str],
             exists: bool) -> tuple[str | None, dict[str, Any]]:
    """The text of `fast`'s function (None: the closures evaluate every call) and the builtins
    it calls."""
    gen = Lowering(outer, variables, words)
    try:
        lines, out = gen.statements(node, exists)
    except Unsupported:
        return None, {}
    hoisted = "".join(f"    {line}\n" for line in gen.prologue())
    return ("def fast(ctx):\n"
            "    env = ctx.env\n"
            + ("    game = ctx.game\n" + hoisted if hoisted else "")
            + (f"    memo = [_M] * {gen.slots}\n" if gen.slots else "") +
            "    try:\n"
            + "".join(f"        {line}\n" for line in lines) +
            f"        return {out}\n"
            "    except FAILURES:\n"
            "        return slow(ctx)\n"), gen.functions


__all__ = ["Lowering", "Unsupported", "fast"]
