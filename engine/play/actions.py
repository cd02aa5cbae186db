"""Turn steps and the action menu: "up to N actions in any order, then one more per bird card".

`step_frame` turns one (compiled) step of a faction's turn into a frame; `menu_options` lists
what the player may do now, from the same checks the chosen action runs with. The menu also
offers the Law's Daylight options open to every player (dominance cards, closed paths).
"""
from __future__ import annotations

from rootlaw.core.board import path_ends
from rootlaw.core.cards import BIRD, matches_suit
from rootlaw.core.context import Ctx
from rootlaw.core.frames import handler
from rootlaw.core.game import Game, distinct_cards
from rootlaw.core.locations import clearing_loc
from rootlaw.core.visibility import hand_place, show
from rootlaw.language.runtime import can_start
from rootlaw.language.statements import action_frame, block_frame
from rootlaw.law import victory
from rootlaw.law.battle import battle_clearings
from rootlaw.law.crafting import can_craft
from rootlaw.law.movement import can_move

BUILT_IN = {"move": can_move,
            "battle": lambda g, p: bool(battle_clearings(g, p, first=True)),
            "craft": can_craft}


def step_frame(game: Game, player: str, step: dict) -> dict:
    """The frame that carries out one step of a faction's turn."""
    kind = step["kind"]
    if kind == "craft":
        return {"op": "craft", "player": player}
    if kind == "do":
        return block_frame(step["code"], player, {}, step["label"], step["rule"])
    if kind == "actions":
        return {"op": "actions", "player": player, "step": _step_key(game, player, step), "taken": 0}
    if kind == "draw":
        return {"op": "draw", "player": player, "count": evaluate(game, player, step["count"]), "rule": step["rule"]}
    return {"op": "discard_to", "player": player, "limit": evaluate(game, player, step["limit"])}


def _step_key(game: Game, player: str, step: dict) -> tuple:
    """Where `step` stands in its faction's turn, (phase, index): from a table by the steps'
    ids made once per rules (the turn's step dicts live as long as the rules, each its own id)."""
    memo = game.rules.memo
    keys = memo.get(("step keys", player))
    if keys is None:
        turn = game.rules.factions[player].turn
        keys = memo[("step keys", player)] = {id(s): (phase, i) for phase, steps in turn.items()
                                              for i, s in enumerate(steps)}
    key = keys.get(id(step))
    if key is None:
        raise AssertionError("step not found in its faction's turn")
    return key


def evaluate(game: Game, player: str, code: str | None):
    return None if code is None else game.rules.code[code](Ctx(game, player, {}))


def startable(game: Game, player: str, choices: tuple[str, ...]) -> list[str]:
    """The choices that can start now, in order: a built-in action when the Law's check allows
    it, a faction's action when it was not taken already this turn (if once per turn), its
    condition holds and its first statement can do something (its generated check,
    engine/language/legality.py, or the statement's `possible`), so no offered action fails
    when chosen. One loop for a whole menu: a check is a call of its generated function, with
    no call per choice around it."""
    out = []
    rules = game.rules
    actions = rules.factions[player].actions
    code = rules.code
    used = game.s.players[player].used
    for choice in choices:
        law = BUILT_IN.get(choice)
        if law is not None:
            if law(game, player):
                out.append(choice)
            continue
        a = actions[choice]
        if a.once_per_turn and used.get(f"action:{choice}"):
            continue
        if a.when is not None and not a.when(Ctx(game, player, {})):
            continue
        stmts = code[a.code]
        can = stmts.can
        if can(game, player, {}) if can is not None else (not stmts or stmts[0].possible(Ctx(game, player, {}))):
            out.append(choice)
    return out


def available(game: Game, player: str, choice: str) -> bool:
    """Whether one choice can start now (`startable`)."""
    return bool(startable(game, player, (choice,)))


_AVAILABLE = available  # the module's own: `startable` answers for a whole menu at once


def menu_options(game: Game, player: str, step: dict, taken: int, limit: int | None) -> list[str]:
    """What the player may pick, `taken` actions into the step, whose limit (`_limit`) is `limit`."""
    if limit is None or taken < limit:  # most menus: every choice that can start
        if available is _AVAILABLE:
            out = startable(game, player, step["choices"])
        else:  # a stand-in for `available` (benchmarks/ceilings.py, legality_repeats.py) sees each check
            out = [choice for choice in step["choices"] if available(game, player, choice)]
    else:
        out = []
        # past the limit, a bird card in hand pays for one more action
        birds = step["extra_per_bird"] and BIRD in _hand_suits(game, player)
        actions = game.rules.factions[player].actions
        for choice in step["choices"]:
            beside = choice in actions and actions[choice].free
            if (beside or birds) and available(game, player, choice):
                out.append(choice if beside else f"bird:{choice}")
    out += daylight_extras(game, player)
    out.append("end")
    return out


