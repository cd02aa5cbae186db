"""PyYAML's one slow pattern, compiled the quick way before PyYAML is imported.

PyYAML's reader compiles, as it is imported, the characters a YAML stream may not hold, written
as the complement of those it may (`[^\\x09\\x0A\\x0D\\x20-\\x7E...]`). Python's regex compiler
builds a table of the 65,536 first code points for such a class, one by one in Python: some
58 M instructions, about 4% of a warm `rootlaw play`, to find nothing in every text we load.
The very same characters written as the few ranges they are compile in some 4 M. So this puts
that pattern in the regex module's cache under PyYAML's text (`precompile`), and PyYAML's
import finds it there: the same matches, character for character (tests/test_yaml_pattern.py
checks every code point). Should the cache work otherwise (another Python) or PyYAML write
another pattern, nothing is put there or nothing finds it, and PyYAML compiles its own.
"""
from __future__ import annotations

import re

PYYAML = "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]"  # yaml/reader.py, 3.x-6.x
SAME = "[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]"  # what PYYAML matches


def precompile() -> None:
    """Put the quick form in the regex cache under PyYAML's pattern (before PyYAML is imported)."""
    cache = getattr(re, "_cache", None)
    if isinstance(cache, dict) and (str, PYYAML, 0) not in cache:
        cache[(str, PYYAML, 0)] = re.compile(SAME)
