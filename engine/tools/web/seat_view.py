"""What a seat's page shows about the game, and nothing more: the one door between the game and
the web pages (HTML, JSON and live messages alike).

`seat_page_data(game, seat, lang)` is read from the engine's per-seat view
(`rootlaw.tools.view.seat_view`), never from the state, so a page can show no more than that
seat may know: the public state (map, round, scores, hand sizes, the other seats' pile sizes,
public cards), the seat's own hand and the piles it may read as cards (name, suit, text), the
cards it was shown that others hold, its faction board, the pending decision with its options
in context if it is that seat's (only who decides, otherwise: a prompt such as "play an ambush
card?" would tell what a hand holds), the log as that seat reads it and the board picture, all
named in `lang`. `seat` None is a spectator: the public part only, and the log without any
card only some players saw.
"""
from __future__ import annotations

from typing import Any

from rootlaw.core import names as n
from rootlaw.core.game import Game
from rootlaw.core.narration import SPECTATOR
from rootlaw.core.option_names import CARD_OPTIONS, number_domain
from rootlaw.tools.render import svg_of
from rootlaw.tools.view import seat_view


def seat_page_data(game: Game, seat: str | None, lang: str = "en") -> dict:
    view = seat_view(game, seat or SPECTATOR, lang)
    players = view["players"]
    me = players[seat] if seat else None
    return {
        "seat": seat,
        "seat_name": me["display_name"] if me else None,
        "map": view["map"]["name"],
        "round": view["round"],
        "phase": n.term(view["phase"], lang),
        "turn": players[view["turn"]]["display_name"] if view["turn"] and not view["ended"] else None,
        "deck": view["deck"],
        "discard": [_card(c) for c in view["discard"][-5:]],
        "factions": [_faction(game, view, fid) for fid in view["seats"]],
        "hand": [_card(c) for c in me["hand"]] if me else [],
        "piles": {p["name"]: [_card(c) for c in p["cards"]] for p in me["piles"].values() if "cards" in p} if me else {},
        "known": [{**_card(k["card"]), "where": players[k["seen_in"]["faction"]]["display_name"]}
                  for k in view["known"]],
        "board_lines": _board_lines(game, seat, lang) if seat else [],
        "decision": _decision(game, view, lang),
        "log": view["log"],
        "over": _result(game, lang) if view["ended"] else None,
        "board": _picture(game, lang),
    }


def _card(c: dict) -> dict:
    """A card of the view as a page shows it (the suit's id stays for the page's colours)."""
    return {"name": c["name"], "suit": c["suit"], "suit_name": c["suit_name"], "text": c["text"], "kind": c["kind"]}


def _faction(game: Game, view: dict, fid: str) -> dict:
    from rootlaw.tools.render.board import faction_colours
    p = view["players"][fid]
    return {"id": fid, "name": p["display_name"], "colour": faction_colours(game)[fid],
            "score": p["score"], "hand": p["hand_size"],
            "piles": {pile["name"]: pile["size"] for pile in p["piles"].values()},
            "items": p["items"], "persistent": [_card(c) for c in p["persistent"]],
            "dominance": _card(p["dominance"]) if p["dominance"] else None}


def _board_lines(game: Game, seat: str, lang: str) -> list[str]:
    """The seat's faction board as the picture's panel writes it in words, as that seat sees it."""
    from rootlaw.tools.render.panel import panel_lines
    return [text for style, text, fid, _ in panel_lines(game, lang, seat) if fid == seat and style == "text"]


def _picture(game: Game, lang: str) -> str:
    """The board picture. It shows public things only (hands by their size), but its panel names
    the pending decision's prompt, so it is drawn from a copy without one."""
    quiet = game.clone()
    quiet.s.decision = None
    return svg_of(quiet, lang)


# --- the decision --------------------------------------------------------------------------
def _decision(game: Game, view: dict, lang: str) -> dict | None:
    d = view["decision"]
    if d is None:
        return None
    out: dict[str, Any] = {"player": d["player"], "player_name": view["players"][d["player"]]["display_name"],
                           "yours": "options" in d}
    if out["yours"]:  # the view holds the options only for the seat that answers
        pending = game.pending()
        out["prompt"] = d["prompt"]
        out["options"] = [_option(game, pending, i, o["value"], o["label"], lang) for i, o in enumerate(d["options"])]
    return out


