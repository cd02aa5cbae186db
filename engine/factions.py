"""Faction definitions: pieces, setup and turn structure, loaded from a faction file.

This module knows the *shape* of a faction file; the abilities written in the faction
language are compiled by `engine.language` and attached here. Nothing in it names a faction.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .documents import Document, load_yaml
from .errors import DataError
from .resources import data_dir
from .schemas import validate

PHASES = ("birdsong", "daylight", "evening")
CATEGORIES = ("warrior", "building", "token", "pawn", "marker")


@dataclass(frozen=True)
class PieceDef:
    kind: str
    category: str
    count: int
    suit: str | None = None
    crafts: bool = False          # a crafting piece (Law 4.1.1)
    craft_limit: int | None = None  # at most this many crafting pieces of the faction per clearing
    names: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class FactionDef:
    id: str
    names: dict[str, str]
    source: str
    setup_order: int
    pieces: dict[str, PieceDef]
    setup: tuple[dict, ...]
    turn: dict[str, tuple[dict, ...]]
    hand_limit: int = 5
    craft_items: bool = True
    doc: Document | None = None

    @property
    def name(self) -> str:
        return self.names.get("en") or next(iter(self.names.values()))

    def display_name(self) -> str:
        """Original-language name with the English one beside it, as the guide asks."""
        original = [n for lang, n in self.names.items() if lang != "en"]
        if original and "en" in self.names:
            return f"{original[0]} ({self.names['en']})"
        return self.name


def load_faction(source: str | Path) -> FactionDef:
    doc = load_yaml(source)
    problems = validate(doc, "faction")
    if problems:
        raise DataError(problems)
    return build_faction(doc)


def build_faction(doc: Document) -> FactionDef:
    d: dict[str, Any] = doc.data
    pieces = {}
    for kind, p in d["pieces"].items():
        pieces[kind] = PieceDef(kind=kind, category=p["category"], count=p["count"], suit=p.get("suit"),
                                crafts=p.get("crafts", False), craft_limit=p.get("craft_limit"),
                                names=dict(p.get("names", {})))
    problems = []
    for phase in PHASES:
        for i, step in enumerate(d.get("turn", {}).get(phase, ())):
            _check_step_pieces(doc, ("turn", phase, i), step, pieces, problems)
    for i, step in enumerate(d.get("setup", ())):
        _check_step_pieces(doc, ("setup", i), step, pieces, problems)
    if problems:
        raise DataError(problems)
    return FactionDef(
        id=d["id"], names=dict(d["names"]), source=d.get("source", ""), setup_order=d.get("setup_order", 99),
        pieces=pieces, setup=tuple(d.get("setup", ())),
        turn={phase: tuple(d.get("turn", {}).get(phase, ())) for phase in PHASES},
        hand_limit=d.get("hand_limit", 5), craft_items=d.get("craft_items", True), doc=doc,
    )


def _check_step_pieces(doc: Document, path: tuple, step: Any, pieces: dict, problems: list) -> None:
    """Every piece kind a step names must be one of the faction's pieces."""
    if isinstance(step, dict):
        for key, value in step.items():
            if key in ("piece", "at") and isinstance(value, str) and value not in pieces:
                problems.append(doc.problem(path + (key,), f"unknown piece '{value}'",
                                            f"pieces of this faction: {', '.join(pieces)}"))
            elif key == "pieces" and isinstance(value, dict):
                for kind in value:
                    if kind not in pieces:
                        problems.append(doc.problem(path + (key, kind), f"unknown piece '{kind}'",
                                                    f"pieces of this faction: {', '.join(pieces)}",
                                                    at_key=True))
            else:
                _check_step_pieces(doc, path + (key,), value, pieces, problems)
    elif isinstance(step, list):
        for i, item in enumerate(step):
            _check_step_pieces(doc, path + (i,), item, pieces, problems)


def bundled_factions() -> dict[str, Path]:
    """Faction id -> file, for the factions that ship with rootlaw."""
    return {p.stem: p for p in sorted(data_dir("factions").glob("*.yaml"))}
