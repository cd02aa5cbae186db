"""Compiling the faction language's expressions: syntax trees become closures `fn(ctx) -> value`
once, at load, with the generated Python of `codegen` over them where it applies. Every name
and call is resolved here, so a misspelt name, an unknown function or a wrong number of
arguments is a load error with a position; what only play can show (a value of the wrong
type) is a run-time error naming the file's line and column.
"""
from __future__ import annotations

import inspect
import operator
from typing import TYPE_CHECKING, Any, Callable

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.hooks import EVENT_LISTS
from rootlaw.language import legacy, limits
from rootlaw.language import statements as st

from .builtins import CONSTANTS, FUNCTIONS, VALUES
from .closures import (
    any_matching,
    bound_call,
    connective,
    filtering,
    items_of,
    never,
    safe,
)
from .lowering import fast
from .syntax import Token, Tree

if TYPE_CHECKING:
    from .compiler import Source, Vocabulary

Fn = Callable[[Ctx], Any]

_COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
            "<=": operator.le, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv}


class ExpressionCompiler:
    """The expression half of `Compiler` (rootlaw.language.compiler), which adds the entry
    points and the statements."""

    vocab: "Vocabulary"
    order_free: set[int] = set()  # language 1: `players`/`enemies` tokens whose order cannot matter (legacy.py)

    @property
    def values(self) -> dict[str, Fn]:
        """The values of the moment (`me`, `players`...) as the file's language gives them."""
        return legacy.VALUES_1 if self.vocab.reading.legacy else VALUES

    def _literal(self, tok: Token, src: Source) -> int:
        """A whole-number literal, refused at its position past limits.MAX_NUMBER."""
        text = str(tok)
        if len(text) > len(str(limits.MAX_NUMBER)) or int(text) > limits.MAX_NUMBER:
            self.vocab.problems.append(src.problem(tok.line, tok.column, f"the number {text[:20]}"
                                                   f"{'...' if len(text) > 20 else ''} is too big",
                                                   f"numbers in abilities are at most {limits.MAX_NUMBER:,}"))
            return 0
        return int(text)

    def _root(self, node: Any, src: Source, scope: "Scope") -> Fn:
        """A whole expression: its closures, and over them the generated fast form
        (engine/language/codegen.py) when it compiled cleanly and rolls no dice."""
        before = len(self.vocab.problems)
        return self._generated(node, self._expr(node, src, scope), scope, before, src)

    def _generated(self, node: Any, slow: Fn, scope: "Scope", before: int, src: Source, exists: bool = False) -> Fn:
        """`slow`, or its generated form when `node` compiled with no problem since `before`
        and rolls no dice (`exists`: the form of "does the filter keep anything?"). The
        generator refuses dice itself; it runs on the first call, with the names bound here
        taken as they are now."""
        if len(self.vocab.problems) != before:
            return slow
        return fast(node, slow, frozenset(scope.all()).__contains__, frozenset(self.vocab.variables),
                    self.vocab.pieces | self.vocab.words, exists=exists, values=self.values,
                    document=src.doc.source if src.doc.digest() else "")

    def _unknown(self, src: Source, tok: Any, message: str, known: Any, hint: str | None = None) -> None:
        import difflib  # only for a mistake's hint: not imported at start
        close = difflib.get_close_matches(str(tok), sorted(known), 1)
        if close:
            hint = f"did you mean '{close[0]}'?"
        line, col = getattr(tok, "line", 1), getattr(tok, "column", 1)
        self.vocab.problems.append(src.problem(line, col, message, hint))

    def _expr(self, node: Any, src: Source, scope: "Scope") -> Fn:
        kind = node.data
        c = node.children
        if kind == "number":
            value = self._literal(c[0], src)
            return lambda ctx: value
        if kind == "string":
            value = str(c[0])[1:-1]
            return lambda ctx: value
        if kind in ("true", "false", "none"):
            value = {"true": True, "false": False, "none": None}[kind]
            return lambda ctx: value
        if kind == "name":
            return self._name(c[0], src, scope)
        if kind == "call":
            return self._call(node, src, scope)
        if kind == "list_":
            items = [self._expr(a, src, scope) for a in (c[0].children if c[0] is not None else ())]
            return lambda ctx: tuple(f(ctx) for f in items)
        if kind == "mapped":
            name = str(c[1])
            source = self._expr(c[2], src, scope)
            each = self._expr(c[0], src, scope.bind(name, element_fields(c[2])))

            def mapped(ctx: Ctx) -> tuple:
                env = ctx.env
                ctx.env = local = {**env}
                out = []
                try:
                    for item in items_of(source(ctx), src, c[1]):
                        local[name] = item
                        out.append(each(ctx))
                finally:
                    ctx.env = env
                return tuple(out)
            return mapped
        if kind == "filter":
            return filtering(*self._filter_parts(node, src, scope), src, c[0])
        if kind == "attr":
            return self._attr(node, src, scope)
        if kind == "neg":
            inner = self._expr(c[0], src, scope)
            where = src.where(_first_token(node))
            return lambda ctx: safe(operator.sub, 0, inner(ctx), "-", where)
        if kind == "not_":
            inner = self._expr(c[0], src, scope)
            return lambda ctx: not inner(ctx)
        if kind in ("or_expr", "and_expr"):
            return connective(kind == "and_expr", [self._expr(x, src, scope) for x in c])
        if kind == "cond_expr":
            cond, yes, no = (self._expr(x, src, scope) for x in c)
            return lambda ctx: yes(ctx) if cond(ctx) else no(ctx)
        if kind == "comparison":
            left, op, right = self._expr(c[0], src, scope), _COMPARE[str(c[1])], self._expr(c[2], src, scope)
            sign, where = str(c[1]), src.where(c[1])

            def compare(ctx: Ctx) -> Any:
                a, b = left(ctx), right(ctx)
                try:
                    return op(a, b)
                except (TypeError, ZeroDivisionError):
                    return safe(op, a, b, sign, where)  # raises, naming where and which
            return compare
        if kind == "member":
            left, right = self._expr(c[0], src, scope), self._expr(c[1], src, scope)
            where = src.where(_first_token(node))

            def member(ctx: Ctx) -> bool:
                items = right(ctx) or ()
                if not isinstance(items, (tuple, list)):
                    raise LanguageError(f"{where}: 'in' needs a list on its right, got {items!r}")
                return left(ctx) in items
            return member
        if kind in ("sum", "product"):
            first = self._expr(c[0], src, scope)
            rest = [(_ARITH[str(c[i])], self._expr(c[i + 1], src, scope), str(c[i]), src.where(c[i]))
                    for i in range(1, len(c), 2)]

            def arithmetic(ctx: Ctx) -> Any:
                value = first(ctx)
                for op, fn, sign, where in rest:
                    value = safe(op, value, fn(ctx), sign, where)
                return value
            return arithmetic
        raise AssertionError(f"expression {kind} has no compiler")

    def _listing(self, node: Any, src: Source, scope: "Scope") -> tuple[Fn, Fn]:
        """A list expression and whether it has any item, for menus: a filter's test stops at
        its first match instead of building the list (unless it rolls dice, which must all run)."""
        before = len(self.vocab.problems)
        if node.data != "filter" or not _pure(node.children[2]):
            whole, any_fn = self._calls(node, src, scope) if node.data == "call" else (self._expr(node, src, scope), None)
            whole = self._generated(node, whole, scope, before, src)  # left to the closures if it rolls dice
            if any_fn is not None:
                return whole, self._generated(node, any_fn, scope, before, src, exists=True)
            return whole, lambda ctx: bool(st.as_list(whole(ctx)))
        parts = self._filter_parts(node, src, scope)
        whole, any_match = filtering(*parts, src, node.children[0]), any_matching(*parts, src, node.children[0])
        return (self._generated(node, whole, scope, before, src),
                self._generated(node, any_match, scope, before, src, exists=True))

    def _filter_parts(self, node: Tree, src: Source, scope: "Scope") -> tuple[str, Fn, Fn]:
        c = node.children
        name = str(c[0])
        return name, self._expr(c[1], src, scope), self._expr(c[2], src, scope.bind(name, element_fields(c[1])))

    def _name(self, tok: Token, src: Source, scope: "Scope") -> Fn:
        name = str(tok)
        if name in scope:
            if self.vocab.reading.legacy and (rename := scope.renamed(name)) is not None:
                rename.use(src, tok)  # language 1: a use of a rebinding `let` (legacy.py)
            return lambda ctx: ctx.env[name]
        if name in self.vocab.variables:
            return lambda ctx: ctx.game.player(ctx.me).vars.get(name)
        if name in CONSTANTS or name in self.vocab.pieces or name in self.vocab.words:
            return lambda ctx: name
        if name in VALUES:
            if name in legacy.SEAT_ORDERED and self.vocab.reading.legacy:
                legacy.seat_ordered(self, src, tok, self.order_free)
            return self.values[name]
        known = set(scope.all()) | self.vocab.variables | set(CONSTANTS) | self.vocab.pieces | self.vocab.words | set(VALUES)
        self._unknown(src, tok, f"unknown name '{name}'", known,
                      "a name is bound (choose, for each, let, a filter), a var, a piece, a pile, box, "
                      "track, action or word of the faction file, or a constant (docs/language.md)")
        return never

    def _call(self, node: Tree, src: Source, scope: "Scope") -> Fn:
        tok, args = node.children
        name = str(tok)
        if name == "exists" and args is not None and len(args.children) == 1:
            inner = args.children[0]
            if (inner.data == "filter" and _pure(inner)
                    or inner.data == "call" and getattr(FUNCTIONS.get(str(inner.children[0])), "any_fn", None)):
                return self._listing(inner, src, scope)[1]  # stops at the first item
        return self._calls(node, src, scope)[0]

    def _calls(self, node: Tree, src: Source, scope: "Scope") -> tuple[Fn, Fn | None]:
        """A builtin call, and (when the builtin has one) the same call answering only whether
        its list would have any item, from the same compiled arguments."""
        tok, args = node.children
        name = str(tok)
        args = [self._expr(a, src, scope) for a in (args.children if args is not None else ())]
        builtin = FUNCTIONS.get(name)
        if builtin is None:
            self._unknown(src, tok, f"unknown function '{name}'", FUNCTIONS)
            return never, None
        if not builtin.min_args <= len(args) <= builtin.max_args:
            want = (str(builtin.min_args) if builtin.min_args == builtin.max_args
                    else f"{builtin.min_args} to {builtin.max_args}")
            self.vocab.problems.append(src.problem(tok.line, tok.column,
                                                   f"{name}() takes {want} argument(s), got {len(args)}",
                                                   ": ".join(filter(None, (signature(name), builtin.doc)))))
            return never, None
        where = src.where(tok)
        return (bound_call(name, builtin.fn, args, where),
                bound_call(name, builtin.any_fn, args, where) if builtin.any_fn else None)

    def _attr(self, node: Tree, src: Source, scope: "Scope") -> Fn:
        base_node, field_tok = node.children
        base = self._expr(base_node, src, scope)
        name = str(field_tok)
        allowed = scope.fields_of(str(base_node.children[0])) if base_node.data == "name" else None
        if allowed is not None:
            if name not in allowed:
                self._unknown(src, field_tok, f"'{base_node.children[0]}' has no field '{name}'", allowed,
                              f"fields: {', '.join(allowed)}")

        where = src.where(field_tok)

        def attr(ctx: Ctx) -> Any:
            value = base(ctx)
            try:
                return value[name]
            except (KeyError, TypeError, IndexError):
                raise LanguageError(f"{where}: {value!r} has no field '{name}'") from None
        return attr


