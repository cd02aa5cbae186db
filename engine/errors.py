"""The error classes a user can meet; the command line prints them without a traceback."""
from __future__ import annotations

from dataclasses import dataclass, field


class RootlawError(Exception):
    """Base of every error caused by input (files, answers, arguments) rather than a bug."""


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one file, at a position a person can jump to. A `warning` does not
    stop the file from loading (an old construct read in its old meaning); a `note` is advice
    (`rootlaw validate` suggesting to state the file's language)."""

    file: str
    line: int
    col: int
    message: str
    hint: str | None = None
    severity: str = field(default="error", compare=False)  # "error", "warning" or "note"

    def __str__(self) -> str:
        label = "" if self.severity == "error" else f"{self.severity}: "
        text = f"{self.file}:{self.line}:{self.col}: {label}{self.message}"
        return f"{text}\n    hint: {self.hint}" if self.hint else text


class DataError(RootlawError):
    """A data file (map, deck, faction, pack, scenario, saved game) is wrong; holds every problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalAnswer(RootlawError):
    """An answer that is not one of the pending decision's options."""


class RuleLoopError(RootlawError):
    """A trigger or replacement chain ran past the step budget of one decision."""
