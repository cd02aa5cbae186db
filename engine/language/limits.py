"""The bounds on what an ability may compute, so a faction from a stranger cannot hang or
exhaust the machine (`repeat 10^12`, `"ab" * 10^11`, `set x = x * x` again and again).

Root's numbers are small (a score under 30, a few dozen pieces, 54 cards), so the bounds sit
far above any real ability and far below what would hurt. Counts of things that exist
(`place N`, `draw N`) are capped by what exists, as the Law says: you place what your supply
holds and draw what the deck and discard pile hold.
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import LanguageError

MAX_NUMBER = 10**9
"""Largest number (in size) a literal or a computation may have."""
MAX_LENGTH = 10_000
"""Longest string or list a computation may build."""
MAX_REPEAT = 1_000
"""Most times a `repeat` may run its block."""
MAX_TEXT = 20_000
"""Longest text of one expression or effect, in characters (parsing stays linear and quick)."""


def number(value: Any) -> Any:
    """`value`, unless it is a number, string or list too big to be meant (`x + x` doubles)."""
    if type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER:  # most values: answered at once
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise LanguageError(f"a number grew past {MAX_NUMBER:,} (the limit for abilities)")
    if isinstance(value, (str, tuple, list)) and len(value) > MAX_LENGTH:
        raise LanguageError(f"a {'string' if isinstance(value, str) else 'list'} grew longer than {MAX_LENGTH:,}")
    return value


def times(a: Any, b: Any) -> Any:
    """`a * b` within the bounds, refused before a too-long string or list is built."""
    product_size(a, b)
    return number(a * b)


def product_size(a: Any, b: Any) -> None:
    """Refuse `text * n` or `list * n` that would build something longer than MAX_LENGTH."""
    for seq, n in ((a, b), (b, a)):
        if isinstance(seq, (str, tuple, list)) and isinstance(n, int) and len(seq) * max(n, 0) > MAX_LENGTH:
            raise LanguageError(f"repeating a {'string' if isinstance(seq, str) else 'list'} {n} times would "
                                f"make it longer than {MAX_LENGTH:,}")


def repeat_count(n: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool):
        raise LanguageError(f"repeat needs a whole number, not {n!r}")
    if n > MAX_REPEAT:
        raise LanguageError(f"repeat {n} times is more than the limit of {MAX_REPEAT}")
    return n
