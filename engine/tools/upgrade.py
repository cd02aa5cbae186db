"""`rootlaw upgrade FILE|PACK`: rewrite a faction file, deck file or pack folder in the current
language (rootlaw.content.upgrade), printing each change as `file:line:col: before -> after`.

A file goes to stdout (the changes to stderr) unless `-o NEW` or `--in-place` says where; a
pack is only reported unless `--in-place` rewrites it or `-o DIR` writes an upgraded copy.
Every file is written atomically (rootlaw.files.atomic).
"""
from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rootlaw.errors import RootlawError
from rootlaw.files.atomic import write_file
from rootlaw.language.versions import CURRENT, KNOWN

if TYPE_CHECKING:  # the rewriting is imported by the command, not by every `rootlaw` start
    from rootlaw.content.upgrade import Upgraded


def register(sub: argparse._SubParsersAction) -> None:
    """Add `upgrade` to the command's subparsers."""
    up = sub.add_parser("upgrade", help=f"rewrite a faction or deck file, or a pack folder, in language {CURRENT}")
    up.add_argument("path", metavar="FILE_OR_PACK")
    up.add_argument("--in-place", action="store_true", help="rewrite the file or the pack's files where they are")
    up.add_argument("-o", "--output", metavar="PATH",
                    help="write the upgraded file there, or for a pack an upgraded copy of the folder (a new folder)")
    up.add_argument("--from", dest="language", type=int, choices=KNOWN, metavar="N",
                    help="the language of a file that does not say (1: written for rootlaw 0.1)")
    up.set_defaults(run=_upgrade)


def _upgrade(args: argparse.Namespace) -> int:
    if args.in_place and args.output:
        raise RootlawError("give --in-place or -o PATH, not both")
    source = Path(args.path)
    if source.is_dir():
        return _pack(source, args)
    if source.suffix == ".zip":
        raise RootlawError(f"{source}: rootlaw upgrade rewrites a pack folder; unzip the pack first")
    from rootlaw.content.upgrade import upgrade_file

    result = upgrade_file(source, args.language)
    to_stdout = not (args.in_place or args.output)
    _report([result], sys.stderr if to_stdout else sys.stdout)
    if to_stdout:
        sys.stdout.write(result.after)
    elif result.changed or args.output:
        target = source if args.in_place else Path(args.output)
        if not args.in_place and target.exists() and target.resolve() == source.resolve():
            raise RootlawError(f"{target}: -o names the file itself; use --in-place")
        write_file(target, result.after, "upgraded file")
        print(f"wrote {target}")
    return 0


def _pack(folder: Path, args: argparse.Namespace) -> int:
    if args.language is not None:
        raise RootlawError("--from is for a single file; a pack says its language in pack.yaml")
    from rootlaw.content.upgrade import upgrade_pack

    results = upgrade_pack(folder)
    _report(results, sys.stdout)
    if args.output:
        target = Path(args.output)
        if target.exists():
            raise RootlawError(f"{target}: already exists; -o names a new folder for the upgraded copy")
        import shutil  # only for a pack copied before its upgrade
        shutil.copytree(folder, target, symlinks=True, ignore=_odd)  # copying a pipe would wait
        for result in results:
            if result.changed:
                write_file(target / result.path.relative_to(folder), result.after, "upgraded file")
        print(f"wrote an upgraded copy of the pack in {target}")
    elif args.in_place:
        for result in results:
            if result.changed:
                write_file(result.path, result.after, "upgraded file")
        print(f"rewrote {sum(r.changed for r in results)} file(s) of {folder}")
    elif any(r.changed for r in results):
        print("nothing written: --in-place rewrites the pack, -o DIR writes an upgraded copy")
    return 0


def _odd(folder: str, names: list[str]) -> list[str]:
    """What a copy of a pack leaves out: pipes and devices (nothing of a pack is one)."""
    kept = (stat.S_ISDIR, stat.S_ISREG, stat.S_ISLNK)
    return [n for n in names if not any(kind(os.lstat(os.path.join(folder, n)).st_mode) for kind in kept)]


def _report(results: list[Upgraded], out) -> None:
    for result in results:
        for edit in result.edits:
            print(edit, file=out)
        for note in result.notes:
            print(note, file=out)
    if not any(r.edits for r in results):
        print(f"already in language {CURRENT}: nothing to change", file=out)