@handler("actions")
def actions_menu(game: Game, f: dict) -> None:
    player = f["player"]
    s = game.s
    if s.players[player].used.get(f"end:{s.phase}"):  # `end phase` ran: no more actions
        game.pop()
        return
    if "menu" in f:
        step = f["menu"]
    else:
        phase, index = f["step"]
        step = game.rules.factions[player].turn[phase][index]
    if "bird" in f:
        game.spend(player, f.pop("bird"))
        _start(game, f, player, step, f.pop("paid_for"))
        return
    if "paid_for" in f:  # run again while it waits for the bird card (a saved game's check)
        _ask_bird(game, f, player)
        return
    if "pick" in f:
        pick = f.pop("pick")
        if f.pop("repeatable", False) and pick != "end":
            f["tried"] = f.get("tried", ()) + ((s.outline(), s.position(), pick),)
        if pick == "end":
            game.pop()
        elif pick.startswith("bird:"):
            f["paid_for"] = pick[5:]
            _ask_bird(game, f, player)
        elif ":" not in pick or not run_extra(game, player, pick):  # an extra's pick is KIND:ARG
            _start(game, f, player, step, pick)
        return
    # the limit is worked out before the menu's checks and asked again after them only when
    # working it out drew from the generator (a limit that rolls dice rolls them twice, as it
    # always did): one that drew nothing read nothing the checks can change (they change
    # nothing but the generator and the log, which no expression reads), so it is the same
    drawn = s.rng, len(s.forced_dice)
    limit = _limit(game, player, step)
    rolled = (s.rng, len(s.forced_dice)) != drawn
    options = menu_options(game, player, step, f["taken"], limit)
    if (_limit(game, player, step) if rolled else limit) is None:
        options = _can_change(game, f, options)
    game.ask(f, "pick", player, "action", options, f"action {f['taken'] + 1}: what next?")


def _ask_bird(game: Game, f: dict, player: str) -> None:
    """Which bird card pays for the action past the limit (`paid_for`)."""
    birds = distinct_cards(game, [c for c in game.player(player).hand if game.card_suit(c) == BIRD])
    game.ask(f, "bird", player, "spend_bird", birds, "spend which bird card?")


def _limit(game: Game, player: str, step: dict) -> int | None:
    """A turn step's limit, an expression counted before each action; an effect's `offer`
    fixed its limit when it opened the menu."""
    code = step["limit"]  # (`evaluate` written in: asked at every menu)
    return code if code is None or step.get("offered") else game.rules.code[code](Ctx(game, player, {}))


def _can_change(game: Game, f: dict, options: list[str]) -> list[str]:
    """A menu with no limit offers each action again only while it can change something: it
    keeps the positions it took actions in, and back at one of them (an action undone, a
    token moved back, a craft that crafted nothing), what was already taken there is not
    offered again: taking it again could only reach what it reached before. (Only positions
    whose outline matches are hashed whole.)"""
    f["repeatable"] = True
    outline = game.s.outline()
    earlier = [(where, choice) for seen, where, choice in f.get("tried", ()) if seen == outline]
    if not earlier:
        return options
    here = game.s.position()
    taken = {choice for where, choice in earlier if where == here}
    return [o for o in options if o not in taken]


def _start(game: Game, f: dict, player: str, step: dict, choice: str) -> None:
    actions = game.rules.factions[player].actions
    if not (choice in actions and actions[choice].free):
        f["taken"] += 1
    game.log("action", faction=player, action=choice)
    if step["rule"]:
        game.trace(step["rule"], f"{player} takes {choice}")
    if choice in BUILT_IN:
        game.push({"op": choice, "player": player})
    else:
        game.push(action_frame(game, player, choice))


# --- Daylight options open to every player -------------------------------------------------
def daylight_extras(game: Game, player: str) -> list[str]:
    """Dominance cards (Law 3.3.1, 3.3.4), the Mountain's closed paths (16.2.3.III) and the
    actions of persistent cards in play (asked only of a player who has one: most have none)."""
    s = game.s
    persistent = s.players[player].persistent
    if s.phase != "daylight":
        return card_actions(game, player) if persistent else []
    out = [f"dominance:{c}" for c in victory.can_activate_dominance(game, player)]
    if s.available_dominance:
        suits = _hand_suits(game, player)  # once for every available card
        for card in s.available_dominance:
            if _can_pay_dominance(game, player, card, suits):
                out.append(f"take_dominance:{card}")
    if s.closed_paths and s.players[player].hand and not s.turn_used.get("open_path"):
        for key in s.closed_paths:
            a, b = path_ends(key)
            if any(game.s.pieces[pid][0] == player for c in (a, b) for pid in game.pieces_at(clearing_loc(c))):
                out.append(f"open_path:{key}")
    return (out + card_actions(game, player)) if persistent else out


