"""Compiling the faction language: syntax trees become Python closures once, at load.

Expressions compile to `fn(ctx) -> value` (rootlaw.language.expressions). Effects compile to blocks: tuples of statement
objects that the `block` frame runs one by one (rootlaw.language.runtime), so an effect that
stops for a decision resumes from plain data. Every name is resolved here, so a misspelt
name, an unknown function or a wrong number of arguments is a load error with a position.

Why one module of over 400 lines: `Compiler` is the one table from the grammar's statements
to their statement objects, each a few lines; split by statement, each part would have to
repeat the shared resolution of names and scopes it leans on.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from rootlaw.core.context import Ctx
from rootlaw.errors import Problem
from rootlaw.files.documents import Document
from rootlaw.language import legacy
from rootlaw.language import statements as st

from .bodies import BodyPlan, compiled_body
from .expressions import ExpressionCompiler, Scope, _first_token, element_fields, never
from .legality import compiled_possibility
from . import deferred
from .parser import SyntaxProblem, keep, parse, position
from .phrases import HOLE_HINT, START, Hole, parse_hole, split_text
from .syntax import Token, Tree
from .versions import Reading

Fn = Callable[[Ctx], Any]

_LANGUAGE_1_HINT = "(a file written for rootlaw 0.1 may say 'language: 1' at its top: then it loads, and " \
                   "'rootlaw upgrade' rewrites it)"
_ITEM_STATEMENTS = ("make", "take_item", "hide_items", "clear", "craft_card", "give", "take_discard")


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
    nodes: dict[str, tuple] = field(default_factory=dict)  # block id -> its statements' trees (bodies.py)
    problems: list[Problem] = field(default_factory=list)
    counter: int = 0
    piles: set[str] | None = None  # the card piles ('spend ... from PILE'); None: any of `words`
    reading: Reading = field(default_factory=Reading)  # the file's language, its warnings and upgrade
    # what people need to read each `choose` decision's options, by decision kind (see _note_choice)
    choices: dict[str, dict[str, Any]] = field(default_factory=dict)
    states: set[str] | None = None  # the states its pieces can be in ('make PIECES STATE')
    phrases: dict[str, tuple[Hole, ...]] = field(default_factory=dict)  # phrase -> its values' holes

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

    def where(self, tok: Any) -> "Where":
        """Where a token is, for mistakes only visible during play (worked out only when needed)."""
        return Where(self, tok)


class Where:
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


def _one_item(source: Tree) -> bool:
    """Whether a list expression is one written item, or a filter of one (`{s in [suit(c)] where ...}`)."""
    if source.data == "filter":
        return _one_item(source.children[1]) if isinstance(source.children[1], Tree) else False
    if source.data != "list_" or not source.children or source.children[0] is None:
        return False
    return len(source.children[0].children) == 1


class Compiler(ExpressionCompiler):
    """Compiles the language texts of one faction file against its vocabulary: the entry
    points and the statements here, the expressions in `ExpressionCompiler`."""

    def __init__(self, vocab: Vocabulary, record: deferred.Record | None = None) -> None:
        self.vocab = vocab
        self.record = record  # the file's clean build before: its effects are deferred
        self.spans: list[list] = []  # each effect compiled: ability, ids taken, their order (deferred.order)
        self._names: tuple[frozenset, frozenset] | None = None  # the file's variables, and its pieces and words

    def file_names(self) -> tuple[frozenset, frozenset]:
        """The names every effect's plan is given, made once for the file's hundred-odd effects
        (its vocabulary does not change while its texts compile)."""
        if self._names is None:
            v = self.vocab
            self._names = frozenset(v.variables), frozenset(v.pieces | v.words)
        return self._names

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
            return never, None
        if self.vocab.reading.legacy:
            self.order_free = legacy.order_free(tree)
        return self._root(tree, src, Scope(bound, fields or {})), tree

    def effect(self, doc: Document, path: tuple, text: str, ability: str, bound: tuple[str, ...] = (),
               fields: dict[str, tuple[str, ...]] | None = None) -> str:
        """Compile an effect, or defer it when the file's record says it built cleanly
        (rootlaw.language.deferred); returns the id of its top block in the vocabulary's code
        table. Without a record, notes the ids each effect took (`spans`)."""
        args = (doc, path, text, ability, bound, fields)
        span = self.record.span(ability) if self.record is not None else None
        if span is not None:
            keep(str(text), "effect", doc)  # its tree stays in the cache, unread
            return deferred.defer(self, args, span)
        self.record = None  # the record no longer follows the file: compile the rest
        start = self.vocab.counter
        code = self.compile_effect(*args)
        self.spans.append([ability, *deferred.order(self.vocab.code, start, self.vocab.counter - start)])
        return code

    def compile_effect(self, doc: Document, path: tuple, text: str, ability: str, bound: tuple[str, ...] = (),
                       fields: dict[str, tuple[str, ...]] | None = None) -> str:
        """Compile an effect now; the id of its top block."""
        src = Source(doc, path, str(text), ability, len("%effect "))
        try:
            tree = parse(str(text), "effect", doc, path)
        except SyntaxProblem as err:
            self.vocab.problems.append(err.problem)
            code = self.vocab.new_id(ability)
            self.vocab.code[code] = st.Block()
            return code
        if self.vocab.reading.legacy:
            self.order_free = legacy.order_free(tree)
        scope = Scope(bound, fields or {})
        code = self._block(tree, src, scope)
        if not self.vocab.reading.legacy:  # language 1's rebinding `let` is left to the interpreter
            v = self.vocab
            plan = BodyPlan(code, v.code, v.nodes, frozenset(scope.all()), *self.file_names(), doc.source,
                            doc.digest())
            v.code[code].run, v.code[code].can = compiled_body(plan), compiled_possibility(plan)
        return code

    # --- statements ----------------------------------------------------------------------
    def _block(self, body: Tree, src: Source, scope: "Scope") -> str:
        if body.data == "block":
            body = body.children[0]
        code = self.vocab.new_id(src.ability)
        stmts, nodes = [], []
        scope = scope.child()
        for node in body.children:
            stmt = self._stmt(node, src, scope)
            if stmt is not None:
                stmts.append(stmt)
                nodes.append(node)
        self.vocab.code[code] = st.Block(stmts)
        self.vocab.nodes[code] = tuple(nodes)
        return code

    def _stmt(self, node: Tree, src: Source, scope: "Scope") -> Any:
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
                            e(target.children[0]), src.ability, each=target.data == "in_each_target",
                            where=src.where(target.meta))
        if kind == "remove":
            return st.Remove(e(c[0]), src.ability)
        if kind == "relocate":
            return st.Relocate(e(c[0]), e(c[1].children[0]), c[1].data == "onto_piece", src.where(c[1].meta))
        if kind in ("score", "lose"):
            owner = e(c[1].children[0]) if c[1] is not None else None
            return st.Score(e(c[0]), owner, -1 if kind == "lose" else 1, src.ability)
        if kind == "draw":
            pile = self._pile(c[1], src, scope) if c[1] is not None else None
            owner = e(c[2].children[0]) if c[2] is not None else None
            return st.Draw(e(c[0]), pile, owner)
        if kind == "spend":
            pile = self._pile(c[2], src, scope) if c[2] is not None else None
            return st.MoveCards(self._count(c[0], src, scope), e(c[1]), payer=e(c[3]), source=pile,
                                dest=None, ability=src.ability)
        if kind == "put":
            return st.MoveCards(self._count(c[0], src, scope), e(c[1]), payer=e(c[2]), source=None,
                                dest=self._pile(c[3], src, scope), ability=src.ability)
        if kind == "put_card":
            return st.PutCard(e(c[0]), self._pile(c[1], src, scope))
        if kind == "discard":
            amount = None if c[0].data == "all_cards" else self._count(c[0].children[0], src, scope)
            return st.MoveCards(amount, e(c[1]), payer=None, source=self._pile(c[2], src, scope), dest=None,
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
            inner = scope.bind(str(name), element_fields(source))
            listing, exists = self._listing(source, src, scope)
            self._note_choice(f"{src.ability}:{name}", str(name), source, body, optional is not None)
            return st.Choose(str(name), listing, e(by), optional is not None,
                             str(prompt)[1:-1] if prompt is not None else "",
                             self._block(body, src, inner), src.ability, exists)
        if kind == "for_each":
            name, source, body = c
            return st.ForEach(str(name), e(source),
                              self._block(body, src, scope.bind(str(name), element_fields(source))))
        if kind == "repeat":
            return st.Repeat(self._count(c[0], src, scope), self._block(c[1], src, scope))
        if kind == "if_stmt":
            return self._if(node, src, scope)
        if kind == "let":
            name = str(c[0])
            value = e(c[1])
            rename = None
            if name in scope or name in self.vocab.variables:
                what = "a variable" if name in self.vocab.variables and name not in scope else "already bound here"
                if self.vocab.reading.legacy:  # language 1 rebinds it (legacy.py)
                    rename = legacy.rebinding_let(self, src, c[0], scope, what)
                else:
                    self.vocab.problems.append(src.problem(c[0].line, c[0].column,
                                                           f"'let' cannot rebind '{name}': it is {what}",
                                                           f"give the new value another name {_LANGUAGE_1_HINT}"))
            scope.add(name, rename)
            return st.Let(name, value)
        if kind == "redirect":
            return st.Redirect(e(c[0]), e(c[1]), src.ability, src.where(node.meta))
        if kind in ("var_decl", "assign"):
            return self._local(kind, c, src, scope)
        if kind == "end_phase":
            return st.EndPhase()
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
            frm, to, ignoring, only, unhindered, owner = c[0].children
            return st.Move(e(frm), e(to), ignoring is not None, e(only), unhindered is not None, e(owner))
        if kind == "craft":
            return st.Craft()
        if kind == "offer":
            return st.Offer(e(c[0]), self._count(c[1], src, scope) if c[1] is not None else None,
                            c[2] is not None, src.ability, _written_names(c[0]))
        if kind == "cancel":
            return st.Cancel()
        if kind == "do_action":
            if str(c[0]) not in self.vocab.actions:
                self._unknown(src, c[0], f"unknown action '{c[0]}'", self.vocab.actions)
            else:
                missing = [p for p in self.vocab.params.get(str(c[0]), ()) if p not in scope]
                if self.vocab.reading.legacy:
                    legacy.passed_on(self, src, c[0], scope, self.vocab.params.get(str(c[0]), ()))
                if missing:
                    self.vocab.problems.append(src.problem(
                        c[0].line, c[0].column, f"action '{c[0]}' needs {', '.join(missing)} to be bound here",
                        "bind them first, e.g. with 'let'"))
            return st.DoAction(str(c[0]))
        if kind == "say":
            if self.vocab.reading.legacy:  # language 1: braces are text (legacy.py)
                return st.Say((legacy.say_text(self, src, c[0]),))
            return self._say(c[0], src, scope)
        if kind == "say_phrase":
            return self._say_phrase(c[0], src, scope)
        if kind in _ITEM_STATEMENTS:
            return self._item_stmt(node, src, scope)
        raise AssertionError(f"statement {kind} has no compiler")

    def _note_choice(self, kind: str, name: str, source: Tree, body: Tree, optional: bool) -> None:
        """Note how people read a choice's options (rootlaw.core.names): as a yes-or-no question
        when it is an optional choice of one written item (`choose b from [bird] optional`), as
        values of a variable when its block sets that variable to the answer (`set dial_at = p`).
        Two choices of one kind that disagree are read neither way."""
        question = optional and _one_item(source)
        inside = body.children[0].children if body.children and isinstance(body.children[0], Tree) else []
        var = next((str(s.children[0]) for s in inside if isinstance(s, Tree) and s.data == "set_var"
                    and isinstance(s.children[1], Tree) and s.children[1].data == "name"
                    and str(s.children[1].children[0]) == name), None)
        known = self.vocab.choices.get(kind)
        if known is not None:
            question = question and known["question"]
            var = var if var == known["values_of"] else None
        self.vocab.choices[kind] = {"question": question, "values_of": var}

    def _item_stmt(self, node: Tree, src: Source, scope: "Scope") -> Any:
        """The statements of pieces in states, items, clearing, hands and phases."""
        kind, c = node.data, node.children
        e = lambda n: self._root(n, src, scope) if n is not None else None  # noqa: E731
        if kind == "make":
            change = c[1]
            tok = change.children[0]
            states = (self.vocab.states or set()) | self.vocab.words  # another faction's states: under words
            if str(tok) not in states:
                self._unknown(src, tok, f"unknown state '{tok}'", states,
                              "a piece's states are listed under its 'states:' (another faction's under 'words:')")
            return st.Make(e(c[0]), str(tok), change.data == "state_on")
        if kind == "take_item":
            item, source, into = c
            if source.data == "from_faction" and item is None:
                tok = _first_token(source)
                self.vocab.problems.append(src.problem(tok.line, tok.column,
                                                       "'take item ... from FACTION' must name the item",
                                                       "write 'take item ITEM from FACTION'"))
            return st.TakeItem(e(item), source.data == "from_ruin", e(source.children[0]), e(into))
        if kind == "hide_items":
            return st.HideItems(e(c[0]))
        if kind == "clear":
            return st.Clear(e(c[0]), src.ability)
        if kind == "craft_card":
            return st.CraftCard(e(c[0]))
        if kind == "give":
            return st.Give(self._count(c[0], src, scope), e(c[1]), e(c[2]))
        return st.TakeDiscard(e(c[0]))

    def _say(self, tok: Token, src: Source, scope: "Scope") -> Any:
        """`say "text {expr} text"`: each `{expr}` is compiled and its value shown in the line;
        `{{` and `}}` are braces."""
        parts: list[Any] = []
        pieces, unclosed = split_text(str(tok)[1:-1])
        for piece in pieces:
            if isinstance(piece, str):
                parts.append(piece)
                continue
            open_at, inner = piece
            tree = parse_hole(inner, src.doc.source)
            if isinstance(tree, tuple):
                self.vocab.problems.append(src.problem(tok.line, tok.column + 1 + open_at, *tree))
                return st.Say(tuple(parts))
            parts.append(self._hole(tree, inner, src, tok, 1 + open_at + 1, scope))
        if unclosed is not None:
            self.vocab.problems.append(src.problem(tok.line, tok.column + 1 + unclosed,
                                                   "'{' in 'say' text is not closed", HOLE_HINT))
        return st.Say(tuple(parts))

    def _hole(self, tree: Tree, inner: str, src: Source, at: Any, start: int, scope: "Scope") -> Fn:
        """The expression of a `{...}` in a text; its positions are counted from `at`, `start` on."""
        sub = _Inside(src.doc, src.path, inner, src.ability, len("%expression "), outer=src, at=at, start=start)
        return self._expr(tree.children[0].children[0], sub, scope)

    def _say_phrase(self, tok: Token, src: Source, scope: "Scope") -> Any:
        """`say PHRASE`: the phrase's values, each compiled where this `say` stands (a name it
        does not know here is a problem at the phrase's text, its hint naming this `say`)."""
        holes = self.vocab.phrases.get(str(tok))
        if holes is None:
            self._unknown(src, tok, f"unknown phrase '{tok}'", set(self.vocab.phrases),
                          "write the phrase under 'phrases:' (id: {en: ..., fr: ..., pl: ...})")
            return st.SayPhrase(str(tok), ())
        before = len(self.vocab.problems)
        values = []
        for hole in holes:
            text_src = Source(src.doc, hole.path, hole.text, src.ability, 0)
            values.append(self._hole(hole.tree, hole.text, text_src, START, hole.start, scope))
        if len(self.vocab.problems) > before:
            said = src.problem(tok.line, tok.column, "")
            self.vocab.problems[before:] = [replace(p, hint=f"{p.hint + '; ' if p.hint else ''}said by the 'say "
                                                    f"{tok}' at {said.file}:{said.line}:{said.col}")
                                            for p in self.vocab.problems[before:]]
        return st.SayPhrase(str(tok), tuple(values))

    def _if(self, node: Tree, src: Source, scope: "Scope") -> Any:
        cond, body, rest = node.children
        otherwise = None
        if rest is not None:
            if rest.data == "else_block":
                otherwise = self._block(rest.children[0], src, scope)
            else:
                code = self.vocab.new_id(src.ability)
                self.vocab.code[code] = st.Block((self._if(rest.children[0], src, scope.child()),))
                self.vocab.nodes[code] = (rest.children[0],)
                otherwise = code
        return st.If(self._root(cond, src, scope), self._block(body, src, scope), otherwise)

    def _count(self, node: Tree | None, src: Source, scope: "Scope") -> Fn:
        if node is None:
            return lambda ctx: 1
        child = node.children[0]
        if isinstance(child, Token):
            value = self._literal(child, src)
            return lambda ctx: value
        return self._expr(child, src, scope)

    def _local(self, kind: str, c: list, src: Source, scope: "Scope") -> Any:
        """`var NAME = EXPR` declares a local variable of the block; `NAME := EXPR` gives one
        declared around it a new value (statements/locals.py)."""
        name, value = str(c[0]), self._root(c[1], src, scope)
        if kind == "var_decl":
            if name in scope or name in self.vocab.variables:
                what = "a variable of the faction" if name in self.vocab.variables and name not in scope \
                    else "already bound here"
                self.vocab.problems.append(src.problem(c[0].line, c[0].column,
                                                       f"'var' cannot declare '{name}': it is {what}",
                                                       "give the local variable another name"))
            scope.add(name, local=True)
            return st.Var(name, value)
        if not scope.is_local(name):
            hint = ("'let' names cannot be given a new value: declare it with 'var' instead"
                    if name in scope else "set a faction variable with 'set NAME = ...'"
                    if name in self.vocab.variables else "declare it first with 'var NAME = ...'")
            self.vocab.problems.append(src.problem(c[0].line, c[0].column,
                                                   f"'{name}' is not a local variable ('var') here", hint))
        return st.Assign(name, value)

    def _pile(self, node: Any, src: Source, scope: "Scope") -> Any:
        """A pile after into/from/onto: a name checked now, or `(expr)` checked when it runs."""
        if isinstance(node, Token):
            return self._word(node, src)
        if node.data == "pile_name":
            return self._word(node.children[0], src)
        return self._root(node.children[0], src, scope)

    def _word(self, tok: Token, src: Source) -> str:
        """A card pile named after draw ... into, spend ... from, put ... onto, discard ... from."""
        word = str(tok)
        known = self.vocab.words if self.vocab.piles is None else self.vocab.piles
        if word not in known:
            self._unknown(src, tok, f"unknown pile '{word}'", known, "card piles are declared under 'piles:'")
        return word


def _written_names(node: Any) -> tuple[str, ...] | None:
    """The names of a list written out in the text (`[move, battle]`), for tools that read a
    faction without playing it (the interaction finder); None for a list computed in play."""
    if not (isinstance(node, Tree) and node.data == "list_"):
        return None
    items = node.children[0].children if node.children and node.children[0] is not None else []
    if all(isinstance(i, Tree) and i.data == "name" for i in items):
        return tuple(str(i.children[0]) for i in items)
    return None
