"""A trigger's condition, or a modifier's condition and value, written into one Python function.

The core asks a modifier's `apply(game, me, names, value, context)` at every run of its hook
whose owner test passes, and a trigger's `fire(game, me, names, payload)` at every event it
listens for: some three times per decision, most of them to find the condition false. Made
from closures, each call built the names' dict (`{**names, "value": value, **context}`), a
`Ctx` over it, and called the condition's generated form, which read every name back out of
that dict. Here the same expressions (written by the same `Lowering`) read the hook's names
straight from `context` (the event from `payload`, the hook's value from `value`), and `me`
from the argument, so most calls make neither the dict nor the context: a builtin that needs
a context gets one made where the expression first hands it on (`ctx or (ctx := Ctx(...))`),
from the same names it always had.

Every failure of the written form (a name the core did not pass, a value of the wrong type)
is evaluated again by the ability's own expression, given the context it always had, which
gives the closure's answer or raises the faction file's positioned error: the function
answers what the closures answer, asking the same expressions in the same order. Generated on
the first call (a stand-in's code is swapped, as for effects), its text kept beside the file's
trees (`expression_cache`); an ability it cannot write hands every call to its closures' form.
"""
from __future__ import annotations

import hashlib
import re
from types import CodeType
from typing import Any, Callable

from rootlaw.core.context import Ctx

from . import expression_cache
from .codegen import NAME, Unsupported, base_namespace
from .lowering import Lowering
from .syntax import Tree

_FILE = "<rootlaw expressions of an ability>"  # a generated text, as code_cache names them
_CTX = re.compile(r"\bctx\b")
_ME = re.compile(r"\bctx\.me\b")
_ENV = re.compile(r"\benv\b")
# a name read where the core passes it, or a field of one
_PASSED = re.compile(r"(?:payload|value|context\['[a-z0-9_]+'\])(?:\['[a-z0-9_]+'\])*\Z")
# the arguments of the functions the core calls (engine/core/folds.py, abilities.py); the
# stand-in until the first call, and the function handing every call to the closures' form
_ARGS = {"apply": "game, me, names, value, context", "fire": "game, me, names, payload"}
_STAND_INS = {kind: compile(f"def {kind}({args}):\n    return compile_now({args})\n", "<rootlaw ability>", "exec")
              for kind, args in _ARGS.items()}
_HAND_OVER = {kind: compile(f"def {kind}({args}):\n    return closures({args})\n", "<rootlaw ability>", "exec")
              for kind, args in _ARGS.items()}
# the names' dict each kind's closures are given (abilities.py), for a context made on demand
_ENVIRONMENT = {"apply": "{**names, 'value': value, **context}", "fire": "{**names, 'event': payload}"}


class _Given(Lowering):
    """The expressions of one ability: the names the core passes read where it passes them."""

    def __init__(self, given: dict[str, str], outer: frozenset[str], variables: frozenset[str],
                 words: frozenset[str]) -> None:
        super().__init__(outer.__contains__, variables, words)
        self.given = given

    def name(self, name: str) -> str:
        var = self.bound(name)
        if var is not None:
            return var
        if name in self.given:
            return self.given[name]
        return "me" if name == "me" and not self.outer(name) else super().name(name)

    def expr(self, node: Any) -> str:
        """A field of a name read where the core passes it (`payload['origin']`) is written
        without parentheses, so the builtins written in read it as a value (inline._READ)."""
        if node.data != "attr":
            return super().expr(node)
        field = str(node.children[1])
        if not NAME.match(field):
            raise Unsupported
        base = self.parts(node.children[:1])[0]
        return f"{base}[{field!r}]" if _PASSED.match(base) else f"({base})[{field!r}]"


class Plan:
    """What writing one ability's function needs: its kind (`apply` or `fire`), its trees (the
    condition's, and a modifier's value's), the names bound around them and where the core
    passes each, and the file's variables and words."""

    __slots__ = ("kind", "when", "value", "given", "outer", "variables", "words", "document")

    def __init__(self, kind: str, when: Tree, value: Tree | None, given: dict[str, str], outer: frozenset[str],
                 variables: frozenset[str], words: frozenset[str], document: str) -> None:
        self.kind, self.when, self.value, self.given = kind, when, value, given
        self.outer, self.variables, self.words, self.document = outer, variables, words, document

    def key(self) -> str:
        """What the text depends on: the trees with their tokens' bindings, and where the core
        passes each name."""
        parts = [self.kind, *("~" if tree is None else
                              expression_cache.key(tree, self.outer, self.variables, self.words, False, False)
                              for tree in (self.when, self.value)),
                 "\1".join(f"{name}\2{text}" for name, text in sorted(self.given.items()))]
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()


_FIRST_CALLS_WRITTEN = False  # `write_first_calls`: the `rootlaw play` command's own process


