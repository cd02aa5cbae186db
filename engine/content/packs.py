"""Packs: factions, maps and decks shared by the community, in a folder or a .zip.

A pack is data only. Loading one never runs code, never reads a file outside the pack (a
path with `..`, an absolute path, a link leaving the folder and any such zip entry are
refused) and bounds what it reads (file count and sizes), so a pack from a stranger can at
worst be refused with a clear message.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path, PurePosixPath

from rootlaw.core.board import MapDef
from rootlaw.core.cards import Deck
from rootlaw.errors import DataError, Problem
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.regular import Unreadable, read_regular
from rootlaw.files.schemas import validate
from rootlaw.language.versions import CURRENT, reading_of
from rootlaw.version import __version__

from .decks import load_deck
from .factions import FactionDef, bundled_factions, load_faction
from .maps import bundled_maps, load_map

MANIFEST = "pack.yaml"
MAX_FILES = 500
MAX_FILE_BYTES = 2_000_000
MAX_TOTAL_BYTES = 50_000_000
MAX_NAME = 255
"""Longest file name (with its folders) a pack may list."""


@dataclass
class Pack:
    """A loaded pack: its factions, maps and decks by id, and the warnings of its old-language files."""

    id: str
    name: str
    version: str
    source: str
    factions: dict[str, FactionDef] = field(default_factory=dict)
    maps: dict[str, MapDef] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    language: int | None = None  # the manifest's `language:`, the default of its factions and decks
    manifest: str | None = None  # where pack.yaml was read (None: a single file as a pack of one)

    @property
    def warnings(self) -> list[Problem]:
        """What its files' old constructs warned about (language 1 read in its old meaning)."""
        return warnings_of(self.factions, self.decks)


def language_notes(pack: Pack) -> list[Problem]:
    """Advice for a pack, or a faction or deck file, that does not say which language it is
    written in (`rootlaw validate`)."""
    readings = [f.reading for f in pack.factions.values()] + [d.reading for d in pack.decks.values() if d.reading]
    if pack.language is not None or all(r.stated for r in readings):
        return []
    source = pack.manifest or pack.source
    where = "pack.yaml" if pack.manifest else "the file"
    return [Problem(source, 1, 1, f"{where} does not say which language it is written in, so language {CURRENT} "
                                  "is assumed",
                    f"add 'language: {CURRENT}' to {where} (or 'language: 1' if it was written for rootlaw 0.1)",
                    "note")]


def warnings_of(factions: dict[str, FactionDef], decks: dict[str, Deck]) -> list[Problem]:
    """The warnings of these factions and decks, each once, in file order."""
    readings = [f.reading for f in factions.values()] + [d.reading for d in decks.values() if d.reading]
    return sorted({w for r in readings for w in r.warnings}, key=lambda w: (w.file, w.line, w.col, w.message))


def _unpacking_errors() -> tuple:
    """What a damaged or unusual zip raises while a file is read from it (zipfile is imported
    here, not at start: the bundled data and folder packs never need it)."""
    import zipfile
    import zlib
    return (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError)


