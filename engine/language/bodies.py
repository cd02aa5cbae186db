"""Whole effects as generated Python: one function per effect, suspended only where it asks.

The interpreter (`runtime.run_block`) runs an effect one statement per step of the game loop,
pushing a frame for every `if`, `choose` and `for each` body. Here the same effect becomes one
Python function `body(game, f)` over the same frame: statements run straight through with the
names they bind as Python locals, expressions are inlined (`codegen`'s forms, the effect's
names read from locals), and nested bodies push no frame. The function returns only where the
interpreter would have let something else run first:

- a question (`choose`), or a frame it starts (a move, a battle, paying cards, an action);
- reactions or invariant repairs set off by what a statement did, and the end of the game.

Then it stores its resume point (`pc`) and its live locals (`locals`, a tuple of the frozen
values the interpreter's frames would have held) in the frame, so a clone, a save and a load
work mid-effect as before; called again, it restores them and jumps back in (a state machine
per suspension point, as compilers lower coroutines). After each statement that may change the
board or a variable it checks the invariants exactly where the loop would have, so every game
is the same game, decision for decision.

A statement without a written form (`make`, `say` a phrase, `give`, `place ... in each`, a
pile named by an expression...) is run by its own object on a frame of the interpreter's shape
(`by_itself`). A `var` is a Python local like a `let`, and `:=` assigns it: the blocks inside
the declaring one are inlined, so all of them read that one local (the interpreter writes the
new value into each of their frames). An effect of a language-1 file (whose `let` rebinds) is
left to the interpreter (`Block.run` stays None). An
expression it cannot inline (a dice roll, a construct `codegen` leaves to the closures) is
evaluated by its closure; any failure of an inlined expression is evaluated again by the
closure, which raises the error with the faction file's line and column. The source is
generated on the first call, like expressions', its text kept for later starts.

Why one module of over 400 lines: the writer is one state machine; its statement methods all
share its scopes, its resume points and the locals saved at each, so split over files they
would read as less than they are.
"""
from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from typing import Any, Callable

from rootlaw.core import invariant_abilities
from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.loop import STEP_BUDGET, over_budget
from rootlaw.core.state import freeze
from rootlaw.core.trace_names import ability_note
from rootlaw.language import limits
from rootlaw.language import statements as st
from rootlaw.language.statements import effects, flow

from . import effect_cache
from .codegen import NAME, Unsupported, base_namespace
from .lowering import Lowering
from .syntax import Token, Tree

_SKIP = object()  # a `choose` with nothing to choose from
# a value that is a name or a constant, and a line binding one: reading them cannot fail
_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z|-?[0-9]+\Z|'[^'\\]*'\Z")
_ATOM = r"(?:[A-Za-z_][A-Za-z0-9_]*|-?[0-9]+|'[^'\\]*')"
_EQUALITY = re.compile(rf"\(\({_ATOM}\) [!=]= \({_ATOM}\)\)\Z")  # plain values compared: cannot fail
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]* = ([A-Za-z_][A-Za-z0-9_]*|-?[0-9]+|'[^'\\]*')\Z")


@dataclass(frozen=True)
class BodyPlan:
    """What generating one effect needs: its top block, the file's compiled blocks and their
    statements' trees, and the names bound around it (an action's params, `event`...)."""

    code: str
    blocks: dict[str, Any]  # block id -> Block (the interpreter's statements)
    nodes: dict[str, tuple]  # block id -> the statements' syntax trees
    entry: frozenset[str]
    variables: frozenset[str]
    words: frozenset[str]
    document: str = ""  # the faction file it is written in, and a hash of its text ("": not kept
    digest: str = ""    # in the cache: engine/language/effect_cache.py)


