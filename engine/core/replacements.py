"""Competing replacements: two abilities would each send one removed piece somewhere else than
its supply (one to a clearing, another to a box, say). Only one can apply, and a
player chooses which, as for simultaneous effects: the player whose piece it is when it was
lost in battle (Law 4.3.4: the side taking hits orders what its losses set off), otherwise the
player whose turn it is (Law 1.1.3). Until then the piece waits in its supply, and the removal
is told to the abilities once every such choice is made, with where each piece went.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import events
from .frames import handler
from .locations import location_name
from .state import freeze
from .trace_names import ability_note


@dataclass(frozen=True)
class Offer:
    """Where one replacement would send a removed piece, and whose ability it is."""
    me: str
    ability: str
    rule: str
    hook: str
    value: Any

    @property
    def label(self) -> str:
        """The option naming this replacement when a player chooses among several."""
        return f"{self.ability} ({self.me})"

    def trace(self, game: Any, piece: dict) -> None:
        game.trace(self.rule, f"{ability_note(self.me, self.ability)} ({self.hook}): "
                   f"{piece['faction']} {piece['kind']} to {location_name(self.value)}")


def contest(game: Any, index: int, piece: dict, cause: str, offers: list) -> dict:
    """What the choice needs: the piece's place in the removal, who chooses, and the offers."""
    chooser = piece["faction"] if cause in ("battle", "ambush") else game.current
    return {"index": index, "chooser": chooser,
            "options": tuple(o.label for o in offers),
            "offers": tuple(freeze((o.me, o.ability, o.rule, o.hook, o.value)) for o in offers)}


def frame(contested: list[dict], payload: dict) -> dict:
    return {"op": "replacement", "contested": tuple(contested), "payload": payload}


@handler("replacement")
def choose_replacement(game: Any, f: dict) -> None:
    """Ask for each contested piece which replacement applies, move it there, then tell the
    abilities of the removal (Law 1.5.4: triggers resolve after every piece is placed)."""
    contested = f["contested"]
    done = f.get("done", 0)
    if done < len(contested):
        c = contested[done]
        if "pick" not in f:
            game.ask(f, "pick", c["chooser"], "replacement", c["options"],
                     "two effects would send this removed piece elsewhere: which applies?")
            if "pick" not in f:
                return
        offer = Offer(*c["offers"][c["options"].index(f.pop("pick"))])
        pieces = list(f["payload"]["pieces"])
        snap = dict(pieces[c["index"]])
        faction, kind = snap["faction"], snap["kind"]
        game.s.players[faction].supply[kind] -= 1
        game.put_removed(snap["piece"], faction, kind, offer.value)
        offer.trace(game, snap)
        snap["replaced_to"] = offer.value
        pieces[c["index"]] = freeze(snap)
        f["payload"] = {**f["payload"], "pieces": tuple(pieces)}
        f["done"] = done + 1
        return
    game.pop()
    game.emit("removed", **f["payload"])


@handler("tell_removed")
def tell_removed(game: Any, f: dict) -> None:
    """The replacements written as reactions are done: the other abilities hear of the removal,
    each piece with where it went (`replaced_to`)."""
    game.pop()
    frames = [frame for listener in game.rules.listeners.get(f["event"], ())
              for frame in listener(game, f["event"], f["payload"]) if not frame.get("replacing")]
    events.push_reactions(game, f["event"], f["payload"], frames)


def redirect(game: Any, piece: dict, destination: Any, rule: str, note: str) -> bool:
    """Send a removed piece, waiting in its supply while the replacements written as reactions
    run, to `destination` instead (a clearing or a box); False when it went elsewhere already.
    The removal, still to be told, says where it went."""
    tell = next((frame for frame in reversed(game.s.stack) if frame["op"] == "tell_removed"), None)
    if tell is None:
        return False
    pieces = list(tell["payload"]["pieces"])
    index = next((i for i, p in enumerate(pieces) if p["piece"] == piece.get("piece")), None)
    if index is None or pieces[index]["replaced_to"] is not None:
        return False
    snap = dict(pieces[index])
    faction, kind = snap["faction"], snap["kind"]
    if game.s.players[faction].supply.get(kind, 0) <= 0:
        return False
    game.s.players[faction].supply[kind] -= 1
    game.put_removed(snap["piece"], faction, kind, destination)
    game.changed.add((faction, kind))
    snap["replaced_to"] = destination
    pieces[index] = freeze(snap)
    tell["payload"] = {**tell["payload"], "pieces": tuple(pieces)}
    for frame in game.s.stack:  # the battle it was lost in tells where it went too (battle_ended)
        if frame["op"] == "battle" and any(r["piece"] == snap["piece"] for r in frame.get("removed", ())):
            frame["removed"] = tuple(freeze(snap) if r["piece"] == snap["piece"] else r for r in frame["removed"])
    game.trace(rule, f"{note} (removed): {faction} {kind} to {location_name(destination)}")
    return True