class _Files:
    """Reads files of a pack by relative path, from a folder or a zip, refusing escapes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.zip: zipfile.ZipFile | None = None
        self.names: dict[str, zipfile.ZipInfo] = {}
        if path.is_file():
            import zipfile  # only for a zipped pack (see _unpacking_errors)
            try:
                self.zip = zipfile.ZipFile(path)
            except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
                raise DataError([Problem(str(path), 1, 1, f"not a pack: cannot open the zip ({_brief(exc)})",
                                         "a pack is a folder or a .zip holding pack.yaml")]) from None
            self._check_zip()
        elif not path.is_dir():
            raise DataError([Problem(str(path), 1, 1, "not a pack: this is neither a folder nor a file "
                                                      "(a pipe or a device?)", "a pack is a folder or a .zip")])

    def _check_zip(self) -> None:
        problems, total = [], 0
        infos = self.zip.infolist()
        if len(infos) > MAX_FILES:
            problems.append(Problem(str(self.path), 1, 1, f"the zip holds {len(infos)} entries (at most {MAX_FILES})"))
        for info in infos:
            name = info.filename
            if _unsafe(name):
                problems.append(Problem(str(self.path), 1, 1, f"refused zip entry '{name}': it points outside the pack",
                                        "a pack's zip entries must be relative paths without '..'"))
                continue
            if (info.external_attr >> 16) & 0o170000 == 0o120000:
                problems.append(Problem(str(self.path), 1, 1, f"refused zip entry '{name}': links are not allowed"))
                continue
            total += info.file_size
            if not info.is_dir():
                self.names[name] = info
        if total > MAX_TOTAL_BYTES:
            problems.append(Problem(str(self.path), 1, 1, f"the zip unpacks to {total} bytes (at most {MAX_TOTAL_BYTES})"))
        if problems:
            raise DataError(problems)

    def source(self, name: str) -> str:
        return f"{self.path}!{name}" if self.zip else str(self.path / name)

    def read(self, name: str) -> str | None:
        """The text of a pack file, or None if the pack has no such file.

        A damaged zip (bad CRC, corrupt or unknown compression, encryption) and a path the
        system refuses (a NUL, a name too long, a loop of links) end in a DataError."""
        try:
            raw = self._zip_bytes(name) if self.zip is not None else self._folder_bytes(name)
        except DataError:
            raise
        except _unpacking_errors() as exc:  # (evaluated only once something was raised)
            raise DataError([Problem(self.source(name), 1, 1, f"cannot unpack this file of the zip: {_brief(exc)}",
                                     "the zip is damaged, encrypted or uses an unusual compression; "
                                     "pack it again with plain deflate")]) from None
        except (OSError, ValueError) as exc:
            raise DataError([Problem(self.source(name), 1, 1,
                                     f"cannot read this file: {getattr(exc, 'strerror', None) or _brief(exc)}")]) from None
        if raw is None:
            return None
        if len(raw) > MAX_FILE_BYTES:
            raise DataError([Problem(self.source(name), 1, 1, f"file larger than {MAX_FILE_BYTES} bytes")])
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DataError([Problem(self.source(name), 1, 1, "the file is not UTF-8 text")]) from None

    def _zip_bytes(self, name: str) -> bytes | None:
        info = self.names.get(name)
        if info is None:
            return None
        if info.file_size > MAX_FILE_BYTES:
            raise DataError([Problem(self.source(name), 1, 1, f"file larger than {MAX_FILE_BYTES} bytes")])
        if info.flag_bits & 0x1:
            raise DataError([Problem(self.source(name), 1, 1, "the file is encrypted",
                                     "a pack must not need a password")])
        with self.zip.open(info) as handle:
            return handle.read(MAX_FILE_BYTES + 1)

    def _folder_bytes(self, name: str) -> bytes | None:
        if len(name) > MAX_NAME or "\0" in name:
            raise DataError([Problem(self.source(name[:MAX_NAME]), 1, 1,
                                     f"refused file name: longer than {MAX_NAME} characters or holding a NUL")])
        target = (self.path / name)
        root = self.path.resolve()
        try:
            inside = target.resolve().is_relative_to(root)
        except RuntimeError:  # Python 3.11 reports a loop of links this way
            raise DataError([Problem(self.source(name), 1, 1, "refused: a loop of links")]) from None
        if not inside:
            raise DataError([Problem(self.source(name), 1, 1, "refused: the file lies outside the pack")])
        if not target.exists():
            return None
        try:
            return read_regular(target, MAX_FILE_BYTES, what="pack file")
        except Unreadable as exc:
            raise DataError([Problem(self.source(name), 1, 1, exc.message, exc.hint)]) from None


def _brief(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _brief_name(name: str) -> str:
    return name if len(name) <= 60 else name[:57] + "..."


def _unsafe(name: str) -> bool:
    path = PurePosixPath(name.replace("\\", "/"))
    return path.is_absolute() or ".." in path.parts or bool(re.match(r"^[A-Za-z]:", name))


def load_pack(path: str | Path) -> Pack:
    """Load and check every file of a pack; all problems are reported together."""
    path = Path(path)
    try:
        found = path.exists()
    except (OSError, ValueError) as exc:
        raise DataError([Problem(str(path)[:MAX_NAME], 1, 1, f"cannot use this path: {_brief(exc)}")]) from None
    if not found:
        raise DataError([Problem(str(path), 1, 1, "no such pack", "give a pack folder or a .zip")])
    files = _Files(path)
    text = files.read(MANIFEST)
    if text is None:
        raise DataError([Problem(files.source(MANIFEST), 1, 1, "the pack has no pack.yaml",
                                 "a pack needs a manifest named pack.yaml at its top")])
    doc = load_yaml(text=text, source=files.source(MANIFEST))
    problems = validate(doc, "pack")
    if problems:
        raise DataError(problems)
    m = doc.data
    problems += _check_version(doc)
    language, wrong = reading_of(doc)
    problems += wrong
    pack = Pack(m["id"], m["name"], m["version"], str(path), language=language.language if language.stated else None,
                manifest=files.source(MANIFEST))
    # factions and decks are read in the manifest's language unless they state their own
    loaders = {"factions": (partial(load_faction, language=pack.language), pack.factions), "maps": (load_map, pack.maps),
               "decks": (partial(load_deck, language=pack.language), pack.decks)}
    listed = sum(len(m.get(kind, ())) for kind in loaders)
    if listed > MAX_FILES:
        raise DataError([doc.problem((), f"the manifest lists {listed} files (at most {MAX_FILES})")])
    seen: set[str] = set()
    for kind, (loader, into) in loaders.items():
        for i, name in enumerate(m.get(kind, ())):
            if name in seen:
                problems.append(doc.problem((kind, i), f"'{_brief_name(name)}' is listed twice"))
                continue
            seen.add(name)
            if len(name) > MAX_NAME or "\0" in name:
                problems.append(doc.problem((kind, i), f"refused file name: longer than {MAX_NAME} "
                                                       "characters or holding a NUL"))
                continue
            if _unsafe(name):
                problems.append(doc.problem((kind, i), f"refused '{name}': it points outside the pack"))
                continue
            body = files.read(name)
            if body is None:
                problems.append(doc.problem((kind, i), f"the pack has no file '{name}'"))
                continue
            try:
                item = loader(files.source(name), text=body)
                if kind == "factions" and item.id in bundled_factions():
                    # the pack's own version of a bundled faction: seated as `pack:id`
                    item = load_faction(files.source(name), text=body, language=pack.language, pack=pack.id)
            except DataError as exc:
                problems += exc.problems
                continue
            if item.id in into:
                problems.append(doc.problem((kind, i), f"two {kind} of this pack have the id '{item.id}'"))
            into[item.id] = item
    if problems:
        raise DataError(problems)
    return pack


MAX_VERSION_DIGITS = 9
"""Digits a part of a version number may have (years and build numbers fit)."""


def _check_version(doc: Document) -> list[Problem]:
    supported = doc.data["rootlaw"]
    long = next((n for n in re.findall(r"[0-9.]+", supported) if _too_long(n)), None)
    if long is not None:
        shown = long if len(long) <= 20 else long[:17] + "..."
        return [doc.problem(("rootlaw",), f"the version {shown} has a part longer than {MAX_VERSION_DIGITS} digits",
                            "write versions as rootlaw numbers them, such as '>=0.1'")]
    if not accepts(supported, __version__):
        return [doc.problem(("rootlaw",), f"this pack supports rootlaw {supported}, "
                                          f"not this rootlaw ({__version__})",
                            "use a rootlaw version the pack supports, or ask its authors for an update")]
    return []


def accepts(supported: str, version: str) -> bool:
    """Whether a manifest's range of rootlaw versions (">=0.1, <1.0") takes `version` (never a
    range with a number too long to compare)."""
    mine = _numbers(version)
    for clause in supported.split(","):
        op, number = re.match(r"\s*(==|>=|<=|>|<)\s*([0-9.]+)", clause).groups()
        if _too_long(number):
            return False
        want = _numbers(number)
        if not {"==": mine == want, ">=": mine >= want, "<=": mine <= want, ">": mine > want, "<": mine < want}[op]:
            return False
    return True


def _too_long(number: str) -> bool:
    return any(len(part) > MAX_VERSION_DIGITS for part in number.split("."))


def _numbers(version: str) -> tuple[int, ...]:
    parts = [int(x) for x in version.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


@dataclass
class PackContent:
    """What several packs add to the bundled content, by id."""

    factions: dict[str, FactionDef] = field(default_factory=dict)
    maps: dict[str, MapDef] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # which faction a shared id names

    @property
    def warnings(self) -> list[Problem]:
        return warnings_of(self.factions, self.decks)


def load_data_file(path: str | Path) -> Pack:
    """A single faction, map or deck file typed on the command line, as a pack of one."""
    doc = load_yaml(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    pack = Pack(Path(path).stem, Path(path).name, "0", str(path))
    if "pieces" in data:
        faction = load_faction(path)
        if _own_version(faction.id, path):  # a file of one's own version of a bundled faction
            faction = load_faction(path, pack=_file_pack_id(path))
        pack.factions[faction.id] = faction
    elif "clearings" in data:
        board = load_map(path)
        pack.maps[board.id] = board
    elif "cards" in data:
        deck = load_deck(path)
        pack.decks[deck.id] = deck
    else:
        raise DataError([doc.problem((), "not a faction, map, deck or pack",
                                     "a faction has 'pieces', a map 'clearings', a deck 'cards'; "
                                     "a pack is a folder or .zip")])
    return pack


def _own_version(fid: str, path: str | Path) -> bool:
    """Whether the faction file at `path` has a bundled faction's id without being its file (a
    copy with the same bytes, such as a checkout's file beside a normal install, is the same)."""
    bundled = bundled_factions()
    if fid not in bundled or Path(path).resolve() == bundled[fid].resolve():
        return False
    return Path(path).read_bytes() != bundled[fid].read_bytes()