# the statement class each kind of tree compiles to (compiler.py); another pairing is not generated
_KINDS = {"place": st.Place, "remove": st.Remove, "relocate": st.Relocate, "score": st.Score, "lose": st.Score,
          "draw": st.Draw, "spend": st.MoveCards, "put": st.MoveCards, "discard": st.MoveCards,
          "discard_card": st.DiscardCard, "discard_random": st.DiscardRandom, "set_battle": st.SetBattle,
          "take_random": st.TakeRandom, "reveal": st.Reveal, "choose": st.Choose, "for_each": st.ForEach,
          "repeat": st.Repeat, "if_stmt": st.If, "let": st.Let, "var_decl": st.Var, "assign": st.Assign,
          "set_var": st.SetVar, "mark": st.Mark,
          "battle": st.Battle, "move": st.Move, "craft": st.Craft, "offer": st.Offer, "cancel": st.Cancel,
          "do_action": st.DoAction, "say": st.Say}

_CONTROL = ("choose", "for_each", "repeat", "if_stmt")  # statements with bodies; the others suspend by `_once`
_HELPERS = {name: getattr(effects, name, None) or getattr(flow, name) for name in (
    "piece_kind", "target_location", "placing", "removing", "relocating", "scoring", "drawing", "paying",
    "discarding_card", "discarding_random", "battle_to_set", "taking_random", "revealing", "choice_options",
    "setting", "marking", "marking_value", "battle_frame", "move_frame", "offered_choices",
    "offering", "cancelling", "doing", "saying", "as_list")}


def compiled_body(plan: BodyPlan) -> Callable[[Any, dict], None]:
    """The effect's function, generated and compiled on its first call (a stand-in until then,
    whose code is then swapped, as for expressions). If the effect cannot be generated, the
    stand-in hands every call to the interpreter and the block's `run` is cleared."""
    namespace: dict[str, Any] = {}

    def compile_now(game: Any, f: dict) -> None:
        from .runtime import interpret_block
        code, names = _code(plan)
        if code is None:
            plan.blocks[plan.code].run = None  # the interpreter runs it from now on
            return interpret_block(game, f)
        namespace.update(names)
        exec(code, namespace)  # noqa: S102 - text built from checked tokens and repr()'d constants
        stand_in.__code__ = namespace["body"].__code__
        return stand_in(game, f)

    namespace["compile_now"] = compile_now
    exec(_STAND_IN, namespace)  # noqa: S102 - a fixed text
    stand_in = namespace["body"]
    return stand_in


_STAND_IN = compile("def body(game, f):\n    return compile_now(game, f)\n", "<rootlaw effect>", "exec")


def _code(plan: BodyPlan) -> tuple[Any, dict[str, Any]]:
    """The effect's compiled code and the names it reads (None: the interpreter runs it), from
    the text kept by an earlier start when the cache has it, else generated now (and kept)."""
    from rootlaw.files import code_cache  # here: `import rootlaw` loads no file layer
    k = where = None
    name = f"<rootlaw effect {plan.code}>"
    if plan.digest:
        k = effect_cache.key(plan.digest, plan.code, plan.entry, plan.variables, plan.words)
        where = effect_cache.shard(plan.document)
        kept = effect_cache.recall(k, where, plan.blocks)
        if kept is not None:
            try:
                return (None if kept[0] is None else code_cache.compiled(kept[0], name, plan.document)), {**_fixed_names(), **kept[1]}
            except (SyntaxError, ValueError, RecursionError, MemoryError):  # damaged: written again
                pass
    writer = _Writer(plan)
    try:
        text, names = writer.source()
        code = compile(text, name, "exec")
    except (Unsupported, SyntaxError, RecursionError, MemoryError):
        text, code, names = None, None, {}
    if k is not None and where is not None:
        effect_cache.remember(k, where, text, names, _fixed_names(), plan.blocks, writer.visited)
    return code, names


@functools.lru_cache(maxsize=1)
def _fixed_names() -> dict[str, Any]:
    """What every generated effect reads besides its own values (read only)."""
    return {**base_namespace(), **_HELPERS, "Ctx": Ctx, "check": invariant_abilities.check,
            "freeze": freeze, "LanguageError": LanguageError, "_SKIP": _SKIP,
            "ability_note": ability_note, "repeat_count": limits.repeat_count,
            "STEP_BUDGET": STEP_BUDGET, "over_budget": over_budget}


