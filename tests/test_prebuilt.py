"""The caches a wheel ships (rootlaw.files.prebuilt): used only for the bundled files whose very
content they were built from, and a damaged one costs only time."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rootlaw.content.catalog import find_faction
from rootlaw.content.factions import bundled_factions, load_faction
from rootlaw.files import prebuilt, schema_cache, schemas
from rootlaw.files.documents import load_yaml
from rootlaw.language import parser as parser_module
from rootlaw.language import tree_cache

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """What a wheel of this rootlaw ships, built as setup.py builds it."""
    out = tmp_path_factory.mktemp("prebuilt") / "prebuilt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROOTLAW_")}
    subprocess.run([sys.executable, "-m", "rootlaw.tools.prebuild", str(out)], env=env, cwd=REPO,
                   check=True, capture_output=True)
    return out


def _new_start() -> None:
    """Forget what this process read, as a new process would."""
    for cached in (prebuilt.document_name, tree_cache._prebuilt, tree_cache._loaded, schema_cache._prebuilt,
                   schema_cache._loaded, parser_module.parser):
        getattr(cached, "cache_clear", lambda: None)()  # the parser may be a test's spy
    tree_cache._used.clear()
    tree_cache._changed.clear()


@pytest.fixture
def shipped(built, private_cache, monkeypatch, tmp_path) -> Path:
    """An empty private cache, and a copy of the prebuilt caches where an installed wheel has
    them (the copy, so a test may damage it)."""
    folder = tmp_path / "shipped"
    shutil.copytree(built, folder)
    monkeypatch.delenv("ROOTLAW_NO_PREBUILT")
    monkeypatch.setenv("XDG_CACHE_HOME", str(private_cache))  # the parse tables' folder: empty too
    monkeypatch.setattr(prebuilt, "FOLDER", folder)
    _new_start()
    yield folder
    _new_start()


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The texts the parser is run on (not found in any cache)."""
    seen: list[str] = []
    real = parser_module.parser

    class Spy:
        def parse(self, text):
            seen.append(text)
            return real().parse(text)
    monkeypatch.setattr(parser_module, "parser", lambda strict=False: Spy())
    return seen


@pytest.fixture
def checks(monkeypatch) -> list[str]:
    """The documents checked against their schema (not found to have passed before)."""
    seen: list[str] = []
    real = schemas._problems
    monkeypatch.setattr(schemas, "_problems", lambda doc, validator: seen.append(doc.source) or real(doc, validator))
    return seen


def test_the_build_ships_tables_trees_and_passes_of_every_bundled_file(built):
    names = sorted(p.name for p in built.iterdir())
    assert any(n.startswith("parser-") for n in names) and "valid-documents.json" in names
    for path in bundled_factions().values():
        name = prebuilt.document_name(str(path))
        assert name == f"factions/{path.name}" and prebuilt.shard("trees-", name) in names
    assert len(json.loads((built / "valid-documents.json").read_text(encoding="utf-8"))) >= len(bundled_factions())


@pytest.fixture
def yaml_parses(monkeypatch) -> list[str]:
    """The YAML texts parsed (not found in any cache), by their first line."""
    from rootlaw.files import documents
    seen: list[str] = []
    real = documents._compose
    monkeypatch.setattr(documents, "_compose", lambda text: seen.append(text.split("\n")[0]) or real(text))
    return seen


def test_a_bundled_faction_is_neither_parsed_nor_checked(shipped, parses, checks, yaml_parses):
    assert find_faction("cabale").actions
    assert parses == [] and checks == [] and yaml_parses == []
    assert not list(shipped.parent.glob("cache/trees-*")), "nothing is copied into the user's cache"


def test_the_shipped_trees_are_those_the_parser_gives(shipped, monkeypatch):
    trees = []
    real = parser_module.parse_source
    monkeypatch.setattr(parser_module, "parse_source", lambda s, d: trees.append(real(s, d)) or trees[-1])
    find_faction("neiges")
    monkeypatch.setenv("ROOTLAW_NO_CACHE", "1")
    _new_start()
    shipped_trees, trees[:] = list(trees), []
    find_faction("neiges")
    assert shipped_trees == trees and len(trees) > 20


def test_a_bundled_file_as_shipped_is_the_file_as_loaded(shipped, yaml_parses):
    from rootlaw.files.resources import data_path
    path = data_path("maps", "autumn.yaml")
    doc = load_yaml(path)
    assert yaml_parses == []
    fresh = load_yaml(text=path.read_text(encoding="utf-8"), source=str(path))
    assert yaml_parses and doc.data == fresh.data
    assert doc._positions == fresh._positions and doc._key_positions == fresh._key_positions


