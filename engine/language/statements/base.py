"""What every statement shares: the `Stmt` interface, the frame that runs a block, and how
values are shown in the log."""
from __future__ import annotations

from typing import Any, Callable

from rootlaw.core.context import Ctx

Fn = Callable[[Ctx], Any]
# what battle effects may change: rolled hits and extra hits each side deals (Law 4.3.2-4.3.3)
BATTLE_FIELDS = ("att_hits", "def_hits", "att_extra", "def_extra")


def ctx_of(game: Any, f: dict) -> Ctx:
    return Ctx(game, f["me"], f["env"])


def as_list(value: Any) -> tuple:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


class Block(tuple):
    """A block's statements, which the interpreter runs one per step of the loop. `run` is the
    whole effect compiled to one Python function (engine/language/bodies.py), on the block of
    an effect's top level; None where the interpreter runs it."""

    run: Callable[[Any, dict], None] | None = None
    # whether the block's first statement can start, generated (engine/language/legality.py);
    # None where the statement's own `possible` answers
    can: Callable[[Any, str, dict], bool] | None = None


def block_frame(code: str, me: str, env: dict, ability: str, rule: str | None = None) -> dict:
    frame = {"op": "block", "code": code, "i": 0, "env": env, "me": me, "ability": ability}
    if rule:
        frame["rule"] = rule
    return frame


class Stmt:
    def run(self, game: Any, f: dict) -> bool:
        raise NotImplementedError

    def possible(self, ctx: Ctx) -> bool:
        """Whether starting with this statement can do anything (for action menus)."""
        return True


def shown(value: Any) -> str:
    """A value as a log line shows it: lists joined by commas, none as 'none'."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return ", ".join(shown(v) for v in value)
    return str(value)


def action_frame(game: Any, player: str, action: str) -> dict:
    """The frame that runs a faction's chosen action, counting it if it is once per turn."""
    a = game.faction(player).actions[action]
    if a.once_per_turn:
        used = game.player(player).used
        used[f"action:{action}"] = used.get(f"action:{action}", 0) + 1
    return block_frame(a.code, player, {}, action, a.rule)


def written(value: Any) -> str:
    """A value as the language writes it, for run-time errors: [1, 2], none, true, "x"."""
    if value is None:
        text = "none"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (tuple, list)):
        text = "[" + ", ".join(written(v) for v in value[:10]) + (", ..." if len(value) > 10 else "") + "]"
    elif isinstance(value, str):
        text = f'"{value}"'
    else:
        text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."
