"""The legend of the board picture, and the picture's own words in English, French and Polish.

The map and the faction boards tell the legend each kind of piece and each map feature they
draw; the legend then shows one entry for each, so nothing in the picture goes unexplained.
"""
from __future__ import annotations

import drawsvg as draw

from rootlaw.core import names as n
from rootlaw.core.game import Game

from .pieces import Look, shape

WORDS = {
    "en": {"round": "round", "turn": "turn", "over": "game over", "lake": "Lake", "ferry": "Ferry", "tower": "Tower",
           "legend": "Legend", "ruin": "ruin", "slot": "empty building slot", "river": "river", "forest": "forest",
           "closed_path": "closed path", "vp": "VP", "hand": "cards in hand", "cards": "cards", "items": "items",
           "persistent": "cards in play", "dominance": "dominance card", "supply": "supply", "deck": "deck",
           "discard": "discard pile", "item_supply": "items to craft", "available": "dominance available",
           "empty": "empty", "holding": "holding"},
    "fr": {"round": "tour", "turn": "au tour de", "over": "partie terminée", "lake": "Lac", "ferry": "Radeau",
           "tower": "Tour", "legend": "Légende", "ruin": "ruine", "slot": "emplacement libre", "river": "rivière",
           "forest": "bois", "closed_path": "chemin fermé", "vp": "PV", "hand": "cartes en main", "cards": "cartes",
           "items": "objets", "persistent": "cartes en jeu", "dominance": "carte Domination", "supply": "réserve",
           "deck": "pioche", "discard": "défausse", "item_supply": "objets à fabriquer",
           "available": "Domination disponible", "empty": "vide", "holding": "portant"},
    "pl": {"round": "runda", "turn": "tura", "over": "koniec gry", "lake": "Jezioro", "ferry": "Prom", "tower": "Wieża",
           "legend": "Legenda", "ruin": "Ruiny", "slot": "wolne pole budynku", "river": "rzeka", "forest": "las",
           "closed_path": "Zamknięta Ścieżka", "vp": "PZ", "hand": "kart na ręce", "cards": "karty",
           "items": "przedmioty", "persistent": "karty w grze", "dominance": "karta Dominacji", "supply": "pula",
           "deck": "talia", "discard": "odrzucone", "item_supply": "przedmioty do przekucia",
           "available": "Dominacja dostępna", "empty": "puste", "holding": "trzyma"},
}

COLUMNS, ROW, ICON = 3, 26, 20


def words(lang: str) -> dict[str, str]:
    return WORDS[lang]


def ruin(x: float, y: float, size: float = 24) -> draw.Group:
    g = draw.Group(data_feature="ruin")
    g.append(draw.Rectangle(x - size / 2, y - size / 2, size, size, fill="#8c8c8c", stroke="#222", stroke_width=1.5))
    g.append(draw.Line(x - size / 3, y - size / 3, x + size / 3, y + size / 3, stroke="#eee", stroke_width=2))
    g.append(draw.Line(x + size / 3, y - size / 3, x - size / 3, y + size / 3, stroke="#eee", stroke_width=2))
    return g


def empty_slot(x: float, y: float, size: float = 24) -> draw.Rectangle:
    return draw.Rectangle(x - size / 2, y - size / 2, size, size, fill="white", fill_opacity=0.8, stroke="#555",
                          stroke_width=1, stroke_dasharray="3 2")


def _feature_icon(feature: str, x: float, y: float) -> list:
    if feature == "ruin":
        return [ruin(x, y, ICON)]
    if feature == "slot":
        return [empty_slot(x, y, ICON)]
    if feature == "river":
        return [draw.Line(x - 10, y, x + 10, y, stroke="#4a90c8", stroke_width=6, stroke_linecap="round")]
    if feature == "forest":
        return [draw.Rectangle(x - 10, y - 8, 20, 16, fill="#b5cf99", stroke="#7d9a64")]
    if feature == "closed_path":
        return [draw.Line(x - 11, y, x + 11, y, stroke="#8b6b43", stroke_width=5, stroke_dasharray="5 4"),
                draw.Rectangle(x - 3, y - 7, 6, 14, fill="#6e2c00")]
    if feature in ("ferry", "tower"):
        return [draw.Text(feature[0].upper(), 14, x, y + 5, text_anchor="middle", font_weight="bold", fill="#102a43")]
    return []


class Legend:
    """The kinds of piece and the features drawn so far, in the order met (pieces by seat)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.pieces: dict[tuple[str, str], tuple[Look, str]] = {}
        self.features: list[str] = []

    def piece(self, look: Look, game: Game) -> None:
        key = (look.faction, look.kind)
        if key not in self.pieces:
            label = (f"{n.display_name(game.rules, 'faction', look.faction, self.lang)}: "
                     f"{n.display_name(game.rules, 'piece', look.kind, self.lang, look.faction)}")
            self.pieces[key] = (look, label)

    def feature(self, name: str) -> None:
        if name not in self.features:
            self.features.append(name)

    def _entries(self) -> int:
        return len(self.pieces) + len(self.features)

    def height(self, width: float) -> float:
        rows = -(-self._entries() // COLUMNS)
        return 30 + rows * ROW if rows else 0

    def draw(self, x: float, y: float, width: float) -> list:
        """The legend from (x, y) down: a heading, then the entries in columns."""
        if not self._entries():
            return []
        out: list = [draw.Text(WORDS[self.lang]["legend"], 16, x, y + 16, font_weight="bold", fill="#2b2114")]
        column = width / COLUMNS
        entries = [("piece", look, label) for look, label in self.pieces.values()] \
            + [("feature", f, WORDS[self.lang][f]) for f in self.features]
        seats = [look.faction for look, _ in self.pieces.values()]
        order = sorted(range(len(entries)), key=lambda i: (entries[i][0] != "piece",
                                                          seats.index(entries[i][1].faction)
                                                          if entries[i][0] == "piece" else 0, i))
        for slot, i in enumerate(order):
            what, item, label = entries[i]
            row, col = divmod(slot, COLUMNS)
            ex, ey = x + col * column + ICON / 2 + 2, y + 30 + row * ROW + ROW / 2
            group = draw.Group(data_legend=f"{item.faction} {item.kind}" if what == "piece" else item)
            for part in (shape(item, ex, ey, ICON) if what == "piece" else _feature_icon(item, ex, ey)):
                group.append(part)
            limit = int((column - ICON - 12) / 7.2)
            shown = label if len(label) <= limit else label[:limit - 1] + "…"
            group.append(draw.Text(shown, 13, ex + ICON / 2 + 6, ey + 5, fill="#2b2114"))
            if shown != label:
                group.append(draw.Title(label))
            out.append(group)
        return out


__all__ = ["Legend", "words", "WORDS", "ruin", "empty_slot"]
