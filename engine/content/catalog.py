"""Assembling what a game is played with: a map, a deck and factions, by id.

Data (records, saved games, scenarios) names content by id only, so a file from a stranger
cannot make rootlaw read some other file and quote it in an error. A path is read only when
the user typed it on the command line (as a pack, see `packs.load_packs`) or when it is a
scenario's own faction file, `factions/<id>.yaml` found beside the scenario (read in the
language of the pack around it, when its folder is a pack's).
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from rootlaw.core.board import MapDef
from rootlaw.core.cards import Deck
from rootlaw.core.game import Options, Rules
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.files.resources import data_path

from .decks import load_deck
from .factions import FactionDef, bundled_factions, load_faction
from .maps import bundled_maps, load_map


def find_map(name: str, extra: dict[str, MapDef] | None = None) -> MapDef:
    """A map by id (packs' maps first, then bundled) or by file path."""
    if extra and name in extra:
        return extra[name]
    if name in bundled_maps():
        return load_map(data_path("maps", f"{name}.yaml"))
    known = sorted(set(bundled_maps()) | set(extra or ()))
    raise RootlawError(f"unknown map '{name}'; known maps: {', '.join(known)}")


def standard_deck() -> Deck:
    return load_deck(data_path("decks", "standard.yaml"))


def find_faction(name: str, extra: dict[str, FactionDef] | None = None) -> FactionDef:
    """A faction by id (extra ones from packs first, then bundled) or a scenario's own
    `factions/<id>.yaml` file; any other path is refused unread."""
    if extra and name in extra:
        return extra[name]
    bundled = bundled_factions()
    if name in bundled:
        return load_faction(bundled[name])
    if _own_faction_file(name):
        return load_faction(name, language=_pack_language(Path(name)))
    known = sorted(set(bundled) | set(extra or ()))
    import difflib  # only for a mistake's hint: not imported at start
    close = difflib.get_close_matches(name, known, 1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise RootlawError(f"unknown faction '{name}'; {hint}known factions: {', '.join(known) or 'none'}")


def faction_named(name: str, extra: dict[str, FactionDef] | None = None) -> str:
    """The id of the faction a person typed: its id, or any of its names in any language, in
    any case and with or without accents ('river otters', 'Loutres de la Riviere').
    Only what people type goes through here; records, saves and scenarios name factions by id."""
    bundled = bundled_factions()
    if name in bundled or (extra and name in extra):
        return name
    factions = {**{fid: load_faction(path) for fid, path in bundled.items()}, **(extra or {})}
    wanted = _folded(name)
    spoken: dict[str, tuple[str, str]] = {}  # folded name -> (id, the name as written)
    for fid, faction in factions.items():
        for text in (fid, *faction.names.values()):
            spoken.setdefault(_folded(text), (fid, text))
    if wanted in spoken:
        return spoken[wanted][0]
    _refuse_odd_file(name)
    import difflib  # only for a mistake's hint: not imported at start
    close = difflib.get_close_matches(wanted, list(spoken), 1, 0.6)
    hint = f"did you mean '{spoken[close[0]][1]}'? " if close else ""
    known = "; ".join(_shown(f) for f in factions.values())
    raise RootlawError(f"unknown faction '{name}'; {hint}known factions (by id or any name): {known}")


def _refuse_odd_file(name: str) -> None:
    """A name a person typed that is a path to a folder, a pipe or a device: said so (it is
    never opened). Not for names read from files (`find_faction`), which never probe paths."""
    if Path(name).exists() and not Path(name).is_file():
        raise RootlawError(f"{name}: is not a regular file (a folder, a pipe or a device?), so it cannot be a "
                           "faction file; give a faction file, or a faction's id or name")


def _folded(text: str) -> str:
    """A name as compared: lower case, accents and extra spaces dropped."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("_", " ").split())


def _shown(faction: FactionDef) -> str:
    return f"{faction.id} ({' / '.join(faction.names.values())})"


ID = re.compile(r"[a-z][a-z0-9_]*")
"""What an id of a faction, map or deck looks like (the schemas' pattern)."""


def is_id(name: object) -> bool:
    return isinstance(name, str) and ID.fullmatch(name) is not None


def is_faction_name(name: object) -> bool:
    """A faction as games name it: its id, or `pack:id` for a pack's faction."""
    return isinstance(name, str) and all(is_id(part) for part in name.split(":", 1))


def _own_faction_file(name: str) -> bool:
    path = Path(name)
    return (path.suffix == ".yaml" and path.parent.name == "factions" and is_id(path.stem)
            and ".." not in path.parts and path.is_file())


def _pack_language(faction_file: Path) -> int | None:
    """The `language:` of the pack manifest beside the faction file's `factions/` folder, if any
    (a pack's scenarios find its factions there); a manifest that does not load says nothing."""
    manifest = faction_file.parent.parent / "pack.yaml"
    if not manifest.is_file():
        return None
    try:
        data = load_yaml(manifest).data
    except DataError:
        return None
    language = data.get("language") if isinstance(data, dict) else None
    return language if isinstance(language, int) and not isinstance(language, bool) else None


def make_rules(map_name: str, factions: list[FactionDef], options: Options = Options(),
               deck: Deck | None = None, maps: dict[str, MapDef] | None = None) -> Rules:
    """The rules of a game; each faction may be seated once (a faction named twice is an error,
    not a smaller table)."""
    seen: set[str] = set()
    for faction in factions:
        if faction.id in seen:
            raise RootlawError(f"faction '{faction.id}' is named twice; each faction can be played "
                               f"by only one seat")
        seen.add(faction.id)
    return Rules(map=find_map(map_name, maps), deck=deck or standard_deck(),
                 factions={f.id: f for f in factions}, options=options)
