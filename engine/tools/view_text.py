"""A seat's view in words: what `rootlaw view` prints and what the terminal's `hand`, `me` and
`board` show. Everything here is read from the view (`rootlaw.tools.view`), never from the
game, so words can show no more than the view holds."""
from __future__ import annotations

from typing import Any

PHASES = {"setup": "Setup", "birdsong": "Birdsong", "daylight": "Daylight", "evening": "Evening"}


def view_text(view: dict, log_lines: int = 10) -> str:
    """The whole view: where the game stands, the seat's cards and faction board, the other
    players, the board, the pending decision and the end of the log."""
    seat = view["seat"]
    parts = [status_line(view)]
    if seat:
        me = view["players"][seat]
        parts.append(f"You play {me['display_name']}: {me['score']} VP.")
        parts.append(hand_text(view))
        parts.append(faction_text(view, seat))
    parts.append(players_text(view))
    parts.append(board_text(view))
    parts.append(decision_text(view))
    if log_lines and view["log"]:
        parts.append("Log (last lines):\n" + "\n".join(f"  {line}" for line in view["log"][-log_lines:]))
    return "\n\n".join(p for p in parts if p) + "\n"


def where(view: dict) -> str:
    """'round 2 · Daylight · Train': where the game stands, the step by its name (no number)."""
    parts = [f"round {view['round']}", (view["step"] or {}).get("phase_name") or PHASES.get(view["phase"], view["phase"])]
    step = view["step"]
    if step and step["name"] and not view["ended"]:
        parts.append(step["name"])
    return " · ".join(parts)


def status_line(view: dict) -> str:
    """'Autumn map · round 3 · Daylight · Train · River Otters' turn'."""
    out = [f"{view['map']['name']} map", where(view)]
    if view["ended"]:
        winner = view["winner"]
        out.append(f"game over: {view['ended']}" + (f", {view['players'][winner]['name']} wins" if winner else ""))
    elif view["turn"]:
        out.append(f"{view['players'][view['turn']]['name']}'s turn")
    return " · ".join(out)


def card_line(card: dict, text: bool = True) -> str:
    line = f"{card['name']} ({card.get('suit_name', card['suit'])})"
    if card["cost"] and card["kind"] != "dominance":
        line += f", crafted with {' + '.join(card['cost'])}"
    if card["kind"] == "item" and card["item"]:
        line += f" for the {card['item']}" + (f" and {card['vp']} VP" if card["vp"] else "")
    return line + (f" — {card['text']}" if text and card["text"] else "")


def hand_text(view: dict) -> str:
    """The seat's hand card by card, then the cards it was shown that others hold."""
    hand = view["players"][view["seat"]]["hand"]
    lines = [f"Your hand ({len(hand)} card{'s' if len(hand) != 1 else ''}):" if hand else "Your hand is empty."]
    lines += [f"  {card_line(c)}" for c in hand]
    if view["known"]:
        lines.append("Cards you were shown, as far as you know still where you saw them:")
        for k in view["known"]:
            holder = view["players"][k["seen_in"]["faction"]]
            where = (f"{holder['name']}'s hand" if k["seen_in"]["place"] == "hand"
                     else f"{holder['name']}'s {holder['piles'][k['seen_in']['pile']]['name']}")
            lines.append(f"  {card_line(k['card'], text=False)}, in {where}")
    return "\n".join(lines)


