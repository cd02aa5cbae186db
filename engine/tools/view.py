"""What one seat sees of the game: a plain-JSON view, and the same in words.

`seat_view(game, seat)` is the contract for everything that shows a game to a player (the
terminal, `rootlaw view`, a web table): it names no card the seat may not know. It holds the
public state (the board, scores, items, crafted persistent cards, dominance cards, the discard
pile, the draw pile's size), the seat's own hand card by card with name, suit and text, its
own piles it may read, the cards it was shown that are still hidden from it (and where it saw
them), the other players' hand and hidden piles' sizes only, the pending decision with its
options if it is the seat's (else only who decides), and the log as the seat reads it. What a
faction's file hides (`visible: owner | none`) is left out as `rootlaw.core.visibility` says.

Shape (version 1; every key always present unless said):

    view: 1, seat: faction id or "" (a spectator: the public part only), lang
    map: {id, name}, round, phase, turn (whose turn), seats (in order), ended, winner
    step: {phase, phase_name, number, of, name, rule} of the current player's turn, or null
    board: clearings: {"5": {name, suit, ruins, ruler}}, pieces: [{id, faction, kind, at}]
           (at: "c5" a clearing, "p3-7" a path, "x12" on piece 12, "bFACTION.BOX" a box),
           closed_paths, ferry, items (the map's item supply)
    deck: its size; discard: [card]; dominance_available: [card]
    players: {faction: {name, display_name, colour, score, vp_by, hand_size, hand (the seat's
           own only: [card]), piles: {pile: {name, size, cards (only if the seat may read it)}},
           items, persistent: [card], dominance: card or null, supply: {kind: n},
           boxes: {box: {name, size, pieces: {kind: n} (only if visible)}},
           tracks: {track: {piece, values, uncovered} (only if visible)},
           vars: {name: value} (the visible ones), piece_names: {kind: name}}}
    known: [{card, seen_in: {faction, place: "hand" | "pile", pile}}]
    decision: null, {player, kind} for another seat's, or for the seat's own
           {player, kind, prompt, options: [{value, label}]}
    log: [line] as the seat reads it, in `lang`

A card is {id, card (its id in the deck file), name, suit, suit_name, kind, text, cost, item, vp}.
Every name is in `lang` (`rootlaw.core.names`); ids stay beside them for programs.
"""
from __future__ import annotations

from typing import Any

from rootlaw.core import names as n
from rootlaw.core.game import Game
from rootlaw.core.narration import SPECTATOR, log_lines
from rootlaw.core.visibility import known_to, may_see
from rootlaw.play.turns import running_steps

from .naming import option_labels, prompt_text

VERSION = 1


def seat_view(game: Game, seat: str, lang: str = "en", log: bool = True) -> dict:
    """The game as `seat` (a faction id, or SPECTATOR) may see it; see the module's docstring."""
    s, rules = game.s, game.rules
    if seat != SPECTATOR and seat not in s.players:
        raise ValueError(f"'{seat}' is not a seat of this game")
    hidden_boxes = {f"b{f}.{box}" for f in s.seats for box in game.faction(f).boxes
                    if not may_see(game, seat, f, "box", box)}
    rules = game.rules
    return {
        "view": VERSION, "seat": seat, "lang": lang,
        "map": {"id": rules.map.id, "name": rules.map.name},
        "round": s.round, "phase": s.phase, "turn": game.current if s.seats else None, "seats": list(s.seats),
        "ended": s.ended, "winner": s.winner,
        "step": current_step(game, lang),
        "board": {
            "clearings": {str(c): {"name": d.name, "label": n.clearing_name(rules, c, lang, game.suit(c)),
                                   "suit": game.suit(c), "ruins": s.ruins.get(c, 0),
                                   "ruler": game.ruler(c)} for c, d in rules.map.clearings.items()},
            "pieces": [{"id": pid, "faction": f, "kind": k, "at": loc} for pid, (f, k, loc) in sorted(s.pieces.items())
                       if _box_of(game, loc) not in hidden_boxes],
            "closed_paths": list(s.closed_paths), "ferry": s.ferry, "items": dict(sorted(s.items.items())),
        },
        "deck": len(s.deck),
        "discard": [card_of(game, c, lang) for c in s.discard],
        "dominance_available": [card_of(game, c, lang) for c in s.available_dominance],
        "players": {f: _player(game, seat, f, lang) for f in s.seats},
        "known": [{"card": card_of(game, c, lang), "seen_in": _place(place)}
                  for c, place in (known_to(game, seat).items() if seat != SPECTATOR else ())],
        "decision": _decision(game, seat, lang),
        "log": log_lines(game, seat, lang) if log else [],
    }


def card_of(game: Game, card: int, lang: str = "en") -> dict:
    d = game.rules.deck.cards[card]
    return {"id": card, "card": d.id, "name": d.name, "suit": d.suit, "suit_name": n.term(d.suit, lang),
            "kind": d.kind, "text": d.text,
            "cost": list(d.cost), "item": d.item, "vp": d.vp}


