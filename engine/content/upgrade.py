"""Bringing a faction file, a deck file or a pack to the current language (`rootlaw upgrade`).

Loading a file of an older language already finds every change (rootlaw.language.legacy
leaves the edits beside its warnings); here they become text edits at those positions, so the
file keeps its comments and its layout: a name renamed, a brace doubled, a YAML entry removed,
`language: 1` made `language: 2`. The upgraded text is loaded again before anything is
written: it must read with no warning and no error, or nothing is changed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, SequenceNode

from rootlaw.errors import DataError, Problem, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.files.regular import Unreadable, read_regular
from rootlaw.files.yaml_loader import Loader
from rootlaw.language.versions import CURRENT, Edit, Reading

from .decks import load_deck
from .factions import load_faction
from .packs import MANIFEST, MAX_FILE_BYTES, accepts, load_pack

_BOM = "\ufeff"


@dataclass
class Upgraded:
    """One file brought to the current language: its text before and after, and the edits
    made (empty when it was current already)."""

    path: Path
    before: str
    after: str
    edits: list[Edit] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.before != self.after


def upgrade_file(path: str | Path, language: int | None = None, in_pack: bool = False) -> Upgraded:
    """A faction or deck file in the current language. `language`: the one it is written in
    when it states none (its pack's, or the user's `--from`); `in_pack`: its pack's manifest
    states the language, so the file needs no `language:` of its own."""
    path = Path(path)
    before = _read(path)
    text = before.removeprefix(_BOM)
    doc = load_yaml(text=text, source=str(path))
    reading = _reading(doc, text, str(path), language)
    if reading.stuck:
        raise DataError([*reading.stuck, Problem(str(path), 1, 1, "rootlaw upgrade cannot rewrite this file alone",
                                                 "make the changes above by hand, then upgrade again")])
    edits = list(reading.edits)
    data = doc.data if isinstance(doc.data, dict) else {}
    if "language" in data:
        if data["language"] != CURRENT:
            line, col = doc.where(("language",))
            edits.append(Edit(str(path), line, col, str(data["language"]), str(CURRENT), ("language",)))
    elif not in_pack:
        edits.append(_stated(doc, str(path)))
    after = apply(text, edits, str(path))
    _check_clean(after, str(path))
    return Upgraded(path, before, (_BOM if before.startswith(_BOM) else "") + after, sorted(edits, key=_order))


def upgrade_pack(folder: str | Path) -> list[Upgraded]:
    """Every file of a pack folder that the upgrade changes: its manifest, factions and decks."""
    folder = Path(folder)
    if not folder.is_dir():
        raise RootlawError(f"{folder}: rootlaw upgrade rewrites a pack folder or a faction or deck file")
    load_pack(folder)  # the whole pack must load (and its files be safe to read) before it is rewritten
    manifest = folder / MANIFEST
    text = _read(manifest).removeprefix(_BOM)
    doc = load_yaml(text=text, source=str(manifest))
    data = doc.data if isinstance(doc.data, dict) else {}
    language = data.get("language")
    out = [upgrade_file(folder / name, language, in_pack=True)
           for kind in ("factions", "decks") for name in data.get(kind, ()) if isinstance(name, str)]
    edits: list[Edit] = []
    if "language" not in data:
        edits.append(_stated(doc, str(manifest)))
    elif language != CURRENT:
        line, col = doc.where(("language",))
        edits.append(Edit(str(manifest), line, col, str(language), str(CURRENT), ("language",)))
    before = _read(manifest)
    after = apply(text, edits, str(manifest))
    notes = []
    if isinstance(data.get("rootlaw"), str) and accepts(data["rootlaw"], "0.1.0"):
        line, col = doc.where(("rootlaw",))
        notes.append(Problem(str(manifest), line, col, f"the pack says it supports rootlaw {data['rootlaw']}, but "
                                                       "rootlaw 0.1 cannot read language 2",
                             'write rootlaw: ">=0.2" (and an upper bound if you want one)', "note"))
    upgraded = Upgraded(manifest, before, (_BOM if before.startswith(_BOM) else "") + after, edits, notes)
    return [upgraded, *out]


def _read(path: Path) -> str:
    """A file's text as it is (line ends kept); never a pipe or a device, never past the size
    a data file may have."""
    try:
        raw = read_regular(path, MAX_FILE_BYTES, what="faction, deck or pack file")
    except Unreadable as exc:
        raise RootlawError(f"{path}: {'no such file' if exc.message == 'file not found' else exc.message}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RootlawError(f"{path}: cannot read the file: it is not UTF-8 text") from None


def _reading(doc: Any, text: str, source: str, language: int | None) -> Reading:
    """The file loaded in its language: what it warned about and the edits of its upgrade."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if "pieces" in data:
        return load_faction(source, text=text, language=language).reading
    if "cards" in data:
        return load_deck(source, text=text, language=language).reading
    raise DataError([doc.problem((), "rootlaw upgrade rewrites faction and deck files and packs",
                                 "a faction has 'pieces', a deck 'cards'; a pack is a folder with pack.yaml")])


