"""Pieces drawn as pieces: warriors as figures, buildings as squares, tokens as discs, pawns as
pawns, markers as small diamonds, in their faction's colour, with the kind's letter on them, a
pip of their suit when they have one, and their count beside them.

A `Look` is everything that tells one kind of piece from another in the picture; the legend
shows one entry per look drawn. Each drawn group carries `data-pieces` (its piece ids),
`data-kind` ("faction kind") and `data-count`, so tests can check the picture against the state;
pieces in states (an item exhausted or damaged) are drawn faded and dashed, their states named
in `data-states` and in the tooltip.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import drawsvg as draw

from rootlaw.core import names as n
from rootlaw.core.game import Game

from .colours import SUIT_COLOURS, ink

SHAPES = ("warrior", "building", "token", "pawn", "marker")
SMALL_WORDS = {"a", "an", "the", "of", "de", "du", "des", "la", "le", "les", "l", "d", "z", "w", "na"}


@dataclass(frozen=True)
class Look:
    """How one kind of piece looks: shape (its category), colour, letter and suit pip."""

    faction: str
    kind: str
    category: str
    colour: str
    letter: str
    suit: str | None


def looks(game: Game, colours: dict[str, str], lang: str) -> dict[tuple[str, str], Look]:
    """The look of every piece kind of the seated factions. A faction's letters tell its kinds
    of one category apart: a piece's `symbol` from its file, else the initials of its name
    (suit words and the category's own word left out); a faction's plain warrior has none."""
    out = {}
    for fid in game.s.seats:
        faction = game.faction(fid)
        used: dict[tuple[str, str], list] = {}  # (category, letter) -> suits of the kinds that have it
        for kind, piece in faction.pieces.items():
            letter = piece.symbol or _initials(game, fid, kind, piece.category, lang)
            if piece.category == "warrior" and kind == "warrior":
                letter = ""
            base, number = letter, 2
            # kinds of one category may share a letter only when their suit pips tell them apart
            while (piece.category, letter) in used and (piece.suit is None or piece.suit in used[(piece.category, letter)]
                                                        or None in used[(piece.category, letter)]):
                letter, number = f"{base[:1]}{number}", number + 1
            used.setdefault((piece.category, letter), []).append(piece.suit)
            out[(fid, kind)] = Look(fid, kind, piece.category, colours[fid], letter, piece.suit)
    return out


def _initials(game: Game, fid: str, kind: str, category: str, lang: str) -> str:
    name = n.display_name(game.rules, "piece", kind, lang, fid)
    skip = {n.term(w, lang).lower() for w in ("fox", "rabbit", "mouse", "bird", category)} | SMALL_WORDS
    words = [w for w in re.findall(r"\w+", name) if w.lower() not in skip]
    digits = "".join(w for w in words if w.isdigit())
    letters = "".join(w[0].upper() for w in words if not w.isdigit())[:1]
    return (letters + digits)[:2] if letters or digits else name[:1].upper()


def shape(look: Look, x: float, y: float, size: float) -> list:
    """The drawing of one piece centred on (x, y), `size` pixels tall."""
    s, fill = size, look.colour
    line = {"stroke": "#1b1b1b", "stroke_width": max(1.0, s / 14)}
    parts: list = []
    if look.category == "warrior":
        body = [(-.42, .5), (-.3, .02), (-.5, -.08), (-.44, -.22), (.44, -.22), (.5, -.08), (.3, .02), (.42, .5)]
        parts.append(draw.Lines(*[v for px, py in body for v in (x + px * s, y + py * s)], close=True, fill=fill, **line))
        parts.append(draw.Circle(x, y - .36 * s, .17 * s, fill=fill, **line))
        text_y = y + .3 * s
    elif look.category == "building":
        parts.append(draw.Rectangle(x - s / 2, y - s / 2, s, s, fill=fill, rx=s / 10, **line))
        text_y = y + .18 * s
    elif look.category == "token":
        parts.append(draw.Circle(x, y, s / 2, fill=fill, **line))
        text_y = y + .18 * s
    elif look.category == "pawn":
        base = [(-.4, .5), (-.12, -.12), (.12, -.12), (.4, .5)]
        parts.append(draw.Lines(*[v for px, py in base for v in (x + px * s, y + py * s)], close=True, fill=fill, **line))
        parts.append(draw.Circle(x, y - .28 * s, .22 * s, fill=fill, **line))
        text_y = y + .38 * s
    else:
        diamond = [(0, -.42), (.42, 0), (0, .42), (-.42, 0)]
        parts.append(draw.Lines(*[v for px, py in diamond for v in (x + px * s, y + py * s)], close=True,
                                fill=fill, **line))
        text_y = y + .14 * s
    if look.letter:
        size_text = s * (.42 if len(look.letter) > 1 else .5) * (.8 if look.category == "warrior" else 1)
        parts.append(draw.Text(look.letter, size_text, x, text_y, text_anchor="middle", fill=ink(fill),
                               font_weight="bold"))
    if look.suit in SUIT_COLOURS:
        parts.append(draw.Circle(x + s * .42, y - s * .42, s * .17, fill=SUIT_COLOURS[look.suit],
                                 stroke="#1b1b1b", stroke_width=.8))
    return parts


def piece_group(look: Look, pids: list[int], x: float, y: float, size: float, title: str,
                count: bool = True, number: int | None = None, states: tuple[str, ...] = ()) -> draw.Group:
    """A group of identical pieces: the shape, its count to the right, a tooltip naming them.
    `number` counts pieces that have no ids to show (those of a supply); `states` are the
    states the pieces share."""
    shown = len(pids) if number is None else number
    extra = {"data_states": " ".join(states), "opacity": 0.55} if states else {}
    group = draw.Group(data_pieces=" ".join(map(str, pids)), data_kind=f"{look.faction} {look.kind}",
                       data_count=str(shown), **extra)
    for part in shape(look, x, y, size):
        group.append(part)
    if states:
        group.append(draw.Rectangle(x - size * .58, y - size * .58, size * 1.16, size * 1.16, fill="none",
                                    stroke="#1b1b1b", stroke_width=1, stroke_dasharray="3 2"))
    if count:
        label = str(shown)
        width = size * .36 * len(label) + size * .22
        group.append(draw.Rectangle(x + size * .5, y + size * .02, width, size * .52, rx=size * .12,
                                    fill="#fffdf6", stroke="#6b5a3c", stroke_width=.7))
        group.append(draw.Text(label, size * .46, x + size * .5 + width / 2, y + size * .43, font_weight="bold",
                               fill="#1b1b1b", text_anchor="middle", data_count_text=label))
    group.append(draw.Title(title))
    return group


def piece_title(game: Game, faction: str, kind: str, count: int, lang: str, states: tuple[str, ...] = ()) -> str:
    """'River Otters: 3 Young Otter warriors'."""
    return f"{n.display_name(game.rules, 'faction', faction, lang)}: {pieces_words(game, faction, kind, count, lang, states)}"


def pieces_words(game: Game, faction: str, kind: str, count: int, lang: str, states: tuple[str, ...] = ()) -> str:
    """'3 Young Otter warriors', with the pieces' states by name: '2 swords (exhausted)'."""
    shown = ", ".join(n.word_name(game.rules, st, lang, faction) for st in states)
    return n.count_name(game.rules, "piece", kind, count, lang, faction) + (f" ({shown})" if shown else "")


def states_of(game: Game, pids: Any) -> tuple[str, ...]:
    """The states of the first of a group of pieces (a group's pieces share them); none for a count."""
    return game.s.states.get(pids[0], ()) if isinstance(pids, list) and pids else ()


__all__ = ["Look", "looks", "shape", "piece_group", "piece_title", "pieces_words", "states_of", "SHAPES"]
