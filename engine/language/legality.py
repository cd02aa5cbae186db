"""Whether an action can start, as one generated Python function per effect.

An action menu offers an action only when its first statement can do something
(`runtime.can_start`): a `choose` with something to choose from, a `move` or a `battle` the
Law allows, a `craft` with a card to craft. The statements answer that one call at a time
through `possible(ctx)`: a move builds its whole frame to ask `can_move`, a battle its frame to
ask `battle_clearings`, a choice calls the generated "does the list have any item?" of its
source. Here the same question becomes one function `can(game, me, env)` per effect, written
from the first statement's syntax tree as the effects are (engine/language/bodies.py): the
expressions inlined with the lowering's loops that stop at the first item kept, the Law's
checks called directly with only the parts the statement writes.

Nothing is decided differently: the function evaluates the same expressions in the same order
and asks the same Law. Any failure inside it hands the question to the statement's own
`possible`, which evaluates it again and raises the error with the faction file's line and
column. A first statement that is not a choice, a move, a battle or a craft either can always
start (the statements that do not override `possible`) or keeps its own `possible`; so does a
source that rolls dice, which the generator refuses. The text is generated on the first call
and kept in the private cache beside the effects' (engine/language/effect_cache.py).
"""
from __future__ import annotations

import functools
import re
from typing import Any, Callable

from rootlaw.core.context import Ctx
from rootlaw.language import statements as st
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import can_craft
from rootlaw.law.movement import can_move

from . import effect_cache
from .builtins import FUNCTIONS
from .codegen import Unsupported, base_namespace
from .lowering import Lowering
from .syntax import Tree

Can = Callable[[Any, str, dict], bool]
# the statement class each kind of first statement compiles to (compiler.py); the others keep their own
_CTX = re.compile(r"\bctx\b")
_KINDS = {"choose": st.Choose, "move": st.Move, "battle": st.Battle, "craft": st.Craft}


def _always(game: Any, me: str, env: dict) -> bool:
    return True


def compiled_possibility(plan: Any) -> Can | None:
    """The function answering whether the effect of `plan` (a `bodies.BodyPlan`) can start,
    generated on its first call; None where the first statement's `possible` answers."""
    stmts = plan.blocks[plan.code]
    if not stmts:
        return _always
    stmt = stmts[0]
    if type(stmt).possible is st.Stmt.possible:
        return _always
    if type(stmt) not in _KINDS.values():
        return None
    namespace: dict[str, Any] = {}

    def compile_now(game: Any, me: str, env: dict) -> bool:
        code, names = _code(plan, stmt)
        if code is None:
            plan.blocks[plan.code].can = None  # the statement's `possible` answers from now on
            return stmt.possible(Ctx(game, me, env))
        namespace.update(names)
        exec(code, namespace)  # noqa: S102 - text built from checked tokens and repr()'d constants
        stand_in.__code__ = namespace["can"].__code__
        return stand_in(game, me, env)

    namespace["compile_now"] = compile_now
    exec(_STAND_IN, namespace)  # noqa: S102 - a fixed text
    stand_in = namespace["can"]
    return stand_in


_STAND_IN = compile("def can(game, me, env):\n    return compile_now(game, me, env)\n", "<rootlaw legality>", "exec")


@functools.lru_cache(maxsize=1)
def _fixed_names() -> dict[str, Any]:
    """What every generated check reads besides its builtins and its statement (read only)."""
    return {**base_namespace(), "Ctx": Ctx, "as_list": st.as_list, "can_move": can_move,
            "battle_clearings": battle_clearings, "can_craft": can_craft}


