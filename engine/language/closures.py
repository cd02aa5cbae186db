"""The closures compiled expressions are made of, where a closure is more than a lambda: a
filter's walk, a builtin call per arity, `and`/`or`, and arithmetic that refuses type
mismatches and runaway sizes with the file's position."""
from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Callable

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.language import limits

if TYPE_CHECKING:
    from .compiler import Source, Where

Fn = Callable[[Ctx], Any]


def filtering(name: str, source: Fn, cond: Fn, src: Source, tok: Any) -> Fn:
    def filtered(ctx: Ctx) -> tuple:
        out = []
        env = ctx.env
        ctx.env = local = {**env}  # one scope for the whole walk, the element rebound in it
        try:
            for item in items_of(source(ctx), src, tok):
                local[name] = item
                if cond(ctx):
                    out.append(item)
        finally:
            ctx.env = env
        return tuple(out)
    return filtered


def bound_call(name: str, fn: Callable, args: list[Fn], where: Where) -> Fn:
    """A closure calling a builtin with its arguments' values, one shape per arity (no
    generator, no argument tuple for the common short calls); a failure names the call."""
    def failed(err: Exception, values: tuple) -> LanguageError:
        if isinstance(err, LanguageError):
            return LanguageError(f"{where}: in {name}(): {err}")
        return LanguageError(f"{where}: {name}() cannot take ({', '.join(map(repr, values))}): {err}")

    if not args:
        def call_none(ctx: Ctx) -> Any:
            try:
                return fn(ctx)
            except FAILURES as err:
                raise failed(err, ()) from None
        return call_none

    if len(args) == 1:
        one = args[0]

        def call(ctx: Ctx) -> Any:
            value = one(ctx)
            try:
                return fn(ctx, value)
            except FAILURES as err:
                raise failed(err, (value,)) from None
        return call

    if len(args) == 2:
        first, second = args

        def call_two(ctx: Ctx) -> Any:
            a, b = first(ctx), second(ctx)
            try:
                return fn(ctx, a, b)
            except FAILURES as err:
                raise failed(err, (a, b)) from None
        return call_two

    if len(args) == 3:
        first, second, third = args

        def call_three(ctx: Ctx) -> Any:
            a, b, c = first(ctx), second(ctx), third(ctx)
            try:
                return fn(ctx, a, b, c)
            except FAILURES as err:
                raise failed(err, (a, b, c)) from None
        return call_three

    def call_many(ctx: Ctx) -> Any:
        values = [a(ctx) for a in args]
        try:
            return fn(ctx, *values)
        except FAILURES as err:
            raise failed(err, tuple(values)) from None
    return call_many


def any_matching(name: str, source: Fn, cond: Fn, src: Source, tok: Any) -> Fn:
    """Whether a filter keeps any item: stops at the first one it keeps."""
    def any_match(ctx: Ctx) -> bool:
        env = ctx.env
        ctx.env = local = {**env}
        try:
            for item in items_of(source(ctx), src, tok):
                local[name] = item
                if cond(ctx):
                    return True
        finally:
            ctx.env = env
        return False
    return any_match


def connective(both: bool, parts: list[Fn]) -> Fn:
    """`and` / `or` as nested two-part closures that stop at the first deciding part; the
    result is a bool, as before."""
    if len(parts) == 1:
        only = parts[0]
        return lambda ctx: bool(only(ctx))
    head, rest = parts[0], connective(both, parts[1:])
    if both:
        return lambda ctx: bool(head(ctx)) and rest(ctx)
    return lambda ctx: bool(head(ctx)) or rest(ctx)


def items_of(value: Any, src: Source, tok: Any) -> tuple:
    """The items a filter or a mapping runs over: a list, or none for no items."""
    if value is None:
        return ()
    if not isinstance(value, (tuple, list)):
        raise LanguageError(f"{src.where(tok)}: expected a list to go through, got {value!r}")
    return tuple(value)


# what a builtin given values it cannot use raises; each becomes a positioned LanguageError
FAILURES = (LanguageError, TypeError, ValueError, KeyError, IndexError, ZeroDivisionError)


def never(ctx: Ctx) -> Any:
    raise LanguageError("this expression did not compile")


def safe(op: Callable, a: Any, b: Any, sign: str, where: Where) -> Any:
    """An operator on two values: a type mismatch is a run-time error naming where and which,
    and a result too big to be meant (limits) is refused before it is built."""
    if op is operator.mul:
        limits.product_size(a, b)
    try:
        return limits.number(op(a, b))
    except (TypeError, ZeroDivisionError):
        if op in (operator.eq, operator.ne):
            return op(a, b)
        if sign == "-" and a == 0 and op is operator.sub:
            raise LanguageError(f"{where}: cannot negate {b!r}") from None
        raise LanguageError(f"{where}: cannot apply '{sign}' to {a!r} and {b!r}") from None
