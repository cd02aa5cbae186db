"""Finds the data files that ship with rootlaw (maps, decks, schemas, grammar, factions).

In a source checkout the top-level folders `factions/`, `grammar/` and `schemas/` sit beside
the package's folder `engine/`; in an installed wheel the build copies them into
`rootlaw/data/`. Looking in both
places keeps one code path for a checkout, an editable install and a normal install.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the rootlaw package (engine/ in a checkout)
_CANDIDATE_ROOTS = (PACKAGE_DIR / "data", PACKAGE_DIR.parent)


def data_dir(kind: str) -> Path:
    """The folder holding one kind of bundled data: maps, decks, schemas, grammar, factions."""
    for root in _CANDIDATE_ROOTS:
        folder = root / kind
        if folder.is_dir():
            return folder
    raise FileNotFoundError(f"rootlaw's bundled '{kind}' folder is missing; reinstall rootlaw")


def data_path(kind: str, name: str) -> Path:
    """One bundled file, such as data_path('maps', 'autumn.yaml')."""
    return data_dir(kind) / name


def source_name(path: Path) -> str | None:
    """A bundled file's name in rootlaw's source tree (`factions/FACTION.yaml`,
    `engine/data/rulings/core.yaml`), so what a person reads is the same from a checkout and
    from an installed wheel; None for a file rootlaw does not ship."""
    resolved = path.resolve()
    for kind in ("factions", "grammar", "schemas"):
        folder = data_dir(kind).resolve()
        if resolved.is_relative_to(folder):
            return f"{kind}/{resolved.relative_to(folder).as_posix()}"
    if resolved.is_relative_to(PACKAGE_DIR):
        return f"engine/{resolved.relative_to(PACKAGE_DIR).as_posix()}"
    return None
