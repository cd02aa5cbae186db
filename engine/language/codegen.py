"""A second, faster form of an expression: Python source generated from its syntax tree.

The closures of `compiler.py` make one Python call per node and keep a filter's element in a
scope dict. Here the same tree becomes one Python function: operators are Python operators,
names bound by filters and mappings are local variables, builtins are called directly. Only
expressions that leave the game unchanged (no dice) are generated, so when the fast form meets
a value it cannot use it simply hands over to the closures, which evaluate the expression again
and raise the error with its file position. Generated text uses only the tree's own tokens
after checking them (names match the grammar's NAME, numbers are digits, strings are repr()'d),
so nothing from a data file is executed as code beyond the expression itself.
"""
from __future__ import annotations

import ast
import dis
import functools
import re
from typing import Any, Callable

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.language import limits

from .builtins import CONSTANTS, FUNCTIONS, VALUES
from .inline import HOIST, TEMPLATES
from .inline import NAMESPACE as INLINE_NAMES
from .syntax import Tree

Fn = Callable[[Ctx], Any]
NAME = re.compile(r"[a-z_][a-z0-9_]*\Z")
_COMPARE = {"=": "==", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}
_ARITH = {"+": "+", "-": "-", "*": "*", "/": "//"}
_BOOLEAN = {"comparison", "member", "not_", "and_expr", "or_expr", "true", "false"}  # trees that give a bool
# what the closures turn into positioned errors; the fast form hands these over to them
_FAILURES = (LanguageError, TypeError, ValueError, KeyError, IndexError, ZeroDivisionError)


class Unsupported(Exception):
    """This tree is left to the closures alone."""


def _items(value: Any) -> tuple:
    if value is None:
        return ()
    if not isinstance(value, (tuple, list)):
        raise LanguageError("not a list")
    return value


def _member(item: Any, items: Any) -> bool:
    items = items or ()
    if not isinstance(items, (tuple, list)):
        raise LanguageError("'in' needs a list")
    return item in items


def _literal_tuple(text: str) -> bool:
    """Whether generated text is a tuple of constants (a list written out in the file)."""
    if not text.startswith("("):
        return False
    try:
        return isinstance(ast.literal_eval(text), tuple)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False


def _a_tuple(node: Any) -> bool:
    """Whether a tree's value is surely a tuple: a filter's or a mapping's, or a builtin's that
    says it returns one (`-> tuple`: the registry's lists are tuples)."""
    if not isinstance(node, Tree):
        return False
    if node.data in ("filter", "mapped"):
        return True
    called = FUNCTIONS.get(str(node.children[0])) if node.data == "call" else None
    return called is not None and getattr(called.fn, "__annotations__", {}).get("return") in ("tuple", tuple)


_M = object()  # a memo slot not yet filled


def base_namespace(values: dict[str, Fn] = VALUES) -> dict[str, Any]:
    """The names generated code uses besides its builtins' (engine/language/bodies.py too)."""
    return {"FAILURES": _FAILURES, "_items": _items, "_member": _member, "_M": _M, "_keep": _keep,
            "times": limits.times, "number": limits.number, "V": values, **INLINE_NAMES}


