"""The language's changelog (docs/language.md, "Versions and changelog") keeps up with the
language: a change to the grammar or to the builtins (a function's name or number of
arguments, a value or constant of the language) without a changelog entry fails here.

The changelog's latest entry carries the fingerprint of the language it describes; a change
means writing down what changed and then the new fingerprint, which the failure prints.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from rootlaw.language.builtins import CONSTANTS, FUNCTIONS, VALUES
from rootlaw.language.parser import grammar_text
from rootlaw.language.versions import CURRENT, KNOWN

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"
CHANGELOG = DOC.read_text(encoding="utf-8").split("## Versions and changelog", 1)[-1]


def fingerprint() -> str:
    """The language as a hash: its grammar (comments and spacing aside) and its builtins."""
    grammar = " ".join(re.sub(r"//[^\n]*", "", grammar_text()).split())
    builtins = [f"{name}/{b.min_args}-{b.max_args}" for name, b in sorted(FUNCTIONS.items())]
    names = sorted(VALUES) + ["="] + sorted(CONSTANTS)
    text = "\n".join([grammar, *builtins, *names])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def test_the_changelog_has_an_entry_for_this_language():
    stated = re.search(r"<!-- language fingerprint: ([0-9a-f]+)", CHANGELOG)
    assert stated is not None, "docs/language.md's changelog lost its fingerprint line"
    assert stated.group(1) == fingerprint(), (
        "the language changed (grammar/rootlaw.lark, or a builtin's name or arguments, or a value or "
        "constant) but docs/language.md's changelog does not say how. Describe the change under "
        f"'### Language {CURRENT}' if old files still mean the same (an addition), or in a new "
        "'### Language N' entry if a text that loaded before now means something else or fails (then raise "
        "rootlaw.language.versions.CURRENT and read the old meaning in rootlaw/language/legacy.py). Then set "
        f"the latest entry's line to: <!-- language fingerprint: {fingerprint()} (tests/test_language_changelog.py) -->")


def test_the_changelog_names_every_language_newest_first():
    entries = [int(n) for n in re.findall(r"^### Language (\d+)", CHANGELOG, re.M)]
    assert entries == sorted(KNOWN, reverse=True) and entries[0] == CURRENT


def test_the_fingerprint_sees_a_new_builtin():
    before = fingerprint()
    FUNCTIONS["zz_probe"] = FUNCTIONS["count"]
    try:
        assert fingerprint() != before
    finally:
        del FUNCTIONS["zz_probe"]
    assert fingerprint() == before
