"""A hook's modifiers, and an event's listeners, each run by one generated Python function.

`Game.modify` asks every modifier of a hook, whoever it belongs to; most of them begin with an
owner test (`player = me`, `faction = me`, `piece.faction = me`: engine/language/owner_tests.py)
that is false for every player but one. A faction's own modifier belongs to that faction
alone, so its test is a comparison of one of the hook's values with a constant: the fold asks
it inline and calls the modifier only when it holds. A modifier whose owners change during the
game (a persistent card's) is called as it is, and asks its own test for each owner.

An event's listeners are gathered the same way (`gather`): a faction's trigger whose condition
starts with `event.FIELD = me` is only asked when the event's field names that faction.

A card's ability belongs to whoever has that persistent card in play; its entry gives the
numbers of the card's copies instead of a faction. Both functions gather once the cards in play
(`cards_in_play`) and skip a card's ability while none of its copies is among them, which would
look through every seat to find nobody.

The Law asks its hooks for one faction at a time, clearing after clearing (a move's player, a
battle's attacker, the placing faction): `asked_for` gives the fold for one value of one name,
its owner tests on that name answered when it is made, or None when no modifier can apply, and
then the Law makes no call.

The fold keeps the loop guard of `Game.modify` (modifiers calling modifiers past
MODIFIER_DEPTH, or without end, are a `RuleLoopError` naming them). Its text holds only
repr()'d constants and names of this module's namespace.
"""
from __future__ import annotations

from typing import Any, Callable

from rootlaw.errors import RuleLoopError

MODIFIER_DEPTH = 30  # modifiers running inside modifiers (ruler() in a ruler modifier...) before we call it a loop
_ABSENT = object()
_KEPT = "<rootlaw folds>"  # the file of the code cache (rootlaw.files.code_cache) that keeps their code


def too_deep(running: list[str]) -> None:
    names = sorted(set(running))
    running.clear()
    raise RuleLoopError(f"modifiers call each other without end ({MODIFIER_DEPTH} deep); "
                        f"the loop involves: {', '.join(names)}")


def endless(running: list[str]) -> None:
    names = sorted(set(running))
    running.clear()
    raise RuleLoopError(f"modifiers call each other without end; the loop involves: {', '.join(names)}") from None


def cards_in_play(game: Any) -> set[int]:
    """The persistent cards in play, every player's (a card's ability belongs to no one else)."""
    played: set[int] = set()
    for player in game.s.players.values():
        if player.persistent:
            played.update(player.persistent)
    return played


def _held(i: int) -> str:
    """The test that card ability `i` (its copies: `c{i}`) may belong to someone now."""
    return f"if played and not c{i}.isdisjoint(played):"


def fold(hook: str, entries: list[tuple[Callable, str | frozenset[int]]],
         given: tuple[str, Any] | None = None) -> Callable[[Any, Any, dict], Any] | None:
    """One function running the modifiers of `hook` in order: (function, its faction when it
    is a faction's own, else its card's copies).

    `given` (name, value): the fold for contexts whose `name` is `value`, as `asked_for` keeps
    them: an owner test on that name is answered once here, so a modifier whose test fails is
    left out and one whose test holds is called without it; None when no modifier is left."""
    namespace: dict[str, Any] = {"ABSENT": _ABSENT, "DEPTH": MODIFIER_DEPTH, "too_deep": too_deep,
                                 "endless": endless, "cards_in_play": cards_in_play}
    if given is not None:
        entries = [(fn, faction) for fn, faction in entries if _may_hold(fn, faction, given)]
        if not entries:
            return None
    lines = ["def fold(game, value, context):"]
    owned = owners(entries) if given is None else None
    if owned is not None:  # a hook asked for a faction none of its modifiers belongs to runs none
        (name, field), namespace["OWNERS"] = owned
        if field is None:
            lines += [f"    v = context.get({name!r})", "    if type(v) is str and v not in OWNERS:", "        return value"]
        else:
            lines += [f"    v = context.get({name!r})",
                      f"    if type(v) is dict and type(v.get({field!r})) is str and v[{field!r}] not in OWNERS:",
                      "        return value"]
    lines += ["    running = game._modifying", "    if len(running) >= DEPTH:", "        too_deep(running)",
              f"    running.append({hook!r})", "    try:"]
    if any(type(faction) is not str for _, faction in entries):
        lines.append("        played = cards_in_play(game)")
    for i, (fn, faction) in enumerate(entries):
        ability = getattr(fn, "ability", hook)
        test = getattr(fn, "test", None)
        if type(faction) is not str or not hasattr(fn, "apply"):
            namespace[f"m{i}"] = fn
            call = [f"running[-1] = {ability!r}", f"value = m{i}(game, value, context)"]
            if type(faction) is str:
                lines += ["        " + line for line in call]
                continue
            namespace[f"c{i}"] = faction
            lines += [f"        {_held(i)}", *("            " + line for line in call)]
            continue
        namespace[f"m{i}"] = fn.apply
        call = [f"running[-1] = {ability!r}", f"value = m{i}(game, {faction!r}, {{}}, value, context)"]
        if test is None or given is not None and _answered(test, given):
            lines += ["        " + line for line in call]
            continue
        same = "==" if test.equal else "!="
        lines.append(f"        v = context.get({test.name!r}, ABSENT)")
        if test.field is None:
            lines.append(f"        if v is ABSENT or v {same} {faction!r}:")
        else:
            lines.append(f"        if type(v) is not dict or {test.field!r} not in v "
                         f"or v[{test.field!r}] {same} {faction!r}:")
        lines += ["            " + line for line in call]
    lines += ["    except RecursionError:", "        endless(running)", "    finally:", "        if running:",
              "            running.pop()", "    return value", ""]
    from rootlaw.files.code_cache import compiled  # here: `import rootlaw` loads no file layer
    exec(compiled("\n".join(lines), f"<rootlaw hook {hook}>", _KEPT), namespace)  # noqa: S102 - fixed text, repr()'d names
    return namespace["fold"]


