"""Below the map: the game's cards and items, then each faction's board as a board.

A faction's board shows its score, its hand's size (hands are secret, their size public, Law
1.2.1), its piles' sizes, crafted items, cards in play and dominance; then its supply and boxes
as pieces with counts, each track as a row of slots (covered by a piece or uncovered) with the
value printed under each, its flags as ticked or empty boxes and its other values by name.
Variables a file marks `internal` are the rules' bookkeeping and are left out. The picture shows
what every player may see: a box a faction file hides shows its number of pieces only, a hidden
track or variable is left out (`rootlaw.core.visibility`).
"""
from __future__ import annotations

import textwrap
from typing import Any

import drawsvg as draw

from rootlaw.core import names as n
from rootlaw.core.game import Game
from rootlaw.core.narration import SPECTATOR
from rootlaw.core.visibility import may_see

from .colours import ink
from .legend import Legend, words
from .pieces import piece_group, piece_title, pieces_words, shape, states_of

GAP, LINE, TEXT = 16, 19, 13
CHAR = 7.3  # width of a character at 13 px
SLOT_W, ICON = 30, 20


class Column:
    """Parts drawn from a top-left corner downwards, `width` wide; `y` is the next free line."""

    def __init__(self, x: float, y: float, width: float) -> None:
        self.x, self.y, self.width, self.parts = x, y, width, []

    def text(self, value: str, size: float = TEXT, bold: bool = False, indent: float = 0, fill: str = "#2b2114") -> None:
        chars = int((self.width - indent) / (CHAR * size / TEXT))
        for line in textwrap.wrap(value, chars) or [""]:
            self.y += LINE * size / TEXT
            self.parts.append(draw.Text(line, size, self.x + indent, self.y - 5, fill=fill,
                                        font_weight="bold" if bold else "normal"))


def draw_boards(game: Game, colours: dict[str, str], kinds: dict, legend: Legend, lang: str,
                width: float) -> tuple[list, float]:
    """The game line and every faction's board, in two columns; (parts, height) from y = 0."""
    parts: list = []
    head = Column(GAP, 0, width - 2 * GAP)
    head.text(_game_line(game, lang))
    parts += head.parts
    column_w = (width - 3 * GAP) / 2
    tops = [head.y + 10, head.y + 10]
    for fid in game.s.seats:
        side = 0 if tops[0] <= tops[1] else 1
        x = GAP + side * (column_w + GAP)
        board, height = _board(game, fid, colours[fid], kinds, legend, lang, x, tops[side], column_w)
        parts += board
        tops[side] += height + GAP
    return parts, max(tops)


def _game_line(game: Game, lang: str) -> str:
    s, w = game.s, words(lang)
    text = f"{w['deck']}: {len(s.deck)} {w['cards']} · {w['discard']}: {len(s.discard)} {w['cards']}"
    items = [f"{n.term(name, lang)} ×{k}" for name, k in sorted(s.items.items()) if k]
    text += f" · {w['item_supply']}: " + (", ".join(items) or w["empty"])
    if s.available_dominance:
        text += f" · {w['available']}: " + ", ".join(n.card_name(game.rules, c, lang) for c in s.available_dominance)
    return text


def _board(game: Game, fid: str, colour: str, kinds: dict, legend: Legend, lang: str, x: float, top: float,
           width: float) -> tuple[list, float]:
    p, faction, w = game.player(fid), game.faction(fid), words(lang)
    col = Column(x + 10, top + 30, width - 20)
    parts: list = [draw.Rectangle(x, top, width, 30, fill=colour, stroke="#2b2114", rx=4, data_faction=fid),
                   draw.Text(_fit(n.faction_title(game.rules, fid, lang), int((width - 90) / 9.4)), 15, x + 10,
                             top + 20, font_weight="bold", fill=ink(colour)),
                   draw.Text(f"{p.score} {w['vp']}", 17, x + width - 10, top + 21, font_weight="bold",
                             fill=ink(colour), text_anchor="end", data_score=str(p.score))]
    for line in _card_lines(game, fid, lang):
        col.text(line)
    supply = [(kind, count) for kind, count in p.supply.items() if count]
    _pieces_row(col, game, fid, f"{w['supply']}:", [(fid, k, c) for k, c in supply], kinds, legend, lang)
    for box in faction.boxes:
        loc = f"b{fid}.{box}"
        label = f"{n.display_name(game.rules, 'box', box, lang, fid)}:"
        if may_see(game, SPECTATOR, fid, "box", box):
            _pieces_row(col, game, fid, label, _held(game, loc), kinds, legend, lang)
        else:
            col.text(f"{label} {len(game.pieces_at(loc))}")
    _tracks(col, game, fid, kinds, lang)
    _variables(col, game, fid, lang)
    col.y += 8
    parts.append(draw.Rectangle(x, top + 30, width, col.y - top - 30, fill="#fbf8f0", stroke="#2b2114", rx=4))
    return parts + col.parts, col.y - top


