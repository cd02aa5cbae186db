"""The side panel of the board picture: what is not on the map.

The game (map, round, phase, whose turn, the pending decision, deck and discard), then one
block per faction in seat order: score, hand size (hands are secret, their size public, Law
1.2.1), piles, crafted items, persistent cards, dominance, supply, boxes, tracks and variables.
"""
from __future__ import annotations

import textwrap
from typing import Any

import drawsvg as draw

from rootlaw.core.game import Game

LINE = 17
CHARS = 62  # characters per panel line at 12 px


Line = tuple[str, str, "str | None", str]


def panel_lines(game: Game) -> list[Line]:
    """(style, text, faction, piece ids) lines, long ones wrapped; style is 'title', 'head' or
    'text'; a box's line names the ids of the pieces in it (the picture's data-pieces)."""
    out = []
    for style, text, fid, *pids in _entries(game):
        width = (CHARS * 3 // 4) if style == "head" else CHARS - (3 if fid else 0)  # heads are bold and larger
        for i, part in enumerate(textwrap.wrap(text, width, subsequent_indent="  ") or [""]):
            out.append((style if i == 0 else "text", part, fid, pids[0] if pids and i == 0 else ""))
    return out


def _entries(game: Game) -> list[tuple]:
    s = game.s
    out: list[tuple[str, str, str | None]] = [("title", f"{game.rules.map.name} map", None)]
    status = f"round {s.round} · {s.phase}"
    if s.seats and not s.ended:
        status += f" · {game.name(game.current)}'s turn"
    out.append(("text", status, None))
    if s.ended:
        winner = f": {game.faction(s.winner).display_name()} wins" if s.winner else ""
        out.append(("text", f"game over ({s.ended}){winner}", None))
    elif s.decision is not None:
        out.append(("text", f"waiting for {game.name(s.decision['player'])}: {s.decision['prompt']}", None))
    out.append(("text", f"deck {len(s.deck)} · discard {len(s.discard)}", None))
    if s.available_dominance:
        out.append(("text", "dominance available: " + ", ".join(game.card_name(c) for c in s.available_dominance), None))
    items = [f"{name} {n}" for name, n in sorted(s.items.items()) if n]
    out.append(("text", "item supply: " + (", ".join(items) or "empty"), None))
    for fid in s.seats:
        out += _faction_lines(game, fid)
    return out


def _faction_lines(game: Game, fid: str) -> list[tuple]:
    p = game.player(fid)
    faction = game.faction(fid)
    lines = [("head", faction.display_name(), fid)]
    lines.append(("text", f"{p.score} VP · hand {len(p.hand)} card(s)" + "".join(
        f" · {pile} {len(cards)}" for pile, cards in sorted(p.piles.items())), fid))
    if p.items:
        lines.append(("text", "items: " + ", ".join(p.items), fid))
    if p.persistent:
        lines.append(("text", "persistent: " + ", ".join(game.card_name(c) for c in p.persistent), fid))
    if p.dominance is not None:
        lines.append(("text", f"dominance: {game.card_name(p.dominance)}", fid))
    supply = [f"{kind} {n}" for kind, n in p.supply.items() if n]
    lines.append(("text", "supply: " + (", ".join(supply) or "empty"), fid))
    for box in faction.boxes:
        loc = f"b{fid}.{box}"
        inside = _census(game, loc)
        lines.append(("text", f"box {box}: " + (", ".join(inside) or "empty"), fid, " ".join(map(str, _ids(game, loc)))))
    for name, track in faction.tracks.items():
        lines.append(("text", f"track {name}: {_track(game, fid, track)}", fid))
    simple = [f"{name} {value}" for name, value in sorted(p.vars.items())
              if isinstance(value, (int, str, bool)) or value is None]
    if simple:
        lines.append(("text", "vars: " + ", ".join(simple), fid))
    return lines


def _census(game: Game, loc: str) -> list[str]:
    """'2× warrior' per kind at a location, with what each holder holds."""
    counts: dict[str, int] = {}
    for pid in game.pieces_at(loc):
        faction, kind, _ = game.s.pieces[pid]
        label = kind if faction == loc[1:].split(".")[0] else f"{game.name(faction)} {kind}"
        held = _census(game, f"x{pid}")
        if held:
            label += " holding " + " and ".join(held)
        counts[label] = counts.get(label, 0) + 1
    return [f"{n}× {label}" for label, n in counts.items()]


def _ids(game: Game, loc: str) -> list[int]:
    """Ids of the pieces at a location and of every piece they hold."""
    out = []
    for pid in game.pieces_at(loc):
        out += [pid, *_ids(game, f"x{pid}")]
    return out


def _track(game: Game, fid: str, track: dict) -> str:
    """Track values, the ones uncovered (pieces gone from it) in brackets (Law G: leftmost first)."""
    piece = game.faction(fid).pieces[track["piece"]]
    gone = piece.count - game.player(fid).supply.get(track["piece"], 0)
    return " ".join(f"[{_show(v)}]" if i < gone else _show(v) for i, v in enumerate(track["values"]))


def _show(value: Any) -> str:
    return "–" if value is None else str(value)


def panel_height(game: Game) -> int:
    return len(panel_lines(game)) * LINE + 8 * len(game.s.seats)


def draw_panel(d: draw.Drawing, game: Game, colours: dict[str, str], x: float, y: float, width: float) -> None:
    d.append(draw.Rectangle(x - 16, 0, width + 28, max(d.height, panel_height(game) + 48), fill="#fbf8f0"))
    for style, text, fid, pids in panel_lines(game):
        if style == "head":
            y += 8
            d.append(draw.Rectangle(x, y - 12, 14, 14, fill=colours[fid], stroke="#222"))
            d.append(draw.Text(text, 13, x + 20, y, font_weight="bold", data_faction=fid))
        elif style == "title":
            d.append(draw.Text(text, 17, x, y + 2, font_weight="bold"))
        else:
            extra = {"data_pieces": pids} if pids else {}
            d.append(draw.Text(text, 12, x + (20 if fid else 0), y, fill="#333", **extra))
        y += LINE