def _answered(test: Any, given: tuple[str, Any]) -> bool:
    """Whether an owner test reads the given name itself (not a field of it): then `given`
    answers it before any game is played."""
    return test.field is None and test.name == given[0]


def _may_hold(fn: Callable, faction: str | frozenset[int], given: tuple[str, Any]) -> bool:
    """Whether a modifier may run in a context whose name `given[0]` is `given[1]`: False only
    for a faction's own modifier whose owner test on that name fails for that value, as the
    fold's inline test `v is ABSENT or v == FACTION` (or `!=`) would find it."""
    test = getattr(fn, "test", None)
    if type(faction) is not str or not hasattr(fn, "apply") or test is None or not _answered(test, given):
        return True
    return (given[1] == faction) is test.equal


def asked_for(rules: Any, hook: str, name: str, value: Any) -> Callable[[Any, Any, dict], Any] | None:
    """The fold of `hook` for a context whose `name` is `value` (a move's player, a battle's
    attacker): its modifiers that may apply then, made once per rules; None when there is none,
    and the hook's value stands without a call. A Law that asks a hook for one faction, clearing
    after clearing, looks it up once and calls it with the same context `Game.modify` would give."""
    key = ("fold", hook, name, value)
    made = rules.memo.get(key, _ABSENT)
    if made is _ABSENT:
        entries = list(zip(rules.modifiers[hook], rules.modifier_owners[hook])) if hook in rules.modifiers else []
        made = rules.memo[key] = fold(hook, entries, (name, value)) if entries else None
    return made


def owners(entries: list[tuple[Callable, str | frozenset[int]]]) -> tuple[tuple[str, str | None], frozenset[str]] | None:
    """When every modifier is a faction's own and asks first whether one same value of the
    hook (`player`, `piece.faction`) is its faction: that (name, field) and those factions. A
    faction's name there outside them runs no modifier, so the hook's value stands."""
    tests = [getattr(fn, "test", None) if type(faction) is str and hasattr(fn, "apply") else None
             for fn, faction in entries]
    if not tests or any(test is None or not test.equal for test in tests) or \
            len({(test.name, test.field) for test in tests}) > 1:
        return None
    return (tests[0].name, tests[0].field), frozenset(faction for _, faction in entries)


def gather(event: str, entries: list[tuple[Callable, str | frozenset[int]]]) -> Callable[[Any, dict], list[dict]]:
    """One function collecting the reactions to `event` of its listeners, in order: (listener,
    its faction when it is a faction's own trigger, else its card's copies)."""
    namespace: dict[str, Any] = {"ABSENT": _ABSENT, "cards_in_play": cards_in_play}
    lines = ["def gather(game, payload):", "    frames = []"]
    if any(type(faction) is not str for _, faction in entries):
        lines.append("    played = cards_in_play(game)")
    for i, (fn, faction) in enumerate(entries):
        test = getattr(fn, "test", None)
        if type(faction) is not str:
            namespace[f"l{i}"], namespace[f"c{i}"] = fn, faction
            lines += [f"    {_held(i)}", f"        frames += l{i}(game, {event!r}, payload)"]
            continue
        if not hasattr(fn, "fire") or test is not None and (test.name != "event" or test.field is None):
            namespace[f"l{i}"] = fn
            lines.append(f"    frames += l{i}(game, {event!r}, payload)")
            continue
        namespace[f"l{i}"] = fn.fire
        call = [f"f = l{i}(game, {faction!r}, {{}}, payload)", "if f is not None:", "    frames.append(f)"]
        if test is None:
            lines += ["    " + line for line in call]
            continue
        same = "==" if test.equal else "!="
        lines.append(f"    if {test.field!r} not in payload or payload[{test.field!r}] {same} {faction!r}:")
        lines += ["        " + line for line in call]
    lines += ["    return frames", ""]
    from rootlaw.files.code_cache import compiled  # here: `import rootlaw` loads no file layer
    exec(compiled("\n".join(lines), f"<rootlaw event {event}>", _KEPT), namespace)  # noqa: S102 - fixed text, repr()'d names
    return namespace["gather"]