def _code(plan: Any, stmt: Any) -> tuple[Any, dict[str, Any]]:
    """The check's compiled code and the names it reads (None: the statement answers), from
    the text an earlier start kept when the cache has it, else generated now (and kept)."""
    from rootlaw.files import code_cache  # here: `import rootlaw` loads no file layer
    name = f"<rootlaw legality {plan.code}>"
    mine = {**_fixed_names(), "slow": stmt.possible}
    k = where = None
    if plan.digest:
        k = effect_cache.key(plan.digest, f"can {plan.code}", plan.entry, plan.variables, plan.words)
        where = effect_cache.shard(plan.document)
        kept = effect_cache.recall(k, where, plan.blocks, "can")
        if kept is not None:
            try:
                return (None if kept[0] is None else code_cache.compiled(kept[0], name, plan.document)), {**mine, **kept[1]}
            except (SyntaxError, ValueError, RecursionError, MemoryError):  # damaged: written again
                pass
    try:
        text, names = _Check(plan).source(stmt)
        code = compile(text, name, "exec")
    except (Unsupported, SyntaxError, RecursionError, MemoryError):
        text, code, names = None, None, {}
    if k is not None and where is not None:
        effect_cache.remember(k, where, text, names, mine, plan.blocks, [plan.code], "can")
    return code, {**mine, **names}


