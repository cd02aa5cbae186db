"""Local variables: `var NAME = EXPR` declares one in a block, `NAME := EXPR` gives it a new value.

`let` binds a name once, on purpose: a value that never changes is easy to read. Some rules
need a value that changes as an effect goes on (the cards of a column still to resolve,
whether one of them has failed). A `var` is that: bound like a `let` in the block that declares
it and in every block inside it, and `:=` gives it a new value that every one of those blocks
sees from then on.

Values stay in the frames' bound names (plain data, so saves and clones keep them): `:=` writes
the new value into the running frame and into each frame below it that carries the name, down
to the frame whose block declared it. Those frames are the blocks the assignment runs inside
(an `if`, a `for each` and its body, a `choose` body, a `do` action); a reaction set off
meanwhile has names of its own and is not one of them.
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.state import freeze

from .base import Fn, Stmt, ctx_of


class Var(Stmt):
    def __init__(self, name: str, value: Fn) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        f["env"] = {**f["env"], self.name: freeze(self.value(ctx_of(game, f)))}
        f["declares"] = f.get("declares", ()) + (self.name,)
        return True


class Assign(Stmt):
    def __init__(self, name: str, value: Fn) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        value = freeze(self.value(ctx_of(game, f)))
        name = self.name
        for frame in reversed(game.s.stack):  # the running frame is the top one
            env = frame.get("env")
            if env is not None and name in env:
                frame["env"] = {**env, name: value}  # a new dict: clones share the old one
            if name in frame.get("declares", ()):
                break
        return True
