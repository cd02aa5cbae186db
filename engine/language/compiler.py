"""Compiling the faction language: syntax trees become Python closures once, at load.

Expressions compile to `fn(ctx) -> value`. Effects compile to blocks: tuples of statement
objects that the `block` frame runs one by one (rootlaw.language.runtime), so an effect that
stops for a decision resumes from plain data. Every name is resolved here, so a misspelt
name, an unknown function or a wrong number of arguments is a load error with a position.
"""
from __future__ import annotations

import difflib
import inspect
import operator
from dataclasses import dataclass, field
from typing import Any, Callable

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.hooks import EVENT_LISTS
from rootlaw.errors import Problem
from rootlaw.files.documents import Document
from rootlaw.language import limits
from rootlaw.language import statements as st

from .builtins import CONSTANTS, FUNCTIONS, VALUES
from .codegen import fast
from .parser import SyntaxProblem, TooDeep, parse, parse_source, position
from .syntax import Token, Tree

Fn = Callable[[Ctx], Any]

_COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
            "<=": operator.le, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv}


@dataclass
class Vocabulary:
    """The names one faction's file defines, so its abilities can use them."""

    faction: str
    pieces: set[str]
    variables: set[str]
    words: set[str]            # piles, boxes, tracks, flags: names that stand for themselves
    actions: set[str]
    params: dict[str, tuple[str, ...]] = field(default_factory=dict)  # names an action expects bound
    code: dict[str, Any] = field(default_factory=dict)   # compiled blocks and expressions by id
    problems: list[Problem] = field(default_factory=list)
    counter: int = 0
    piles: set[str] | None = None  # the card piles ('spend ... from PILE'); None: any of `words`

    def new_id(self, what: str) -> str:
        self.counter += 1
        return f"{self.faction}/{what}/{self.counter}"


@dataclass
class Source:
    """Where a piece of language text sits, for error positions."""

    doc: Document
    path: tuple
    text: str
    ability: str
    offset: int  # length of the "%effect " / "%expression " prefix the parser sees on line 1

    def problem(self, line: int, col: int, message: str, hint: str | None = None) -> Problem:
        if line == 1:
            col = max(1, col - self.offset)
        line, col = position(self.doc, self.path, self.text, line, col)
        return Problem(self.doc.source, line, col, message, hint)

    def where(self, tok: Any) -> "_Where":
        """Where a token is, for mistakes only visible during play (worked out only when needed)."""
        return _Where(self, tok)


class _Where:
    """`file:line:col` of a token, computed when a run-time error shows it."""

    def __init__(self, src: Source, tok: Any) -> None:
        self.src, self.tok = src, tok

    def __str__(self) -> str:
        p = self.src.problem(getattr(self.tok, "line", 1), getattr(self.tok, "column", 1), "")
        return f"{p.file}:{p.line}:{p.col}"


@dataclass
class _Inside(Source):
    """An expression inside a `say` string: its positions are counted from the string's token."""

    outer: Source | None = None
    at: Any = None      # the STRING token
    start: int = 0      # index of the expression's first character inside the token

    def problem(self, line: int, col: int, message: str, hint: str | None = None) -> Problem:
        col = max(1, col - self.offset)
        return self.outer.problem(self.at.line, self.at.column + self.start + col - 1, message, hint)


