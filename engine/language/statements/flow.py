"""Statements that ask and steer: choose, for each, repeat, if, let, set, mark, offer, cancel,
take an action, say; and those that start the core actions (battle, move, craft)."""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.hooks import ANY_CHANGE, BUILT_IN_ACTIONS
from rootlaw.core.state import freeze
from rootlaw.language import limits
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import can_craft
from rootlaw.law.movement import can_move

from .base import Fn, Stmt, action_frame, as_list, block_frame, ctx_of, shown


class Choose(Stmt):
    def __init__(self, name: str, source: Fn, by: Fn | None, optional: bool, prompt: str, body: str,
                 ability: str, exists: Fn) -> None:
        self.name, self.source, self.by, self.optional, self.prompt, self.body, self.ability = \
            name, source, by, optional, prompt, body, ability
        self.exists = exists  # whether `source` has any item, without building the whole list

    def options(self, ctx: Ctx) -> tuple:
        return choice_options(self.source(ctx))

    def possible(self, ctx: Ctx) -> bool:
        return self.exists(ctx)

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        if "answer" not in f:
            options = self.options(ctx)
            if not options:
                return True
            if asking(game, f, self.by(ctx) if self.by else ctx.me, options, self.optional, self.ability,
                      self.name, self.prompt):
                return False
        answer = f.pop("answer")
        if self.optional and answer == "none":
            return True
        game.push(block_frame(self.body, f["me"], {**f["env"], self.name: answer}, f["ability"]))
        return True


def choice_options(value: Any) -> tuple:
    """What a `choose` offers: the list's items, each once, in order."""
    return tuple(dict.fromkeys(as_list(value)))


def asking(game: Any, f: dict, chooser: Any, options: tuple, optional: bool, ability: str, name: str,
           prompt: str) -> bool:
    """Ask a `choose`'s question in the frame's "answer" slot; True while waiting for it."""
    if optional:
        options = options + ("none",)
    return game.ask(f, "answer", chooser, f"{ability}:{name}", options, prompt or f"{ability}: choose {name}")


class ForEach(Stmt):
    def __init__(self, name: str, source: Fn, body: str) -> None:
        self.name, self.source, self.body = name, source, body

    def run(self, game: Any, f: dict) -> bool:
        items = as_list(self.source(ctx_of(game, f)))
        if items:
            game.push({"op": "for_each", "code": self.body, "name": self.name, "items": freeze(items), "i": 0,
                       "env": f["env"], "me": f["me"], "ability": f["ability"]})
        return True


class Repeat(Stmt):
    def __init__(self, count: Fn, body: str) -> None:
        self.count, self.body = count, body

    def run(self, game: Any, f: dict) -> bool:
        n = limits.repeat_count(self.count(ctx_of(game, f)))
        if n > 0:
            game.push({"op": "for_each", "code": self.body, "name": "_", "items": tuple(range(n)), "i": 0,
                       "env": f["env"], "me": f["me"], "ability": f["ability"]})
        return True


class If(Stmt):
    def __init__(self, cond: Fn, then: str, otherwise: str | None) -> None:
        self.cond, self.then, self.otherwise = cond, then, otherwise

    def run(self, game: Any, f: dict) -> bool:
        code = self.then if self.cond(ctx_of(game, f)) else self.otherwise
        if code:
            game.push(block_frame(code, f["me"], f["env"], f["ability"]))
        return True


class Let(Stmt):
    def __init__(self, name: str, value: Fn) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        f["env"] = {**f["env"], self.name: freeze(self.value(ctx_of(game, f)))}
        return True


class SetVar(Stmt):
    def __init__(self, name: str, value: Fn) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        setting(game, f["me"], self.name, self.value(ctx_of(game, f)))
        return True


def setting(game: Any, me: str, name: str, value: Any) -> None:
    game.player(me).vars[name] = freeze(value)
    game.changed.add(ANY_CHANGE)  # a variable may switch abilities on or off: check every invariant


class Mark(Stmt):
    def __init__(self, name: str, value: Fn | None) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        key = marking(game, f["me"], self.name)
        if self.value is not None:
            marking_value(game, f["me"], key, self.value(ctx_of(game, f)))
        return True


def marking(game: Any, me: str, name: str) -> str:
    """Count one more `mark NAME` this turn; the key its value is marked under."""
    used = game.player(me).used
    key = f"mark:{name}"
    used[key] = used.get(key, 0) + 1
    return key


def marking_value(game: Any, me: str, key: str, value: Any) -> None:
    used = game.player(me).used
    valued = f"{key}:{value}"
    used[valued] = used.get(valued, 0) + 1


class Battle(Stmt):
    def __init__(self, where: Fn | None, against: Fn | None) -> None:
        self.where, self.against = where, against

    def _frame(self, ctx: Ctx) -> dict:
        where = self.where(ctx) if self.where else None
        return battle_frame(ctx.me, where, self.against(ctx) if self.against else None, self.where, self.against)

    def possible(self, ctx: Ctx) -> bool:
        frame = self._frame(ctx)
        return bool(battle_clearings(ctx.game, ctx.me, frame.get("where"), frame.get("against"), first=True))

    def run(self, game: Any, f: dict) -> bool:
        game.push(self._frame(ctx_of(game, f)))
        return True


def battle_frame(me: str, where: Any, against: Any, has_where: Any, has_against: Any) -> dict:
    """The frame of `battle [in WHERE] [against WHO]` (`has_*`: whether the part is written)."""
    frame: dict = {"op": "battle", "player": me}
    if has_where:
        frame["where"] = as_list(where)
    if has_against:
        frame["against"] = as_list(against)
    return frame


