"""Whole numbers written as text by a person or a file (a typed answer, a seat, a clearing
named in a scenario, a location in a save): only ASCII digits, and few enough of them.

`str.isdigit` also takes '²' and '٣', which `int` refuses, and `int` refuses more than 4,300
digits; a text that passes `is_digits` always converts.
"""
from __future__ import annotations

MAX_DIGITS = 18
"""Longer than any count, clearing, piece or seed rootlaw uses (seeds stop at 10^15)."""


def is_digits(text: str) -> bool:
    """Whether `text` is a whole number `int` takes at once: 1 to MAX_DIGITS ASCII digits."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


__all__ = ["is_digits", "MAX_DIGITS"]