def _option(game: Game, d: dict, index: int, option: Any, label: str, lang: str) -> dict:
    """An option with what a person needs to choose it: a clearing's name, suit and who is there;
    a battle's defender and both sides' warriors; a card's name, suit and text (a card on offer
    is the answering seat's own, or one it may see)."""
    out: dict[str, Any] = {"index": index, "label": label, "clearing": None, "context": None, "card": None}
    domain = number_domain(game, d)
    if type(option) is int:
        if domain == "clearing" and option in game.rules.map.clearings:
            out["clearing"] = option
            out["context"] = clearing_context(game, option, lang)
        elif domain == "card" and 0 <= option < len(game.rules.deck.cards):
            out["card"] = card(game, option, lang)
    elif isinstance(option, str):
        carried = CARD_OPTIONS.match(option)
        if carried and int(carried["card"]) < len(game.rules.deck.cards):
            out["card"] = card(game, int(carried["card"]), lang)
        elif d["kind"] == "battle_defender" and option in game.rules.factions:
            out["context"] = _battle_context(game, game.s.stack[-1].get("clearing"), d["player"], option, lang)
    return out


def card(game: Game, number: int, lang: str = "en") -> dict:
    c = game.rules.deck.cards[number]
    return {"name": c.name, "suit": c.suit, "suit_name": n.term(c.suit, lang), "text": c.text, "kind": c.kind}


def clearing_context(game: Game, cid: int, lang: str = "en") -> str:
    """A clearing for a person deciding: 'Hill (1, fox) · <faction>: 2 <pieces>, 1 <piece>; ruled by <faction>'."""
    who: dict[str, dict[str, int]] = {}
    for pid in game.pieces_at(f"c{cid}"):
        faction, kind, _ = game.s.pieces[pid]
        counts = who.setdefault(faction, {})
        counts[kind] = counts.get(kind, 0) + 1
    there = "; ".join(f"{n.display_name(game.rules, 'faction', f, lang)}: "
                      + ", ".join(n.count_name(game.rules, "piece", k, c, lang, f) for k, c in kinds.items())
                      for f, kinds in who.items())
    ruler = game.ruler(cid)
    parts = [n.clearing_name(game.rules, cid, lang, game.suit(cid)), there or "nobody there"]
    if game.s.ruins.get(cid):
        parts.append("ruins")
    if ruler:
        parts.append(f"ruled by {n.display_name(game.rules, 'faction', ruler, lang)}")
    return " · ".join(parts)


def _battle_context(game: Game, cid: Any, attacker: str, defender: str, lang: str) -> str | None:
    if type(cid) is not int or cid not in game.rules.map.clearings:
        return None
    return (f"in {n.clearing_name(game.rules, cid, lang, game.suit(cid))}: "
            f"{n.display_name(game.rules, 'faction', defender, lang)} defends with "
            f"{n.count_name(game.rules, 'piece', 'warrior', game.count(defender, cid), lang)} against your "
            f"{game.count(attacker, cid)}")


# --- the end -------------------------------------------------------------------------------
def _result(game: Game, lang: str) -> dict:
    """Final scores, how the game ended, and each faction's VP by source."""
    s = game.s
    ranked = sorted(s.seats, key=lambda f: -game.player(f).score)
    top = game.player(ranked[0]).score
    name = {f: n.faction_title(game.rules, f, lang) for f in s.seats}
    leaders = [name[f] for f in ranked if game.player(f).score == top]
    if s.winner and s.ended.startswith("dominance"):
        how = f"{name[s.winner]} wins by {s.ended}"
    elif s.winner:
        how = f"{name[s.winner]} wins: {s.ended}"
    else:
        most = f"{leaders[0]} has the most VP" if len(leaders) == 1 else f"{' and '.join(leaders)} share the most VP"
        how = f"{s.ended[0].upper()}{s.ended[1:]}: {most} ({top})"
    return {"how": how, "ended": s.ended,
            "scores": [{"name": name[f], "score": game.player(f).score,
                        "sources": [(n.source_name(game.rules, key, lang, f), v) for key, v in
                                    sorted(game.player(f).vp_by.items(), key=lambda kv: -kv[1])]}
                       for f in ranked]}


__all__ = ["seat_page_data", "card", "clearing_context"]