def _check_clean(text: str, source: str) -> None:
    """The upgraded text must load in the current language with no warning and no error."""
    doc = load_yaml(text=text, source=source)
    try:
        reading = _reading(doc, text, source, CURRENT)
    except DataError as exc:
        raise RootlawError(f"{source}: the upgraded file does not load, so nothing was written (a bug of "
                           f"rootlaw upgrade; please report it):\n{exc}") from None
    if reading.warnings:
        shown = "\n".join(str(w) for w in reading.warnings)
        raise RootlawError(f"{source}: the upgraded file still warns, so nothing was written:\n{shown}")


# --- edits as text ------------------------------------------------------------------------
def apply(text: str, edits: list[Edit], source: str) -> str:
    """`text` with every edit made; each is checked against the text it replaces."""
    spans = sorted((_span(text, edit, source) for edit in edits), key=lambda s: (s[0], s[1]))
    for (_, end, _), (start, _, _) in zip(spans, spans[1:]):
        if start < end:
            raise RootlawError(f"{source}: two changes overlap; upgrade this file by hand")
    for start, end, new in reversed(spans):
        text = text[:start] + new + text[end:]
    return text


def _order(edit: Edit) -> tuple:
    return (edit.line, edit.col)


def _offset(text: str, line: int, col: int) -> int:
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    return at + col - 1


def _span(text: str, edit: Edit, source: str) -> tuple[int, int, str]:
    """(start, end, replacement) of one edit in `text`."""
    if edit.entry is None:
        start = _offset(text, edit.line, edit.col)
        found = text[start:start + len(edit.before)]
        if found != edit.before:
            raise RootlawError(f"{source}:{edit.line}:{edit.col}: expected '{edit.before}' here, found '{found}'; "
                               "upgrade this file by hand")
        return start, start + len(edit.before), edit.after
    parent, key, value = _entry(text, edit.entry)
    if key is None:  # a missing top-level entry: added after the file's `id:` line
        return _added(text, parent, edit, source)
    if edit.after:
        return value.start_mark.index, value.end_mark.index, edit.after
    return _removed(text, parent, key, value)


def _line_end(text: str, end: int) -> int:
    """Where the line holding the character before `end` ends, its line break included."""
    if end > 0 and text[end - 1] == "\n":
        return end
    newline = text.find("\n", end)
    return len(text) if newline < 0 else newline + 1


def _entry(text: str, path: tuple) -> tuple[MappingNode, Node | None, Node | None]:
    """The mapping holding the entry at `path`, and the entry's key and value nodes (None, None
    when the mapping has no such key)."""
    loader = Loader(text)
    try:
        node = loader.get_single_node()
    finally:
        loader.dispose()
    for step in path[:-1]:
        node = node.value[step] if isinstance(node, SequenceNode) else _value(node, step)
    for key, value in node.value:
        if key.value == path[-1]:
            return node, key, value
    return node, None, None


def _value(node: MappingNode, name: Any) -> Node:
    return next(value for key, value in node.value if key.value == str(name))


def _removed(text: str, parent: MappingNode, key: Node, value: Node) -> tuple[int, int, str]:
    """The span of a mapping entry with the separators around it: whole lines in a block
    mapping (the comment on its last line too), the comma before or after it in a flow one."""
    start, end = key.start_mark.index, value.end_mark.index
    if parent.flow_style:
        entries = [k for k, _ in parent.value]
        i = entries.index(key)
        if i + 1 < len(entries):
            return start, entries[i + 1].start_mark.index, ""
        if i > 0:
            return parent.value[i - 1][1].end_mark.index, end, ""
        return start, end, ""
    line_start = text.rfind("\n", 0, start) + 1
    if not text[line_start:start].strip():
        start = line_start
    return start, _line_end(text, end), ""


def _added(text: str, top: MappingNode, edit: Edit, source: str) -> tuple[int, int, str]:
    if top.flow_style or not top.value:
        raise RootlawError(f"{source}: add '{edit.entry[-1]}: {edit.after}' by hand (a flow-style file)")
    ids = [(k, v) for k, v in top.value if k.value == "id"] or top.value[:1]
    at = _line_end(text, ids[0][1].end_mark.index)
    line = f"{edit.entry[-1]}: {edit.after}\n"
    return at, at, line if at == 0 or text[at - 1] == "\n" else "\n" + line


def _stated(doc: Any, source: str) -> Edit:
    """The edit that states the current language in a file that states none."""
    line, _ = doc.where(("id",))
    return Edit(source, line + 1, 1, "", str(CURRENT), ("language",))
