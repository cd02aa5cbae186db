"""The board as an SVG picture, drawn with drawsvg.

Clearings stand where the map file's `pos` puts them (as on the printed boards), with their
suit, building slots, ruins and every piece: buildings fill slots, other pieces are chips with
counts, pieces held by another piece are listed under their holder, and pieces on paths sit at
the path's middle. A side panel (rootlaw.tools.render.panel) shows what is off the map. Every drawn
piece carries `data-pieces` (its ids) and every clearing `data-clearing`, so tests can check
that the picture shows the whole state.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import drawsvg as draw

from rootlaw.core.board import path_ends
from rootlaw.core.game import Game
from rootlaw.core.locations import clearing_loc, piece_loc

from .panel import draw_panel, panel_height

BOARD_W, BOARD_H = 1000, 800
MARGIN, BOTTOM = 60, 120
PANEL_W = 440
RADIUS = 46
CHIP_W, CHIP_H, CHIP_GAP = 104, 18, 3
SUIT_COLOURS = {"fox": "#d9534f", "rabbit": "#f2cc4b", "mouse": "#e08a3c", None: "#d8d2c4"}
PALETTE = ("#c0392b", "#2471a3", "#b7950b", "#7d3c98", "#138d75", "#ca6f1e", "#566573", "#a04000")
PAPER, FOREST, PATH, RIVER, LAKE = "#f1e9d2", "#a9c98f", "#8b6b43", "#4a90c8", "#8fc3e8"
FONT = "DejaVu Sans, Arial, sans-serif"


@dataclass
class Chip:
    """One line in a clearing's list of pieces: a group of identical pieces, or one holder."""

    faction: str
    kind: str
    pids: list[int]
    depth: int = 0
    riders: list["Chip"] = field(default_factory=list)


def faction_colours(game: Game) -> dict[str, str]:
    """Each seated faction's colour: its file's `colour`, else the palette by seat."""
    return {fid: game.faction(fid).colour or PALETTE[i % len(PALETTE)] for i, fid in enumerate(game.s.seats)}


def board_svg(game: Game) -> str:
    """The whole picture (board and side panel) as SVG text."""
    layout = _layout(game)
    colours = faction_colours(game)
    chips = {loc: _chips(game, loc) for loc in sorted(game.s.at) if loc[0] in "cp"}
    height = max(BOARD_H + MARGIN + BOTTOM, panel_height(game) + 48)
    d = draw.Drawing(BOARD_W + 2 * MARGIN + PANEL_W, height, font_family=FONT)
    d.append(draw.Rectangle(0, 0, BOARD_W + 2 * MARGIN, height, fill=PAPER))
    _forests(d, game, layout)
    _lake(d, game, layout)
    _links(d, game, layout)
    for cid in game.rules.map.clearings:
        _clearing(d, game, cid, layout[cid], colours)
    for loc, entries in chips.items():
        if loc[0] == "c":
            x, y = layout[int(loc[1:])]
            _chip_list(d, game, entries, x, y + RADIUS + 6, colours)
        else:
            a, b = path_ends(loc[1:])
            (xa, ya), (xb, yb) = layout[a], layout[b]
            _chip_list(d, game, entries, (xa + xb) / 2, (ya + yb) / 2 - CHIP_H / 2, colours)
    draw_panel(d, game, colours, BOARD_W + 2 * MARGIN + 16, 24, PANEL_W - 28)
    return d.as_svg()


def _layout(game: Game) -> dict[int, tuple[float, float]]:
    """Pixel centre of each clearing; clearings without `pos` go on a ring."""
    out = {}
    ids = list(game.rules.map.clearings)
    for i, cid in enumerate(ids):
        pos = game.rules.map.clearings[cid].pos
        if pos is None:
            angle = 2 * math.pi * i / len(ids)
            pos = (50 + 42 * math.cos(angle), 50 + 42 * math.sin(angle))
        out[cid] = (MARGIN + pos[0] / 100 * BOARD_W, MARGIN + pos[1] / 100 * BOARD_H)
    return out


