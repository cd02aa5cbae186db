"""The board as an SVG picture, drawn with drawsvg, 1000 pixels wide so that it reads at that size.

From the top: a status line (map, round, phase, whose turn, who must decide what), the map
(clearings where the map file's `pos` puts them, as on the printed boards: a ring and a badge
in the clearing's suit, building slots with the buildings, ruins and empty slots, and every
other piece drawn as a piece with its count below; pieces on paths at the path's middle, pieces
in a forest at its middle, held pieces beside their holder), a legend of every kind of piece and map feature drawn, and each
faction's board (rootlaw.tools.render.panel). Every clearing carries `data-clearing`, every
piece group `data-pieces` (rootlaw.tools.render.pieces), so tests can check the picture
against the whole state.
"""
from __future__ import annotations

import math

import drawsvg as draw

from rootlaw.core import names as n
from rootlaw.core.board import path_ends
from rootlaw.core.game import Game
from rootlaw.core.locations import clearing_loc, piece_loc
from rootlaw.tools.naming import prompt_text

from .colours import NO_SUIT, SUIT_COLOURS, colours_of, ink
from .legend import Legend, empty_slot, ruin, words
from .panel import draw_boards
from .pieces import looks, piece_group, piece_title, states_of

WIDTH = 1000
TOP = 70                      # the status lines
MAP_X, MAP_W, MAP_Y, MAP_H = 80, 840, TOP + 46, 680
RADIUS = 42
SLOT = 24
CELL_W, CELL_H, ICON = 46, 30, 24
PAPER, FOREST, PATH, RIVER, LAKE, CLEARING = "#efe6cc", "#b5cf99", "#8b6b43", "#4a90c8", "#8fc3e8", "#fbf6e8"
FONT = "DejaVu Sans, Arial, sans-serif"


def board_svg(game: Game, lang: str = "en") -> str:
    """The whole picture as SVG text, its words in `lang`."""
    colours = faction_colours(game)
    kinds = looks(game, colours, lang)
    legend = Legend(lang)
    parts: list = []
    layout = _layout(game)
    _forests(parts, game, layout)
    _lake(parts, game, layout, lang, legend)
    _links(parts, game, layout, legend)
    for cid in game.rules.map.clearings:
        _clearing(parts, game, cid, layout[cid], kinds, legend, lang)
    for loc in sorted(game.s.at):
        if loc[0] == "c":
            x, y = layout[int(loc[1:])]
            _cluster(parts, game, loc, x, y + RADIUS + 4, kinds, legend, lang)
        elif loc[0] == "p":
            a, b = path_ends(loc[1:])
            (xa, ya), (xb, yb) = layout[a], layout[b]
            _cluster(parts, game, loc, (xa + xb) / 2, (ya + yb) / 2 - CELL_H / 2, kinds, legend, lang, backed=True)
        elif loc[0] == "f" and loc[1:] in game.rules.map.forests:
            ring = [layout[c] for c in game.rules.map.forests[loc[1:]]]
            x, y = sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring)
            _cluster(parts, game, loc, x, y - CELL_H / 2, kinds, legend, lang, backed=True)
    bottom = max([MAP_Y + MAP_H] + [y + RADIUS + 4 + _rows(game, f"c{c}") * CELL_H
                                    for c, (_, y) in layout.items()]) + 16
    board_parts, boards_height = draw_boards(game, colours, kinds, legend, lang, WIDTH)
    boards_top = bottom + legend.height(WIDTH) + 16  # the legend last: the boards add kinds to it
    height = boards_top + boards_height + 16
    d = draw.Drawing(WIDTH, height, font_family=FONT)
    d.append(draw.Rectangle(0, 0, WIDTH, height, fill=PAPER))
    for part in _status(game, lang) + parts + legend.draw(16, bottom, WIDTH - 32):
        d.append(part)
    d.append(draw.Group(transform=f"translate(0 {boards_top})", children=board_parts))
    return d.as_svg()


def faction_colours(game: Game) -> dict[str, str]:
    """Each seated faction's colour in the picture (rootlaw.tools.render.colours)."""
    return colours_of({fid: game.faction(fid) for fid in game.s.seats})


def _layout(game: Game) -> dict[int, tuple[float, float]]:
    """Pixel centre of each clearing; clearings without `pos` go on a ring."""
    out = {}
    ids = list(game.rules.map.clearings)
    for i, cid in enumerate(ids):
        pos = game.rules.map.clearings[cid].pos
        if pos is None:
            angle = 2 * math.pi * i / len(ids)
            pos = (50 + 42 * math.cos(angle), 50 + 42 * math.sin(angle))
        out[cid] = (MAP_X + pos[0] / 100 * MAP_W, MAP_Y + pos[1] / 100 * MAP_H)
    return out


