"""The statements of the faction language, as objects the `block` frame runs one at a time.

`run(game, frame)` does the statement's work and returns True when it is finished. A
statement that needs a decision asks with the frame's "answer" slot and returns False; the
frame comes back to the same statement with the answer stored. Statements that start a
longer piece of work (a battle, a choice's body) push a frame and return True.
"""
from __future__ import annotations

from typing import Any, Callable

from rootlaw.core.context import Ctx, LanguageError
from rootlaw.core.hooks import ANY_CHANGE, BUILT_IN_ACTIONS
from rootlaw.core.locations import clearing_loc, piece_loc
from rootlaw.core.state import freeze
from rootlaw.language import limits
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import craftable
from rootlaw.law.movement import can_move

from .builtins import current_battle, location

Fn = Callable[[Ctx], Any]
# what battle effects may change: rolled hits and extra hits each side deals (Law 4.3.2-4.3.3)
BATTLE_FIELDS = ("att_hits", "def_hits", "att_extra", "def_extra")


def ctx_of(game: Any, f: dict) -> Ctx:
    return Ctx(game, f["me"], f["env"])


def as_list(value: Any) -> tuple:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


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


class Place(Stmt):
    def __init__(self, count: Fn, kind: Fn, owner: Fn | None, on_piece: bool, target: Fn, ability: str) -> None:
        self.count, self.kind, self.owner, self.on_piece, self.target, self.ability = \
            count, kind, owner, on_piece, target, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        owner = self.owner(ctx) if self.owner else ctx.me
        kind = self.kind(ctx)
        if (owner, kind) not in game.rules.piece_defs:
            raise LanguageError(f"{owner} has no piece '{kind}'")
        target = self.target(ctx)
        loc = piece_loc(target) if self.on_piece else location(ctx, target)
        placed = 0
        # no more tries than the supply holds (Law 1.5.4): `place 10^12` costs what `place 20` does
        for _ in range(min(self.count(ctx), game.player(owner).supply.get(kind, 0))):
            if game.can_place(owner, kind, loc, by=ctx.me) and game.place(owner, kind, loc) is not None:
                placed += 1
        if placed:
            where = f"on piece {target}" if self.on_piece else f"in {target}"
            game.log(f"{game.name(owner)} places {placed} {kind} {where}")
            # the event speaks the language's values (a clearing, a path, a box); pieces placed
            # on a piece are where that piece stands
            spot = _standing(game, target) if self.on_piece else target
            game.emit("placed", player=owner, kind=kind, location=spot, count=placed)
        return True


def _standing(game: Any, pid: int) -> Any:
    """Where a piece stands, as the language names places: a clearing, a path or a box."""
    loc = game.s.pieces[pid][2]
    while loc[0] == "x":
        loc = game.s.pieces[int(loc[1:])][2]
    return int(loc[1:]) if loc[0] == "c" else loc[1:] if loc[0] == "p" else loc


class Remove(Stmt):
    def __init__(self, pieces: Fn, ability: str) -> None:
        self.pieces, self.ability = pieces, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        pids = as_list(self.pieces(ctx))
        if pids:
            game.log(f"{game.name(ctx.me)} removes {len(pids)} piece(s) ({self.ability})")
            game.remove(pids, "effect", ctx.me, ability=self.ability)
        return True


class Relocate(Stmt):
    """Pieces leave for a clearing, or onto a piece, without a move action ("not a move")."""

    def __init__(self, pieces: Fn, dest: Fn, onto_piece: bool) -> None:
        self.pieces, self.dest, self.onto_piece = pieces, dest, onto_piece

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        dest = self.dest(ctx)
        loc = piece_loc(dest) if self.onto_piece else clearing_loc(dest)
        moved: dict[tuple[str, Any], list[int]] = {}
        for pid in as_list(self.pieces(ctx)):
            owner, kind, _ = game.s.pieces[pid]
            if self.onto_piece and not game.can_hold(dest):
                break
            moved.setdefault((owner, game.clearing_of(pid)), []).append(pid)
            game.relocate(pid, loc)
        for (owner, origin), pids in moved.items():
            group: dict[str, int] = {}
            for pid in pids:
                group[game.s.pieces[pid][1]] = group.get(game.s.pieces[pid][1], 0) + 1
            where = f"onto piece {dest}" if self.onto_piece else f"to {dest}"
            game.log(f"{game.name(owner)}'s {len(pids)} piece(s) leave {origin} {where}")
            game.emit("moved", player=owner, origin=origin, dest=None if self.onto_piece else dest,
                      group=tuple(sorted(group.items())), pieces=tuple(pids), action=False)
        return True


class Score(Stmt):
    def __init__(self, points: Fn, owner: Fn | None, sign: int, ability: str) -> None:
        self.points, self.owner, self.sign, self.ability = points, owner, sign, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.owner(ctx) if self.owner else ctx.me
        points = self.points(ctx) or 0
        game.score(who, self.sign * points, f.get("rule", ""), game.action_label(f["me"], self.ability),
                   self.ability)
        return True


