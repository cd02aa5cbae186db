"""Parsing the faction language with Lark (LALR, strict), with errors at file positions.

The grammar ships in `grammar/rootlaw.lark`. An expression or effect is written inside a YAML
string, so an error is reported at the YAML scalar's position plus the offset inside it.
"""
from __future__ import annotations

from functools import lru_cache

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..documents import Document
from ..errors import Problem
from ..resources import data_path

# Friendly names for the grammar's terminals, used in "expected ..." hints.
_TERMINALS = {
    "NAME": "a name", "NUMBER": "a number", "STRING": "a quoted string", "LBRACE": "'{'",
    "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "COMPARE": "a comparison",
    "SEMICOLON": "';'", "DOT": "'.'", "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='",
}


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = data_path("grammar", "rootlaw.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", strict=True, propagate_positions=True, maybe_placeholders=True)


class SyntaxProblem(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def parse(text: str, kind: str, doc: Document, path: tuple) -> Tree:
    """Parse `text` as an 'effect' or an 'expression' found in `doc` at `path`."""
    try:
        tree = parser().parse(f"%{kind} " + text)
    except UnexpectedInput as err:
        raise SyntaxProblem(_problem(err, text, kind, doc, path)) from None
    return tree.children[0].children[-1] if kind == "expression" else tree.children[0].children[0]


def position(doc: Document, path: tuple, text: str, line: int, col: int) -> tuple[int, int]:
    """File position of (line, col) inside the YAML string at `path` (both 1-based)."""
    base_line, base_col = doc.where(path)
    raw = doc.raw_line(base_line)
    if "\n" in text or (raw is not None and raw.rstrip().endswith(("|", ">", "|-", ">-"))):
        # a block scalar: its text starts on the next line, indented
        indent = _indent_of(doc, base_line + line)
        return base_line + line, indent + col
    if line == 1:
        quoted = raw is not None and len(raw) >= base_col and raw[base_col - 1] in "\"'"
        return base_line, base_col + col - 1 + (1 if quoted else 0)
    return base_line + line - 1, col


def _indent_of(doc: Document, line: int) -> int:
    raw = doc.raw_line(line)
    if not raw:
        return 1
    return len(raw) - len(raw.lstrip(" ")) + 1


def _problem(err: UnexpectedInput, text: str, kind: str, doc: Document, path: tuple) -> Problem:
    offset = len(kind) + 2  # the "%kind " prefix
    line = err.line if err.line not in (None, -1) else 1
    col = err.column if err.column not in (None, -1) else len(text) + offset
    if line == 1:
        col = max(1, col - offset)
    file_line, file_col = position(doc, path, text, line, col)
    if isinstance(err, UnexpectedCharacters):
        message = f"unexpected character '{text_at(text, line, col)}'"
        hint = "names are lowercase_with_underscores; strings use double quotes"
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


def _expected(err: UnexpectedInput) -> str | None:
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