class _ByItself(Exception):
    """This statement is run by its own object (`_Writer.by_itself`), not written out."""


# statements without a written form, run by their objects: none asks, none rebinds a name
_BY_ITSELF = (st.Make, st.SayPhrase, st.Clear, st.Redirect, st.EndPhase, st.PutCard, st.TakeItem, st.Give,
              st.CraftCard, st.TakeDiscard, st.HideItems, st.Place, st.Draw, st.MoveCards)


def _named_piles(*piles: Any) -> None:
    """Piles written by name (or none); a statement with a pile named by an expression
    (`onto (column)`) is run by its object."""
    if any(pile is not None and not isinstance(pile, str) for pile in piles):
        raise _ByItself


def _safe(text: str) -> bool:
    """Whether generated text only reads a name or a constant (a tuple of constants too), so
    evaluating it cannot fail."""
    if _SIMPLE.match(text) or _EQUALITY.match(text):
        return True
    try:
        ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _indent(lines: list[str], n: int = 1) -> list[str]:
    pad = "    " * n
    return [pad + line for line in lines]


class _Exprs(Lowering):
    """Expressions inside an effect: the names the effect binds are its Python locals."""

    def __init__(self, writer: "_Writer", plan: BodyPlan) -> None:
        super().__init__(plan.entry.__contains__, plan.variables, plan.words)
        self.writer = writer

    def name(self, name: str) -> str:
        var = self.bound(name)
        if var is not None:
            return var
        local = self.writer.lookup(name)
        if local is not None:
            return local
        return "me" if name == "me" and not self.outer(name) else super().name(name)

    def fresh(self) -> None:
        self.local, self.uses, self.slots = [], 0, 0