class Draw(Stmt):
    def __init__(self, count: Fn, pile: str | None, owner: Fn | None) -> None:
        self.count, self.pile, self.owner = count, pile, owner

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.owner(ctx) if self.owner else ctx.me
        drawn = 0
        # at most the cards there are to draw: a pile past its limit discards, and the discard
        # pile would feed the deck again without end
        for _ in range(min(self.count(ctx), len(game.s.deck) + len(game.s.discard))):
            card = game.draw_card()
            if card is None:
                break
            drawn += 1
            if self.pile:
                game.add_to_pile(who, self.pile, card)
            else:
                game.player(who).hand.append(card)
        game.log(f"{game.name(who)} draws {drawn} card(s)" + (f" into {self.pile}" if self.pile else ""))
        return True


class MoveCards(Stmt):
    """spend / put / discard: cards chosen one at a time by their holder (birds wild)."""

    def __init__(self, count: Fn | None, suit: Fn, payer: Fn | None, source: str | None, dest: str | None,
                 ability: str) -> None:
        self.count, self.suit, self.payer, self.source, self.dest, self.ability = \
            count, suit, payer, source, dest, ability

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        payer = self.payer(ctx) if self.payer else ctx.me
        game.push({"op": "pay_cards", "payer": payer, "owner": ctx.me, "source": self.source, "dest": self.dest,
                   "suit": self.suit(ctx), "count": self.count(ctx) if self.count else None, "done": 0})
        return True


class DiscardCard(Stmt):
    """Discard one given card from wherever I hold it: play area, hand or a pile."""

    def __init__(self, card: Fn) -> None:
        self.card = card

    def run(self, game: Any, f: dict) -> bool:
        card = self.card(ctx_of(game, f))
        p = game.player(f["me"])
        for cards in (p.persistent, p.hand, *p.piles.values()):
            if card in cards:
                cards.remove(card)
                game.discard_card(card)
                game.log(f"{game.name(f['me'])} discards {game.card_name(card)}")
                break
        return True


class DiscardRandom(Stmt):
    """Discard cards of my pile picked at random: the game's seeded generator picks them, so a
    replay discards the same cards."""

    def __init__(self, count: Fn, pile: str) -> None:
        self.count, self.pile = count, pile

    def run(self, game: Any, f: dict) -> bool:
        cards = game.player(f["me"]).piles.get(self.pile)
        for _ in range(self.count(ctx_of(game, f))):
            if not cards:
                break
            card = cards.pop(game.rng().below(len(cards)))
            game.commit_rng()
            game.discard_card(card)
            game.log(f"{game.name(f['me'])} discards {game.card_name(card)} at random from {self.pile}")
        return True


class SetBattle(Stmt):
    def __init__(self, name: str, value: Fn) -> None:
        self.name, self.value = name, value

    def run(self, game: Any, f: dict) -> bool:
        battle = current_battle(game)
        if battle is None:
            raise LanguageError("'set battle' used outside a battle")
        battle[self.name] = max(0, self.value(ctx_of(game, f)))
        return True


class TakeRandom(Stmt):
    def __init__(self, victim: Fn, pile: str | None) -> None:
        self.victim, self.pile = victim, pile

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        victim = self.victim(ctx)
        hand = game.player(victim).hand
        if hand:
            rng = game.rng()
            card = hand.pop(rng.below(len(hand)))
            game.commit_rng()
            if self.pile:
                game.add_to_pile(ctx.me, self.pile, card)
            else:
                game.player(ctx.me).hand.append(card)
            game.log(f"{game.name(ctx.me)} takes a random card from {game.name(victim)}")
        return True


class Reveal(Stmt):
    def __init__(self, player: Fn) -> None:
        self.player = player

    def run(self, game: Any, f: dict) -> bool:
        ctx = ctx_of(game, f)
        who = self.player(ctx)
        cards = ", ".join(game.card_name(c) for c in game.player(who).hand) or "no cards"
        game.log(f"{game.name(who)} shows their hand: {cards}")
        return True


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
            used[f"{key}:{self.value(ctx_of(game, f))}"] = 1
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
    def __init__(self, origin: Fn | None, dest: Fn | None, ignore_rule: bool, only: Fn | None) -> None:
        self.origin, self.dest, self.ignore_rule, self.only = origin, dest, ignore_rule, only

    def _frame(self, ctx: Ctx) -> dict:
        frame: dict = {"op": "move", "player": ctx.me}
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
        return can_move(ctx.game, ctx.me, self._frame(ctx))

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

    def __init__(self, choices: Fn, limit: Fn | None, birds: bool, ability: str) -> None:
        self.choices, self.limit, self.birds, self.ability = choices, limit, birds, ability

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
        game.log(f"{game.name(f['me'])}: {text}")
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
