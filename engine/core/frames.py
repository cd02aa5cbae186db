"""The registry of frame handlers: one function per kind of pending work.

A frame is a dict with an "op" key plus immutable values; its handler advances it a little,
asks a decision, pushes child frames, or pops it. The registry is the only link between the
game loop and the rule modules, which register their handlers on import.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

Handler = Callable[["object", dict], None]
HANDLERS: dict[str, Handler] = {}


class Entry(NamedTuple):
    """The keys a caller outside the rules (a scenario's `run: {action: ...}` and its `with`)
    may set in a new frame of an op: every other key is the handler's own bookkeeping, which a
    caller setting could only corrupt."""

    params: tuple[str, ...] = ()  # preset, the handler does not ask them
    needs: tuple[str, ...] = ()  # those of `params` the handler cannot start without


ENTRIES: dict[str, Entry] = {}


def handler(op: str, entry: Entry | None = None) -> Callable[[Handler], Handler]:
    """Register the function that advances frames of kind `op`; with `entry`, a frame of that
    op may also be started on its own (core actions, some rules steps)."""

    def register(fn: Handler) -> Handler:
        if op in HANDLERS:
            raise ValueError(f"two handlers for frame op '{op}'")
        HANDLERS[op] = fn
        if entry is not None:
            ENTRIES[op] = entry
        return fn

    return register