def current_step(game: Game, lang: str = "en") -> dict | None:
    """Which step of the current player's turn is running (None in setup or between turns)."""
    running = next((found for f in reversed(game.s.stack) if (found := running_steps(f))), None)
    if running is None:
        return None
    player, phase, index = running
    spec = game.faction(player).turn[phase]
    number = min(max(index, 1), len(spec))
    step = spec[number - 1] if spec else {}
    name = n.display_name(game.rules, "step", f"{phase} step {number}", lang, player) if spec else None
    return {"phase": phase, "phase_name": n.term(phase, lang), "number": number, "of": len(spec),
            "name": name, "rule": step.get("rule") or None}


def _player(game: Game, seat: str, fid: str, lang: str) -> dict:
    p, faction = game.player(fid), game.faction(fid)
    own = seat == fid
    hidden_tracks = {name for name in faction.tracks if not may_see(game, seat, fid, "track", name)}
    hidden_supply = {faction.tracks[name]["piece"] for name in hidden_tracks}
    out = {
        "name": n.display_name(game.rules, "faction", fid, lang), "display_name": n.faction_title(game.rules, fid, lang),
        "colour": faction.colour,
        "score": p.score, "vp_by": dict(p.vp_by), "hand_size": len(p.hand),
        "piles": {pile: {"name": n.display_name(game.rules, "pile", pile, lang, fid), "size": len(cards),
                         **({"cards": [card_of(game, c, lang) for c in cards]}
                            if may_see(game, seat, fid, "pile", pile) else {})}
                  for pile, cards in sorted(p.piles.items())},
        "items": list(p.items),
        "persistent": [card_of(game, c, lang) for c in p.persistent],
        "dominance": card_of(game, p.dominance, lang) if p.dominance is not None else None,
        "supply": {k: n for k, n in p.supply.items() if k not in hidden_supply},
        "boxes": {box: _box(game, seat, fid, box, lang) for box in faction.boxes},
        "tracks": {name: {"name": n.display_name(game.rules, "track", name, lang, fid), "piece": t["piece"],
                          "values": list(t["values"]),
                          "uncovered": faction.pieces[t["piece"]].count - p.supply.get(t["piece"], 0)}
                   for name, t in faction.tracks.items() if name not in hidden_tracks},
        "vars": {name: _plain(value) for name, value in sorted(p.vars.items())
                 if name in faction.variables and may_see(game, seat, fid, "var", name)},
        "var_names": {name: {"name": n.display_name(game.rules, "var", name, lang, fid),
                             "value": n.value_name(game.rules, name, value, lang, fid)}
                      for name, value in sorted(p.vars.items())
                      if name in faction.variables and name not in faction.internal
                      and may_see(game, seat, fid, "var", name)},
        "piece_names": {kind: n.display_name(game.rules, "piece", kind, lang, fid) for kind in faction.pieces},
    }
    if own:
        out["hand"] = [card_of(game, c, lang) for c in p.hand]
    return out


def _box(game: Game, seat: str, fid: str, box: str, lang: str) -> dict:
    pieces = game.pieces_at(f"b{fid}.{box}")
    out: dict[str, Any] = {"name": n.display_name(game.rules, "box", box, lang, fid), "size": len(pieces)}
    if may_see(game, seat, fid, "box", box):
        kinds: dict[str, int] = {}
        for pid in pieces:
            kinds[game.s.pieces[pid][1]] = kinds.get(game.s.pieces[pid][1], 0) + 1
        out["pieces"] = kinds
    return out


def _box_of(game: Game, loc: str) -> str | None:
    """The box a location is in, also for a piece held by a piece in a box."""
    while loc[0] == "x":
        loc = game.s.pieces[int(loc[1:])][2]
    return loc if loc[0] == "b" else None


def _decision(game: Game, seat: str, lang: str) -> dict | None:
    d = game.s.decision
    if d is None:
        return None
    if d["player"] != seat:
        return {"player": d["player"], "kind": d["kind"]}
    return decision_view(game, d, lang)


def decision_view(game: Game, d: dict, lang: str = "en") -> dict:
    """A decision as the seat that answers it sees it: its prompt and options in `lang`."""
    return {"player": d["player"], "kind": d["kind"], "prompt": prompt_text(game, d, lang),
            "options": [{"value": _plain(o), "label": label}
                        for o, label in zip(d["options"], option_labels(game, d, lang))]}


def _place(place: str) -> dict:
    what, faction, *pile = place.split(":")
    return {"faction": faction, "place": what, **({"pile": pile[0]} if pile else {})}


def _plain(value: Any) -> Any:
    """A state value as JSON holds it: tuples as lists, dictionaries with text keys."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


__all__ = ["seat_view", "card_of", "current_step", "decision_view", "VERSION"]
