"""Turning the abilities of a faction file into what the core calls: listeners and modifiers.

A trigger becomes a listener that, when its event happens and its condition holds, returns a
`block` frame for its effect. A modifier (or restriction) becomes a function folded into a
core computation. Both know the faction they belong to ("me").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.holders import Holders
from rootlaw.core.hook_values import NEEDS
from rootlaw.core.hooks import (
    ANY_CHANGE,
    EVENTS,
    HOOKS,
    INVARIANT_EVENT,
    REPLACEMENT_HOOKS,
)
from rootlaw.core.replacements import Offer
from rootlaw.core.trace_names import NO_RULE
from rootlaw.files.documents import Document

from . import legacy
from .ability_code import Plan, compiled_ability
from .compiler import Compiler
from .owner_tests import OwnerTest, owner_test
from .statements import block_frame
from .statements.base import written
from .syntax import Tree

Fn = Callable[[Ctx], Any]
@dataclass(frozen=True)
class Trigger:
    """An ability that reacts to an event: when its condition holds, its effect runs."""

    id: str
    rule: str
    event: str
    when: Fn | None
    code: str
    test: OwnerTest | None = None  # the condition's leading `event.x = me`, asked first
    replacing: bool = False  # a replacement written as a reaction to `removed`: it runs first
    # the owner's other triggers on the same event of which only one applies when several are
    # set off together, unless `stacks_if` holds then (core/events.py, `alternatives`)
    exclusive: tuple[str, ...] = ()
    stacks_if: Fn | None = None
    plan: Plan | None = None  # its condition written as Python (ability_code.py), when it can be

    def listener(self, owners: Holders) -> Callable:
        """The function the core calls on the event; `owners` says whose ability it is now."""
        test, when, code, rule = self.test, self.when, self.code, self.rule or NO_RULE
        replacing = self.replacing
        exclusive, stacks_if = self.exclusive, self.stacks_if

        def frame_of(game: Any, me: str, names: dict, payload: dict) -> dict:
            """The reaction's frame, its condition holding."""
            env = {**names, "event": payload}
            frame = block_frame(code, me, env, self.id, rule)
            if replacing:
                frame["replacing"] = True
            if exclusive and (stacks_if is None or not stacks_if(Ctx(game, me, env))):
                frame["exclusive"] = exclusive
            return frame

        def closures(game: Any, me: str, names: dict, payload: dict) -> dict | None:
            """The reaction's frame for one owner whose owner test passed, if its condition holds."""
            if when is None or when(Ctx(game, me, {**names, "event": payload})):
                return frame_of(game, me, names, payload)
            return None

        fire = closures if self.plan is None else \
            compiled_ability(self.plan, closures, {"WHEN": when, "FRAME": frame_of})

        def listen(game: Any, event: str, payload: dict) -> list[dict]:
            frames = []
            given = {"event": payload}  # what the owner test reads
            for me, names in owners(game):
                if test is not None and test.fails(given, me):
                    continue
                frame = fire(game, me, names, payload)
                if frame is not None:
                    frames.append(frame)
            return frames
        listen.fire = fire  # type: ignore[attr-defined]  # for the event's gathering (engine/core/folds.py)
        listen.test = test  # type: ignore[attr-defined]
        return listen


class At:
    """`file:line:col` of a value in a document (a modifier's `value:`), worked out when a
    run-time error shows it."""

    __slots__ = ("doc", "path")

    def __init__(self, doc: Document, path: tuple) -> None:
        self.doc, self.path = doc, path

    def __str__(self) -> str:
        line, col = self.doc.where(self.path)
        return f"{self.doc.source}:{line}:{col}"


@dataclass(frozen=True)
class Invariant(Trigger):
    """A trigger the loop fires when its condition (`when`: "no longer holds") is met after a
    batch of changes (engine/core/invariant_abilities.py). `watch`: the owner's piece kinds it is
    about; a batch that placed, moved or removed none of them, and set no variable, cannot have
    broken it, so it is not asked (most batches, for an invariant about a few buildings)."""

    watch: frozenset[str] | None = None

    def listener(self, owners: Holders) -> Callable:
        fire = super().listener(owners)
        watch = self.watch

        def listen(game: Any, event: str, changed: set) -> list[dict]:
            if watch is None or ANY_CHANGE in changed:
                return fire(game, event, {})
            for me, _ in owners(game):  # loops, not a generator: asked after every batch of changes
                for kind in watch:
                    if (me, kind) in changed:
                        return fire(game, event, {})
            return []
        return listen


