"""Parsing the faction language with Lark (LALR, strict), with errors at file positions.

The grammar ships in `grammar/rootlaw.lark`. An expression or effect is written inside a YAML
string, so an error is reported at the YAML scalar's position plus the offset inside it.
Lark is imported only to parse a text the tree cache lacks (a start that finds every tree there
never imports it); the trees handed out are `syntax.Tree`s either way.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rootlaw.errors import Problem
from rootlaw.files.documents import Document
from rootlaw.files.resources import data_path
from rootlaw.language import tree_cache

from .limits import MAX_TEXT
from .syntax import Tree

if TYPE_CHECKING:
    from lark import Lark, UnexpectedInput

# Friendly names for the grammar's terminals, used in "expected ..." hints.
_TERMINALS = {
    "NAME": "a name", "NUMBER": "a number", "STRING": "a quoted string", "LBRACE": "'{'",
    "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "COMPARE": "a comparison",
    "SEMICOLON": "';'", "DOT": "'.'", "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='",
    "MINUS": "'-'", "ADD_OP": "'+' or '-'", "MUL_OP": "'*' or '/'", "$END": "the end",
}


@lru_cache(maxsize=2)
def parser(strict: bool = False) -> Lark:
    """The LALR parser. The test suite builds it with strict=True, which makes any grammar
    conflict an error; play loads the tables from rootlaw's private JSON cache, because
    building them (and the strict check) costs about a second at every start. Lark's own
    cache is never used: it unpickles a file from the shared temp folder."""
    from lark import Lark

    from .parser_cache import cached_lark
    grammar = grammar_text()

    def build() -> Lark:
        return Lark(grammar, parser="lalr", strict=strict, propagate_positions=True, maybe_placeholders=True)

    return build() if strict else cached_lark(grammar, lambda: _without_overlap_check(build))


def _without_overlap_check(build: Any) -> Lark:
    """Build as if interegular were missing. With it, Lark checks every pair of terminals for
    patterns that overlap, in its own grammar's lexer and ours: an error with strict=True (the
    test suite's build, which keeps the check), otherwise only a logged warning nobody reads, at
    about half the build's time. The tables and every parse are the same either way."""
    import lark.lexer

    checks = getattr(lark.lexer, "has_interegular", None)
    if checks is None:  # a Lark that checks otherwise, or not at all
        return build()
    lark.lexer.has_interegular = False
    try:
        return build()
    finally:
        lark.lexer.has_interegular = checks


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The grammar's text (read once: each of a start's few hundred texts is keyed by it)."""
    return data_path("grammar", "rootlaw.lark").read_text(encoding="utf-8")


class Unparsable(Exception):
    """A text Lark could not parse; `error` is Lark's exception (an UnexpectedInput)."""

    def __init__(self, error: "UnexpectedInput") -> None:
        super().__init__(str(error))
        self.error = error