def card_window(player: str) -> dict:
    """A menu between two steps of a phase that offers only what any moment of the phase
    allows (a card's "in Birdsong" action, Daylight's options open to every player)."""
    menu = {"offered": True, "choices": (), "limit": 0, "extra_per_bird": False, "rule": ""}
    return {"op": "actions", "player": player, "menu": menu, "taken": 0}


def card_actions(game: Game, player: str) -> list[str]:
    """Persistent cards in play that offer an action in this phase (Tax Collector, Codebreakers)."""
    persistent = game.s.players[player].persistent
    if not persistent:  # most players, most of the game
        return []
    out = []
    deck = game.rules.deck
    for card in persistent:
        action = deck.actions.get(deck.cards[card].id)
        if action is None or action.phase != game.s.phase:
            continue
        if action.once_per_turn and game.player(player).used.get(f"card:{action.card}"):
            continue
        ctx = Ctx(game, player, {"card": card})
        if can_start(game, action.when, action.code, ctx):
            out.append(f"card:{card}")
    return out


def _dominance_payments(game: Game, player: str, card: int) -> list[int]:
    """Cards that can buy an available dominance card: its suit, and only a bird for the bird one."""
    suit = game.card_suit(card)
    hand = game.player(player).hand
    if suit == BIRD:
        return distinct_cards(game, [c for c in hand if game.card_suit(c) == BIRD])
    return distinct_cards(game, [c for c in hand if matches_suit(game.card_suit(c), suit)])


def _hand_suits(game: Game, player: str) -> set[str]:
    """The suits of the cards in a player's hand."""
    cards = game.rules.deck.cards
    return {cards[c].suit for c in game.s.players[player].hand}


def _can_pay_dominance(game: Game, player: str, card: int, suits: set[str] | None = None) -> bool:
    """Whether `_dominance_payments` has any card (a menu asks only this), from the suits in
    hand (`suits`: `_hand_suits`, when the caller has them): whether a card pays depends on its
    suit alone."""
    if suits is None:
        suits = _hand_suits(game, player)
    suit = game.card_suit(card)
    if suit == BIRD:
        return BIRD in suits
    return any(matches_suit(s, suit) for s in suits)


def run_extra(game: Game, player: str, pick: str) -> bool:
    """Start the Daylight option `pick`; False if `pick` is not one."""
    kind, _, arg = pick.partition(":")
    if kind == "dominance":
        victory.activate_dominance(game, player, int(arg))
    elif kind in ("take_dominance", "open_path"):
        game.push({"op": kind, "player": player, "target": int(arg) if kind == "take_dominance" else arg})
    elif kind == "card":
        card = int(arg)
        action = game.rules.deck.actions[game.rules.deck.cards[card].id]
        used = game.player(player).used
        used[f"card:{action.card}"] = used.get(f"card:{action.card}", 0) + 1
        game.push(block_frame(action.code, player, {"card": card}, action.card, action.rule))
    else:
        return False
    return True


@handler("take_dominance")
def take_dominance(game: Game, f: dict) -> None:
    player, card = f["player"], f["target"]
    if "pay" not in f:
        if game.ask(f, "pay", player, "spend_card", _dominance_payments(game, player, card),
                    f"spend which card for the {game.card_suit(card)} dominance?"):
            return
    game.spend(player, f["pay"])
    game.s.available_dominance.remove(card)
    game.player(player).hand.append(card)
    game.log("take_dominance", faction=player, card=card)
    for seat in game.s.seats:  # taken from beside the map: everyone knows where it went
        if seat != player:
            show(game, seat, card, hand_place(player))
    game.trace("3.3.4", f"{player} takes the available {game.card_suit(card)} dominance card")
    game.pop()


@handler("open_path")
def open_path(game: Game, f: dict) -> None:
    player = f["player"]
    if "pay" not in f:
        if game.ask(f, "pay", player, "spend_card", distinct_cards(game, game.player(player).hand),
                    "spend which card to clear the path?"):
            return
    game.spend(player, f["pay"])
    game.s.closed_paths.remove(f["target"])
    game.s.turn_used["open_path"] = 1
    game.log("clear_path", faction=player, path=f["target"])
    game.score(player, 1, "16.2.3.III", {"reason": "closed_path"}, "closed_path")
    game.pop()