class Move(Stmt):
    """The core's move; `of FACTION` forces that faction's pieces to move, my choices (Law
    1.5.5); `unhindered` ignores whatever keeps a move from leaving its origin (Law 9.4.2)."""

    def __init__(self, origin: Fn | None, dest: Fn | None, ignore_rule: bool, only: Fn | None,
                 unhindered: bool = False, owner: Fn | None = None) -> None:
        self.origin, self.dest, self.ignore_rule, self.only = origin, dest, ignore_rule, only
        self.unhindered, self.owner = unhindered, owner

    def _frame(self, ctx: Ctx) -> dict:
        owner = self.owner(ctx) if self.owner else None
        origin = self.origin(ctx) if self.origin else None
        dest = self.dest(ctx) if self.dest else None
        return move_frame(ctx.me, owner, self.unhindered, origin, dest, self.ignore_rule,
                          self.only(ctx) if self.only else None, self.owner, self.origin, self.dest, self.only)

    def possible(self, ctx: Ctx) -> bool:
        frame = self._frame(ctx)
        return can_move(ctx.game, frame["player"], frame)

    def run(self, game: Any, f: dict) -> bool:
        game.push(self._frame(ctx_of(game, f)))
        return True


def move_frame(me: str, owner: Any, unhindered: bool, origin: Any, dest: Any, ignore_rule: bool, only: Any,
               has_owner: Any, has_origin: Any, has_dest: Any, has_only: Any) -> dict:
    """The frame of `move [from X] [to Y] [ignoring rule] [only KINDS] [unhindered] [of OWNER]`
    (`has_*`: whether the part is written)."""
    frame: dict = {"op": "move", "player": me}
    if has_owner:
        frame["player"], frame["chooser"] = owner, me
    if unhindered:
        frame["unhindered"] = True
    if has_origin:
        frame["from"] = as_list(origin)
    if has_dest:
        frame["to"] = as_list(dest)
    if ignore_rule:
        frame["ignore_rule"] = True
    if has_only:
        frame["kinds"] = as_list(only)
    return frame


class Craft(Stmt):
    def possible(self, ctx: Ctx) -> bool:
        return can_craft(ctx.game, ctx.me)

    def run(self, game: Any, f: dict) -> bool:
        game.push({"op": "craft", "player": f["me"]})
        return True


class Offer(Stmt):
    """An action menu opened by an effect (an effect granting "up to 3 actions"): the same menu as a
    turn step's, with its choices and limit fixed when it opens."""

    def __init__(self, choices: Fn, limit: Fn | None, birds: bool, ability: str,
                 written: tuple[str, ...] | None = None) -> None:
        self.choices, self.limit, self.birds, self.ability = choices, limit, birds, ability
        self.written = written  # the choices as the text lists them, when it does (read by tools)

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        choices = offered_choices(game, ctx.me, self.choices(ctx))
        offering(game, ctx.me, choices, self.limit(ctx) if self.limit else None, self.birds, f.get("rule", ""))
        return True


def offered_choices(game: Any, me: str, value: Any) -> tuple:
    choices = as_list(value)
    unknown = [c for c in choices if c not in BUILT_IN_ACTIONS and c not in game.faction(me).actions]
    if unknown:
        raise LanguageError(f"'offer' names no action {', '.join(map(str, unknown))}")
    return choices


def offering(game: Any, me: str, choices: tuple, limit: Any, birds: bool, rule: str) -> None:
    menu = {"offered": True, "choices": choices, "limit": limit, "extra_per_bird": birds, "rule": rule}
    game.push({"op": "actions", "player": me, "menu": menu, "taken": 0})


class Cancel(Stmt):
    """Cancel the action being intervened on: the nearest frame that accepts cancelling."""

    def run(self, game: Any, f: dict) -> bool:
        cancelling(game, f.get("rule", ""))
        return True


def cancelling(game: Any, rule: str) -> None:
    for frame in reversed(game.s.stack):
        if frame.get("cancellable"):
            frame["cancelled"] = True
            game.trace(rule, f"{frame['op']} cancelled")
            return
    raise LanguageError("'cancel' used where no action can be cancelled")


class EndPhase(Stmt):
    """The phase ends once the running effect is done: its remaining steps, action menus and
    card windows are skipped ("end Daylight and begin Evening")."""

    def run(self, game: Any, f: dict) -> bool:
        game.player(f["me"]).used[f"end:{game.s.phase}"] = 1
        game.trace(f.get("rule", ""), f"{f['me']} ends {game.s.phase}")
        return True


class DoAction(Stmt):
    def __init__(self, action: str) -> None:
        self.action = action

    def run(self, game: Any, f: dict) -> bool:
        """The action runs with the caller's names bound (its declared params)."""
        doing(game, f["me"], self.action, f["env"])
        return True


def doing(game: Any, me: str, action: str, env: dict) -> None:
    frame = action_frame(game, me, action)
    frame["env"] = env
    game.push(frame)


class Say(Stmt):
    """A log line: text parts and `{expression}` parts, shown as values are in messages."""

    def __init__(self, parts: tuple) -> None:
        self.parts = parts

    def run(self, game: Any, f: dict) -> bool:
        saying(game, ctx_of(game, f), self.parts)
        return True


def saying(game: Any, ctx: Ctx, parts: tuple) -> None:
    text = "".join(part if isinstance(part, str) else shown(part(ctx)) for part in parts)
    game.log("say", faction=ctx.me, text=text)