class _Check(Lowering):
    """Writes one check: the first statement's expressions as the lowering writes them, `me`
    and the effect's bound names (`env`) read from the function's arguments."""

    def __init__(self, plan: Any) -> None:
        super().__init__(plan.entry.__contains__, plan.variables, plan.words)
        self.plan = plan
        self.body: list[str] = []

    def name(self, name: str) -> str:
        var = self.bound(name)
        if var is not None:
            return var
        return "me" if name == "me" and not self.outer(name) else super().name(name)

    def once(self, text: str) -> str:
        """`codegen.Generator.once`, its slot a local of the check (`m<n>`) filled where it is
        first read, rather than an item of a list filled by a call: a check's lines are
        statements, with no comprehension for the assignment to land in."""
        if not self.local:
            return text
        slot = f"m{self.slots}"
        self.slots += 1
        return f"({slot} if {slot} is not _M else ({slot} := {text}))"

    # --- "does it have any?" written to stop sooner ------------------------------------------
    def lower_any(self, node: Tree, out: str) -> None:
        """A filter's test split: the parts of an `and` it starts with that do not read the
        item are asked once, after the list and before the loop (nothing to look for when one
        fails), the others per item. Only leading parts: the interpreter asks them first of
        every item, so each fails where and as it would have."""
        if node.data != "filter":
            return super().lower_any(node, out)
        name, source, test = node.children
        parts = test.children if isinstance(test, Tree) and test.data == "and_expr" else [test]
        lead = 0
        while lead < len(parts) and not _reads(parts[lead], str(name)):
            lead += 1
        if not 0 < lead < len(parts):
            return super().lower_any(node, out)
        items, ok, each = self.temp(), self.temp(), self.temp()
        self.lower(source, items)
        self.emit(f"{items} = _items({items})")
        self.lower(parts[0] if lead == 1 else Tree("and_expr", parts[:lead]), ok)
        self.emit(f"{out} = False")
        self.emit(f"if {ok}:")
        self.depth += 1
        var, loop = self.open_loop(str(name), source, items, checked=True)
        rest = parts[lead:]
        self.lower(rest[0] if len(rest) == 1 else Tree("and_expr", rest), each)
        self.emit(f"if {each}:")
        self.emit(f"    {out} = True")
        self.emit("    break")
        self.close_loop(var, loop)
        self.depth -= 1

    def _call(self, node: Tree) -> str:
        """`exists(pieces(X, F, a) + pieces(X, F, b))`: whether either has one, the second
        asked only when the first has none."""
        tok, args = node.children
        if str(tok) == "exists" and args is not None and len(args.children) == 1:
            terms = self._piece_terms(args.children[0])
            if terms:
                any_fn = FUNCTIONS["pieces"].any_fn
                return "(" + " or ".join(self.invoke(term, any_fn) for term in terms) + ")"
        return super()._call(node)

    def _piece_terms(self, node: Any) -> list[Tree] | None:
        """The `pieces(...)` calls a sum adds up, when they differ only in a kind written by
        name (so one fails exactly when the others do); None for any other sum."""
        if not (isinstance(node, Tree) and node.data == "sum") or any(str(op) != "+" for op in node.children[1::2]):
            return None
        terms = node.children[0::2]
        heads = set()
        for term in terms:
            if not (isinstance(term, Tree) and term.data == "call" and str(term.children[0]) == "pieces"
                    and term.children[1] is not None and len(term.children[1].children) == 3):
                return None
            where, faction, kind = term.children[1].children
            if not (isinstance(kind, Tree) and kind.data == "name" and self._word(str(kind.children[0]))):
                return None
            heads.add((where, faction))
        return terms if len(heads) == 1 else None

    def _word(self, name: str) -> bool:
        """Whether a name stands for itself here (a kind, a word), as `name` would write it."""
        return (name in self.words and not self.outer(name) and name not in self.variables
                and all(bound != name for bound, _ in self.local))

    def value(self, node: Any, out: str) -> None:
        """Lines leaving the expression's value in `out`."""
        lines, value = self.statements(node)
        self.body += lines + [f"{out} = {value}"]

    def source(self, stmt: Any) -> tuple[str, dict[str, Any]]:
        nodes = self.plan.nodes.get(self.plan.code)
        if not nodes or len(nodes) != len(self.plan.blocks[self.plan.code]) or not isinstance(nodes[0], Tree):
            raise Unsupported
        kind = nodes[0].data
        if type(stmt) is not _KINDS.get(kind):
            raise Unsupported
        answer = getattr(self, f"_{kind}")(nodes[0], stmt)
        lines = [*self.prologue(), *([" = ".join([*(f"m{i}" for i in range(self.slots)), "_M"])] if self.slots else ())]
        body = [*self.body, f"return {answer}"]
        # a context is made only for a check that hands it on (a builtin's call, ctx.me): most
        # checks that ask the Law alone never read it but on a failure
        ctx = "ctx" if _reads_ctx(lines + body) else "Ctx(game, me, env)"
        head = ["def can(game, me, env):", *(["    ctx = Ctx(game, me, env)"] if ctx == "ctx" else ()),
                *("    " + line for line in lines)]
        return "\n".join(head + ["    try:", *("        " + line for line in body), "    except FAILURES:",
                                 f"        return slow({ctx})", ""]), dict(self.functions)

    # --- the first statements ----------------------------------------------------------------
    def _choose(self, node: Tree, stmt: Any) -> str:
        """Whether the source has an item: a filter or a builtin stops at the first one
        (`expressions._listing`: the same forms as `Choose.exists`)."""
        source = node.children[1]
        stops = (source.data == "filter" or
                 (source.data == "call" and getattr(FUNCTIONS.get(str(source.children[0])), "any_fn", None)))
        if stops:
            lines, value = self.statements(source, exists=True)
            self.body += lines
            return value
        self.value(source, "s_")
        return "bool(as_list(s_))"

    def _move(self, node: Tree, stmt: Any) -> str:
        """`Move.possible`: the written parts, in its order, and `can_move` on the frame's parts."""
        frm, to, ignoring, only, unhindered, owner = node.children[0].children
        player = "me"
        if owner is not None:
            self.value(owner, "w_")
            player = "w_"
        parts = []
        if stmt.unhindered:
            parts.append("'unhindered': True")
        for key, part in (("from", frm), ("to", to)):
            if part is not None:
                self.value(part, f"{key[0]}_")
                parts.append(f"{key!r}: as_list({key[0]}_)")
        if stmt.ignore_rule:
            parts.append("'ignore_rule': True")
        if only is not None:
            self.value(only, "k_")
            parts.append("'kinds': as_list(k_)")
        return f"can_move(game, {player}, {{{', '.join(parts)}}})"

    def _battle(self, node: Tree, stmt: Any) -> str:
        where, against = node.children
        args = []
        for out, part in (("w_", where), ("a_", against)):
            if part is None:
                args.append("None")
            else:
                self.value(part, out)
                args.append(f"as_list({out})")
        return f"bool(battle_clearings(game, me, {args[0]}, {args[1]}, first=True))"

    def _craft(self, node: Tree, stmt: Any) -> str:
        return "can_craft(game, me)"


def _reads_ctx(lines: list[str]) -> bool:
    """Whether generated lines may read the name `ctx`: a word `ctx` anywhere, a string's
    text included (a string that says it only keeps a context that is not needed)."""
    return any(_CTX.search(line) for line in lines)


def _reads(node: Any, name: str) -> bool:
    """Whether an expression mentions `name` anywhere (a filter inside that binds it again
    counts too: the test is only ever cautious)."""
    return isinstance(node, Tree) and any(
        tree.data == "name" and str(tree.children[0]) == name for tree in node.iter_subtrees())
