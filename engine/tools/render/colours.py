"""Colours of the board picture: suits, factions, and how far apart two colours look.

A faction's colour comes from its file (`colour:`), so it is the same in every game. The suits
are shown by each clearing's ring and badge, so a faction colour must look unlike every suit
colour; and two factions at one table must look unlike each other. A faction whose colour
breaks either (or that gives none) takes the first colour of a fixed palette, in a fixed order
starting from its id's place, that breaks neither: the same table always gets the same colours.
Distance is CIE76 in L*a*b*, which follows how different colours look far better than RGB.
"""
from __future__ import annotations

import zlib

SUIT_COLOURS = {"fox": "#d8443a", "rabbit": "#f0c53a", "mouse": "#e08a3c", "bird": "#5aa0d8"}
NO_SUIT = "#b8ad98"
PALETTE = ("#2f6db5", "#3f9b3a", "#7b4ea3", "#3c4a57", "#1f8a8a", "#c75b9b", "#8a6d3b", "#6c7a89",
           "#a3c34a", "#5b3a8a")
CLOSE = 25.0  # L*a*b* distance under which two colours are taken for each other


def _lab(colour: str) -> tuple[float, float, float]:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    r, g, b = ((c / 12.92) if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [(t ** (1 / 3)) if t > 0.008856 else (7.787 * t + 16 / 116) for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def distance(a: str, b: str) -> float:
    """How different two #rrggbb colours look (CIE76)."""
    la, lb = _lab(a), _lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def near_suit(colour: str) -> str | None:
    """The suit whose colour `colour` is too close to, or None."""
    return next((suit for suit, c in SUIT_COLOURS.items() if suit != "bird" and distance(colour, c) < CLOSE), None)


def colours_of(factions: dict) -> dict[str, str]:
    """Each faction's colour (factions: id -> definition with `colour`), in id order."""
    out: dict[str, str] = {}
    for fid in sorted(factions):
        wanted = getattr(factions[fid], "colour", None)
        taken = list(out.values())
        if wanted and _free(wanted, taken):
            out[fid] = wanted
            continue
        start = zlib.crc32(fid.encode()) % len(PALETTE)
        ring = PALETTE[start:] + PALETTE[:start]
        out[fid] = next((c for c in ring if _free(c, taken)), ring[0])
    return out


def _free(colour: str, taken: list[str]) -> bool:
    return near_suit(colour) is None and all(distance(colour, t) >= CLOSE for t in taken)


def ink(fill: str) -> str:
    """Black or white text, whichever reads better on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


__all__ = ["SUIT_COLOURS", "NO_SUIT", "PALETTE", "distance", "near_suit", "colours_of", "ink"]