@functools.lru_cache(maxsize=None)
def reads_context(fn: Callable) -> bool:
    """Whether a builtin's function reads its first argument, the context. One that does not
    (`first`, `in_group`, `unique`...) is handed None, so an ability's written function makes
    no context and no dict of its names for it, and an effect none at its start."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_argcount < 1:
        return True
    ctx = code.co_varnames[0]
    return ctx in code.co_cellvars or any(
        ins.argval == ctx for ins in dis.get_instructions(code) if ins.opname.endswith("_FAST"))


def _keep(memo: list, slot: int, value: Any) -> Any:
    memo[slot] = value
    return value


# A stand-in with the generated function's globals and no closure, so its code can be swapped
_STAND_IN = compile("def fast(ctx):\n    return compile_now(ctx)\n", "<rootlaw expression>", "exec")
_HAND_OVER = compile("def fast(ctx):\n    return slow(ctx)\n", "<rootlaw expression>", "exec")


def _compiled_on_first_call(source: Callable[[], str | None], namespace: dict,
                            afresh: Callable[[], str | None] | None = None, document: str = "") -> Fn:
    """The function that `source()` defines, generated and compiled only when first called
    (`source()` None: the closures evaluate every call; `afresh()`, if given, writes the text
    anew when the one `source()` gave does not compile: a damaged kept text; `document`: the
    file whose cache keeps the compiled code, rootlaw.files.code_cache, "" none).

    A start loads about 600 expressions and a short game uses a fraction of them: generating
    and compiling each on first use keeps a cold start short. The function handed out is a
    stand-in whose code becomes the compiled code on that first call (same globals, no
    closure), so later calls cost exactly what an eagerly compiled function costs."""
    exec(_STAND_IN, namespace)  # noqa: S102 - a fixed text
    stand_in = namespace["fast"]

    def compile_now(ctx: Ctx) -> Any:
        text = source()
        code = _compiled(text, document)
        if code is _HAND_OVER and text is not None and afresh is not None:
            code = _compiled(afresh(), document)
        exec(code, namespace)  # noqa: S102 - text built from checked tokens
        stand_in.__code__ = namespace["fast"].__code__
        return stand_in(ctx)
    namespace["compile_now"] = compile_now
    return stand_in


def _compiled(text: str | None, document: str) -> Any:
    from rootlaw.files import code_cache  # here: `import rootlaw` loads no file layer
    try:
        return _HAND_OVER if text is None else code_cache.compiled(text, "<rootlaw expression>", document)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # nests deeper than Python's compiler
        return _HAND_OVER  # (a sum of thousands of terms): the closures alone evaluate it


class Generator:
    def __init__(self, outer: Callable[[str], bool], variables: set[str], words: set[str]) -> None:
        self.outer, self.variables, self.words = outer, variables, words
        self.local: list[tuple[str, str]] = []  # (language name, Python name), innermost last
        self.functions: dict[str, Callable] = {}
        self.count = 0
        self.uses = 0  # references to names bound by filters and mappings, so far
        self.slots = 0  # memo slots of the values worked out once per call (see `once`)
        self.hoist: set[str] = set()  # names the inlined builtins read (engine/language/inline.py)

    def expr(self, node: Any) -> str:
        kind = node.data
        c = node.children
        if kind == "number":
            return str(int(c[0]))
        if kind == "string":
            return repr(str(c[0])[1:-1])
        if kind in ("true", "false", "none"):
            return {"true": "True", "false": "False", "none": "None"}[kind]
        if kind == "name":
            return self.name(str(c[0]))
        if kind == "call":
            return self.call(node)
        if kind == "list_":
            items = self.parts(c[0].children if c[0] is not None else ())
            return "(" + "".join(f"{i}, " for i in items) + ")"
        if kind == "mapped":
            source = self.expr(c[2])
            var = self.bind(str(c[1]))
            each = self.expr(c[0])
            self.local.pop()
            return f"tuple([{each} for {var} in _items({source})])"
        if kind == "filter":
            source = self.expr(c[1])
            var = self.bind(str(c[0]))
            cond = self.expr(c[2])
            self.local.pop()
            return f"tuple([{var} for {var} in _items({source}) if {cond}])"
        if kind == "attr":
            field = str(c[1])
            if not NAME.match(field):
                raise Unsupported
            return f"({self.parts(c[:1])[0]})[{field!r}]"
        if kind == "neg":
            return f"(0 - ({self.parts(c)[0]}))"
        if kind == "not_":
            return f"(not ({self.parts(c)[0]}))"
        if kind in ("or_expr", "and_expr"):
            joiner = " and " if kind == "and_expr" else " or "
            return "(" + joiner.join(self.truth(x) for x in c) + ")"
        if kind == "cond_expr":
            cond, yes, no = (self.expr(x) for x in c)
            return f"(({yes}) if ({cond}) else ({no}))"
        if kind == "comparison":
            left, right = self.parts((c[0], c[2]))
            return f"(({left}) {_COMPARE[str(c[1])]} ({right}))"
        if kind == "member":
            item, items = self.parts(c)
            if _literal_tuple(items) or _a_tuple(c[1]):
                return f"(({item}) in {items})"  # nothing to check about the list
            return f"_member({item}, {items})"
        if kind in ("sum", "product"):
            # the same bounds as the closures (engine/language/limits.py): a stranger's faction
            # cannot build a huge number, string or list through the fast form either
            terms = self.parts(c[0::2])
            out = f"({terms[0]})"
            for i in range(1, len(c), 2):
                sign, right = str(c[i]), terms[(i + 1) // 2]
                if sign == "*":
                    out = f"times({out}, ({right}))"
                elif sign == "/":
                    out = f"({out} // ({right}))"
                else:
                    out = f"number({out} {_ARITH[sign]} ({right}))"
            return out
        raise Unsupported

    def parts(self, nodes: Any) -> list[str]:
        """The texts of a node's operands, all evaluated, left to right (`Lowering` may compute
        them into locals first)."""
        return [self.expr(n) for n in nodes]

    def truth(self, node: Any) -> str:
        """`node` as True or False (what `and` and `or` give in the language); operators that
        already give a bool are left as they are."""
        text = self.expr(node)
        return text if isinstance(node, Tree) and node.data in _BOOLEAN else f"(not not {text})"

    def any_kept(self, node: Tree) -> str:
        """Whether a filter keeps any item, stopping at the first one it keeps (or a builtin's
        list has any: its `any_fn`)."""
        if node.data == "call":
            called = FUNCTIONS.get(str(node.children[0]))
            if called is None or called.any_fn is None:
                raise Unsupported
            return self.invoke(node, called.any_fn)
        source = self.expr(node.children[1])
        var = self.bind(str(node.children[0]))
        cond = self.expr(node.children[2])
        self.local.pop()
        return f"any({cond} for {var} in _items({source}))"

    def bind(self, name: str) -> str:
        if not NAME.match(name):
            raise Unsupported
        self.count += 1
        var = f"v{self.count}_{name}"
        self.local.append((name, var))
        return var

    def bound(self, name: str) -> str | None:
        """The local of a name bound by a filter or mapping around here (counted as a use)."""
        if not NAME.match(name):
            raise Unsupported
        for bound, var in reversed(self.local):
            if bound == name:
                self.uses += 1
                return var
        return None

    def name(self, name: str) -> str:
        var = self.bound(name)
        if var is not None:
            return var
        if self.outer(name):
            return f"env[{name!r}]"
        if name in self.variables:  # my variable: the player's entry read, not a call
            self.hoist.add("PLAYERS")
            return f"PLAYERS[ctx.me].vars.get({name!r})"
        if name in CONSTANTS or name in self.words:
            return repr(name)
        if name == "me":
            return "ctx.me"  # VALUES["me"] without the call: the commonest name of all
        if name == "current":  # VALUES["current"] read straight (the game's property; the same in language 1)
            self.hoist.add("S")
            return "S.seats[S.current]"
        if name in VALUES:
            return self.once(f"V[{name!r}](ctx)")
        raise Unsupported  # an unknown name: the closures already reported it

    def once(self, text: str) -> str:
        """`text`, a value that uses no name bound by a filter or mapping, worked out at most
        once per call when it sits inside one (rather than once per element): on its first use,
        in the same order as before, so an error still comes where it came. Builtins here are
        pure and nothing changes the game while an expression runs."""
        if not self.local:
            return text
        slot = self.slots
        self.slots += 1
        return f"(memo[{slot}] if memo[{slot}] is not _M else _keep(memo, {slot}, {text}))"

    def call(self, node: Tree) -> str:
        uses = self.uses
        text = self._call(node)
        return self.once(text) if self.uses == uses else text

    def _call(self, node: Tree) -> str:
        tok, args = node.children
        name = str(tok)
        nodes = list(args.children) if args is not None else []
        if name not in FUNCTIONS:
            raise Unsupported
        if name == "exists" and len(nodes) == 1 and isinstance(nodes[0], Tree):
            inner = nodes[0]
            if inner.data == "filter":
                return self.any_kept(inner)
            called = FUNCTIONS.get(str(inner.children[0])) if inner.data == "call" else None
            if called is not None and called.any_fn is not None:
                return self.invoke(inner, called.any_fn)
        if name == "count" and len(nodes) == 1 and isinstance(nodes[0], Tree) and nodes[0].data == "call":
            called = FUNCTIONS.get(str(nodes[0].children[0]))
            if called is not None and called.count_fn is not None:
                return self.invoke(nodes[0], called.count_fn)
        return self.invoke(node, FUNCTIONS[name].fn)

    def invoke(self, node: Tree, fn: Callable) -> str:
        """A direct call of `fn` (the builtin named at `node`, or its any_fn) with the arguments."""
        tok, args = node.children
        name = str(tok)
        builtin = FUNCTIONS.get(name)
        nodes = list(args.children) if args is not None else []
        if builtin is None or not builtin.pure or not builtin.min_args <= len(nodes) <= builtin.max_args:
            raise Unsupported
        return self.called(name, fn, self.parts(nodes))

    def called(self, name: str, fn: Callable, args: list[str]) -> str:
        """The builtin `name`'s `fn` called with the arguments' texts: written in where a
        template applies (inline.TEMPLATES), else a direct call."""
        template = TEMPLATES.get(fn)
        text = template(args, self.hoist) if template is not None else None
        if text is not None:
            return text
        alias = f"f{len(self.functions)}_{name}"
        self.functions[alias] = fn
        return f"{alias}({'ctx' if reads_context(fn) else 'None'}{''.join(', ' + a for a in args)})"

    def prologue(self) -> list[str]:
        """Lines binding the names the inlined builtins read (inline.HOIST), `game` bound."""
        return [f"{name} = {HOIST[name]}" for name in sorted(self.hoist)]
