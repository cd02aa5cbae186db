"""Loading maps: a map file checked against its schema and indexed as a `MapDef`."""
from __future__ import annotations

from pathlib import Path

from rootlaw.core.board import Clearing, MapDef, path_key
from rootlaw.errors import DataError
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.resources import data_dir
from rootlaw.files.schemas import check


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
    for name in ("corners", "inner", "central", "coast"):
        for i, value in enumerate(d.get(name, ())):
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
        central=frozenset(d.get("central", d["inner"])),
    )


def bundled_maps() -> list[str]:
    """Ids of the maps that ship with rootlaw."""
    return sorted(p.stem for p in data_dir("maps").glob("*.yaml"))
