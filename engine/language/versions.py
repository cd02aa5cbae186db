"""The language's versions: which one a file is written in, and what reading an old one gives.

The faction language has a version of its own (docs/language.md, "Changelog"), apart from the
distribution's: it changes only when a text that loaded before would now mean something else
or stop loading. A faction or deck file, or a pack's manifest, may state `language: N`; a file
without one is read in the current language. A file of an older language still loads: each
construct whose meaning changed is read in its old meaning (`legacy.py`), with a warning at
its position and the edits `rootlaw upgrade` makes to say the same in the current language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rootlaw.errors import Problem

CURRENT = 2
"""The language this rootlaw writes; 1 is the language of rootlaw 0.1."""
KNOWN = (1, 2)


@dataclass(frozen=True)
class Edit:
    """One change that brings a file to the current language, at `line:col` of `file`:
    the text `before` becomes `after`. With `entry` (a path into the YAML data), the change is
    to that mapping entry, `before` and `after` being its value: removed when `after` is empty,
    added when `before` is, otherwise its value replaced."""

    file: str
    line: int
    col: int
    before: str
    after: str
    entry: tuple | None = None

    def __str__(self) -> str:
        key = f"{self.entry[-1]}: " if self.entry else ""
        before = f"{key}{self.before}" if self.before else "(nothing)"
        after = f"{key}{self.after}" if self.after else "(removed)"
        return f"{self.file}:{self.line}:{self.col}: {before} -> {after}"


@dataclass
class Reading:
    """How one file was read: its language (`stated` in it or in its pack, otherwise the
    current one), the warnings its old constructs gave, and the edits that upgrade it."""

    language: int = CURRENT
    stated: bool = False
    warnings: list[Problem] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    stuck: list[Problem] = field(default_factory=list)  # what `rootlaw upgrade` cannot change alone

    @property
    def legacy(self) -> bool:
        return self.language < CURRENT

    def warn(self, problem: Problem, *edits: Edit) -> None:
        self.warnings.append(Problem(problem.file, problem.line, problem.col, problem.message, problem.hint,
                                     "warning"))
        self.edits.extend(edits)


def reading_of(doc: Any, default: int | None = None) -> tuple[Reading, list[Problem]]:
    """The language of a loaded file: its own `language:` key, else `default` (its pack's),
    else the current one; and the problem of a number this rootlaw does not know."""
    data = doc.data if isinstance(doc.data, dict) else {}
    stated = data.get("language", default)
    if stated is None:
        return Reading(), []
    if isinstance(stated, bool) or stated not in KNOWN:
        where = ("language",) if "language" in data else ()
        known = " and ".join(str(n) for n in KNOWN)
        return Reading(), [doc.problem(where, f"this file is written for language {stated!r}; this rootlaw "
                                              f"reads languages {known}",
                                       "a newer language needs a newer rootlaw: pip install -U rootlaw"
                                       if isinstance(stated, int) and stated > CURRENT
                                       else f"write language: {CURRENT}")]
    return Reading(stated, True), []
