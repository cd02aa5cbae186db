"""Battle (Law 4.3): defender, ambush and foil, dice, effects, hits, and removal in one batch.

The frame keeps every number of the battle (rolls, rolled and extra hits) so abilities that
react during the battle can read and adjust them, and scenarios can assert them.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable

from rootlaw.core.cards import matches_suit
from rootlaw.core.folds import asked_for
from rootlaw.core.frames import Entry, handler
from rootlaw.core.game import Game, distinct_cards
from rootlaw.core.identity import distinct
from rootlaw.core.locations import clearing_loc

HITTABLE = ("warrior", "building", "token")
ATTACKERS = ("warrior", "pawn")  # a battle starts where the attacker has one of these (Law 4.3)


def battle_clearings(game: Game, player: str, where: tuple[int, ...] | None = None,
                     against: tuple[str, ...] | None = None, first: bool = False) -> list[int]:
    """Clearings where `player` may start a battle: own warriors or a pawn there (Law 4.3)
    and a defender to pick. `first` stops at the first one (for "can this player battle?")."""
    out = []
    allowed = asked_for(game.rules, "may_battle", "attacker", player)  # looked up once for every clearing
    for c in _attacking_from(game, player):
        if (where is None or c in where) and _defenders(game, player, c, against, first, allowed):
            out.append(c)
            if first:
                break
    return out


def _attacking_from(game: Game, player: str) -> tuple[int, ...]:
    """Clearings where the player has a warrior or a pawn standing, in the map's order; kept
    until the board changes."""
    key = ("attackers", player)
    present = game._kept.get(key)
    if present is None:
        memo = game.rules.memo
        keys = memo.get(key)
        if keys is None:  # each clearing's board count keys to look up (of the categories it has): fixed by the rules
            has = [category for category in ATTACKERS
                   if any(piece.category == category for piece in game.faction(player).pieces.values())]
            keys = memo[key] = {loc: (c, tuple((loc, player, category) for category in has))
                                for c, loc in zip(game.rules.clearing_ids, game.rules.clearing_locs)}
        counts = game._counts or game.counts()
        index = counts.categories
        out = []
        for loc in counts.places.get(player, ()):  # where it has pieces, in the map's order
            entry = keys.get(loc)  # None: a forest
            if entry is not None:
                for count_key in entry[1]:
                    if count_key in index:
                        out.append(entry[0])
                        break
        present = game._kept[key] = tuple(out)
    return present


def defenders(game: Game, attacker: str, clearing: int, against: tuple[str, ...] | None = None,
              first: bool = False) -> list[str]:
    """Enemies with pieces in the clearing that the attacker may battle (restrictions apply);
    a coalition partner is no enemy (Law 9.2.8). `first` stops at the first one."""
    return _defenders(game, attacker, clearing, against, first, asked_for(game.rules, "may_battle", "attacker", attacker))


def _defenders(game: Game, attacker: str, clearing: int, against: tuple[str, ...] | None, first: bool,
               allowed: Callable | None) -> list[str]:
    """`defenders`, with the attacker's `may_battle` restrictions (None: none to ask) given."""
    kinds, loc = (game._counts or game.counts()).kinds, clearing_loc(clearing)
    out = []
    for enemy in game.s.seats:  # the factions present, in seat order (`factions_present`)
        if (loc, enemy, None) in kinds and game.are_enemies(attacker, enemy) and \
                (against is None or enemy in against) and \
                (allowed is None or allowed(game, True, {"attacker": attacker, "defender": enemy, "clearing": clearing})):
            out.append(enemy)
            if first:
                break
    return out


def ambush_cards(game: Game, faction: str, clearing: int) -> list[int]:
    """Ambush cards matching the clearing's suit, birds wild (4.3.1); two birds are one option."""
    suit = game.suit(clearing)
    deck = game.rules.deck.cards
    return distinct_cards(game, [c for c in game.player(faction).hand
                                 if deck[c].kind == "ambush" and matches_suit(deck[c].suit, suit)])