class Scope:
    """Names bound at a point of an ability: binders of enclosing choose/for/let/filters.

    A name may come with the fields its value is known to have (`event`, or one piece of
    `event.pieces`), so a misspelt field is a load error; rebinding a name forgets them.
    """

    def __init__(self, names: tuple[str, ...] | set, fields: dict[str, tuple[str, ...] | None],
                 parent: "Scope | None" = None) -> None:
        self.names = set(names)
        self.own_fields = dict(fields)
        self.parent = parent
        self.renames: dict[str, Any] = {}  # language 1: names a rebinding `let` bound (legacy.Rename)
        self.locals: frozenset[str] = frozenset()  # the names bound here by `var`

    def __contains__(self, name: str) -> bool:
        return name in self.names or (self.parent is not None and name in self.parent)

    def all(self) -> set[str]:
        return self.names | (self.parent.all() if self.parent else set())

    def fields_of(self, name: str) -> tuple[str, ...] | None:
        if name in self.own_fields:
            return self.own_fields[name]
        return self.parent.fields_of(name) if self.parent else None

    def add(self, name: str, rename: Any = None, local: bool = False) -> None:
        """`let` (or `var`, a `local` variable): bind a name in this scope, with no known fields
        (`rename`: language 1's rebinding, which language 2 gives a name of its own)."""
        self.names.add(name)
        self.own_fields[name] = None
        self.renames[name] = rename
        if local:
            self.locals = self.locals | {name}

    def renamed(self, name: str) -> Any:
        """The rename of the binding `name` refers to here, if a rebinding `let` made it."""
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.renames.get(name)
            scope = scope.parent
        return None

    def is_local(self, name: str) -> bool:
        """Whether `name` is a `var` declared here or around here (and not shadowed since)."""
        if name in self.names:
            return name in self.locals
        return self.parent is not None and self.parent.is_local(name)

    def child(self) -> "Scope":
        return Scope((), {}, self)

    def bind(self, name: str, fields: tuple[str, ...] | None = None) -> "Scope":
        return Scope((name,), {name: fields}, self)