def _status(game: Game, lang: str) -> list:
    s = game.s
    w = words(lang)
    line = f"{game.rules.map.name} · {w['round']} {s.round} · {n.term(s.phase, lang)}"
    if s.seats and not s.ended:
        line += f" · {w['turn']}: {n.display_name(game.rules, 'faction', game.current, lang)}"
    second = ""
    if s.ended:
        second = w["over"] + (f": {n.faction_title(game.rules, s.winner, lang)}" if s.winner else "")
    elif s.decision is not None:
        second = f"{n.display_name(game.rules, 'faction', s.decision['player'], lang)}: {prompt_text(game, s.decision, lang)}"
    out = [draw.Text(line, 20, 16, 28, font_weight="bold", fill="#2b2114")]
    if second:
        out.append(draw.Text(second[:110], 15, 16, 52, fill="#2b2114"))
    return out


def _ring(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points in order around their centre, to draw the area they bound."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))


def _forests(parts: list, game: Game, layout: dict) -> None:
    for fid, members in game.rules.map.forests.items():
        ring = _ring([layout[c] for c in members])
        parts.append(draw.Lines(*[v for p in ring for v in p], close=True, fill=FOREST, stroke=PAPER,
                                stroke_width=14, stroke_linejoin="round", data_forest=fid))


def _lake(parts: list, game: Game, layout: dict, lang: str, legend: Legend) -> None:
    coast = game.rules.map.coast
    if len(coast) >= 3:
        ring = _ring([layout[c] for c in coast])
        parts.append(draw.Lines(*[v for p in ring for v in p], close=True, fill=LAKE, stroke=RIVER,
                                stroke_width=4, stroke_linejoin="round", data_feature="lake"))
        cx = sum(p[0] for p in ring) / len(ring)
        cy = sum(p[1] for p in ring) / len(ring)
        parts.append(draw.Text(words(lang)["lake"], 18, cx, cy, fill="#1f5f8b", text_anchor="middle", font_style="italic"))


def _links(parts: list, game: Game, layout: dict, legend: Legend) -> None:
    """Rivers (blue curves), then paths (brown; closed ones dashed and barred)."""
    coast = set(game.rules.map.coast)
    for key in game.rules.map.rivers:
        a, b = path_ends(key)
        if a in coast and b in coast and len(coast) >= 3:
            continue  # the lake is drawn as water
        (xa, ya), (xb, yb) = layout[a], layout[b]
        mx, my = (xa + xb) / 2 + (yb - ya) * 0.12, (ya + yb) / 2 - (xb - xa) * 0.12
        p = draw.Path(stroke=RIVER, stroke_width=7, fill="none", stroke_linecap="round", data_river=key)
        parts.append(p.M(xa, ya).Q(mx, my, xb, yb))
        legend.feature("river")
    closed = set(game.s.closed_paths)
    for key in game.rules.map.paths:
        a, b = path_ends(key)
        (xa, ya), (xb, yb) = layout[a], layout[b]
        if key in closed:
            parts.append(draw.Line(xa, ya, xb, yb, stroke=PATH, stroke_width=5, stroke_dasharray="10 8",
                                   data_path=key, data_closed="yes"))
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            angle = math.degrees(math.atan2(yb - ya, xb - xa)) + 90
            parts.append(draw.Rectangle(mx - 14, my - 5, 28, 10, fill="#6e2c00",
                                        transform=f"rotate({angle:.1f} {mx:.1f} {my:.1f})"))
            legend.feature("closed_path")
        else:
            parts.append(draw.Line(xa, ya, xb, yb, stroke=PATH, stroke_width=9, data_path=key))
    if game.rules.map.forests:
        legend.feature("forest")


def _clearing(parts: list, game: Game, cid: int, at: tuple[float, float], kinds: dict, legend: Legend,
              lang: str) -> None:
    x, y = at
    info = game.rules.map.clearings[cid]
    suit = game.s.suits.get(cid, info.suit)
    ring = SUIT_COLOURS.get(suit, NO_SUIT)
    parts.append(draw.Circle(x, y, RADIUS, fill=CLEARING, stroke=ring, stroke_width=9, data_clearing=cid,
                             data_suit=suit or "none"))
    parts.append(draw.Circle(x, y, RADIUS + 5, fill="none", stroke="#4d3b22", stroke_width=1.5))
    label = f"{cid} {info.name}"
    width = 14 + 8 * len(label)
    parts.append(draw.Rectangle(x - width / 2, y - RADIUS - 12, width, 22, rx=11, fill=ring, stroke="#4d3b22",
                                stroke_width=1.2))
    parts.append(draw.Text(label, 14, x, y - RADIUS + 4, text_anchor="middle", font_weight="bold", fill=ink(ring)))
    parts.append(draw.Text(n.term(suit, lang) if suit else "?", 12, x, y - 16, text_anchor="middle", fill="#4d3b22",
                           font_style="italic"))
    _slots(parts, game, cid, x, y + 4, kinds, legend, lang)
    marks = []
    if game.s.ferry == cid:
        marks.append(("ferry", words(lang)["ferry"]))
    if game.rules.map.tower == cid:
        marks.append(("tower", words(lang)["tower"]))
    for i, (feature, text) in enumerate(marks):
        legend.feature(feature)
        parts.append(draw.Text(text, 13, x, y + 32 + 14 * i, text_anchor="middle", fill="#102a43", font_weight="bold",
                               data_feature=" ".join(m for m, _ in marks)))


def _slots(parts: list, game: Game, cid: int, x: float, y: float, kinds: dict, legend: Legend, lang: str) -> None:
    """Building slots: buildings first, then ruins, then empty slots (Law 2.2.3-2.2.4)."""
    slots = game.rules.map.clearings[cid].slots
    buildings = [p for p in game.pieces_at(clearing_loc(cid))
                 if game.rules.category(*game.s.pieces[p][:2]) == "building" and piece_loc(p) not in game.s.at]
    ruins = game.s.ruins.get(cid, 0)
    gap = 4
    total = max(slots, len(buildings) + ruins)
    left = x - (total * SLOT + (total - 1) * gap) / 2 + SLOT / 2
    for i in range(total):
        sx = left + i * (SLOT + gap)
        if i < len(buildings):
            pid = buildings[i]
            faction, kind, _ = game.s.pieces[pid]
            look = kinds[(faction, kind)]
            legend.piece(look, game)
            parts.append(piece_group(look, [pid], sx, y, SLOT, piece_title(game, faction, kind, 1, lang), count=False))
        elif i < len(buildings) + ruins:
            legend.feature("ruin")
            parts.append(ruin(sx, y, SLOT))
        else:
            legend.feature("slot")
            parts.append(empty_slot(sx, y, SLOT))


def _groups(game: Game, loc: str) -> list[tuple[str, str, list[int]]]:
    """The pieces at a location to draw beside it, identical ones (in the same states) together,
    oldest first: every piece but the buildings of a clearing (in its slots) unless they hold
    pieces; a holder alone."""
    out: list[tuple[str, str, list[int]]] = []
    groups: dict[tuple, list[int]] = {}
    for pid in game.pieces_at(loc):
        faction, kind, _ = game.s.pieces[pid]
        held = piece_loc(pid) in game.s.at
        if loc[0] == "c" and not held and game.rules.category(faction, kind) == "building":
            continue
        key = (faction, kind, game.s.states.get(pid, ()))
        if held:
            out.append((faction, kind, [pid]))
        elif key in groups:
            groups[key].append(pid)
        else:
            groups[key] = pids = [pid]
            out.append((faction, kind, pids))
    return out


def _rows(game: Game, loc: str) -> int:
    return (len(_groups(game, loc)) + 2) // 3 if loc in game.s.at else 0


def _cluster(parts: list, game: Game, loc: str, x: float, top: float, kinds: dict, legend: Legend, lang: str,
             backed: bool = False) -> None:
    """Groups of pieces in rows of three centred on x, from `top` down; what a piece holds is
    drawn small at its upper right."""
    groups = _groups(game, loc)
    if not groups:
        return
    per_row = min(3, len(groups))
    if backed:
        rows = (len(groups) + 2) // 3
        parts.append(draw.Rectangle(x - per_row * CELL_W / 2 - 4, top - 2, per_row * CELL_W + 8, rows * CELL_H + 4,
                                    rx=6, fill="#fffdf6", fill_opacity=0.85, stroke="#8b6b43", stroke_width=1))
    for i, (faction, kind, pids) in enumerate(groups):
        row, col = divmod(i, 3)
        in_row = min(3, len(groups) - row * 3)
        cx = x - in_row * CELL_W / 2 + col * CELL_W + ICON / 2 + 4
        cy = top + row * CELL_H + CELL_H / 2
        _pieces(parts, game, kinds, legend, lang, faction, kind, pids, cx, cy, ICON)


def _pieces(parts: list, game: Game, kinds: dict, legend: Legend, lang: str, faction: str, kind: str,
            pids: list[int], x: float, y: float, size: float, count: bool = True) -> None:
    """One group of identical pieces; what a lone piece holds drawn smaller at its upper right."""
    look = kinds[(faction, kind)]
    legend.piece(look, game)
    states = states_of(game, pids)
    parts.append(piece_group(look, pids, x, y, size, piece_title(game, faction, kind, len(pids), lang, states), count,
                             states=states))
    held = _groups(game, piece_loc(pids[0])) if len(pids) == 1 else []
    for j, (hf, hk, hp) in enumerate(held):
        _pieces(parts, game, kinds, legend, lang, hf, hk, hp, x + size * .55 + j * size * .5, y - size * .55,
                size * .6, len(hp) > 1)


__all__ = ["board_svg", "faction_colours", "WIDTH"]