@dataclass(frozen=True)
class Modifier:
    """An ability that changes a hook's value (or restricts what the core allows)."""

    id: str
    rule: str
    hook: str
    when: Fn | None
    value: Fn
    test: OwnerTest | None = None  # the condition's leading `player = me` (or the like), asked first
    where: Any = "?"  # `file:line:col` of its `value:` (worked out when an error shows it)
    plan: Plan | None = None  # its condition and value written as Python (ability_code.py)

    def function(self, owners: Holders) -> Callable:
        """The function `Game.modify` folds in. Its `apply` runs the modifier for one owner
        whose owner test (`test`) passed, so a hook's fold (engine/core/folds.py) can ask the
        test of a faction's own modifier inline."""
        replaces = self.hook in REPLACEMENT_HOOKS  # each replaces a destination: say where to
        test, when, compute = self.test, self.when, self.value
        usable, needed = NEEDS[self.hook]

        def done(game: Any, me: str, before: Any, value: Any, context: dict) -> Any:
            """The hook's value once the modifier changed `before` into `value`."""
            if not usable(game, value):
                raise LanguageError(f"{self.where}: modifier '{self.id}' gives {written(value)} to the "
                                    f"hook '{self.hook}', which needs {needed}")
            if replaces and value != before and "offers" in context:
                # competing replacements: say where this one would send the piece; the
                # core lets a player choose among them (engine/core/replacements.py)
                context["offers"].append(Offer(me, self.id, self.rule or NO_RULE, self.hook, value))
                return before
            if replaces and value != before:
                Offer(me, self.id, self.rule or NO_RULE, self.hook, value).trace(game, context["piece"])
            return value

        def closures(game: Any, me: str, names: dict, value: Any, context: dict) -> Any:
            ctx = Ctx(game, me, {**names, "value": value, **context})
            if when is None or when(ctx):
                return done(game, me, value, compute(ctx), context)
            return value

        apply = closures if self.plan is None else compiled_ability(
            self.plan, closures, {"WHEN": when, "VALUE": compute, "USABLE": usable, "PLAIN": not replaces,
                                  "DONE": done})

        def modify(game: Any, value: Any, context: dict) -> Any:
            for me, names in owners(game):
                if test is not None and test.fails(context, me):
                    continue
                value = apply(game, me, names, value, context)
            return value
        modify.ability = self.id  # type: ignore[attr-defined]  # names the ability in loop errors
        modify.apply = apply  # type: ignore[attr-defined]
        modify.test = test  # type: ignore[attr-defined]
        return modify


