"""What a seat's page shows about the game, and nothing more: the one door between the game and
the web pages (HTML, JSON and live messages alike).

`seat_page_data(game, seat)` returns plain JSON: the public state (map, round, scores, hand
sizes, the other seats' pile sizes, public cards), the seat's own hand and piles as cards (name,
suit, text), its faction board, the pending decision with its options in context if it is that
seat's (only who decides, otherwise: a prompt such as "play an ambush card?" would tell what a
hand holds), the log and the board picture. `seat` None is a spectator: public state only.

It reads the state directly for now, with the contract of the engine's per-seat view (issue 24);
when that lands, this module is where the pages switch to it. The log has no hidden card in it
today (draws are logged by count), so every seat gets the whole log.
"""
from __future__ import annotations

import re
from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.option_names import CARD_OPTIONS, number_domain
from rootlaw.tools.naming import option_labels
from rootlaw.tools.render import svg_of

CORE_SOURCES = {"crafting": "crafting", "removal": "removing enemy buildings and tokens", "pass": "ruling the Pass",
                "closed_path": "closed paths"}


def seat_page_data(game: Game, seat: str | None) -> dict:
    s = game.s
    me = game.player(seat) if seat else None
    return {
        "seat": seat,
        "seat_name": game.faction(seat).display_name() if seat else None,
        "map": game.rules.map.name,
        "round": s.round,
        "phase": s.phase,
        "turn": game.faction(game.current).display_name() if s.seats and not s.ended else None,
        "deck": len(s.deck),
        "discard": [card(game, c) for c in s.discard[-5:]],
        "factions": [_faction(game, fid) for fid in s.seats],
        "hand": [card(game, c) for c in me.hand] if me else [],
        "piles": {pile: [card(game, c) for c in cards] for pile, cards in sorted(me.piles.items())} if me else {},
        "board_lines": _board_lines(game, seat) if seat else [],
        "decision": _decision(game, seat),
        "log": list(s.log),
        "over": _result(game) if s.ended else None,
        "board": _picture(game),
    }


def card(game: Game, number: int) -> dict:
    c = game.rules.deck.cards[number]
    return {"name": c.name, "suit": c.suit, "text": c.text, "kind": c.kind}


def _faction(game: Game, fid: str) -> dict:
    from rootlaw.tools.render.board import faction_colours
    p = game.player(fid)
    return {"id": fid, "name": game.faction(fid).display_name(), "colour": faction_colours(game)[fid],
            "score": p.score, "hand": len(p.hand), "piles": {pile: len(cards) for pile, cards in sorted(p.piles.items())},
            "items": list(p.items), "persistent": [card(game, c) for c in p.persistent],
            "dominance": card(game, p.dominance) if p.dominance is not None else None}


def _board_lines(game: Game, seat: str) -> list[str]:
    """The seat's faction board as the picture's side panel writes it: supply, boxes, tracks (its
    raw variables left to the picture)."""
    from rootlaw.tools.render.panel import panel_lines
    lines: list[str] = []
    for style, text, fid, _ in panel_lines(game):
        if fid == seat and style == "text":
            if text.startswith("  ") and lines:  # the panel wraps long lines; a page wraps its own
                lines[-1] += " " + text.strip()
            else:
                lines.append(text)
    return [line for line in lines[1:] if not line.startswith("vars:")]


def _picture(game: Game) -> str:
    """The board picture. It shows public things only (hands by their size), but its panel names
    the pending decision's prompt, so it is drawn from a copy without one."""
    quiet = game.clone()
    quiet.s.decision = None
    return svg_of(quiet)


# --- the decision --------------------------------------------------------------------------
def _decision(game: Game, seat: str | None) -> dict | None:
    d = game.pending()
    if d is None:
        return None
    out: dict[str, Any] = {"player": d["player"], "player_name": game.faction(d["player"]).display_name(),
                           "yours": d["player"] == seat}
    if out["yours"]:
        out["prompt"] = d["prompt"]
        out["options"] = [_option(game, d, i, o, label)
                          for i, (o, label) in enumerate(zip(d["options"], option_labels(game, d)))]
    return out


