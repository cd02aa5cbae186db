"""`rootlaw interactions A B`: where two factions' rules meet, printed for a rules-lawyer, with
a scenario skeleton to fill in for each meeting point no scenario pins yet (`--skeletons DIR`).

The finding is `rootlaw.scenarios.interactions`; this module reads the command line, prints
and writes the skeletons.
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from rootlaw.content.catalog import find_faction
from rootlaw.content.factions import FactionDef, bundled_factions, load_faction
from rootlaw.content.packs import load_packs
from rootlaw.errors import RootlawError
from rootlaw.files.atomic import write_file
from rootlaw.scenarios.interactions import KINDS, TITLES, Meeting, meetings, scenario_facts
from rootlaw.scenarios.profiles import Part

SHOWN_RULINGS = 3
RULING_CHARS = 110


def register(sub: argparse._SubParsersAction) -> None:
    cmd = sub.add_parser("interactions", help="list every place where two factions' rules meet, with the rulings "
                                              "and scenarios that cover each")
    cmd.add_argument("factions", nargs=2, metavar="FACTION", help="a faction id (bundled or a pack's) or a faction file")
    cmd.add_argument("--pack", action="append", default=[], metavar="PATH",
                     help="a pack whose factions may be named (repeatable)")
    cmd.add_argument("--scenarios", action="append", default=[], metavar="DIR",
                     help="a folder of scenarios that may pin meeting points, besides tests/scenarios of a checkout")
    cmd.add_argument("--skeletons", metavar="DIR",
                     help="write a scenario skeleton into DIR for each meeting point no scenario pins yet")
    cmd.add_argument("--json", action="store_true", help="print the meeting points as JSON")
    cmd.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    packs = load_packs(args.pack)
    a, b = (_faction(name, packs.factions) for name in args.factions)
    if a.id == b.id:
        raise RootlawError(f"both factions are {a.id}: name two different factions")
    for folder in args.scenarios:
        if not Path(folder).is_dir():
            raise RootlawError(f"--scenarios {folder}: no such folder")
    found = meetings(a, b, scenario_facts([Path(d) for d in args.scenarios]))
    written = write_skeletons(found, Path(args.skeletons)) if args.skeletons else {}
    if args.json:
        print(json.dumps([_as_json(m, written) for m in found], ensure_ascii=False, indent=1))
    else:
        print(render(a, b, found, written), end="")
    return 0


def _faction(name: str, extra: dict[str, FactionDef]) -> FactionDef:
    """A faction by id, or a faction file the user typed (read because it was typed; a pipe
    or a device there is refused by the bounded reader, never waited on)."""
    if name not in extra and name not in bundled_factions() and Path(name).exists():
        return load_faction(name)
    return find_faction(name, extra)


def render(a: FactionDef, b: FactionDef, found: list[Meeting], written: dict[Meeting, Path]) -> str:
    """The meeting points as text, by kind."""
    pinned = sum(bool(m.scenarios) for m in found)
    lines = [f"Interactions of {a.display_name()} and {b.display_name()}: {len(found)} meeting point(s), "
             f"{pinned} pinned by a scenario", ""]
    number = 0
    for kind in KINDS:
        of_kind = [m for m in found if m.kind == kind]
        if not of_kind:
            continue
        lines += [f"{TITLES[kind]} ({len(of_kind)})", ""]
        for m in of_kind:
            number += 1
            lines += [f"{number:3}. {m.a.label()}", f"     and {m.b.label()}", f"     {m.how}"]
            for ruling in m.rulings[:SHOWN_RULINGS]:
                text = ruling.text if len(ruling.text) <= RULING_CHARS else ruling.text[:RULING_CHARS - 1] + "…"
                lines.append(f"     ruling at {ruling.where}: {text}")
            if len(m.rulings) > SHOWN_RULINGS:
                lines.append(f"     ... and {len(m.rulings) - SHOWN_RULINGS} more ruling(s)")
            if m.scenarios:
                lines.append(f"     pinned by: {', '.join(m.scenarios)}")
            else:
                lines.append("     no scenario yet" + (f"; skeleton: {written[m]}" if m in written else ""))
            lines.append("")
    if not found:
        lines.append("Their files share no event, hook, action or setup place: no meeting point found.")
    return "\n".join(lines) + "\n"


def write_skeletons(found: list[Meeting], folder: Path) -> dict[Meeting, Path]:
    """One scenario skeleton per meeting point no scenario pins; an existing file is kept."""
    if folder.exists() and not folder.is_dir():
        raise RootlawError(f"{folder}: is not a folder; give a folder for the skeletons with --skeletons")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RootlawError(f"{folder}: cannot make the folder for the skeletons: {exc.strerror or exc}") from None
    out = {}
    for m in found:
        if m.scenarios:
            continue
        path = folder / f"{m.a.faction}_{m.a.id}__{m.b.faction}_{m.b.id}.scenario.yaml"
        if not path.exists():
            write_file(path, skeleton(m), "scenario skeleton")
        out[m] = path
    return out


def skeleton(m: Meeting) -> str:
    """A scenario to fill in: the two factions and rules, a run to start from, what to check."""
    rules = ", ".join(json.dumps(r) for r in dict.fromkeys(p.rule for p in (m.a, m.b) if p.rule))
    title = json.dumps(f"{m.a.name} and {m.b.name}: TODO what happens when they meet", ensure_ascii=False)
    return f"""# A skeleton written by `rootlaw interactions {m.a.faction} {m.b.faction}` for a meeting point no scenario pins yet:
#   {m.kind}: {m.a.label()} and {m.b.label()}
#   {m.how}
# Fill in the position, what runs, the answers and what must hold; then `rootlaw check` it.
name: {title}
rules: [{rules}]
map: autumn
factions: [{m.a.faction}, {m.b.faction}]
board: {{}}      # TODO: clearing -> ["<faction> <piece> xN", ...]
run: {_run_of(m)}
answers: []     # TODO
expect:
  ruling: TODO how the two rules combine here
  fired:        # in the order they fire
    - {_fired(m.a)}
    - {_fired(m.b)}
"""


STEP = re.compile(r"^(birdsong|daylight|evening) step (\d+)$")


def _run_of(m: Meeting) -> str:
    """Where a skeleton starts: the other's action or step the meeting is about, else a turn."""
    for p in (m.b, m.a):
        step = STEP.match(p.what)
        if p.what == "action":
            return f"{{action: {p.id}, player: {p.faction}}}"
        if step:
            return f"{{phase: {step[1]}, step: {int(step[2]) - 1}, player: {p.faction}}}"
    return f"{{turn: true, player: {m.b.faction}}}"


def _fired(p: Part) -> str:
    """How `fired` names a part: an ability or action by id; a step by its rule number."""
    if (STEP.match(p.what) or p.what == "setup") and p.rule:
        return json.dumps(p.rule)
    return f"{{ability: {p.id}, faction: {p.faction}}}"


def _as_json(m: Meeting, written: dict[Meeting, Path]) -> dict:
    def part(p: Part) -> dict:
        return {"faction": p.faction, "id": p.id, "rule": p.rule, "name": p.name, "what": p.what}
    return {"kind": m.kind, "a": part(m.a), "b": part(m.b), "how": m.how,
            "rulings": [{"where": r.where, "text": r.text} for r in m.rulings],
            "scenarios": list(m.scenarios), "skeleton": str(written[m]) if m in written else None}