class _Writer:
    """Writes one effect's function: statements in order, each guarded by the resume point it
    may restart from (`pc` 0 runs it fresh), with the live locals saved at each suspension."""

    def __init__(self, plan: BodyPlan) -> None:
        self.plan = plan
        self.names: dict[str, Any] = dict(_fixed_names())
        self.visited: list[str] = []  # the blocks written, whose statements hold its values
        self.exprs = _Exprs(self, plan)
        self.levels: list[list[tuple[str, str]]] = []  # scopes, innermost last: (language name, local)
        self.loops: list[list[str]] = []  # the state of each loop around: its list and index locals
        self.points: dict[int, tuple[str, ...]] = {}  # resume point -> locals saved there
        self.count = 0

    # --- names ---------------------------------------------------------------------------
    def local(self, hint: str) -> str:
        self.count += 1
        return f"{hint if NAME.match(hint) else 'v'}_{self.count}"

    def constant(self, value: Any) -> str:
        """A Python name for a value the generated text uses (a closure, a tuple of parts)."""
        name = f"k{len(self.names)}"
        self.names[name] = value
        return name

    def lookup(self, name: str) -> str | None:
        if name == "_":  # a repeat's count, never a name an expression can read
            return None
        for level in reversed(self.levels):
            for bound, var in reversed(level):
                if bound == name:
                    return var
        return None

    def live(self) -> tuple[str, ...]:
        out = [var for level in self.levels for _, var in level]
        out += [var for loop in self.loops for var in loop]
        return tuple(dict.fromkeys(out))

    def visible(self) -> str:
        """The frame's names as the interpreter's frame would hold them here: a dict literal."""
        seen: dict[str, str] = {}
        for level in self.levels:
            for bound, var in level:
                seen[bound] = var
        if not seen:
            return "env"
        return "{**env, " + ", ".join(f"{bound!r}: {var}" for bound, var in seen.items()) + "}"

    # --- resume points ---------------------------------------------------------------------
    def point(self) -> int:
        k = len(self.points) + 1
        self.points[k] = self.live()
        return k

    def suspend(self, k: int) -> list[str]:
        saved = self.points[k]
        return [f"f['pc'] = {k}", f"f['locals'] = ({''.join(v + ', ' for v in saved)})", "return"]

    def settle(self) -> tuple[list[str], int]:
        """After a statement that may change the game: the invariants are checked where the loop
        would check them, and the effect waits while anything set off runs (or the game ended)."""
        k = self.point()
        return (["if game.changed:", "    check(game)", "if stack[-1] is not f or s.ended:",
                 *_indent(self.suspend(k))], k)

    # --- values ----------------------------------------------------------------------------
    def value(self, out: str, node: Any, fallback: Any) -> list[str]:
        """Lines setting `out` to the expression's value: inlined, with its closure (`fallback`)
        evaluating it again on any failure, or the closure alone where it cannot be inlined."""
        slow = f"{out} = {self.constant(fallback)}(Ctx(game, me, {self.visible()}))"
        if isinstance(node, Token):
            return [f"{out} = {int(node)}"]
        self.exprs.fresh()
        try:
            lines, value = self.exprs.statements(node)
        except Unsupported:
            return [slow]
        if lines and lines[-1].startswith(f"{value} = ") and not any(
                re.search(rf"\b{value}\b", line) for line in lines[:-1]):  # the last line sets it: `out` instead
            lines, value = lines[:-1], lines[-1][len(value) + 3:]
        if not self.exprs.slots and all(_PLAIN.match(line) for line in lines) and _safe(value):
            return lines + [f"{out} = {value}"]  # names and constants read: nothing to fail
        memo = [f"memo = [_M] * {self.exprs.slots}"] if self.exprs.slots else []
        return ["try:", *_indent(memo + lines + [f"{out} = {value}"]), "except FAILURES:", f"    {slow}"]

    def given(self, out: str, node: Any, fallback: Any, absent: str = "None", into: list[str] | None = None) -> Any:
        """A part a statement may leave out: its lines and the text of its value (`absent`
        when not written); with `into`, the lines are added there and the text alone returned."""
        lines = [] if node is None else self.value(out, node, fallback)
        text = absent if node is None else out
        if into is None:
            return lines, text
        into += lines
        return text

    def count_value(self, out: str, node: Any, fallback: Any) -> list[str]:
        """A count (`place 2 ...`, `repeat (n)`): none written is 1."""
        if node is None:
            return [f"{out} = 1"]
        return self.value(out, node.children[0], fallback)

    # --- statements ------------------------------------------------------------------------
    def source(self) -> tuple[str, dict[str, Any]]:
        lines, _, _ = self.sequence(self.plan.code, top=True)
        self.names.update(self.exprs.functions)
        body = "\n".join(_indent(lines))
        uses = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", body))  # bind only what the body reads
        head = ["def body(game, f):"]
        if "s" in uses or "stack" in uses:
            head.append("    s = game.s")
        if "stack" in uses:
            head.append("    stack = s.stack")
        head.append("    me = f['me']")
        if "env" in uses or "ctx" in uses:
            head.append("    env = f['env']")
        if "ctx" in uses:
            head.append("    ctx = Ctx(game, me, env)")
        head += _indent(self.exprs.prologue())
        head += ["    pc = f.get('pc', 0)", "    if pc:"]
        cannot = "raise LanguageError('this effect cannot resume where the saved game says')"
        saving: dict[tuple[str, ...], list[int]] = {}
        for k, saved in self.points.items():
            if saved:
                saving.setdefault(saved, []).append(k)
        test = "if"
        for saved, ks in saving.items():
            head += [f"        {test} pc in ({''.join(f'{k}, ' for k in ks)}):",
                     f"            ({''.join(v + ', ' for v in saved)}) = f['locals']"]
            test = "elif"
        if not self.points:
            head.append(f"        {cannot}")
        elif len(self.points) == sum(len(ks) for ks in saving.values()):  # every point restores locals
            head += ["        else:", f"            {cannot}"]
        else:
            head += [f"        {test} pc not in ({''.join(f'{k}, ' for k in self.points)}):", f"            {cannot}"]
        head += [
            "    elif 'rule' in f and not f.get('traced'):",
            "        f['traced'] = True",  # a quiet game keeps no trace: its text is not made
            "        if not game.quiet:",
            "            game.trace(f['rule'], ability_note(me, f['ability']))"]
        return "\n".join(head) + "\n" + body + "\n    game.pop()\n", self.names

    def sequence(self, code: str, top: bool = False, bound: tuple[tuple[str, str], ...] = ()
                 ) -> tuple[list[str], int | None, int | None]:
        """A block's statements; its lines and the range of resume points inside it."""
        stmts, nodes = self.plan.blocks[code], self.plan.nodes.get(code)
        if nodes is None or len(nodes) != len(stmts):
            raise Unsupported
        self.visited.append(code)
        self.levels.append(list(bound))
        parts: list[tuple[list[str], int | None, int | None]] = []
        once: list[bool] = []  # whether the statement guards itself (`_once`)
        for node, stmt in zip(nodes, stmts):
            kind = node.data if isinstance(node, Tree) else None
            try:
                if type(stmt) is not _KINDS.get(kind):
                    raise _ByItself
                parts.append(getattr(self, f"_{kind}")(node, stmt, top))
            except _ByItself:
                parts.append(self.by_itself(stmt, top))
            once.append(kind not in _CONTROL)
        pointed = [i for i, (_, first, _) in enumerate(parts) if first is not None]
        lines: list[str] = []
        fresh: list[str] = []  # statements without resume points, run under one `if not pc:`
        for i, (body, first, last) in enumerate(parts):
            if first is None:
                fresh += body
                continue
            if fresh:
                lines += ["if not pc:", *_indent(fresh)]
                fresh = []
            # resumed, pc is one of this block's points (its statement's guard brought it here):
            # the last statement with points needs no guard, an earlier one has set pc to 0
            if i == pointed[-1] or once[i]:
                lines += body
            else:
                span = f"pc == {first}" if first == last else f"{first} <= pc <= {last}"
                lines += [f"if not pc or {span}:", *_indent(body)]
        if fresh:
            lines += ["if not pc:", *_indent(fresh)]
        lo = parts[pointed[0]][1] if pointed else None
        hi = parts[pointed[-1]][2] if pointed else None
        self.levels.pop()
        return lines, lo, hi

    def by_itself(self, stmt: Any, top: bool) -> tuple[list[str], int, int]:
        """A statement run by its object, on a frame holding what the interpreter's frame would
        (the names bound here; the effect's rule at its top level only); the effect waits when
        it started a frame or set anything off."""
        if type(stmt) not in _BY_ITSELF:
            raise Unsupported
        rule = ", 'rule': f.get('rule', '')" if top else ""
        return self._effect([f"{self.constant(stmt)}.run(game, {{'me': me, 'env': {self.visible()}, "
                             f"'ability': f['ability']{rule}}})"])

    def _rule(self, top: bool) -> str:
        """The rule a statement reports: the frame's at the effect's top level only (a nested
        body was a frame of its own, without one)."""
        return "f.get('rule', '')" if top else "''"

    def _effect(self, lines: list[str]) -> tuple[list[str], int, int]:
        settle, k = self.settle()
        return self._once(k, lines + settle)

    def _pushing(self, lines: list[str]) -> tuple[list[str], int, int]:
        """A statement that starts a frame: the effect waits for it."""
        k = self.point()
        return self._once(k, lines + self.suspend(k))

    def _once(self, k: int, lines: list[str]) -> tuple[list[str], int, int]:
        """A statement whose one resume point is right after it: run fresh, or resumed there
        (it guards itself: `sequence` adds no guard around it; every statement but those of
        `_CONTROL` ends so)."""
        return [f"if pc == {k}:", "    pc = 0", "elif not pc:", *_indent(lines)], k, k

    # effects on the board and the cards
    def _place(self, node: Tree, stmt: Any, top: bool) -> tuple:
        count, piece, owner, target = node.children
        if stmt.each:  # `place N KIND in each ...`: its `place_each` frame
            raise _ByItself
        lines = self.value("o_", owner, stmt.owner) if owner is not None else ["o_ = me"]
        if piece.data == "kind_name":
            lines.append(f"k_ = piece_kind(game, o_, {str(piece.children[0])!r})")
        else:
            lines += self.value("k_", piece.children[0], stmt.kind) + ["k_ = piece_kind(game, o_, k_)"]
        on_piece = target.data == "on_target"
        lines += self.value("t_", target.children[0], stmt.target)
        lines.append(f"l_ = target_location(game, t_, {on_piece}, {self.constant(stmt.where)})")
        lines += self.count_value("n_", count, stmt.count)
        lines.append(f"placing(game, me, o_, k_, t_, l_, {on_piece}, n_)")
        return self._effect(lines)

    def _remove(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.value("p_", node.children[0], stmt.pieces)
        return self._effect(lines + [f"removing(game, me, p_, {stmt.ability!r})"])

    def _relocate(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.value("d_", node.children[1].children[0], stmt.dest)
        where = self.constant(stmt.where)
        lines.append(f"l_ = target_location(game, d_, {stmt.onto_piece}, {where})")
        lines += self.value("p_", node.children[0], stmt.pieces)
        return self._effect(lines + [f"relocating(game, d_, l_, {stmt.onto_piece}, p_, {where})"])

    def _score(self, node: Tree, stmt: Any, top: bool) -> tuple:
        points, owner = node.children
        lines, w = self.given("w_", None if owner is None else owner.children[0], stmt.owner, "me")
        lines += self.value("n_", points, stmt.points)
        lines.append(f"scoring(game, me, {w}, {stmt.sign} * (n_ or 0), {self._rule(top)}, {stmt.ability!r})")
        return self._effect(lines)

    _lose = _score

    def _draw(self, node: Tree, stmt: Any, top: bool) -> tuple:
        count, _, owner = node.children
        _named_piles(stmt.pile)
        lines, w = self.given("w_", None if owner is None else owner.children[0], stmt.owner, "me")
        lines += self.value("n_", count, stmt.count)
        return self._effect(lines + [f"drawing(game, {w}, {stmt.pile!r}, n_)"])

    def _cards(self, stmt: Any, payer: Any, suit: Any, count: Any) -> tuple:
        _named_piles(stmt.source, stmt.dest)
        lines, w = self.given("w_", payer, stmt.payer, "me")
        lines += self.value("u_", suit, stmt.suit)
        lines += self.count_value("n_", count, stmt.count) if count is not None else ["n_ = None"]
        return self._pushing(lines + [f"paying(game, me, {w}, {stmt.source!r}, {stmt.dest!r}, u_, n_)"])

    def _spend(self, node: Tree, stmt: Any, top: bool) -> tuple:
        count, suit, _, payer = node.children
        return self._cards(stmt, payer, suit, count)

    def _put(self, node: Tree, stmt: Any, top: bool) -> tuple:
        count, suit, payer, _ = node.children
        return self._cards(stmt, payer, suit, count)

    def _discard(self, node: Tree, stmt: Any, top: bool) -> tuple:
        amount, suit, _ = node.children
        return self._cards(stmt, None, suit, None if amount.data == "all_cards" else amount.children[0])

    def _discard_card(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.value("c_", node.children[0], stmt.card)
        return self._effect(lines + ["discarding_card(game, me, c_)"])

    def _discard_random(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.count_value("n_", node.children[0], stmt.count)
        return self._effect(lines + [f"discarding_random(game, me, {stmt.pile!r}, n_)"])

    def _set_battle(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = ["b_ = battle_to_set(game)"] + self.value("v_", node.children[1], stmt.value)
        return lines + [f"b_[{stmt.name!r}] = max(0, v_)"], None, None

    def _take_random(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.value("w_", node.children[0], stmt.victim)
        return self._effect(lines + [f"taking_random(game, me, w_, {stmt.pile!r})"])

    def _reveal(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.value("w_", node.children[0], stmt.player)
        return self._effect(lines + ["revealing(game, me, w_)"])

    def _set_var(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = self.value("v_", node.children[1], stmt.value)
        return self._effect(lines + [f"setting(game, me, {stmt.name!r}, v_)"])

    def _mark(self, node: Tree, stmt: Any, top: bool) -> tuple:
        lines = [f"m_ = marking(game, me, {stmt.name!r})"]
        if stmt.value is not None:
            lines += self.value("v_", node.children[1], stmt.value) + ["marking_value(game, me, m_, v_)"]
        return lines, None, None

    def _say(self, node: Tree, stmt: Any, top: bool) -> tuple:
        ctx = "ctx" if all(isinstance(p, str) for p in stmt.parts) else f"Ctx(game, me, {self.visible()})"
        return [f"saying(game, {ctx}, {self.constant(stmt.parts)})"], None, None

    def _cancel(self, node: Tree, stmt: Any, top: bool) -> tuple:
        return [f"cancelling(game, {self._rule(top)})"], None, None

    def _let(self, node: Tree, stmt: Any, top: bool) -> tuple:
        var = self.local(stmt.name)
        lines = self.value(var, node.children[1], stmt.value) + [f"{var} = freeze({var})"]
        self.levels[-1].append((stmt.name, var))
        return lines, None, None

    _var_decl = _let  # `var NAME = ...`: a local of this block, as a `let` is

    def _assign(self, node: Tree, stmt: Any, top: bool) -> tuple:
        """`NAME := ...`: the one Python local every block inside the declaring one reads, so
        each sees the new value (the interpreter writes it into each of their frames)."""
        var = self.lookup(stmt.name)
        if var is None:
            raise Unsupported
        return self.value(var, node.children[1], stmt.value) + [f"{var} = freeze({var})"], None, None

    # the core's actions and menus: frames of their own
    def _battle(self, node: Tree, stmt: Any, top: bool) -> tuple:
        where, against = node.children
        lines, w = self.given("w_", where, stmt.where)
        more, a = self.given("a_", against, stmt.against)
        return self._pushing(lines + more + [f"game.push(battle_frame(me, {w}, {a}, {where is not None}, "
                                             f"{against is not None}))"])

    def _move(self, node: Tree, stmt: Any, top: bool) -> tuple:
        frm, to, ignoring, only, unhindered, owner = node.children[0].children
        lines: list[str] = []
        w, o, d, k = (self.given(out, part, fallback, into=lines) for out, part, fallback in (
            ("w_", owner, stmt.owner), ("o_", frm, stmt.origin), ("d_", to, stmt.dest), ("k_", only, stmt.only)))
        return self._pushing(lines + [f"game.push(move_frame(me, {w}, {stmt.unhindered}, {o}, {d}, {stmt.ignore_rule}, "
                                      f"{k}, {owner is not None}, {frm is not None}, {to is not None}, "
                                      f"{only is not None}))"])

    def _craft(self, node: Tree, stmt: Any, top: bool) -> tuple:
        return self._pushing(["game.push({'op': 'craft', 'player': me})"])

    def _offer(self, node: Tree, stmt: Any, top: bool) -> tuple:
        choices, limit, _ = node.children
        lines = self.value("c_", choices, stmt.choices) + ["c_ = offered_choices(game, me, c_)"]
        lines += self.count_value("n_", limit, stmt.limit) if limit is not None else ["n_ = None"]
        return self._pushing(lines + [f"offering(game, me, c_, n_, {stmt.birds}, {self._rule(top)})"])

    def _do_action(self, node: Tree, stmt: Any, top: bool) -> tuple:
        return self._pushing([f"doing(game, me, {stmt.action!r}, {self.visible()})"])

    # control: bodies inline, no frame of their own
    def _choose(self, node: Tree, stmt: Any, top: bool) -> tuple:
        name, source, options, _ = node.children
        by = options.children[0]
        k = self.point()
        var = self.local(stmt.name)
        answer, enter = self.local("answer"), self.local("enter")
        # each item once, in order (`choice_options`, written in for the tuple a filter makes)
        ask = self.value("o_", source, stmt.source) + [
            "o_ = tuple(dict.fromkeys(o_)) if type(o_) is tuple else choice_options(o_)", "if not o_:",
            f"    {answer} = _SKIP", "else:"]
        chooser = self.value("w_", by, stmt.by) if by is not None else ["w_ = me"]
        # the question `flow.asking` asks, its kind and prompt written in as constants
        kind, prompt = f"{stmt.ability}:{stmt.name}", stmt.prompt or f"{stmt.ability}: choose {stmt.name}"
        offered = "o_ + ('none', )" if stmt.optional else "o_"
        ask += _indent(chooser + [f"if game.ask(f, 'answer', w_, {kind!r}, {offered}, {prompt!r}):",
                                  *_indent(self.suspend(k)), f"{answer} = f.pop('answer')"])
        none = f" or {answer} == 'none'" if stmt.optional else ""
        body, _, last = self.sequence(stmt.body, bound=((stmt.name, var),))
        lines = [f"if pc == {k}:", "    pc = 0", "if not pc:", "    if 'answer' not in f:", *_indent(ask, 2),
                 "    else:", f"        {answer} = f.pop('answer')", f"    if {answer} is _SKIP{none}:",
                 f"        {enter} = False", "    else:", f"        {var} = {answer}", f"        {enter} = True",
                 "else:", f"    {enter} = True", f"if {enter}:", *_indent(body or ["pass"])]
        return lines, k, last or k

    def _loop(self, head: list[str], state: list[str], test: str, index: str, bind: tuple, code: str,
              each: list[str]) -> tuple:
        """A loop whose state (its list or count, and `index`) is saved at every suspension inside."""
        self.loops.append(state)
        body, first, last = self.sequence(code, bound=bind)
        self.loops.pop()
        lines = ["if not pc:", *_indent(head + [f"{index} = 0"]), f"while {test}:", *_indent(each + body),
                 f"    {index} += 1", "    s.steps += 1", "    if s.steps > STEP_BUDGET:", "        over_budget(s)"]
        return lines, first, last

    def _for_each(self, node: Tree, stmt: Any, top: bool) -> tuple:
        items, index, var = self.local("items"), self.local("i"), self.local(stmt.name)
        head = self.value(items, node.children[1], stmt.source)  # a tuple is the list as it is
        head.append(f"{items} = {items} if type({items}) is tuple else freeze(as_list({items}))")
        return self._loop(head, [items, index], f"{index} < len({items})", index, ((stmt.name, var),), stmt.body,
                          [f"{var} = {items}[{index}]"])

    def _repeat(self, node: Tree, stmt: Any, top: bool) -> tuple:
        n, index = self.local("n"), self.local("i")
        head = self.count_value(n, node.children[0], stmt.count) + [f"{n} = repeat_count({n})"]
        return self._loop(head, [n, index], f"{index} < {n}", index, (("_", index),), stmt.body, [])

    def _if_stmt(self, node: Tree, stmt: Any, top: bool) -> tuple:
        cond = node.children[0]
        then, t_lo, t_hi = self.sequence(stmt.then)
        other, e_lo, e_hi = self.sequence(stmt.otherwise) if stmt.otherwise else ([], None, None)
        test = self.local("then")
        branches = [f"if {test}:", *_indent(then or ["pass"])] + (["else:", *_indent(other)] if other else [])
        points = [p for p in (t_lo, t_hi, e_lo, e_hi) if p is not None]
        if not points:  # nothing inside may suspend: it only ever runs fresh
            return self.value(test, cond, stmt.cond) + branches, None, None
        resumed = f"{test} = {t_lo} <= pc <= {t_hi}" if t_lo is not None else f"{test} = False"
        return (["if not pc:", *_indent(self.value(test, cond, stmt.cond)), "else:", f"    {resumed}", *branches],
                min(points), max(points))