def write_first_calls() -> None:
    """From now on, an ability's first call is answered by its written function too, not by its
    closures: the expressions' own forms are then made only for a failure they take over, so a
    warm start neither keys nor loads them, and a first start writes none of them (some 5% of
    an empty-cache `rootlaw play`, 1.5% of a warm one). The answers are the same (the written
    function answers what the closures answer, at every call: tests/test_ability_functions.py).
    Only the command's own process does so (tools/cli.py, as it defers effects): elsewhere the
    first call still makes and keeps the expressions' forms, as the tests of the expression
    cache count them (tests/test_expression_cache.py)."""
    global _FIRST_CALLS_WRITTEN
    _FIRST_CALLS_WRITTEN = True


def compiled_ability(plan: Plan, closures: Callable, names: dict[str, Any]) -> Callable:
    """The ability's function (`plan.kind`'s signature), generated on its first call, which
    `closures` answers (unless `write_first_calls`): the same function made of the expressions'
    forms, so those are made and kept as they always were, for the failures they take over.
    `closures` answers every call when the ability cannot be written. `names`: the values the
    text reads besides the builtins (the expressions' forms, and what follows a true condition)."""
    namespace: dict[str, Any] = {**base_namespace(), **names, "Ctx": Ctx, "closures": closures}

    def compile_now(*args: Any) -> Any:
        code, functions = _code(plan)
        namespace.update(functions)
        exec(code or _HAND_OVER[plan.kind], namespace)  # noqa: S102 - text built from checked tokens
        stand_in.__code__ = namespace[plan.kind].__code__
        return (stand_in if _FIRST_CALLS_WRITTEN else closures)(*args)

    namespace["compile_now"] = compile_now
    exec(_STAND_INS[plan.kind], namespace)  # noqa: S102 - a fixed text
    stand_in = namespace[plan.kind]
    return stand_in


def _code(plan: Plan) -> tuple[CodeType | None, dict[str, Any]]:
    """The function's code (None: not written) and the builtins it calls, from the text an
    earlier start kept when it compiles, else written now (and kept)."""
    k = plan.key() if plan.document else None
    found = expression_cache.recall(k, plan.document) if k is not None else None
    if found is not None:
        try:
            return _compiled(found[0], plan.document), found[1]
        except (SyntaxError, ValueError, RecursionError, MemoryError):  # damaged: written again
            pass
    try:
        text, functions = _written(plan)
    except Unsupported:
        text, functions = None, {}
    if k is not None:
        expression_cache.remember(k, plan.document, text, functions)
    try:
        return _compiled(text, plan.document), functions
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # deeper than Python's compiler goes
        return None, {}


def _compiled(text: str | None, document: str) -> CodeType | None:
    from rootlaw.files import code_cache  # here: `import rootlaw` loads no file layer
    return None if text is None else code_cache.compiled(text, _FILE, document)


def _written(plan: Plan) -> tuple[str, dict[str, Any]]:
    """The function's text: the condition, then a modifier's value and the hook's check of it."""
    trees = [tree for tree in (plan.when, plan.value) if tree is not None]
    if any("ctx" in str(child) for tree in trees for sub in tree.iter_subtrees() for child in sub.children
           if not isinstance(child, Tree)):
        raise Unsupported  # a token saying `ctx` (a word, a string): the text is not rewritten
    gen = _Given(plan.given, plan.outer, plan.variables, plan.words)
    env = _ENVIRONMENT[plan.kind]
    first: list[str] = []
    body: list[str] = []
    if plan.when is not None:
        when, ok = gen.statements(plan.when)
        first = gen.prologue()  # what the condition reads; the value's own names only once it holds
        body = ["try:", *_indent(when), "except FAILURES:", f"    {ok} = WHEN(Ctx(game, me, {env}))",
                f"if not {ok}:", "    return None" if plan.kind == "fire" else "    return value"]
    if plan.kind == "fire":
        body.append("return FRAME(game, me, names, payload)")
    else:
        lines, out = gen.statements(plan.value)
        body += [line for line in gen.prologue() if line not in first]
        body += ["try:", *_indent(lines), "except FAILURES:", f"    {out} = VALUE(Ctx(game, me, {env}))",
                 f"if PLAIN and USABLE(game, {out}):", f"    return {out}",
                 f"return DONE(game, me, value, {out}, context)"]
    text = _ME.sub("me", "\n".join(first + ([f"memo = [_M] * {gen.slots}"] if gen.slots else []) + body))
    head = [f"env = {env}"] if _ENV.search(text) else []  # a name bound around it, read from `names`
    if _CTX.search(text):  # a builtin handed the context: made there, once
        text = _CTX.sub(f"(ctx or (ctx := Ctx(game, me, {env})))", text)
        head.insert(0, "ctx = None")
    lines = [f"def {plan.kind}({_ARGS[plan.kind]}):", *_indent(head + text.splitlines())]
    return "\n".join(lines) + "\n", gen.functions


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]