def element_fields(node: Any) -> tuple[str, ...] | None:
    """Fields of each item of a list expression, when known: the pieces of a removal event,
    the pieces a battle removed, the pieces that stood in a battle's clearing."""
    if isinstance(node, Tree) and node.data == "filter":
        return element_fields(node.children[1])
    if (isinstance(node, Tree) and node.data == "attr"
            and node.children[0].data == "name" and str(node.children[0].children[0]) == "event"):
        return EVENT_LISTS.get(str(node.children[1]))
    return None


def _first_token(node: Any) -> Any:
    """The first token of a syntax tree, for a position."""
    while isinstance(node, Tree):
        node = node.children[0]
    return node


def _pure(node: Any) -> bool:
    """Whether evaluating an expression leaves the game as it was (it calls no dice roll)."""
    for call in node.find_data("call") if isinstance(node, Tree) else ():
        builtin = FUNCTIONS.get(str(call.children[0]))
        if builtin is not None and not builtin.pure:
            return False
    return True


def signature(name: str) -> str:
    """How a builtin function is called, e.g. 'warriors(faction, c)'; optional arguments in []."""
    params = list(inspect.signature(FUNCTIONS[name].fn).parameters.values())[1:]  # after ctx
    required = [p.name for p in params if p.default is inspect.Parameter.empty]
    optional = [p.name for p in params if p.default is not inspect.Parameter.empty]
    tail = ""
    for i in reversed(range(len(optional))):
        tail = f"[{', ' if required or i else ''}{optional[i]}{tail}]"
    return f"{name}({', '.join(required)}{tail})"


