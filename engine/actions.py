"""Turn steps and the action menu: "up to N actions in any order, then one more per bird card".

`step_frame` turns one step of a faction file into a frame; `menu_options` lists what the
player may do right now, from the same checks that the chosen action runs with.
"""
from __future__ import annotations

from .battle import battle_clearings
from .board import path_ends
from .cards import BIRD, matches_suit
from .errors import DataError
from .frames import handler
from .game import Game, clearing_loc, distinct_cards
from .movement import move_options
from . import victory


def step_frame(game: Game, player: str, phase: str, index: int, spec) -> dict:
    """The frame that carries out one step of a faction's turn."""
    if spec == "craft":
        return {"op": "craft", "player": player}
    (kind, arg), = ((k, v) for k, v in spec.items() if k != "rule")
    if kind == "draw":
        return {"op": "draw", "player": player, "count": arg, "rule": spec.get("rule", "6.6")}
    if kind == "discard_to":
        return {"op": "discard_to", "player": player, "limit": arg}
    if kind == "actions":
        return {"op": "actions", "player": player, "phase": phase, "index": index, "taken": 0}
    raise DataError([game.faction(player).doc.problem(("turn", phase, index), f"unknown step '{kind}'")])


def choice_id(choice) -> str:
    return choice if isinstance(choice, str) else next(iter(choice))


def _available(game: Game, player: str, choice) -> bool:
    cid = choice_id(choice)
    if cid == "move":
        return bool(move_options(game, player))
    if cid == "battle":
        return bool(battle_clearings(game, player))
    if cid == "recruit":
        spec = choice["recruit"]
        return game.player(player).supply.get(spec["piece"], 0) > 0 and bool(_recruit_sites(game, player, spec))
    return False


def _recruit_sites(game: Game, player: str, spec: dict) -> list[int]:
    return [c for c in game.clearings() if game.count(player, c, ("building",), spec["at"])]


def _action_frame(player: str, choice) -> dict:
    cid = choice_id(choice)
    if cid == "recruit":
        return {"op": "recruit", "player": player, "piece": choice["recruit"]["piece"], "at": choice["recruit"]["at"]}
    return {"op": cid, "player": player}


def menu_options(game: Game, player: str, spec: dict, taken: int) -> list[str]:
    p = game.player(player)
    free = taken < spec.get("limit", 10**9)
    birds = any(game.card_suit(c) == BIRD for c in p.hand)
    out = []
    for choice in spec["choices"]:
        if _available(game, player, choice):
            if free:
                out.append(choice_id(choice))
            elif spec.get("extra_per_bird") and birds:
                out.append(f"bird:{choice_id(choice)}")
    return out + daylight_extras(game, player) + ["end"]


@handler("actions")
def actions_menu(game: Game, f: dict) -> None:
    player = f["player"]
    spec = game.faction(player).turn[f["phase"]][f["index"]]["actions"]
    if "bird" in f:
        game.spend(player, f.pop("bird"))
        f["taken"] += 1
        game.push(_action_frame(player, _choice(spec, f.pop("paid_for"))))
        return
    if "pick" in f:
        pick = f.pop("pick")
        if pick == "end":
            game.pop()
            return
        if pick.startswith("bird:"):
            f["paid_for"] = pick[5:]
            birds = distinct_cards(game, [c for c in game.player(player).hand if game.card_suit(c) == BIRD])
            game.ask(f, "bird", player, "spend_bird", birds, "spend which bird card?")
            return
        if run_extra(game, player, pick):
            return
        f["taken"] += 1
        game.trace(spec.get("rule", "daylight"), f"{player} takes action {pick}")
        game.push(_action_frame(player, _choice(spec, pick)))
        return
    game.ask(f, "pick", player, "action", menu_options(game, player, spec, f["taken"]),
             f"action {f['taken'] + 1}: what next?")


def _choice(spec: dict, cid: str):
    return next(c for c in spec["choices"] if choice_id(c) == cid)


@handler("recruit")
def recruit(game: Game, f: dict) -> None:
    """Place one piece at each of the faction's buildings of a kind (as far as supply allows)."""
    player = f["player"]
    placed = 0
    for clearing in _recruit_sites(game, player, f):
        for _ in range(game.count(player, clearing, ("building",), f["at"])):
            if game.place(player, f["piece"], clearing_loc(clearing)) is not None:
                placed += 1
    game.log(f"{game.name(player)} recruits {placed} {f['piece']}")
    game.pop()


# --- Daylight options open to every player -------------------------------------------------
def daylight_extras(game: Game, player: str) -> list[str]:
    """Dominance cards (Law 3.3.1, 3.3.4) and the Mountain's closed paths (16.2.3.III)."""
    if game.s.phase != "daylight":
        return []
    p = game.player(player)
    out = [f"dominance:{c}" for c in victory.can_activate_dominance(game, player)]
    for card in game.s.available_dominance:
        suit = game.card_suit(card)
        if any(game.card_suit(c) == BIRD if suit == BIRD else matches_suit(game.card_suit(c), suit) for c in p.hand):
            out.append(f"take_dominance:{card}")
    if p.hand and not game.s.turn_used.get("open_path"):
        for key in game.s.closed_paths:
            a, b = path_ends(key)
            if any(game.s.pieces[pid][0] == player for c in (a, b) for pid in game.pieces_at(clearing_loc(c))):
                out.append(f"open_path:{key}")
    return out


def run_extra(game: Game, player: str, pick: str) -> bool:
    """Start the Daylight option `pick`; False if `pick` is not one."""
    kind, _, arg = pick.partition(":")
    if kind == "dominance":
        victory.activate_dominance(game, player, int(arg))
    elif kind in ("take_dominance", "open_path"):
        game.push({"op": kind, "player": player, "target": int(arg) if kind == "take_dominance" else arg})
    else:
        return False
    return True


@handler("take_dominance")
def take_dominance(game: Game, f: dict) -> None:
    player, card = f["player"], f["target"]
    if "pay" not in f:
        suit = game.card_suit(card)
        hand = game.player(player).hand
        options = distinct_cards(game, [c for c in hand if (game.card_suit(c) == BIRD if suit == BIRD
                                                             else matches_suit(game.card_suit(c), suit))])
        if game.ask(f, "pay", player, "spend_card", options, f"spend which card for the {suit} dominance?"):
            return
    game.spend(player, f["pay"])
    game.s.available_dominance.remove(card)
    game.player(player).hand.append(card)
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
    game.log(f"{game.name(player)} clears the closed path {f['target']}")
    game.score(player, 1, "16.2.3.III", "clearing a closed path")
    game.pop()
