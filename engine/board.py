"""Maps as immutable data: clearings, paths, rivers, forests and the variant maps' features.

A map never changes during a game; what does change (dealt suits, closed paths opened, the
Ferry's clearing) lives in the game state. Paths are named by their sorted ends, "3-7".
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .documents import Document, load_yaml
from .errors import DataError
from .resources import data_dir
from .schemas import check

SUITS = ("fox", "rabbit", "mouse")


def path_key(a: int, b: int) -> str:
    """The canonical name of the path between two clearings."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


def path_ends(key: str) -> tuple[int, int]:
    a, b = key.split("-")
    return int(a), int(b)


@dataclass(frozen=True)
class Clearing:
    id: int
    name: str
    suit: str | None
    slots: int
    ruins: int
    pos: tuple[float, float] | None = None  # where it is drawn, in percent of the board (render)


@dataclass(frozen=True)
class MapDef:
    """One map, validated and indexed for fast lookups."""

    id: str
    name: str
    suits: str
    clearings: dict[int, Clearing]
    corners: tuple[int, ...]
    opposite: dict[int, int]
    inner: frozenset[int]
    paths: tuple[str, ...]
    closed_paths: tuple[str, ...]
    rivers: tuple[str, ...]
    forests: dict[str, tuple[int, ...]]
    forest_adjacency: tuple[tuple[str, str], ...]
    coast: tuple[int, ...]
    ferry: int | None
    tower: int | None
    notes: tuple[str, ...]

    @property
    def edge(self) -> tuple[int, ...]:
        """Clearings on the map edge: every clearing that is not inner (ruling in the notes)."""
        return tuple(c for c in self.clearings if c not in self.inner)

    def neighbours(self, clearing: int, links: tuple[str, ...]) -> tuple[int, ...]:
        """Clearings joined to `clearing` by one of `links` (path or river keys), ascending."""
        out = []
        for key in links:
            a, b = path_ends(key)
            if a == clearing:
                out.append(b)
            elif b == clearing:
                out.append(a)
        return tuple(sorted(out))

    def forests_touching(self, clearing: int) -> tuple[str, ...]:
        return tuple(f for f, cs in self.forests.items() if clearing in cs)


def load_map(source: str | Path, text: str | None = None) -> MapDef:
    """Load and check a map file (or its `text`, named `source`); mistakes are a DataError."""
    doc = load_yaml(source) if text is None else load_yaml(text=text, source=str(source))
    check(doc, "map")
    return _build_map(doc)


def _build_map(doc: Document) -> MapDef:
    d = doc.data
    ids = {c["id"] for c in d["clearings"]}
    problems = []

    def known(path: tuple, value: int) -> None:
        if value not in ids:
            problems.append(doc.problem(path, f"clearing {value} is not on this map",
                                        "clearings are numbered by the map's 'clearings' list"))

    for name in ("paths", "closed_paths", "rivers"):
        for i, pair in enumerate(d[name]):
            for j, value in enumerate(pair):
                known((name, i, j), value)
    for name in ("corners", "inner", "coast"):
        for i, value in enumerate(d[name]):
            known((name, i), value)
    paths = tuple(path_key(*p) for p in d["paths"])
    for i, pair in enumerate(d["closed_paths"]):
        if path_key(*pair) not in paths:
            problems.append(doc.problem(("closed_paths", i), "a closed path must also be listed in 'paths'"))
    forests = {f["id"]: tuple(f["clearings"]) for f in d["forests"]}
    for i, pair in enumerate(d["forest_adjacency"]):
        for j, fid in enumerate(pair):
            if fid not in forests:
                problems.append(doc.problem(("forest_adjacency", i, j), f"unknown forest '{fid}'"))
    if problems:
        raise DataError(problems)
    opposite = {}
    for a, b in d["opposite_corners"]:
        opposite[a], opposite[b] = b, a
    return MapDef(
        id=d["id"],
        name=d["name"],
        suits=d["suits"],
        clearings={c["id"]: Clearing(c["id"], c.get("name", str(c["id"])), c["suit"], c["slots"], c["ruins"],
                                      tuple(c["pos"]) if "pos" in c else None)
                   for c in sorted(d["clearings"], key=lambda c: c["id"])},
        corners=tuple(d["corners"]),
        opposite=opposite,
        inner=frozenset(d["inner"]),
        paths=paths,
        closed_paths=tuple(path_key(*p) for p in d["closed_paths"]),
        rivers=tuple(path_key(*p) for p in d["rivers"]),
        forests=forests,
        forest_adjacency=tuple(tuple(p) for p in d["forest_adjacency"]),
        coast=tuple(d["coast"]),
        ferry=d["ferry"],
        tower=d["tower"],
        notes=tuple(d.get("notes", ())),
    )


def bundled_maps() -> list[str]:
    """Ids of the maps that ship with rootlaw."""
    return sorted(p.stem for p in data_dir("maps").glob("*.yaml"))