def _file_pack_id(path: str | Path) -> str:
    """The name a single faction file goes by as a pack of one: its file name as an id."""
    stem = re.sub(r"[^a-z0-9_]", "_", Path(path).stem.lower()) or "file"
    return stem if stem[0].isalpha() else f"f{stem}"


def load_packs(paths: list[str]) -> PackContent:
    """Factions, maps and decks of several packs (or single data files the user named),
    refusing a map or deck id that is bundled and any id in two packs. A pack's faction whose
    id is a bundled faction's is `pack:id` (the bundled one keeps its id), and every pack's
    faction may also be named `pack:id`; `notes` says which is which."""
    content = PackContent()
    owner: dict[tuple[str, str], str] = {}
    problems: list[Problem] = []
    bundled = {"faction": set(bundled_factions()), "map": set(bundled_maps()), "deck": {"standard"}}
    for path in paths:
        pack = load_data_file(path) if Path(path).suffix in (".yaml", ".yml") and Path(path).is_file() \
            else load_pack(path)
        for kind, items, into in (("faction", pack.factions, content.factions), ("map", pack.maps, content.maps),
                                  ("deck", pack.decks, content.decks)):
            for item_id, item in items.items():
                if kind == "faction" and item_id in bundled[kind] and not _own_version(item_id, path):
                    continue  # the bundled faction's own file, typed by its path: the bundled one plays
                if item_id in bundled[kind]:
                    problems.append(Problem(path, 1, 1, f"the {kind} id '{item_id}' is already a bundled {kind}",
                                            "give the pack's one another id"))
                elif item_id in into:
                    problems.append(Problem(path, 1, 1, f"the {kind} id '{item_id}' is also in the pack "
                                                        f"{owner[(kind, item_id)]}"))
                into[item_id] = item
                owner[(kind, item_id)] = path
                if kind == "faction":
                    _name_faction(content, pack.id, item_id, item)
    if problems:
        raise DataError(problems)
    return content


def _name_faction(content: PackContent, pack: str, item_id: str, item: FactionDef) -> None:
    """A pack's faction is also `pack:id`; one that shares a bundled faction's id only that,
    and the notes say so."""
    if item.pack is None:
        content.factions.setdefault(f"{pack}:{item_id}", item)
        return
    bare = item_id.split(":", 1)[1]
    content.notes.append(f"the pack {pack} brings its own '{bare}' ({item.name}): the game names the bundled "
                         f"one '{bare}' and the pack's one '{item_id}'")
