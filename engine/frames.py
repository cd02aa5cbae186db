"""The registry of frame handlers: one function per kind of pending work.

A frame is a dict with an "op" key plus immutable values; its handler advances it a little,
asks a decision, pushes child frames, or pops it. The registry is the only link between the
game loop and the rule modules, which register their handlers on import.
"""
from __future__ import annotations

from typing import Callable

Handler = Callable[["object", dict], None]
HANDLERS: dict[str, Handler] = {}


def handler(op: str) -> Callable[[Handler], Handler]:
    """Register the function that advances frames of kind `op`."""

    def register(fn: Handler) -> Handler:
        if op in HANDLERS:
            raise ValueError(f"two handlers for frame op '{op}'")
        HANDLERS[op] = fn
        return fn

    return register