@handler("battle", Entry(params=("clearing", "defender")))
def battle(game: Game, f: dict) -> None:
    attacker = f["player"]
    stage = f.get("stage", "clearing")
    if stage == "clearing":
        if "clearing" not in f:
            options = battle_clearings(game, attacker, f.get("where"), f.get("against"))
            if not options:
                game.pop(False)
                return
            if game.ask(f, "clearing", attacker, "battle_where", options, "battle in which clearing?"):
                return
        if "defender" not in f:
            if game.ask(f, "defender", attacker, "battle_defender",
                        defenders(game, attacker, f["clearing"], f.get("against")),
                        "battle whom?"):
                return
        # declared hook point for interventions: abilities may add a cost or cancel the battle
        f["stage"], f["cancellable"] = "start", True
        game.emit("before_battle", player=attacker, clearing=f["clearing"], defender=f["defender"])
        return
    if stage == "start":
        del f["cancellable"]
        if f.get("cancelled"):
            game.log("battle_cancelled", faction=attacker, clearing=f["clearing"])
            game.pop(False)
            return
        game.log("battle", faction=attacker, defender=f["defender"], clearing=f["clearing"])
        game.trace("4.3", f"{attacker} attacks {f['defender']} in {f['clearing']}")
        pieces, categories = game.s.pieces, game.rules.categories
        f["before"] = tuple([{"piece": pid, "faction": pieces[pid][0], "kind": pieces[pid][1],
                              "category": categories[pieces[pid][:2]]}
                             for pid in game.pieces_at(clearing_loc(f["clearing"]))])
        f["removed"] = ()
        f["stage"] = "ambush"
        game.emit("battle_started", attacker=attacker, defender=f["defender"], clearing=f["clearing"])
        return
    defender, clearing = f["defender"], f["clearing"]
    if stage == "ambush":
        _ambush(game, f, attacker, defender, clearing)
    elif stage == "ambush_hits":
        lost = f.get("att_lost", ())
        f["att_lost"] = ()
        lost = _damage(game, f, lost)
        game.remove(lost, "ambush", defender, attacker=attacker, defender=defender, clearing=clearing)
        f["stage"] = "after_ambush"
    elif stage == "after_ambush":
        if game.count(attacker, clearing, ("warrior", "pawn")) == 0:
            game.trace("4.3.1.II", "no attacking warriors remain; the battle ends")
            _finish(game, f)
        else:
            f["stage"] = "roll"
    elif stage == "roll":
        _roll(game, f, attacker, defender, clearing)
    elif stage == "effects":
        f["stage"] = "hits"
        game.emit("battle_effects", attacker=attacker, defender=defender, clearing=clearing)
    elif stage == "hits":
        f["stage"] = "hits_on_attacker"
        game.push({"op": "take_hits", "player": defender, "clearing": clearing,
                   "count": f["att_hits"] + f["att_extra"], "chosen": ()}, ret="def_lost")
    elif stage == "hits_on_attacker":
        f["stage"] = "remove"
        game.push({"op": "take_hits", "player": attacker, "clearing": clearing,
                   "count": f["def_hits"] + f["def_extra"], "chosen": ()}, ret="att_lost")
    elif stage == "remove":
        f["stage"] = "done"
        lost_def, lost_att = f.get("def_lost", ()), f.get("att_lost", ())
        game.trace("4.3.4", f"hits dealt: {len(lost_def)} to {defender}, {len(lost_att)} to {attacker}")
        lost_def, lost_att = _damage(game, f, lost_def), _damage(game, f, lost_att)
        by = {pid: attacker for pid in lost_def} | {pid: defender for pid in lost_att}
        game.remove(lost_def + lost_att, "battle", by, attacker=attacker, defender=defender, clearing=clearing)
    else:
        _finish(game, f)


def _ambush(game: Game, f: dict, attacker: str, defender: str, clearing: int) -> None:
    if "ambush" not in f:
        cards = ambush_cards(game, defender, clearing)
        if not cards or not game.modify("ambush_allowed", True, attacker=attacker, defender=defender):
            f["stage"] = "roll"
            return
        if game.ask(f, "ambush", defender, "ambush", ("none",) + tuple(cards), "play an ambush card?"):
            return
    if f["ambush"] == "none":
        f["stage"] = "roll"
        return
    if "played" not in f:
        game.spend(defender, f["ambush"])
        f["played"] = True
        game.log("ambush", faction=defender, card=f["ambush"])
    if "foil" not in f:
        cards = ambush_cards(game, attacker, clearing)
        if cards and game.ask(f, "foil", attacker, "foil", ("none",) + tuple(cards), "foil the ambush?"):
            return
        f.setdefault("foil", "none")
    if f["foil"] != "none":
        game.spend(attacker, f["foil"])
        game.log("foil", faction=attacker, card=f["foil"])
        game.trace("4.3.1.I", f"{attacker} foils {defender}'s ambush")
        f["stage"] = "roll"
        return
    game.trace("4.3.1.II", f"{defender}'s ambush deals 2 hits")
    f["stage"] = "ambush_hits"
    game.push({"op": "take_hits", "player": attacker, "clearing": clearing, "count": 2, "chosen": ()},
              ret="att_lost")


def _damage(game: Game, f: dict, hit: tuple[int, ...]) -> tuple[int, ...]:
    """Pieces whose kind takes hits as a state (an item damaged) get it instead of being
    removed; the others, returned, are removed. The battle remembers what it damaged."""
    defs, removed, damaged = game.rules.piece_defs, [], []
    for pid in hit:
        state = defs[game.s.pieces[pid][:2]].hit_state if pid in game.s.pieces else None
        if state is None:
            removed.append(pid)
        elif game.set_state(pid, state, True):
            damaged.append(pid)
    if damaged:
        owner = game.s.pieces[damaged[0]][0]
        kinds = [game.s.pieces[p][1] for p in damaged]
        game.log("damaged", faction=owner, pieces=sorted(Counter(kinds).items()))
        game.trace("4.3.4", f"{owner} takes {len(damaged)} hit(s) as damage: {', '.join(kinds)}")
        f["damaged"] = f.get("damaged", ()) + tuple(damaged)
    return tuple(removed)