def _ring(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points in order around their centre, to draw the area they bound."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))


def _forests(d: draw.Drawing, game: Game, layout: dict) -> None:
    for fid, members in game.rules.map.forests.items():
        ring = _ring([layout[c] for c in members])
        d.append(draw.Lines(*[v for p in ring for v in p], close=True, fill=FOREST, stroke=PAPER,
                            stroke_width=14, stroke_linejoin="round", data_forest=fid))
        cx = sum(p[0] for p in ring) / len(ring)
        cy = sum(p[1] for p in ring) / len(ring)
        d.append(draw.Text(f"♣ {fid}", 12, cx, cy, fill="#3c6b2f", text_anchor="middle", font_style="italic"))


def _lake(d: draw.Drawing, game: Game, layout: dict) -> None:
    coast = game.rules.map.coast
    if len(coast) >= 3:
        ring = _ring([layout[c] for c in coast])
        d.append(draw.Lines(*[v for p in ring for v in p], close=True, fill=LAKE, stroke=RIVER,
                            stroke_width=4, stroke_linejoin="round", data_feature="lake"))
        cx = sum(p[0] for p in ring) / len(ring)
        cy = sum(p[1] for p in ring) / len(ring)
        d.append(draw.Text("Lake", 16, cx, cy, fill="#1f5f8b", text_anchor="middle", font_style="italic"))


def _links(d: draw.Drawing, game: Game, layout: dict) -> None:
    """Rivers (blue curves), then paths (brown; closed ones dashed and barred)."""
    coast = set(game.rules.map.coast)
    for key in game.rules.map.rivers:
        a, b = path_ends(key)
        if a in coast and b in coast and len(coast) >= 3:
            continue  # the lake is drawn as water
        (xa, ya), (xb, yb) = layout[a], layout[b]
        mx, my = (xa + xb) / 2 + (yb - ya) * 0.12, (ya + yb) / 2 - (xb - xa) * 0.12
        p = draw.Path(stroke=RIVER, stroke_width=7, fill="none", stroke_linecap="round", data_river=key)
        d.append(p.M(xa, ya).Q(mx, my, xb, yb))
    closed = set(game.s.closed_paths)
    for key in game.rules.map.paths:
        a, b = path_ends(key)
        (xa, ya), (xb, yb) = layout[a], layout[b]
        if key in closed:
            d.append(draw.Line(xa, ya, xb, yb, stroke=PATH, stroke_width=5, stroke_dasharray="10 8",
                               data_path=key, data_closed="yes"))
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            d.append(draw.Rectangle(mx - 14, my - 5, 28, 10, fill="#6e2c00", transform=_rotation(xa, ya, xb, yb, mx, my)))
        else:
            d.append(draw.Line(xa, ya, xb, yb, stroke=PATH, stroke_width=9, data_path=key))


def _rotation(xa: float, ya: float, xb: float, yb: float, mx: float, my: float) -> str:
    angle = math.degrees(math.atan2(yb - ya, xb - xa)) + 90
    return f"rotate({angle:.1f} {mx:.1f} {my:.1f})"


def _clearing(d: draw.Drawing, game: Game, cid: int, at: tuple[float, float], colours: dict) -> None:
    x, y = at
    info = game.rules.map.clearings[cid]
    suit = game.s.suits.get(cid, info.suit)
    d.append(draw.Circle(x, y, RADIUS, fill=SUIT_COLOURS.get(suit, SUIT_COLOURS[None]), stroke="#4d3b22",
                         stroke_width=3, data_clearing=cid, data_suit=suit or "none"))
    d.append(draw.Text(f"{cid} {info.name}", 13, x, y - RADIUS - 6, text_anchor="middle", font_weight="bold",
                       fill="#2b2114"))
    d.append(draw.Text(suit or "?", 11, x, y - 18, text_anchor="middle", fill="#2b2114"))
    _slots(d, game, cid, x, y, colours)
    marks = []
    if game.s.ferry == cid:
        marks.append("Ferry")
    if game.rules.map.tower == cid:
        marks.append("Tower")
    if marks:
        d.append(draw.Text(" ".join(marks), 12, x, y + 32, text_anchor="middle", fill="#102a43", font_weight="bold",
                           data_feature=" ".join(m.lower() for m in marks)))


def _slots(d: draw.Drawing, game: Game, cid: int, x: float, y: float, colours: dict) -> None:
    """Building slots: buildings first, then ruins, then empty slots (Law 2.2.3-2.2.4)."""
    slots = game.rules.map.clearings[cid].slots
    buildings = [p for p in game.pieces_at(clearing_loc(cid)) if game.rules.category(*game.s.pieces[p][:2]) == "building"]
    ruins = game.s.ruins.get(cid, 0)
    size, gap = 24, 4
    total = max(slots, len(buildings) + ruins)
    left = x - (total * size + (total - 1) * gap) / 2
    for i in range(total):
        sx = left + i * (size + gap)
        if i < len(buildings):
            pid = buildings[i]
            faction, kind, _ = game.s.pieces[pid]
            fill = colours[faction]
            group = draw.Group(data_pieces=str(pid))
            group.append(draw.Rectangle(sx, y - 8, size, size, fill=fill, stroke="#222", stroke_width=1.5))
            group.append(draw.Text(_initials(game, faction, kind), 11, sx + size / 2, y + 8, text_anchor="middle",
                                   fill=_ink(fill), font_weight="bold"))
            group.append(draw.Title(f"{game.name(faction)} {_piece_name(game, faction, kind)}"))
            d.append(group)
        elif i < len(buildings) + ruins:
            d.append(draw.Rectangle(sx, y - 8, size, size, fill="#8c8c8c", stroke="#222", stroke_width=1.5))
            d.append(draw.Text("R", 13, sx + size / 2, y + 9, text_anchor="middle", fill="white", font_weight="bold"))
        else:
            d.append(draw.Rectangle(sx, y - 8, size, size, fill="white", fill_opacity=0.7, stroke="#555",
                                    stroke_width=1, stroke_dasharray="3 2"))


def _chips(game: Game, loc: str, depth: int = 0) -> list[Chip]:
    """The pieces at a location to list as chips, identical ones together, oldest first.

    Buildings in clearings are drawn in the slots, not listed (unless they hold pieces)."""
    out: list[Chip] = []
    groups: dict[tuple[str, str], Chip] = {}
    for pid in game.pieces_at(loc):
        faction, kind, _ = game.s.pieces[pid]
        held = piece_loc(pid) in game.s.at
        if loc[0] == "c" and not held and game.rules.category(faction, kind) == "building":
            continue
        if held:
            out.append(Chip(faction, kind, [pid], depth, _chips(game, piece_loc(pid), depth + 1)))
        elif (faction, kind) in groups:
            groups[(faction, kind)].pids.append(pid)
        else:
            groups[(faction, kind)] = chip = Chip(faction, kind, [pid], depth)
            out.append(chip)
    return out


def _flatten(chips: list[Chip]) -> list[Chip]:
    """Chips in drawing order: each holder followed by what it holds."""
    out = []
    for chip in chips:
        out.append(chip)
        out += _flatten(chip.riders)
    return out


def _chip_list(d: draw.Drawing, game: Game, chips: list[Chip], x: float, top: float, colours: dict) -> None:
    """Chips in two columns centred on x, from `top` down."""
    rows = _flatten(chips)
    for i, chip in enumerate(rows):
        col, row = i % 2, i // 2
        cx = x - CHIP_W - CHIP_GAP / 2 + col * (CHIP_W + CHIP_GAP) if len(rows) > 1 else x - CHIP_W / 2
        cy = top + row * (CHIP_H + CHIP_GAP)
        _chip(d, game, chip, cx, cy, colours)


def _chip(d: draw.Drawing, game: Game, chip: Chip, x: float, y: float, colours: dict) -> None:
    fill = colours[chip.faction]
    category = game.rules.category(chip.faction, chip.kind)
    group = draw.Group(data_pieces=" ".join(map(str, chip.pids)))
    style = {"warrior": {"rx": 3}, "token": {"rx": CHIP_H / 2}, "pawn": {"rx": 7},
             "marker": {"rx": 2, "stroke_dasharray": "3 2"}}.get(category, {"rx": 0})
    group.append(draw.Rectangle(x, y, CHIP_W, CHIP_H, fill=fill, stroke="#1b1b1b", stroke_width=1, **style))
    prefix = "↳" * chip.depth
    label = f"{prefix}{len(chip.pids)} {_piece_name(game, chip.faction, chip.kind)}"
    group.append(draw.Text(_fit(label, 18), 10.5, x + 4, y + 13, fill=_ink(fill)))
    group.append(draw.Title(f"{len(chip.pids)} {game.name(chip.faction)} {_piece_name(game, chip.faction, chip.kind)}"
                            + (" holding pieces" if chip.riders else "")))
    d.append(group)


def _piece_name(game: Game, faction: str, kind: str) -> str:
    names = game.rules.piece_defs[(faction, kind)].names
    return names.get("en") or kind.replace("_", " ")


def _initials(game: Game, faction: str, kind: str) -> str:
    words = _piece_name(game, faction, kind).split()
    return "".join(w[0] for w in words[:2]).upper()


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _ink(fill: str) -> str:
    """Black or white text, whichever reads better on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"