def _card_lines(game: Game, fid: str, lang: str) -> list[str]:
    """A faction's cards as its board shows them: hand and piles by size, items, cards in play, dominance."""
    p, w = game.player(fid), words(lang)
    lines = [f"{len(p.hand)} {w['hand']}" + "".join(
        f" · {n.display_name(game.rules, 'pile', pile, lang, fid)}: {len(cards)} {w['cards']}"
        for pile, cards in sorted(p.piles.items()))]
    if p.items:
        lines.append(f"{w['items']}: " + ", ".join(n.term(i, lang) for i in p.items))
    if p.persistent:
        lines.append(f"{w['persistent']}: " + ", ".join(n.card_name(game.rules, c, lang) for c in p.persistent))
    if p.dominance is not None:
        lines.append(f"{w['dominance']}: {n.card_name(game.rules, p.dominance, lang)}")
    return lines


def _held(game: Game, loc: str) -> list[tuple[str, str, list]]:
    """The pieces at a location (a box), identical ones (in the same states) together, each with
    what it holds."""
    groups: dict[tuple, list] = {}
    for pid in game.pieces_at(loc):
        faction, kind, _ = game.s.pieces[pid]
        groups.setdefault((faction, kind, game.s.states.get(pid, ())), []).append(pid)
        for held in game.pieces_at(f"x{pid}"):
            hf, hk, _ = game.s.pieces[held]
            groups.setdefault((hf, hk, game.s.states.get(held, ())), []).append(held)
    return [(f, k, pids) for (f, k, _), pids in groups.items()]


def _pieces_row(col: Column, game: Game, fid: str, label: str, groups: list, kinds: dict, legend: Legend,
                lang: str) -> None:
    """'label: [icon] 3 [icon] 1 …': pieces (their ids, or a supply's count) as icons with counts."""
    col.y += 26
    col.parts.append(draw.Text(label, TEXT, col.x, col.y - 7, fill="#2b2114"))
    x = col.x + 7.8 * len(label) + 16
    if not groups:
        col.parts.append(draw.Text(words(lang)["empty"], TEXT, x - 6, col.y - 7, fill="#777", font_style="italic"))
    for faction, kind, pids in groups:
        if x + 44 > col.x + col.width:
            col.y += 28
            x = col.x + 14
        look = kinds[(faction, kind)]
        legend.piece(look, game)
        number = pids if isinstance(pids, int) else len(pids)  # a supply: a count, no piece ids
        states = states_of(game, pids)
        group = piece_group(look, [] if isinstance(pids, int) else pids, x, col.y - 12, ICON,
                            piece_title(game, faction, kind, number, lang, states), number=number, states=states)
        col.parts.append(group)
        x += 48