def _roll(game: Game, f: dict, attacker: str, defender: str, clearing: int) -> None:
    dice = sorted((game.roll_die(), game.roll_die()), reverse=True)
    high, low = dice
    swapped = game.modify("defender_takes_higher_roll", False, attacker=attacker, defender=defender,
                          clearing=clearing)
    att_roll, def_roll = (low, high) if swapped else (high, low)
    att_cap = game.modify("max_rolled_hits", game.count(attacker, clearing), faction=attacker, clearing=clearing)
    def_cap = game.modify("max_rolled_hits", game.count(defender, clearing), faction=defender, clearing=clearing)
    f["dice"] = (high, low)
    f["att_hits"], f["def_hits"] = min(att_roll, att_cap), min(def_roll, def_cap)
    f["att_extra"] = game.modify("extra_hits", 0, side="attacker", attacker=attacker, defender=defender,
                                 clearing=clearing)
    f["def_extra"] = game.modify("extra_hits", 0, side="defender", attacker=attacker, defender=defender,
                                 clearing=clearing)
    game.trace("4.3.2", f"dice {high} and {low}: {attacker} rolls {f['att_hits']}, {defender} {f['def_hits']}"
               + (" (defender takes the higher roll)" if swapped else ""))
    if game.modify("defenseless", game.count(defender, clearing) == 0, attacker=attacker, defender=defender,
                   clearing=clearing):
        f["att_extra"] += 1
        game.trace("4.3.3.II", f"{defender} is defenseless: 1 extra hit")
    game.log("dice", high=high, low=low, faction=attacker, hits=f["att_hits"], extra=f["att_extra"],
             defender=defender, defender_hits=f["def_hits"], defender_extra=f["def_extra"])
    f["stage"] = "effects"


def _finish(game: Game, f: dict) -> None:
    game.emit("battle_ended", attacker=f["player"], defender=f["defender"], clearing=f["clearing"],
              removed=f["removed"], before=f["before"], damaged=f.get("damaged", ()))
    game.pop(True)


def hit_candidates(game: Game, player: str, clearing: int, chosen: tuple[int, ...]) -> list[int]:
    """Pieces that may take the next hit: warriors before buildings and tokens (Law 4.3.4),
    then the faction's own removal order (its `removal_order` hook).

    Identical pieces are one option; pieces that differ (what they hold, marks) are each one,
    so the receiving player really chooses.
    """
    at, categories = game.s.pieces, game.rules.categories
    pieces = tuple([pid for pid in game.pieces_at(clearing_loc(clearing))
                    if pid not in chosen and at[pid][0] == player and categories[(player, at[pid][1])] in HITTABLE])
    pieces = tuple(game.modify("hit_pieces", pieces, player=player, clearing=clearing, chosen=chosen))
    if game.s.states:  # a piece already in the state a hit would put it in cannot take that hit
        defs, states = game.rules.piece_defs, game.s.states
        pieces = tuple([p for p in pieces if defs[at[p][:2]].hit_state not in states.get(p, ())])
    warriors = tuple([p for p in pieces if categories[at[p][:2]] == "warrior"])
    pool = game.modify("removal_order", warriors or pieces, player=player)
    # `candidates`: every piece that could take this hit, so an ability may reach past warriors-first
    pool = game.modify("hit_order", pool, player=player, clearing=clearing, candidates=pieces)
    return distinct(game, sorted(pool))


@handler("take_hits")
def take_hits(game: Game, f: dict) -> None:
    """The receiving player picks, hit by hit, which of its pieces go (Law 4.3.4); when every
    piece that can be hit will be, nobody is asked."""
    if "pick" in f:
        f["chosen"] = f["chosen"] + (f.pop("pick"),)
    if len(f["chosen"]) >= f["count"]:
        game.pop(f["chosen"])
        return
    options = hit_candidates(game, f["player"], f["clearing"], f["chosen"])
    if not options:
        game.pop(f["chosen"])
        return
    every = _all_taken(game, f) if len(options) > 1 else None
    if every is not None:
        game.pop(every)
        return
    game.ask(f, "pick", f["player"], "take_hit", options,
             f"{f['count'] - len(f['chosen'])} hit(s) left: remove which piece?")


def _all_taken(game: Game, f: dict) -> tuple[int, ...] | None:
    """The pieces hit when the hits left take every piece that can be hit: then the order
    cannot matter and nobody is asked (they go in the order the rules list them, so a replay
    is the same). None when some piece would survive, so the receiver chooses."""
    chosen = f["chosen"]
    while len(chosen) < f["count"]:
        options = hit_candidates(game, f["player"], f["clearing"], chosen)
        if not options:
            return chosen
        chosen += (options[0],)
    return None if hit_candidates(game, f["player"], f["clearing"], chosen) else chosen
