"""Turning the abilities of a faction file into what the core calls: listeners and modifiers.

A trigger becomes a listener that, when its event happens and its condition holds, returns a
`block` frame for its effect. A modifier (or restriction) becomes a function folded into a
core computation. Both know the faction they belong to ("me").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .context import Ctx
from ..documents import Document
from .compiler import Compiler
from .holders import Holders
from .hooks import EVENTS, HOOKS
from .statements import block_frame

Fn = Callable[[Ctx], Any]
@dataclass(frozen=True)
class Trigger:
    id: str
    rule: str
    event: str
    when: Fn | None
    code: str

    def listener(self, owners: Holders) -> Callable:
        """The function the core calls on the event; `owners` says whose ability it is now."""

        def listen(game: Any, event: str, payload: dict) -> list[dict]:
            frames = []
            for me, names in owners(game):
                env = {**names, "event": payload}
                if self.when is None or self.when(Ctx(game, me, env)):
                    frames.append(block_frame(self.code, me, env, self.id, self.rule))
            return frames
        return listen


@dataclass(frozen=True)
class Modifier:
    id: str
    rule: str
    hook: str
    when: Fn | None
    value: Fn

    def function(self, owners: Holders) -> Callable:
        def modify(game: Any, value: Any, context: dict) -> Any:
            for me, names in owners(game):
                ctx = Ctx(game, me, {**names, "value": value, **context})
                if self.when is None or self.when(ctx):
                    value = self.value(ctx)
            return value
        modify.ability = self.id  # type: ignore[attr-defined]  # names the ability in loop errors
        return modify


def compile_ability(comp: Compiler, doc: Document, path: tuple, spec: dict, aid: str,
                    bound: tuple[str, ...] = ()) -> Trigger | Modifier | None:
    """Compile one trigger or modifier written in a faction or deck file (None after an error)."""
    rule = str(spec.get("rule", ""))
    problems = comp.vocab.problems
    if "hook" not in spec:  # triggers, interventions, and replacements written as a reaction
        event = spec["on"]
        if event not in EVENTS:
            problems.append(doc.problem(path + ("on",), f"unknown event '{event}'", f"events: {', '.join(EVENTS)}"))
            return None
        fields = {"event": EVENTS[event]}
        names = bound + ("event",)
        when = comp.expression(doc, path + ("if",), spec["if"], aid, names, fields) if "if" in spec else None
        return Trigger(aid, rule, event, when, comp.effect(doc, path + ("do",), spec["do"], aid, names, fields))
    hook = spec["hook"]
    if hook not in HOOKS:
        problems.append(doc.problem(path + ("hook",), f"unknown hook '{hook}'", f"hooks: {', '.join(HOOKS)}"))
        return None
    names = bound + ("value",) + HOOKS[hook]
    when = comp.expression(doc, path + ("if",), spec["if"], aid, names) if "if" in spec else None
    return Modifier(aid, rule, hook, when, comp.expression(doc, path + ("value",), spec["value"], aid, names))
