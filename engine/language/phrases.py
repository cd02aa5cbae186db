"""What a faction says in the log: the `{EXPR}` holes of a `say` text, and the phrases of its
file, each written in several languages (`phrases:`; docs/language.md, "Phrases").

A `say "TEXT"` line is one text; its values are shown when it is said. A phrase is said by
its id (`say grim_return`): the log entry keeps the phrase's id and the values of its holes as
data, and the reader's language picks the text when the log is read, each value named there
as its hole's kind says (`{c:clearing}`, `rootlaw.core.narration.VALUE_KINDS`). Every language
of a phrase shows values of the same expressions, in any order, so one set of values serves
them all; the English text (required) decides their order. Here the texts are split and their
holes parsed and checked; each `say` of a phrase compiles the holes where it stands.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rootlaw.core.narration import VALUE_KINDS
from rootlaw.errors import Problem
from rootlaw.files.documents import Document

from .parser import TooDeep, parse_source, position
from .syntax import Tree

HOLE_HINT = "write {expression} to show a value, {{ and }} for braces"
KIND_HINT = f"kinds: {', '.join(VALUE_KINDS)} (or none: the value as any rule value is shown)"


def split_text(text: str) -> tuple[list[str | tuple[int, str]], int | None]:
    """A `say` text as its literal pieces (`{{` and `}}` made braces) and its holes, each as
    (index of its '{', the text inside), up to an unclosed '{', whose index comes second."""
    pieces: list[str | tuple[int, str]] = []
    i = 0
    while i < len(text):
        open_at = text.find("{", i)
        if open_at < 0:
            pieces.append(text[i:].replace("}}", "}"))
            break
        if text.startswith("{{", open_at):
            pieces.append(text[i:open_at + 1].replace("}}", "}"))
            i = open_at + 2
            continue
        close_at = text.find("}", open_at)
        if close_at < 0:
            return pieces, open_at
        pieces.append(text[i:open_at].replace("}}", "}"))
        pieces.append((open_at, text[open_at + 1:close_at]))
        i = close_at + 1
    return pieces, None


def parse_hole(inner: str, source: str) -> Tree | tuple[str, str]:
    """The syntax tree of a hole's expression, or what is wrong with it and a hint."""
    try:
        return parse_source("%expression " + inner, source)
    except TooDeep as err:
        return f"'{{...}}' of a 'say' text is {err}", "split it up, for example with 'let' before the 'say'"
    except Exception:  # noqa: BLE001 - any Lark error is a syntax problem in the string
        return f"syntax error in '{{{inner}}}' of a 'say' text", HOLE_HINT


@dataclass(frozen=True)
class Phrase:
    """A phrase as the log reads it: by language, its literal pieces and the index of the value
    shown at each hole; and how each value is named (a kind of `VALUE_KINDS`, or None)."""

    texts: dict[str, tuple[str | int, ...]]
    kinds: tuple[str | None, ...]


@dataclass(frozen=True)
class Hole:
    """One value of a phrase, where its English text writes it: what a `say` compiles."""

    path: tuple          # the English text's place in the file
    text: str            # the English text
    start: int           # where its expression starts, counted as in a quoted `say` string
    tree: Tree


class _Start:
    """The place just before a phrase's text, as a `say` string's token would be."""

    line, column = 1, 0


START = _Start()


def read_phrases(doc: Document, spec: Any) -> tuple[dict[str, Phrase], dict[str, tuple[Hole, ...]], list[Problem]]:
    """The phrases of a faction file, the holes each `say` of one compiles, and the problems:
    a hole that does not parse or has no such kind, and a language showing a value its English
    text does not (the schema has already asked for `en` and texts)."""
    phrases: dict[str, Phrase] = {}
    holes: dict[str, tuple[Hole, ...]] = {}
    problems: list[Problem] = []
    for pid, texts in (spec or {}).items():
        if not isinstance(texts, dict) or not isinstance(texts.get("en"), str):
            continue
        order: dict[tuple[str, str | None], int] = {}  # (expression, kind) -> the index of its value
        kinds: list[str | None] = []
        parts_by_lang: dict[str, tuple[str | int, ...]] = {}
        found: list[Hole] = []
        for lang in ["en", *sorted(set(texts) - {"en"})]:
            path = ("phrases", pid, lang)
            text = str(texts[lang])
            at = _At(doc, path, text, problems)
            pieces, unclosed = split_text(text)
            parts: list[str | int] = []
            for piece in pieces:
                if isinstance(piece, str):
                    parts.append(piece)
                    continue
                open_at, inner = piece
                expr, kind = _typed(inner)
                if kind is not None and kind not in VALUE_KINDS:
                    at(open_at + 2 + len(expr) + 1, f"no kind '{kind}' of value in phrase '{pid}'", KIND_HINT)
                    kind = None
                tree = parse_hole(expr, doc.source)
                if isinstance(tree, tuple):
                    at(open_at + 1, *tree)
                    continue
                key = (" ".join(expr.split()), kind)
                if key not in order:
                    if lang != "en":
                        at(open_at + 1, f"the {lang} text of phrase '{pid}' shows {{{inner.strip()}}}, which its en "
                           "text does not", "every language shows the same values (the same expressions and kinds, "
                           "in any order): " + (", ".join(_written(k) for k in order) or "none"))
                        continue
                    order[key] = len(kinds)
                    kinds.append(kind)
                    found.append(Hole(path, text, open_at + 2, tree))
                parts.append(order[key])
            if unclosed is not None:
                at(unclosed + 1, f"'{{' in the {lang} text of phrase '{pid}' is not closed", HOLE_HINT)
            parts_by_lang[lang] = tuple(parts)
        phrases[pid] = Phrase(parts_by_lang, tuple(kinds))
        holes[pid] = tuple(found)
    return phrases, holes, problems


def unsaid(faction: Any) -> list[Problem]:
    """Warnings (`validate --strict`) of the phrases of a loaded faction that no `say` says."""
    from .statements.phrases import SayPhrase

    said = {stmt.phrase for block in faction.code.values() if isinstance(block, tuple)
            for stmt in block if isinstance(stmt, SayPhrase)}
    return [Problem(faction.doc.source, *faction.doc.key_where(("phrases", pid)), f"phrase '{pid}' is said nowhere",
                    f"say it with 'say {pid}', or remove it", "warning")
            for pid in faction.phrases if pid not in said]


def _typed(inner: str) -> tuple[str, str | None]:
    """A hole's expression and the kind written after its last ':' (`c:clearing`), if any."""
    expr, colon, kind = inner.rpartition(":")
    if colon and re.fullmatch(r"\s*[a-z_]+\s*", kind):
        return expr, kind.strip()
    return inner, None


def _written(key: tuple[str, str | None]) -> str:
    return "{" + key[0] + (f":{key[1]}" if key[1] else "") + "}"


class _At:
    """Problems at a character of one phrase text (`index`, 1-based)."""

    def __init__(self, doc: Document, path: tuple, text: str, problems: list[Problem]) -> None:
        self.doc, self.path, self.text, self.problems = doc, path, text, problems

    def __call__(self, index: int, message: str, hint: str | None = None) -> None:
        line, col = position(self.doc, self.path, self.text, 1, index)
        self.problems.append(Problem(self.doc.source, line, col, message, hint))


__all__ = ["Phrase", "Hole", "START", "split_text", "parse_hole", "read_phrases", "unsaid"]
