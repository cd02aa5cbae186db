"""Statements that ask and steer: choose, for each, repeat, if, let, set, mark, offer, cancel,
take an action, say; and those that start the core actions (battle, move, craft)."""
from __future__ import annotations

from typing import Any

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.hooks import ANY_CHANGE, BUILT_IN_ACTIONS
from rootlaw.core.state import freeze
from rootlaw.language import limits
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import craftable
from rootlaw.law.movement import can_move

from .base import Fn, Stmt, action_frame, as_list, block_frame, ctx_of, shown


class Choose(Stmt):
    def __init__(self, name: str, source: Fn, by: Fn | None, optional: bool, prompt: str, body: str,
                 ability: str, exists: Fn) -> None:
        self.name, self.source, self.by, self.optional, self.prompt, self.body, self.ability = \
            name, source, by, optional, prompt, body, ability
        self.exists = exists  # whether `source` has any item, without building the whole list

    def options(self, ctx: Ctx) -> tuple:
        return tuple(dict.fromkeys(as_list(self.source(ctx))))

    def possible(self, ctx: Ctx) -> bool:
        return self.exists(ctx)

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        if "answer" not in f:
            options = self.options(ctx)
            if not options:
                return True
            if self.optional:
                options = options + ("none",)
            chooser = self.by(ctx) if self.by else ctx.me
            if game.ask(f, "answer", chooser, f"{self.ability}:{self.name}", options,
                        self.prompt or f"{self.ability}: choose {self.name}"):
                return False
        answer = f.pop("answer")
        if self.optional and answer == "none":
            return True
        game.push(block_frame(self.body, f["me"], {**f["env"], self.name: answer}, f["ability"]))
        return True


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
        game.player(f["me"]).vars[self.name] = freeze(self.value(ctx_of(game, f)))
        game.changed.add(ANY_CHANGE)  # a variable may switch abilities on or off: check every invariant
        return True


class Mark(Stmt):
    def __init__(self, name: str, value: Fn | None) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        used = game.player(f["me"]).used
        key = f"mark:{self.name}"
        used[key] = used.get(key, 0) + 1
        if self.value is not None:
            valued = f"{key}:{self.value(ctx_of(game, f))}"
            used[valued] = used.get(valued, 0) + 1
        return True


class Battle(Stmt):
    def __init__(self, where: Fn | None, against: Fn | None) -> None:
        self.where, self.against = where, against

    def _frame(self, ctx: Ctx) -> dict:
        frame: dict = {"op": "battle", "player": ctx.me}
        if self.where:
            frame["where"] = as_list(self.where(ctx))
        if self.against:
            frame["against"] = as_list(self.against(ctx))
        return frame

    def possible(self, ctx: Ctx) -> bool:
        frame = self._frame(ctx)
        return bool(battle_clearings(ctx.game, ctx.me, frame.get("where"), frame.get("against"), first=True))

    def run(self, game: Any, f: dict) -> bool:
        game.push(self._frame(ctx_of(game, f)))
        return True


class Move(Stmt):
    """The core's move; `of FACTION` forces that faction's pieces to move, my choices (Law
    1.5.5); `unhindered` ignores whatever keeps a move from leaving its origin (Law 9.4.2)."""

    def __init__(self, origin: Fn | None, dest: Fn | None, ignore_rule: bool, only: Fn | None,
                 unhindered: bool = False, owner: Fn | None = None) -> None:
        self.origin, self.dest, self.ignore_rule, self.only = origin, dest, ignore_rule, only
        self.unhindered, self.owner = unhindered, owner

    def _frame(self, ctx: Ctx) -> dict:
        frame: dict = {"op": "move", "player": ctx.me}
        if self.owner:
            frame["player"], frame["chooser"] = self.owner(ctx), ctx.me
        if self.unhindered:
            frame["unhindered"] = True
        if self.origin:
            frame["from"] = as_list(self.origin(ctx))
        if self.dest:
            frame["to"] = as_list(self.dest(ctx))
        if self.ignore_rule:
            frame["ignore_rule"] = True
        if self.only:
            frame["kinds"] = as_list(self.only(ctx))
        return frame

    def possible(self, ctx: Ctx) -> bool:
        frame = self._frame(ctx)
        return can_move(ctx.game, frame["player"], frame)

    def run(self, game: Any, f: dict) -> bool:
        game.push(self._frame(ctx_of(game, f)))
        return True


class Craft(Stmt):
    def possible(self, ctx: Ctx) -> bool:
        return bool(craftable(ctx.game, ctx.me))

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
        choices = as_list(self.choices(ctx))
        unknown = [c for c in choices if c not in BUILT_IN_ACTIONS and c not in game.faction(ctx.me).actions]
        if unknown:
            raise LanguageError(f"'offer' names no action {', '.join(map(str, unknown))}")
        menu = {"offered": True, "choices": choices, "limit": self.limit(ctx) if self.limit else None,
                "extra_per_bird": self.birds, "rule": f.get("rule", "")}
        game.push({"op": "actions", "player": ctx.me, "menu": menu, "taken": 0})
        return True


class Cancel(Stmt):
    """Cancel the action being intervened on: the nearest frame that accepts cancelling."""

    def run(self, game: Any, f: dict) -> bool:
        for frame in reversed(game.s.stack):
            if frame.get("cancellable"):
                frame["cancelled"] = True
                game.trace(f.get("rule", ""), f"{frame['op']} cancelled")
                return True
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
        frame = action_frame(game, f["me"], self.action)
        frame["env"] = f["env"]
        game.push(frame)
        return True


class Say(Stmt):
    """A log line: text parts and `{expression}` parts, shown as values are in messages."""

    def __init__(self, parts: tuple) -> None:
        self.parts = parts

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        text = "".join(part if isinstance(part, str) else shown(part(ctx)) for part in self.parts)
        game.log("say", faction=f["me"], text=text)
        return True


