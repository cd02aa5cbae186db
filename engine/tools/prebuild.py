"""Building the caches a wheel ships (rootlaw.files.prebuilt), when the wheel is built.

    python -m rootlaw.tools.prebuild OUT

setup.py's build step runs this on the package it has just copied into the build folder, so
the tables, trees and schema passes are those of the very files the wheel holds. It loads every
bundled faction, map, deck, card set and item set with an empty private cache of its own, as a
first start would, then keeps from that cache only what the wheel may ship: the parse tables,
each bundled file's trees and its data as loaded (renamed by its name in the source tree, the
same in every installation) and the fingerprints of the documents that passed. What a wheel
ships is data only, keyed as the caches key it; nothing of it is code.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path


def build(out: Path) -> list[str]:
    """Write the prebuilt caches into `out` (emptied first); the names of the files written."""
    with tempfile.TemporaryDirectory(prefix="rootlaw-prebuild-") as tmp:
        os.environ.pop("ROOTLAW_NO_CACHE", None)
        os.environ["ROOTLAW_NO_PREBUILT"] = "1"  # build from nothing, whatever an earlier build left
        os.environ["XDG_CACHE_HOME"] = tmp  # never the builder's own cache folder
        os.environ["ROOTLAW_CACHE_DIR"] = tmp = str(Path(tmp) / "rootlaw")  # every cache's folder, the tables' too
        from rootlaw.files import document_cache, prebuilt, schema_cache
        from rootlaw.files.documents import load_yaml
        from rootlaw.language import tree_cache

        _load_everything()
        for path in _bundled_files():  # the rest as data (the log's words, the rulings)
            load_yaml(path)
        tree_cache._store()
        document_cache._store()
        cache = Path(tmp)
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        written = []
        for path in _bundled_files():
            name = prebuilt.document_name(str(path))
            for prefix, kept in (("trees-", tree_cache.shard(str(path))), ("document-", document_cache._bundled(path))):
                if name and kept and (cache / kept).is_file():
                    target = prebuilt.shard(prefix, name)
                    shutil.copyfile(cache / kept, out / target)
                    written.append(target)
        for kept in [*cache.glob("parser-*.json"), cache / schema_cache._FILE]:
            if kept.is_file():
                shutil.copyfile(kept, out / kept.name)
                written.append(kept.name)
        os.environ["ROOTLAW_NO_CACHE"] = "1"  # the folder is gone: nothing more is written at exit
        return sorted(written)


def _bundled_files() -> list[Path]:
    """Every YAML file rootlaw ships."""
    from rootlaw.files.resources import PACKAGE_DIR, data_dir
    folders = [data_dir("factions"), *sorted(p for p in (PACKAGE_DIR / "data").iterdir() if p.is_dir())]
    return sorted({p for folder in folders for p in folder.glob("*.yaml")})


def _load_everything() -> None:
    """Load every bundled document a game can use, as a start does."""
    from rootlaw.content.catalog import find_faction, find_map, standard_deck
    from rootlaw.content.factions import bundled_factions
    from rootlaw.content.maps import bundled_maps
    from rootlaw.content.sets import bundled_card_sets, bundled_item_sets, load_card_set, load_item_set

    for fid in sorted(bundled_factions()):
        find_faction(fid)
    for name in bundled_maps():
        find_map(name)
    standard_deck()
    for load, found in ((load_card_set, bundled_card_sets()), (load_item_set, bundled_item_sets())):
        for _, path in sorted(found.items()):
            load(path)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m rootlaw.tools.prebuild OUT", file=sys.stderr)
        return 2
    written = build(Path(args[0]))
    print(f"rootlaw: {len(written)} prebuilt cache files in {args[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