class SyntaxProblem(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


MAX_DEPTH = 100
"""Deepest syntax tree accepted: real abilities stay far below it, and the cap keeps the
compiler and the compiled closures clear of Python's recursion limit."""


def parse(text: str, kind: str, doc: Document, path: tuple) -> Tree:
    """Parse `text` as an 'effect' or an 'expression' found in `doc` at `path`."""
    if len(text) > MAX_TEXT:
        line, col = doc.where(path)
        raise SyntaxProblem(Problem(doc.source, line, col,
                                    f"the {kind} is {len(text):,} characters long (at most {MAX_TEXT:,})",
                                    "split it up into actions or abilities"))
    try:
        tree = parse_source(f"%{kind} " + text, doc.source)
    except Unparsable as err:
        raise SyntaxProblem(_problem(err.error, text, kind, doc, path)) from None
    except TooDeep as err:
        line, col = err.node.meta.line, err.node.meta.column
        if line == 1:
            col = max(1, col - len(kind) - 2)
        file_line, file_col = position(doc, path, text, line, col)
        raise SyntaxProblem(Problem(doc.source, file_line, file_col,
                                    f"the {kind} is nested too deeply (more than {MAX_DEPTH} levels)",
                                    "split it up, for example with 'let' or a separate action"))
    return tree.children[0].children[-1] if kind == "expression" else tree.children[0].children[0]


class TooDeep(Exception):
    """A syntax tree deeper than MAX_DEPTH; `node` is the first node found past it."""

    def __init__(self, node: Any) -> None:
        super().__init__(f"nested too deeply (more than {MAX_DEPTH} levels)")
        self.node = node


def parse_source(source: str, document: str) -> Tree:
    """The syntax tree of a whole source text ("%effect ..." or "%expression ...") written in the
    file `document`, from the tree cache when it parsed before: a start that finds every text
    there never loads the parser. Raises Unparsable for a text that does not parse, and
    TooDeep for one nested past MAX_DEPTH (neither is ever cached)."""
    key = tree_cache.key(grammar_text(), source)
    where = tree_cache.shard(document)
    tree = tree_cache.lookup(key, where, MAX_DEPTH, document)  # checks a cached tree's depth as it reads it
    if tree is None:
        from lark import UnexpectedInput
        try:
            parsed = parser().parse(source)
        except UnexpectedInput as err:
            raise Unparsable(err) from None
        deep = _too_deep(parsed)
        if deep is not None:
            raise TooDeep(deep)
        encoded = tree_cache.encode(parsed)
        tree_cache.remember(key, encoded, where)
        tree = tree_cache.decode(encoded)
    return tree


def keep(text: str, kind: str, doc: Document) -> None:
    """Keep the cached tree of a text that is not parsed now (a deferred effect:
    rootlaw.language.deferred) as if it had been read, so rewriting its document's file keeps it."""
    tree_cache.keep(tree_cache.key(grammar_text(), f"%{kind} " + text), tree_cache.shard(doc.source))


def _too_deep(tree: Any) -> Any:
    """The first node of Lark's tree found deeper than MAX_DEPTH, or None (walked without
    recursion; tokens are strings, trees are not)."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return node
        stack.extend((child, depth + 1) for child in node.children
                     if child is not None and not isinstance(child, str))
    return None


def position(doc: Document, path: tuple, text: str, line: int, col: int) -> tuple[int, int]:
    """File position of (line, col) inside the YAML string at `path` (both 1-based).

    A literal block (`|`) keeps its lines, so a line of the text is a line of the file, shifted
    by the block's indentation. Any other scalar (plain, quoted, folded `>`) may have had its
    lines folded and its escapes decoded, so its characters are found by reading the file's
    lines alongside the text.
    """
    base_line, base_col = doc.where(path)
    raw = doc.raw_line(base_line) or ""
    lead = raw[base_col - 1:base_col]
    lines = text.split("\n")
    line = min(max(line, 1), len(lines))
    offset = sum(len(t) + 1 for t in lines[:line - 1]) + max(col, 1) - 1
    if lead in ("|", ">"):
        indent = _block_indent(doc, base_line)
        if lead == "|":
            return base_line + line, indent + col
        return _walk(doc, base_line + 1, indent, text, offset, None, indent)
    quote = lead if lead in ("\"", "'") else None
    return _walk(doc, base_line, base_col - 1 + (1 if quote else 0), text, offset, quote, None) \
        if raw else (base_line, base_col)


def _block_indent(doc: Document, header: int) -> int:
    """Spaces before the text of the block scalar whose header ('|' or '>') is on line `header`."""
    line = header + 1
    while (raw := doc.raw_line(line)) is not None:
        if raw.strip():
            return len(raw) - len(raw.lstrip(" "))
        line += 1
    return 0


def _walk(doc: Document, line: int, start: int, text: str, offset: int, quote: str | None,
          indent: int | None) -> tuple[int, int]:
    """Where character `offset` of `text` was written, reading the file from (line, start):
    escapes and doubled quotes count as one character, and each line break the scalar folded
    into a space or newline is skipped together with the next line's indentation."""
    raw, j, i, found = doc.raw_line(line), start, 0, (line, start + 1)
    last_line = line + text.count("\n") + len(text) + 1   # bounds the walk on surprises
    while raw is not None and i <= offset and line <= last_line:
        if i == len(text):
            return line, j + 1
        if j >= len(raw):  # the line ends: the fold made it a space or a newline
            if text[i] in " \n":
                found = (line, j + 1)
                i += 1
            line += 1
            raw = doc.raw_line(line)
            j = 0
            while raw is not None and j < len(raw) and raw[j] in " \t" and (indent is None or j < indent):
                j += 1
            continue
        step = 1
        if quote == '"' and raw[j] == "\\":
            step = {"x": 4, "u": 6, "U": 10}.get(raw[j + 1:j + 2], 2)
        elif quote == "'" and raw.startswith("''", j):
            step = 2
        elif raw[j] != text[i]:
            j += 1   # written but not part of the value (spaces before a fold)
            continue
        found = (line, j + 1)
        i += 1
        j += step
    return found


def _problem(err: "UnexpectedInput", text: str, kind: str, doc: Document, path: tuple) -> Problem:
    from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    offset = len(kind) + 2  # the "%kind " prefix
    if err.line in (None, -1) or err.column in (None, -1):  # no position: the end of the text
        line, col = text.count("\n") + 1, len(text.split("\n")[-1]) + 1 + offset
    else:
        line, col = err.line, err.column
    if line == 1:
        col = max(1, col - offset)
    file_line, file_col = position(doc, path, text, line, col)
    if isinstance(err, UnexpectedCharacters):
        char = text_at(text, line, col)
        if char == '"':
            message = "a string is not closed"
            hint = "end it with '\"' on the same line; a string cannot span lines"
        else:
            message = f"unexpected character '{char}'"
            hint = ("names are lowercase_with_underscores" if char.isupper()
                    else "strings use double quotes" if char == "'"
                    else "names are lowercase_with_underscores; strings use double quotes")
    elif isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        message = f"the {kind} ends too early"
        hint = _expected(err) or "is a '}' or an operand missing?"
    else:
        message = f"unexpected '{err.token}'"
        hint = _expected(err)
    return Problem(doc.source, file_line, file_col, f"syntax error in {kind}: {message}", hint)


def text_at(text: str, line: int, col: int) -> str:
    lines = text.split("\n")
    if 1 <= line <= len(lines) and 1 <= col <= len(lines[line - 1]):
        return lines[line - 1][col - 1]
    return "?"


def _expected(err: "UnexpectedInput") -> str | None:
    expected = sorted(getattr(err, "expected", None) or getattr(err, "accepts", None) or ())
    if not expected:
        return None
    words = []
    for name in expected:
        if name in _TERMINALS:
            words.append(_TERMINALS[name])
        elif name.isupper() and not name.startswith("__"):
            words.append(f"'{name.lower().replace('_', ' ')}'")
    words = sorted(set(words))
    if not words:
        return None
    shown = ", ".join(words[:8]) + (", ..." if len(words) > 8 else "")
    return f"expected {shown}"