def compile_ability(comp: Compiler, doc: Document, path: tuple, spec: dict, aid: str,
                    bound: tuple[str, ...] = ()) -> Trigger | Modifier | None:
    """Compile one trigger or modifier written in a faction or deck file (None after an error)."""
    rule = str(spec.get("rule", ""))
    problems = comp.vocab.problems
    if comp.vocab.reading.legacy:  # language 1 ignored the keys of the other kind (legacy.py)
        spec = legacy.ignored_keys(comp, doc, path, spec, aid)
    if "hook" in spec and ("on" in spec or "do" in spec) or "on" in spec and "value" in spec:
        extra = ("on" if "on" in spec else "do") if "hook" in spec else "value"
        what = "changes a hook's value (hook/value)" if "hook" in spec else "reacts to an event (on/do)"
        problems.append(doc.problem(path + (extra,), f"ability '{aid}' {what}, so it has no '{extra}:'",
                                    "a trigger is on/if/do, a modifier is hook/if/value; split it in two (a file written "
                                    "for rootlaw 0.1, which ignored the key, may say 'language: 1')",
                                    at_key=True))
        return None
    for key in ("exclusive_with", "stacks_if"):
        if key in spec and ("on" not in spec or spec.get("kind") == "invariant"):
            problems.append(doc.problem(path + (key,), f"ability '{aid}' is no trigger, so it has no '{key}:'",
                                        "only a trigger (on/if/do) may be one of several alternatives",
                                        at_key=True))
            return None
    if "stacks_if" in spec and "exclusive_with" not in spec:
        problems.append(doc.problem(path + ("stacks_if",), f"ability '{aid}' has 'stacks_if:' but no 'exclusive_with:'",
                                    "stacks_if says when alternatives named by exclusive_with all apply",
                                    at_key=True))
        return None
    if "watch" in spec and spec.get("kind") != "invariant":
        problems.append(doc.problem(path + ("watch",), f"ability '{aid}' is a {spec.get('kind')}, so it has no 'watch:'",
                                    "only an invariant (kind: invariant) names the pieces it is about",
                                    at_key=True))
        return None
    if spec.get("kind") == "invariant":
        # a trigger whose condition is "no longer holds", fired by the game loop (engine/core/invariant_abilities.py)
        holds, tree = comp.expression_and_tree(doc, path + ("holds",), spec["holds"], aid, bound)
        repair = comp.effect(doc, path + ("do",), spec["do"], aid, bound)
        watch = spec.get("watch")
        for i, kind in enumerate(watch or ()):
            if kind not in comp.vocab.pieces:
                problems.append(doc.problem(path + ("watch", i), f"invariant '{aid}' watches '{kind}', which is not "
                                            "one of this faction's pieces",
                                            f"pieces: {', '.join(sorted(comp.vocab.pieces)) or 'none'}"))
        return Invariant(aid, rule, INVARIANT_EVENT, lambda ctx: not holds(ctx), repair,
                         plan=_plan(comp, doc, "fire", None if tree is None else Tree("not_", [tree]), None, {}, bound),
                         watch=None if watch is None else frozenset(watch))
    if "hook" not in spec:  # triggers, interventions, and replacements written as a reaction
        event = spec["on"]
        if event not in EVENTS:
            problems.append(doc.problem(path + ("on",), f"unknown event '{event}'", f"events: {', '.join(EVENTS)}"))
            return None
        fields = {"event": EVENTS[event]}
        names = bound + ("event",)
        when, tree = comp.expression_and_tree(doc, path + ("if",), spec["if"], aid, names, fields) \
            if "if" in spec else (None, None)
        stacks_if = comp.expression(doc, path + ("stacks_if",), spec["stacks_if"], aid, names, fields) \
            if "stacks_if" in spec else None
        return Trigger(aid, rule, event, when, comp.effect(doc, path + ("do",), spec["do"], aid, names, fields),
                       _owner_test(tree, ("event",), names),
                       replacing=spec.get("kind") == "replacement" and event == "removed",
                       exclusive=tuple(spec.get("exclusive_with", ())), stacks_if=stacks_if,
                       plan=_plan(comp, doc, "fire", tree, None, {"event": "payload"}, names))
    hook = spec["hook"]
    if hook not in HOOKS:
        problems.append(doc.problem(path + ("hook",), f"unknown hook '{hook}'", f"hooks: {', '.join(HOOKS)}"))
        return None
    names = bound + ("value",) + HOOKS[hook]
    when, tree = comp.expression_and_tree(doc, path + ("if",), spec["if"], aid, names) if "if" in spec else (None, None)
    value, shape = comp.expression_and_tree(doc, path + ("value",), spec["value"], aid, names)
    given = {"value": "value", **{name: f"context[{name!r}]" for name in HOOKS[hook]}}
    return Modifier(aid, rule, hook, when, value, _owner_test(tree, HOOKS[hook], names), At(doc, path + ("value",)),
                    _plan(comp, doc, "apply", tree, _constant(spec["value"]) if shape is None else shape, given, names)
                    if "if" not in spec or tree is not None else None)


def _plan(comp: Compiler, doc: Document, kind: str, when: Tree | None, value: Tree | None, given: dict[str, str],
          names: tuple[str, ...]) -> Plan | None:
    """How to write the ability as one function (ability_code.py): not for a file of language 1
    (whose values differ), nor without the trees to write it from."""
    if comp.vocab.reading.legacy or (when if kind == "fire" else value) is None:
        return None
    variables, words = comp.file_names()
    return Plan(kind, when, value, given, frozenset(names), variables, words, doc.source if doc.digest() else "")


def _constant(value: Any) -> Tree | None:
    """A modifier's `value:` written as a YAML boolean, as the tree of that constant."""
    return Tree("true" if value else "false", []) if type(value) is bool else None


def _owner_test(tree: Any, given: tuple[str, ...], scope: tuple[str, ...]) -> OwnerTest | None:
    """The condition's owner test on the names the core gives (`given`), unless the ability's
    own names shadow `me`."""
    return None if tree is None or "me" in scope else owner_test(tree, given)