def faction_text(view: dict, fid: str) -> str:
    """A faction board for people: supply, tracks as slots filled and empty, piles, boxes,
    crafted items and cards, variables."""
    p = view["players"][fid]
    own = fid == view["seat"]
    names = p["piece_names"]
    lines = [f"{'Your faction board' if own else p['display_name']}:"]
    supply = [f"{n} {names.get(k, k)}" for k, n in p["supply"].items() if n]
    lines.append("  supply: " + (", ".join(supply) or "empty"))
    for name, t in p["tracks"].items():
        slots = [("[ ]" if i < t["uncovered"] else "[#]") + _value(v) for i, v in enumerate(t["values"])]
        lines.append(f"  {t['name']} ({names.get(t['piece'], t['piece'])}): {' '.join(slots)}"
                     f" — {t['uncovered']} slot(s) empty")
    for pile in p["piles"].values():
        cards = pile.get("cards")
        shown = f": {', '.join(card_line(c, text=False) for c in cards)}" if cards else ""
        lines.append(f"  {pile['name']}: {pile['size']} card{'s' if pile['size'] != 1 else ''}{shown}")
    for box in p["boxes"].values():
        inside = box.get("pieces")
        what = ", ".join(f"{n} {names.get(k, k)}" for k, n in inside.items()) if inside else f"{box['size']} piece(s)"
        lines.append(f"  {box['name']}: {what if box['size'] else 'empty'}")
    if p["items"]:
        lines.append("  items: " + ", ".join(p["items"]))
    if p["persistent"]:
        lines.append("  in play: " + ", ".join(card_line(c, text=False) for c in p["persistent"]))
    if p["dominance"]:
        lines.append(f"  dominance: {card_line(p['dominance'], text=False)}")
    for var in p["var_names"].values():
        lines.append(f"  {var['name']}: {var['value']}")
    return "\n".join(lines)


def players_text(view: dict) -> str:
    lines = ["Players:"]
    for fid in view["seats"]:
        p = view["players"][fid]
        parts = [f"{p['score']} VP", f"hand {p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}"]
        parts += [f"{pile['name']} {pile['size']}" for pile in p["piles"].values()]
        if p["items"]:
            parts.append("items " + ", ".join(p["items"]))
        if p["persistent"]:
            parts.append("in play " + ", ".join(c["name"] for c in p["persistent"]))
        lines.append(f"  {p['display_name']}{' (you)' if fid == view['seat'] else ''}: " + " · ".join(parts))
    cards = [f"deck {view['deck']} card(s)", f"discard pile {len(view['discard'])}"]
    if view["discard"]:
        cards[-1] += f" (top: {card_line(view['discard'][-1], text=False)})"
    if view["dominance_available"]:
        cards.append("dominance available: " + ", ".join(c["name"] for c in view["dominance_available"]))
    lines.append("  " + " · ".join(cards))
    return "\n".join(lines)


def board_text(view: dict) -> str:
    """Each clearing with its suit, ruler and pieces (what they hold beside them), then what
    stands on paths."""
    board, players = view["board"], view["players"]
    at: dict[str, list[dict]] = {}
    for piece in board["pieces"]:
        at.setdefault(piece["at"], []).append(piece)

    def named(piece: dict) -> str:
        owner = players[piece["faction"]]
        held = at.get(f"x{piece['id']}", [])
        text = f"{owner['name']} {owner['piece_names'].get(piece['kind'], piece['kind'])}"
        return text + (" holding " + ", ".join(named(h) for h in held) if held else "")

    def census(loc: str) -> str:
        counts: dict[str, int] = {}
        for piece in at.get(loc, []):
            counts[named(piece)] = counts.get(named(piece), 0) + 1
        return ", ".join(f"{n} {label}" for label, n in counts.items())

    lines = ["Board:"]
    for cid, c in board["clearings"].items():
        ruler = f", ruled by {players[c['ruler']]['name']}" if c["ruler"] else ""
        extras = [f"{c['ruins']} ruin(s)"] if c["ruins"] else []
        if board["ferry"] == int(cid):
            extras.append("the Ferry")
        inside = census(f"c{cid}")
        lines.append(f"  {c['label']}{ruler}" + "".join(f", {e}" for e in extras)
                     + f": {inside or 'empty'}")
    for loc in sorted(k for k in at if k.startswith("p")):
        lines.append(f"  path {loc[1:]}: {census(loc)}")
    if board["closed_paths"]:
        lines.append("  closed paths: " + ", ".join(board["closed_paths"]))
    return "\n".join(lines)


def decision_text(view: dict) -> str:
    d = view["decision"]
    if d is None:
        return ""
    who = view["players"][d["player"]]["name"]
    if "options" not in d:
        return f"Waiting for {who} to decide."
    lines = [f"Your decision: {d['prompt']}"]
    lines += [f"  {i:>2}. {o['label']}" for i, o in enumerate(d["options"], 1)]
    return "\n".join(lines)


def _value(value: Any) -> str:
    return "–" if value is None else str(value)


__all__ = ["view_text", "where", "status_line", "hand_text", "faction_text", "players_text", "board_text", "decision_text"]