class Compiler:
    """Compiles the language texts of one faction file against its vocabulary."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab

    # --- entry points --------------------------------------------------------------------
    def expression(self, doc: Document, path: tuple, text: Any, ability: str, bound: tuple[str, ...] = (),
                   fields: dict[str, tuple[str, ...]] | None = None) -> Fn:
        """Compile an expression (a YAML int or bool is taken as a constant)."""
        return self.expression_and_tree(doc, path, text, ability, bound, fields)[0]

    def expression_and_tree(self, doc: Document, path: tuple, text: Any, ability: str,
                            bound: tuple[str, ...] = (), fields: dict[str, tuple[str, ...]] | None = None
                            ) -> tuple[Fn, Tree | None]:
        """An expression and its syntax tree (None for a constant or a text that did not parse),
        for what reads the tree itself (an ability's owner test)."""
        if isinstance(text, (bool, int)):
            return (lambda ctx, v=text: v), None
        src = Source(doc, path, str(text), ability, len("%expression "))
        try:
            tree = parse(str(text), "expression", doc, path)
        except SyntaxProblem as err:
            self.vocab.problems.append(err.problem)
            return _never, None
        return self._root(tree, src, _Scope(bound, fields or {})), tree

    def effect(self, doc: Document, path: tuple, text: str, ability: str, bound: tuple[str, ...] = (),
               fields: dict[str, tuple[str, ...]] | None = None) -> str:
        """Compile an effect; returns the id of its top block in the vocabulary's code table."""
        src = Source(doc, path, str(text), ability, len("%effect "))
        try:
            tree = parse(str(text), "effect", doc, path)
        except SyntaxProblem as err:
            self.vocab.problems.append(err.problem)
            code = self.vocab.new_id(ability)
            self.vocab.code[code] = ()
            return code
        return self._block(tree, src, _Scope(bound, fields or {}))

    # --- statements ----------------------------------------------------------------------
    def _block(self, body: Tree, src: Source, scope: "_Scope") -> str:
        if body.data == "block":
            body = body.children[0]
        code = self.vocab.new_id(src.ability)
        stmts = []
        scope = scope.child()
        for node in body.children:
            stmt = self._stmt(node, src, scope)
            if stmt is not None:
                stmts.append(stmt)
        self.vocab.code[code] = tuple(stmts)
        return code

    def _stmt(self, node: Tree, src: Source, scope: "_Scope") -> Any:
        kind = node.data
        c = node.children
        e = lambda n: self._root(n, src, scope) if n is not None else None  # noqa: E731
        if kind == "place":
            count, piece, owner, target = c
            if piece.data == "kind_name":
                tok = piece.children[0]
                if owner is None and str(tok) not in self.vocab.pieces:
                    self._unknown(src, tok, f"unknown piece '{tok}'", self.vocab.pieces)
                name = str(tok)
                piece_fn = lambda ctx: name  # noqa: E731
            else:
                piece_fn = e(piece.children[0])
            return st.Place(self._count(count, src, scope), piece_fn, e(owner), target.data == "on_target",
                            e(target.children[0]), src.ability)
        if kind == "remove":
            return st.Remove(e(c[0]), src.ability)
        if kind == "relocate":
            return st.Relocate(e(c[0]), e(c[1].children[0]), c[1].data == "onto_piece")
        if kind in ("score", "lose"):
            owner = e(c[1].children[0]) if c[1] is not None else None
            return st.Score(e(c[0]), owner, -1 if kind == "lose" else 1, src.ability)
        if kind == "draw":
            pile = self._word(c[1], src) if c[1] is not None else None
            owner = e(c[2].children[0]) if c[2] is not None else None
            return st.Draw(e(c[0]), pile, owner)
        if kind == "spend":
            pile = self._word(c[2], src) if c[2] is not None else None
            return st.MoveCards(self._count(c[0], src, scope), e(c[1]), payer=e(c[3]), source=pile,
                                dest=None, ability=src.ability)
        if kind == "put":
            return st.MoveCards(self._count(c[0], src, scope), e(c[1]), payer=e(c[2]), source=None,
                                dest=self._word(c[3], src), ability=src.ability)
        if kind == "discard":
            amount = None if c[0].data == "all_cards" else self._count(c[0].children[0], src, scope)
            return st.MoveCards(amount, e(c[1]), payer=None, source=self._word(c[2], src), dest=None,
                                ability=src.ability)
        if kind == "discard_card":
            return st.DiscardCard(e(c[0]))
        if kind == "discard_random":
            return st.DiscardRandom(self._count(c[0], src, scope), self._word(c[1], src))
        if kind == "set_battle":
            if str(c[0]) not in st.BATTLE_FIELDS:
                self._unknown(src, c[0], f"a battle has no field '{c[0]}' to set", st.BATTLE_FIELDS,
                              f"fields: {', '.join(st.BATTLE_FIELDS)}")
            return st.SetBattle(str(c[0]), e(c[1]))
        if kind == "take_random":
            pile = self._word(c[1], src) if c[1] is not None else None
            return st.TakeRandom(e(c[0]), pile)
        if kind == "reveal":
            return st.Reveal(e(c[0]))
        if kind == "choose":
            name, source, options, body = c
            by, optional, prompt = options.children
            inner = scope.bind(str(name), _element_fields(source))
            listing, exists = self._listing(source, src, scope)
            return st.Choose(str(name), listing, e(by), optional is not None,
                             str(prompt)[1:-1] if prompt is not None else "",
                             self._block(body, src, inner), src.ability, exists)
        if kind == "for_each":
            name, source, body = c
            return st.ForEach(str(name), e(source),
                              self._block(body, src, scope.bind(str(name), _element_fields(source))))
        if kind == "repeat":
            return st.Repeat(self._count(c[0], src, scope), self._block(c[1], src, scope))
        if kind == "if_stmt":
            return self._if(node, src, scope)
        if kind == "let":
            name = str(c[0])
            value = e(c[1])
            if name in scope or name in self.vocab.variables:
                what = "a variable" if name in self.vocab.variables and name not in scope else "already bound here"
                self.vocab.problems.append(src.problem(c[0].line, c[0].column,
                                                       f"'let' cannot rebind '{name}': it is {what}",
                                                       "give the new value another name"))
            scope.add(name)
            return st.Let(name, value)
        if kind == "set_var":
            if str(c[0]) not in self.vocab.variables:
                self._unknown(src, c[0], f"unknown variable '{c[0]}'", self.vocab.variables,
                              "declare it under 'vars:'")
            return st.SetVar(str(c[0]), e(c[1]))
        if kind == "mark":
            return st.Mark(str(c[0]), e(c[1]))
        if kind == "battle":
            return st.Battle(e(c[0]), e(c[1]))
        if kind == "move":
            frm, to, ignoring, only = c[0].children
            return st.Move(e(frm), e(to), ignoring is not None, e(only))
        if kind == "craft":
            return st.Craft()
        if kind == "offer":
            return st.Offer(e(c[0]), self._count(c[1], src, scope) if c[1] is not None else None,
                            c[2] is not None, src.ability)
        if kind == "cancel":
            return st.Cancel()
        if kind == "do_action":
            if str(c[0]) not in self.vocab.actions:
                self._unknown(src, c[0], f"unknown action '{c[0]}'", self.vocab.actions)
            else:
                missing = [p for p in self.vocab.params.get(str(c[0]), ()) if p not in scope]
                if missing:
                    self.vocab.problems.append(src.problem(
                        c[0].line, c[0].column, f"action '{c[0]}' needs {', '.join(missing)} to be bound here",
                        "bind them first, e.g. with 'let'"))
            return st.DoAction(str(c[0]))
        if kind == "say":
            return self._say(c[0], src, scope)
        raise AssertionError(f"statement {kind} has no compiler")

    def _say(self, tok: Token, src: Source, scope: "_Scope") -> Any:
        """`say "text {expr} text"`: each `{expr}` is compiled and its value shown in the line."""
        text = str(tok)[1:-1]
        parts: list[Any] = []
        i = 0
        while i < len(text):
            open_at = text.find("{", i)
            if open_at < 0:
                parts.append(text[i:])
                break
            close_at = text.find("}", open_at)
            if close_at < 0:
                self.vocab.problems.append(src.problem(tok.line, tok.column + 1 + open_at,
                                                       "'{' in 'say' text is not closed",
                                                       "write {expression} to show a value"))
                break
            parts.append(text[i:open_at])
            inner = text[open_at + 1:close_at]
            sub = _Inside(src.doc, src.path, inner, src.ability, len("%expression "),
                          outer=src, at=tok, start=1 + open_at + 1)
            try:
                tree = parse_source("%expression " + inner, src.doc.source)
            except TooDeep as err:
                self.vocab.problems.append(src.problem(tok.line, tok.column + 1 + open_at,
                                                       f"'{{...}}' of a 'say' text is {err}",
                                                       "split it up, for example with 'let' before the 'say'"))
                break
            except Exception:  # noqa: BLE001 - any Lark error is a syntax problem in the string
                self.vocab.problems.append(src.problem(tok.line, tok.column + 1 + open_at,
                                                       f"syntax error in '{{{inner}}}' of a 'say' text",
                                                       "write {expression} to show a value"))
                break
            parts.append(self._expr(tree.children[0].children[0], sub, scope))
            i = close_at + 1
        return st.Say(tuple(parts))

    def _if(self, node: Tree, src: Source, scope: "_Scope") -> Any:
        cond, body, rest = node.children
        otherwise = None
        if rest is not None:
            if rest.data == "else_block":
                otherwise = self._block(rest.children[0], src, scope)
            else:
                code = self.vocab.new_id(src.ability)
                self.vocab.code[code] = (self._if(rest.children[0], src, scope.child()),)
                otherwise = code
        return st.If(self._root(cond, src, scope), self._block(body, src, scope), otherwise)

    def _count(self, node: Tree | None, src: Source, scope: "_Scope") -> Fn:
        if node is None:
            return lambda ctx: 1
        child = node.children[0]
        if isinstance(child, Token):
            value = self._literal(child, src)
            return lambda ctx: value
        return self._expr(child, src, scope)

    def _literal(self, tok: Token, src: Source) -> int:
        """A whole-number literal, refused at its position past limits.MAX_NUMBER."""
        text = str(tok)
        if len(text) > len(str(limits.MAX_NUMBER)) or int(text) > limits.MAX_NUMBER:
            self.vocab.problems.append(src.problem(tok.line, tok.column, f"the number {text[:20]}"
                                                   f"{'...' if len(text) > 20 else ''} is too big",
                                                   f"numbers in abilities are at most {limits.MAX_NUMBER:,}"))
            return 0
        return int(text)

    def _root(self, node: Any, src: Source, scope: "_Scope") -> Fn:
        """A whole expression: its closures, and over them the generated fast form
        (engine/language/codegen.py) when it compiled cleanly and rolls no dice."""
        before = len(self.vocab.problems)
        return self._generated(node, self._expr(node, src, scope), scope, before)

    def _generated(self, node: Any, slow: Fn, scope: "_Scope", before: int, exists: bool = False) -> Fn:
        """`slow`, or its generated form when `node` compiled with no problem since `before`
        and rolls no dice (`exists`: the form of "does the filter keep anything?"). The
        generator refuses dice itself; it runs on the first call, with the names bound here
        taken as they are now."""
        if len(self.vocab.problems) != before:
            return slow
        return fast(node, slow, frozenset(scope.all()).__contains__, frozenset(self.vocab.variables),
                    self.vocab.pieces | self.vocab.words, exists=exists)

    def _word(self, tok: Token, src: Source) -> str:
        """A card pile named after draw ... into, spend ... from, put ... onto, discard ... from."""
        word = str(tok)
        known = self.vocab.words if self.vocab.piles is None else self.vocab.piles
        if word not in known:
            self._unknown(src, tok, f"unknown pile '{word}'", known, "card piles are declared under 'piles:'")
        return word

    def _unknown(self, src: Source, tok: Any, message: str, known: Any, hint: str | None = None) -> None:
        close = difflib.get_close_matches(str(tok), sorted(known), 1)
        if close:
            hint = f"did you mean '{close[0]}'?"
        line, col = getattr(tok, "line", 1), getattr(tok, "column", 1)
        self.vocab.problems.append(src.problem(line, col, message, hint))

    # --- expressions ---------------------------------------------------------------------
    def _expr(self, node: Any, src: Source, scope: "_Scope") -> Fn:
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
            each = self._expr(c[0], src, scope.bind(name, _element_fields(c[2])))

            def mapped(ctx: Ctx) -> tuple:
                env = ctx.env
                ctx.env = local = {**env}
                out = []
                try:
                    for item in _items(source(ctx), src, c[1]):
                        local[name] = item
                        out.append(each(ctx))
                finally:
                    ctx.env = env
                return tuple(out)
            return mapped
        if kind == "filter":
            return _filtered(*self._filter_parts(node, src, scope), src, c[0])
        if kind == "attr":
            return self._attr(node, src, scope)
        if kind == "neg":
            inner = self._expr(c[0], src, scope)
            where = src.where(_first_token(node))
            return lambda ctx: _safe(operator.sub, 0, inner(ctx), "-", where)
        if kind == "not_":
            inner = self._expr(c[0], src, scope)
            return lambda ctx: not inner(ctx)
        if kind in ("or_expr", "and_expr"):
            return _connective(kind == "and_expr", [self._expr(x, src, scope) for x in c])
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
                    return _safe(op, a, b, sign, where)  # raises, naming where and which
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
                    value = _safe(op, value, fn(ctx), sign, where)
                return value
            return arithmetic
        raise AssertionError(f"expression {kind} has no compiler")

    def _listing(self, node: Any, src: Source, scope: "_Scope") -> tuple[Fn, Fn]:
        """A list expression and whether it has any item, for menus: a filter's test stops at
        its first match instead of building the list (unless it rolls dice, which must all run)."""
        if node.data == "call":
            whole, any_fn = self._calls(node, src, scope)
            if any_fn is not None:
                return whole, any_fn
            return whole, lambda ctx: bool(st.as_list(whole(ctx)))
        if node.data != "filter" or not _pure(node.children[2]):
            whole = self._expr(node, src, scope)
            return whole, lambda ctx: bool(st.as_list(whole(ctx)))
        before = len(self.vocab.problems)
        parts = self._filter_parts(node, src, scope)
        whole, any_match = _filtered(*parts, src, node.children[0]), _any_match(*parts, src, node.children[0])
        return (self._generated(node, whole, scope, before),
                self._generated(node, any_match, scope, before, exists=True))

    def _filter_parts(self, node: Tree, src: Source, scope: "_Scope") -> tuple[str, Fn, Fn]:
        c = node.children
        name = str(c[0])
        return name, self._expr(c[1], src, scope), self._expr(c[2], src, scope.bind(name, _element_fields(c[1])))

    def _name(self, tok: Token, src: Source, scope: "_Scope") -> Fn:
        name = str(tok)
        if name in scope:
            return lambda ctx: ctx.env[name]
        if name in self.vocab.variables:
            return lambda ctx: ctx.game.player(ctx.me).vars.get(name)
        if name in CONSTANTS or name in self.vocab.pieces or name in self.vocab.words:
            return lambda ctx: name
        if name in VALUES:
            return VALUES[name]
        known = set(scope.all()) | self.vocab.variables | set(CONSTANTS) | self.vocab.pieces | self.vocab.words | set(VALUES)
        self._unknown(src, tok, f"unknown name '{name}'", known,
                      "a name is bound (choose, for each, let, a filter), a var, a piece, a pile, box, "
                      "track, action or word of the faction file, or a constant (docs/language.md)")
        return _never

    def _call(self, node: Tree, src: Source, scope: "_Scope") -> Fn:
        tok, args = node.children
        name = str(tok)
        if name == "exists" and args is not None and len(args.children) == 1:
            inner = args.children[0]
            if (inner.data == "filter" and _pure(inner)
                    or inner.data == "call" and getattr(FUNCTIONS.get(str(inner.children[0])), "any_fn", None)):
                return self._listing(inner, src, scope)[1]  # stops at the first item
        return self._calls(node, src, scope)[0]

    def _calls(self, node: Tree, src: Source, scope: "_Scope") -> tuple[Fn, Fn | None]:
        """A builtin call, and (when the builtin has one) the same call answering only whether
        its list would have any item, from the same compiled arguments."""
        tok, args = node.children
        name = str(tok)
        args = [self._expr(a, src, scope) for a in (args.children if args is not None else ())]
        builtin = FUNCTIONS.get(name)
        if builtin is None:
            self._unknown(src, tok, f"unknown function '{name}'", FUNCTIONS)
            return _never, None
        if not builtin.min_args <= len(args) <= builtin.max_args:
            want = (str(builtin.min_args) if builtin.min_args == builtin.max_args
                    else f"{builtin.min_args} to {builtin.max_args}")
            self.vocab.problems.append(src.problem(tok.line, tok.column,
                                                   f"{name}() takes {want} argument(s), got {len(args)}",
                                                   ": ".join(filter(None, (signature(name), builtin.doc)))))
            return _never, None
        where = src.where(tok)
        return (_bound_call(name, builtin.fn, args, where),
                _bound_call(name, builtin.any_fn, args, where) if builtin.any_fn else None)

    def _attr(self, node: Tree, src: Source, scope: "_Scope") -> Fn:
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


class _Scope:
    """Names bound at a point of an ability: binders of enclosing choose/for/let/filters.

    A name may come with the fields its value is known to have (`event`, or one piece of
    `event.pieces`), so a misspelt field is a load error; rebinding a name forgets them.
    """

    def __init__(self, names: tuple[str, ...] | set, fields: dict[str, tuple[str, ...] | None],
                 parent: "_Scope | None" = None) -> None:
        self.names = set(names)
        self.own_fields = dict(fields)
        self.parent = parent

    def __contains__(self, name: str) -> bool:
        return name in self.names or (self.parent is not None and name in self.parent)

    def all(self) -> set[str]:
        return self.names | (self.parent.all() if self.parent else set())

    def fields_of(self, name: str) -> tuple[str, ...] | None:
        if name in self.own_fields:
            return self.own_fields[name]
        return self.parent.fields_of(name) if self.parent else None

    def add(self, name: str) -> None:
        """`let`: bind a name in this scope, with no known fields."""
        self.names.add(name)
        self.own_fields[name] = None

    def child(self) -> "_Scope":
        return _Scope((), {}, self)

    def bind(self, name: str, fields: tuple[str, ...] | None = None) -> "_Scope":
        return _Scope((name,), {name: fields}, self)


def _element_fields(node: Any) -> tuple[str, ...] | None:
    """Fields of each item of a list expression, when known: the pieces of a removal event,
    the pieces a battle removed, the pieces that stood in a battle's clearing."""
    if isinstance(node, Tree) and node.data == "filter":
        return _element_fields(node.children[1])
    if (isinstance(node, Tree) and node.data == "attr"
            and node.children[0].data == "name" and str(node.children[0].children[0]) == "event"):
        return EVENT_LISTS.get(str(node.children[1]))
    return None


def _first_token(node: Any) -> Any:
    """The first token of a syntax tree, for a position."""
    while isinstance(node, Tree):
        node = node.children[0]
    return node


def _filtered(name: str, source: Fn, cond: Fn, src: Source, tok: Any) -> Fn:
    def filtered(ctx: Ctx) -> tuple:
        out = []
        env = ctx.env
        ctx.env = local = {**env}  # one scope for the whole walk, the element rebound in it
        try:
            for item in _items(source(ctx), src, tok):
                local[name] = item
                if cond(ctx):
                    out.append(item)
        finally:
            ctx.env = env
        return tuple(out)
    return filtered


def _bound_call(name: str, fn: Callable, args: list[Fn], where: _Where) -> Fn:
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
            except _FAILURES as err:
                raise failed(err, ()) from None
        return call_none

    if len(args) == 1:
        one = args[0]

        def call(ctx: Ctx) -> Any:
            value = one(ctx)
            try:
                return fn(ctx, value)
            except _FAILURES as err:
                raise failed(err, (value,)) from None
        return call

    if len(args) == 2:
        first, second = args

        def call_two(ctx: Ctx) -> Any:
            a, b = first(ctx), second(ctx)
            try:
                return fn(ctx, a, b)
            except _FAILURES as err:
                raise failed(err, (a, b)) from None
        return call_two

    if len(args) == 3:
        first, second, third = args

        def call_three(ctx: Ctx) -> Any:
            a, b, c = first(ctx), second(ctx), third(ctx)
            try:
                return fn(ctx, a, b, c)
            except _FAILURES as err:
                raise failed(err, (a, b, c)) from None
        return call_three

    def call_many(ctx: Ctx) -> Any:
        values = [a(ctx) for a in args]
        try:
            return fn(ctx, *values)
        except _FAILURES as err:
            raise failed(err, tuple(values)) from None
    return call_many


def _any_match(name: str, source: Fn, cond: Fn, src: Source, tok: Any) -> Fn:
    """Whether a filter keeps any item: stops at the first one it keeps."""
    def any_match(ctx: Ctx) -> bool:
        env = ctx.env
        ctx.env = local = {**env}
        try:
            for item in _items(source(ctx), src, tok):
                local[name] = item
                if cond(ctx):
                    return True
        finally:
            ctx.env = env
        return False
    return any_match


def _pure(node: Any) -> bool:
    """Whether evaluating an expression leaves the game as it was (it calls no dice roll)."""
    for call in node.find_data("call") if isinstance(node, Tree) else ():
        builtin = FUNCTIONS.get(str(call.children[0]))
        if builtin is not None and not builtin.pure:
            return False
    return True


def _connective(both: bool, parts: list[Fn]) -> Fn:
    """`and` / `or` as nested two-part closures that stop at the first deciding part; the
    result is a bool, as before."""
    if len(parts) == 1:
        only = parts[0]
        return lambda ctx: bool(only(ctx))
    head, rest = parts[0], _connective(both, parts[1:])
    if both:
        return lambda ctx: bool(head(ctx)) and rest(ctx)
    return lambda ctx: bool(head(ctx)) or rest(ctx)


def _items(value: Any, src: Source, tok: Any) -> tuple:
    """The items a filter or a mapping runs over: a list, or none for no items."""
    if value is None:
        return ()
    if not isinstance(value, (tuple, list)):
        raise LanguageError(f"{src.where(tok)}: expected a list to go through, got {value!r}")
    return tuple(value)


def signature(name: str) -> str:
    """How a builtin function is called, e.g. 'warriors(faction, c)'; optional arguments in []."""
    params = list(inspect.signature(FUNCTIONS[name].fn).parameters.values())[1:]  # after ctx
    required = [p.name for p in params if p.default is inspect.Parameter.empty]
    optional = [p.name for p in params if p.default is not inspect.Parameter.empty]
    tail = ""
    for i in reversed(range(len(optional))):
        tail = f"[{', ' if required or i else ''}{optional[i]}{tail}]"
    return f"{name}({', '.join(required)}{tail})"


# what a builtin given values it cannot use raises; each becomes a positioned LanguageError
_FAILURES = (LanguageError, TypeError, ValueError, KeyError, IndexError, ZeroDivisionError)


def _never(ctx: Ctx) -> Any:
    raise LanguageError("this expression did not compile")


def _safe(op: Callable, a: Any, b: Any, sign: str, where: _Where) -> Any:
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