def _tracks(col: Column, game: Game, fid: str, kinds: dict, lang: str) -> None:
    """Each track as a row of slots: the first ones uncovered (their pieces have left, Law G),
    the others still covered by a piece; the value printed on each slot under it. Short tracks
    stand side by side."""
    x, row_top, row_height = col.x, col.y, 0.0
    for name, track in game.faction(fid).tracks.items():
        if not may_see(game, SPECTATOR, fid, "track", name):
            continue
        label = n.display_name(game.rules, "track", name, lang, fid)
        per_row = max(1, int(col.width // SLOT_W))
        slots = min(len(track["values"]), per_row)
        width = max(slots * SLOT_W, CHAR * len(label)) + 14
        if x > col.x and x + width > col.x + col.width:
            x, row_top, row_height = col.x, row_top + row_height, 0.0
        height = _track(col, game, fid, name, track, kinds, label, x, row_top, per_row)
        row_height = max(row_height, height)
        x += width
    col.y = row_top + row_height


def _track(col: Column, game: Game, fid: str, name: str, track: dict, kinds: dict, label: str, x: float,
           top: float, per_row: int) -> float:
    piece = game.faction(fid).pieces[track["piece"]]
    gone = piece.count - game.player(fid).supply.get(track["piece"], 0)
    col.parts.append(draw.Text(label, TEXT, x, top + LINE - 5, fill="#2b2114"))
    look = kinds[(fid, track["piece"])]
    for i, value in enumerate(track["values"]):
        row, place = divmod(i, per_row)
        sx = x + place * SLOT_W + SLOT_W / 2
        sy = top + LINE + 4 + row * (SLOT_W + 16) + SLOT_W / 2
        col.parts.append(draw.Rectangle(sx - 13, sy - 13, 26, 26, fill="#f3ecd9", stroke="#8b6b43", stroke_width=1,
                                        data_track=name, data_filled="no" if i < gone else "yes"))
        if i >= gone:
            col.parts += shape(look, sx, sy, 18)
        col.parts.append(draw.Text("—" if value is None else str(value), 12, sx, sy + 27, text_anchor="middle",
                                   fill="#2b2114", font_weight="bold"))
    rows = -(-len(track["values"]) // per_row)
    return LINE + 4 + rows * (SLOT_W + 16) + 2


def _variables(col: Column, game: Game, fid: str, lang: str) -> None:
    """Flags as ticked or empty boxes; other values by name: 'Leader: the Builder'."""
    faction, values = game.faction(fid), game.player(fid).vars
    shown = [v for v in faction.variables if v in values and v not in faction.internal
             and may_see(game, SPECTATOR, fid, "var", v)]
    flags = [v for v in shown if isinstance(values[v], bool)]
    if flags:
        col.y += 6
        x = col.x
        for v in flags:
            label = n.display_name(game.rules, "var", v, lang, fid)
            width = 26 + CHAR * len(label)
            if x + width > col.x + col.width:
                x, col.y = col.x, col.y + 22
            col.parts.append(draw.Rectangle(x, col.y + 4, 13, 13, fill="#fff", stroke="#2b2114", data_flag=v,
                                            data_set="yes" if values[v] else "no"))
            if values[v]:
                col.parts.append(draw.Text("✓", 14, x + 1, col.y + 16, fill="#1b5e20", font_weight="bold"))
            col.parts.append(draw.Text(label, TEXT, x + 18, col.y + 15, fill="#2b2114"))
            x += width + 8
        col.y += 22
    cells = [f"{n.display_name(game.rules, 'var', v, lang, fid)}: {_value(game, fid, v, values[v], lang)}"
             for v in shown if not isinstance(values[v], bool)]
    half = int(col.width / 2 / CHAR) - 1
    short = [c for c in cells if len(c) <= half]
    for c in cells:
        if c not in short:
            col.text(c)
    for i in range(0, len(short), 2):  # short values two to a line
        col.y += LINE
        for j, cell in enumerate(short[i:i + 2]):
            col.parts.append(draw.Text(cell, TEXT, col.x + j * col.width / 2, col.y - 5, fill="#2b2114"))


def _value(game: Game, fid: str, var: str, value: Any, lang: str) -> str:
    return n.value_name(game.rules, var, value, lang, fid)


def panel_lines(game: Game, lang: str = "en", seat: str = SPECTATOR) -> list[tuple[str, str, str, str]]:
    """Each faction's board as lines of text, (style, text, faction, ""): a 'head' line (its
    name), then 'text' lines: score and hand, items, cards in play, dominance, supply, boxes,
    tracks (the values uncovered in brackets, Law G) and values by name; for pages that show a
    seat's board in words, as `seat` may see it (a hidden box by its number of pieces only)."""
    out: list[tuple[str, str, str, str]] = []
    w = words(lang)
    for fid in game.s.seats:
        p, faction = game.player(fid), game.faction(fid)
        lines = _card_lines(game, fid, lang)
        lines[0] = f"{p.score} {w['vp']} · {lines[0]}"
        supply = [n.count_name(game.rules, "piece", k, c, lang, fid) for k, c in p.supply.items() if c]
        lines.append(f"{w['supply']}: " + (", ".join(supply) or w["empty"]))
        for box in faction.boxes:
            loc = f"b{fid}.{box}"
            inside = [pieces_words(game, f, k, len(pids), lang, states_of(game, pids)) for f, k, pids in _held(game, loc)] \
                if may_see(game, seat, fid, "box", box) else [str(len(game.pieces_at(loc)))] * bool(game.pieces_at(loc))
            lines.append(f"{n.display_name(game.rules, 'box', box, lang, fid)}: " + (", ".join(inside) or w["empty"]))
        for name, track in faction.tracks.items():
            if not may_see(game, seat, fid, "track", name):
                continue
            gone = faction.pieces[track["piece"]].count - p.supply.get(track["piece"], 0)
            values = " ".join(f"[{'—' if v is None else v}]" if i < gone else ("—" if v is None else str(v))
                              for i, v in enumerate(track["values"]))
            lines.append(f"{n.display_name(game.rules, 'track', name, lang, fid)}: {values}")
        for var in faction.variables:
            if var in p.vars and var not in faction.internal and may_see(game, seat, fid, "var", var):
                lines.append(f"{n.display_name(game.rules, 'var', var, lang, fid)}: {_value(game, fid, var, p.vars[var], lang)}")
        out.append(("head", n.faction_title(game.rules, fid, lang), fid, ""))
        out += [("text", line, fid, "") for line in lines]
    return out


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars - 1] + "…"


__all__ = ["draw_boards", "panel_lines"]