def test_a_changed_file_at_a_bundled_path_is_parsed(shipped, yaml_parses, tmp_path, monkeypatch):
    from rootlaw.files import resources
    path = bundled_factions()["cabale"]
    edited = tmp_path / "factions" / "cabale.yaml"
    edited.parent.mkdir()
    edited.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    monkeypatch.setattr(resources, "data_dir", lambda kind: edited.parent if kind == "factions" else None)
    assert prebuilt.document_name(str(edited)) == "factions/cabale.yaml"  # it names the shipped entry
    load_yaml(edited)
    assert len(yaml_parses) == 1  # but its text is not the one the entry was built from


def test_a_changed_text_is_parsed_and_checked(shipped, parses, checks):
    path = bundled_factions()["cabale"]
    text = path.read_text(encoding="utf-8")
    changed = text.replace('if: "player = me"', 'if: "player = me "', 1)
    assert changed != text
    load_faction(path, text=changed)
    assert checks == [str(path)]  # the data changed (a space more): checked again
    assert parses == ["%expression player = me "]  # only the changed text


def test_a_pack_with_a_bundled_faction_s_very_text_is_parsed_and_checked(shipped, tmp_path, parses, checks,
                                                                          yaml_parses):
    copy = tmp_path / "pack" / "factions" / "cabale.yaml"
    copy.parent.mkdir(parents=True)
    shutil.copyfile(bundled_factions()["cabale"], copy)
    assert prebuilt.document_name(str(copy)) is None
    load_faction(copy)
    assert checks == [str(copy)] and len(parses) > 20 and len(yaml_parses) == 1


def test_a_shipped_pass_holds_for_bundled_files_only(shipped):
    path = bundled_factions()["alliance"]
    doc = load_yaml(path)
    key = schema_cache.fingerprint("faction", doc.data)
    assert schema_cache.passed(key, str(path))
    assert not schema_cache.passed(key)
    assert not schema_cache.passed(key, str(shipped.parent / "alliance.yaml"))
    assert not schema_cache.passed(schema_cache.fingerprint("map", doc.data), str(path))


@pytest.mark.parametrize("damage", ["[not json", '{"x": 1}', "[]", "null", "\0" * 10])
def test_damaged_shipped_files_only_cost_time(shipped, parses, checks, damage):
    for path in shipped.iterdir():
        path.write_text(damage, encoding="utf-8")
    assert find_faction("colombes").actions
    assert parses and checks == [str(bundled_factions()["colombes"])]


def test_a_damaged_shipped_tree_is_parsed_afresh(shipped, parses):
    name = prebuilt.shard("trees-", prebuilt.document_name(str(bundled_factions()["colombes"])))
    trees = json.loads((shipped / name).read_text(encoding="utf-8"))
    broken = next(iter(trees))
    trees[broken] = ["sum", "oops"]
    (shipped / name).write_text(json.dumps(trees), encoding="utf-8")
    assert find_faction("colombes").actions
    assert len(parses) == 1


def test_shipped_tables_are_used_only_under_their_key(shipped, monkeypatch):
    import lark
    builds = []
    real = lark.Lark.__init__
    monkeypatch.setattr(lark.Lark, "__init__", lambda self, *a, **k: builds.append(1) or real(self, *a, **k))
    tables, = shipped.glob("parser-*.json")
    parser_module.parser().parse("%expression 1 + 2")
    assert builds == []  # read from the wheel's tables
    data = json.loads(tables.read_text(encoding="utf-8"))
    data["key"] = "0" * 64
    tables.write_text(json.dumps(data), encoding="utf-8")
    _new_start()
    parser_module.parser().parse("%expression 1 + 2")
    assert builds == [1]


def test_a_first_start_with_the_shipped_caches_imports_neither_lark_nor_jsonschema(built, tmp_path):
    code = ("import contextlib, io, sys\nfrom pathlib import Path\nfrom rootlaw.files import prebuilt\n"
            "prebuilt.FOLDER = Path(sys.argv[1])\nfrom rootlaw.tools.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()): main(['play', '--quiet', '--rounds', '1'])\n"
            "print('lark' in sys.modules, 'jsonschema' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROOTLAW_")}
    damaged = tmp_path / "damaged"
    shutil.copytree(built, damaged)
    for path in damaged.iterdir():
        path.write_text("[not json", encoding="utf-8")
    runs = []
    for n, (folder, extra) in enumerate([(built, {}), (built, {"ROOTLAW_NO_PREBUILT": "1"}), (damaged, {})]):
        done = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True, check=True,
                              env={**env, **extra, "ROOTLAW_CACHE_DIR": str(tmp_path / f"cache-{n}")})
        assert "Traceback" not in done.stderr
        runs.append(done.stdout.split())
    assert runs == [["False", "False"], ["True", "True"], ["True", "True"]]