def _option(game: Game, d: dict, index: int, option: Any, label: str) -> dict:
    """An option with what a person needs to choose it: a clearing's name, suit and who is there;
    a battle's defender and both sides' warriors; a card's name, suit and text."""
    out: dict[str, Any] = {"index": index, "label": label, "clearing": None, "context": None, "card": None}
    domain = number_domain(game, d)
    if type(option) is int:
        if domain == "clearing" and option in game.rules.map.clearings:
            out["clearing"] = option
            out["context"] = clearing_context(game, option)
        elif domain == "card" and 0 <= option < len(game.rules.deck.cards):
            out["card"] = card(game, option)
    elif isinstance(option, str):
        carried = CARD_OPTIONS.match(option)
        if carried and int(carried["card"]) < len(game.rules.deck.cards):
            out["card"] = card(game, int(carried["card"]))
        elif d["kind"] == "battle_defender" and option in game.rules.factions:
            out["context"] = _battle_context(game, game.s.stack[-1].get("clearing"), d["player"], option)
    return out


def clearing_context(game: Game, cid: int) -> str:
    """A clearing for a person deciding: 'Hill · fox · <faction>: 2 <pieces>, 1 <piece>; ruled by <faction>'."""
    clearing = game.rules.map.clearings[cid]
    who: dict[str, dict[str, int]] = {}
    for pid in game.pieces_at(f"c{cid}"):
        faction, kind, _ = game.s.pieces[pid]
        counts = who.setdefault(faction, {})
        counts[kind] = counts.get(kind, 0) + 1
    there = "; ".join(f"{game.faction(f).display_name()}: "
                      + ", ".join(f"{n} {_kind(game, f, k)}" for k, n in kinds.items()) for f, kinds in who.items())
    ruler = game.ruler(cid)
    parts = [clearing.name, game.suit(cid) or "no suit", there or "nobody there"]
    if game.s.ruins.get(cid):
        parts.append("ruins")
    if ruler:
        parts.append(f"ruled by {game.faction(ruler).display_name()}")
    return " · ".join(parts)


def _battle_context(game: Game, cid: Any, attacker: str, defender: str) -> str | None:
    if type(cid) is not int or cid not in game.rules.map.clearings:
        return None
    return (f"in clearing {cid} ({game.rules.map.clearings[cid].name}): {game.faction(defender).display_name()} "
            f"defends with {game.count(defender, cid)} warrior(s) against your {game.count(attacker, cid)}")


def _kind(game: Game, faction: str, kind: str) -> str:
    piece = game.rules.piece_defs.get((faction, kind))
    names = piece.names if piece is not None else {}
    return names.get("en") or next(iter(names.values()), kind.replace("_", " "))


# --- the end -------------------------------------------------------------------------------
def _result(game: Game) -> dict:
    """Final scores, how the game ended, and each faction's VP by source."""
    s = game.s
    ranked = sorted(s.seats, key=lambda f: -game.player(f).score)
    top = game.player(ranked[0]).score
    leaders = [game.faction(f).display_name() for f in ranked if game.player(f).score == top]
    if s.winner and s.ended.startswith("dominance"):
        how = f"{game.faction(s.winner).display_name()} wins by {s.ended}"
    elif s.winner:
        how = f"{game.faction(s.winner).display_name()} wins: {s.ended}"
    else:
        most = f"{leaders[0]} has the most VP" if len(leaders) == 1 else f"{' and '.join(leaders)} share the most VP"
        how = f"{s.ended[0].upper()}{s.ended[1:]}: {most} ({top})"
    return {"how": how, "ended": s.ended,
            "scores": [{"name": game.faction(f).display_name(), "score": game.player(f).score,
                        "sources": [(vp_source(game, f, key), n) for key, n in
                                    sorted(game.player(f).vp_by.items(), key=lambda kv: -kv[1])]}
                       for f in ranked]}


def vp_source(game: Game, faction: str, key: str) -> str:
    """A VP source as people read it: a core source, an action's name, a rule number, an ability."""
    if key in CORE_SOURCES:
        return CORE_SOURCES[key]
    if key in game.faction(faction).actions:
        return game.action_label(faction, key)
    if re.fullmatch(r"[\d.]+[A-Z.]*", key):
        return f"rule {key}"
    return key.replace("_", " ")


__all__ = ["seat_page_data", "card", "clearing_context", "vp_source"]
