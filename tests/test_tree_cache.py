"""Syntax trees of rule texts are remembered with every position; texts that fail never are."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rootlaw.files.documents import load_yaml
from rootlaw.language import tree_cache
from rootlaw.language.parser import (
    MAX_DEPTH,
    SyntaxProblem,
    grammar_text,
    parse,
    parser,
)

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache_dir(private_cache):
    _new_start()
    yield private_cache
    _new_start()


def _new_start():
    """Forget what this process read and parsed, as a new process would."""
    tree_cache._loaded.cache_clear()
    tree_cache._used.clear()
    tree_cache._changed.clear()


def _doc(text: str):
    return load_yaml(text=f"when: |\n  {text}\n", source="f.yaml")


_META = ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos",
         "container_line", "container_column", "container_start_pos", "container_end_line",
         "container_end_column", "container_end_pos")


def _shape(tree) -> tuple:
    """A node (Lark's or rootlaw's) with its name, positions and children, tokens with theirs,
    to compare two trees in full."""
    if tree is None:
        return None
    if isinstance(tree, str):
        return (tree.type, str(tree), tree.line, tree.column, tree.end_line, tree.end_column,
                tree.start_pos, tree.end_pos)
    return (tree.data, [getattr(tree.meta, name, None) for name in _META], [_shape(c) for c in tree.children])


def test_a_new_start_reads_the_same_tree_with_its_positions(cache_dir):
    text = "count(pieces(c, me, warrior)) >= 2 and exists({x in clearings() where ruler(x) = me})"
    doc = _doc(text)
    parsed = parse(text, "expression", doc, ("when",))
    tree_cache._store()
    assert (cache_dir / tree_cache.shard("f.yaml")).stat().st_mode & 0o077 == 0
    _new_start()  # a new start reads the file
    key = tree_cache.key(grammar_text(), "%expression " + text)
    assert tree_cache.lookup(key, tree_cache.shard("f.yaml"), MAX_DEPTH) is not None
    again = parse(text, "expression", doc, ("when",))
    assert again == parsed and _shape(again) == _shape(parsed)
    # both as Lark gave it, every position included
    assert _shape(parsed) == _shape(parser().parse("%expression " + text).children[0].children[-1])


def test_a_text_that_fails_is_never_remembered(cache_dir):
    doc = _doc("count(")
    for _ in range(2):
        with pytest.raises(SyntaxProblem, match="f.yaml:2:"):
            parse("count(", "expression", doc, ("when",))
    assert not tree_cache._changed


def test_a_damaged_or_foreign_file_is_ignored(cache_dir):
    text = "1 + 2"
    doc = _doc(text)
    expected = parse(text, "expression", doc, ("when",))
    key = tree_cache.key(grammar_text(), "%expression " + text)
    where = tree_cache.shard("f.yaml")
    (cache_dir / where).write_text(json.dumps({key: ["sum", "oops"]}), encoding="utf-8")
    _new_start()
    assert tree_cache.lookup(key, where, MAX_DEPTH) is None
    assert parse(text, "expression", doc, ("when",)) == expected
    (cache_dir / where).write_text("[not json", encoding="utf-8")
    _new_start()
    assert tree_cache.lookup(key, where, MAX_DEPTH) is None


def test_a_cached_tree_deeper_than_the_limit_is_refused(cache_dir):
    """No text that parses past MAX_DEPTH is remembered: such an entry is damaged or foreign,
    and the text is parsed afresh (a deep one is then reported as too deep)."""
    text = "1 + 2"
    doc = _doc(text)
    expected = parse(text, "expression", doc, ("when",))
    key = tree_cache.key(grammar_text(), "%expression " + text)
    where = tree_cache.shard("f.yaml")

    def nested(levels: int) -> list:
        return ["paren", 0] if levels == 1 else ["paren", 0, nested(levels - 1)]
    (cache_dir / where).write_text(json.dumps({key: nested(MAX_DEPTH)}), encoding="utf-8")
    _new_start()
    assert tree_cache.lookup(key, where, MAX_DEPTH) is not None  # at the limit: read
    (cache_dir / where).write_text(json.dumps({key: nested(MAX_DEPTH + 1)}), encoding="utf-8")
    _new_start()
    assert tree_cache.lookup(key, where, MAX_DEPTH) is None
    assert parse(text, "expression", doc, ("when",)) == expected


def test_each_document_has_its_own_file_and_edited_texts_do_not_pile_up(cache_dir):
    """A start reads only the files of what it loads; a document's file keeps the trees its
    last load used."""
    parse("1 + 2", "expression", load_yaml(text="when: 1 + 2\n", source="a.yaml"), ("when",))
    parse("3 + 4", "expression", load_yaml(text="when: 3 + 4\n", source="b.yaml"), ("when",))
    tree_cache._store()
    _new_start()
    parse("5 + 6", "expression", load_yaml(text="when: 5 + 6\n", source="a.yaml"), ("when",))  # a.yaml edited
    assert tree_cache._loaded.cache_info().currsize == 1  # b.yaml's file was not read
    tree_cache._store()
    kept = json.loads((cache_dir / tree_cache.shard("a.yaml")).read_text(encoding="utf-8"))
    assert list(kept) == [tree_cache.key(grammar_text(), "%expression 5 + 6")]
    assert len(json.loads((cache_dir / tree_cache.shard("b.yaml")).read_text(encoding="utf-8"))) == 1


def test_only_the_most_recently_written_document_files_are_kept(cache_dir, monkeypatch):
    monkeypatch.setattr(tree_cache, "_FILES", 2)
    for i, name in enumerate(["a.yaml", "b.yaml", "c.yaml"]):
        parse(f"{i} + 1", "expression", load_yaml(text=f"when: {i} + 1\n", source=name), ("when",))
        tree_cache._store()
        os.utime(cache_dir / tree_cache.shard(name), (1000 + i, 1000 + i))
    _new_start()
    parse("9 + 1", "expression", load_yaml(text="when: 9 + 1\n", source="d.yaml"), ("when",))
    tree_cache._store()
    left = sorted(p.name for p in cache_dir.glob("trees-*.json"))
    assert left == sorted([tree_cache.shard("c.yaml"), tree_cache.shard("d.yaml")])


def test_a_start_with_every_text_remembered_never_runs_the_parser(cache_dir, monkeypatch):
    """Including the `{expression}` inside a `say` text: parsing (and loading the parser's
    tables) is the slow part of a start that the tree cache is there to skip."""
    from lark import Lark

    from rootlaw.content.catalog import find_faction

    find_faction("cabale")  # parses and remembers every text, its say texts' `{...}` too
    tree_cache._store()
    _new_start()

    def no_parse(self, text, *args, **kwargs):
        raise AssertionError(f"parsed although every text is in the tree cache: {text[:60]}")
    monkeypatch.setattr(Lark, "parse", no_parse)
    assert find_faction("cabale").actions


def test_a_start_with_every_tree_cached_never_imports_lark(cache_dir):
    """Importing Lark is about a tenth of a start; the compiler reads rootlaw's own trees."""
    code = ("import sys; from rootlaw.content.catalog import find_faction; find_faction('neiges'); "
            "print('lark' in sys.modules)")
    env = dict(os.environ, ROOTLAW_CACHE_DIR=str(cache_dir))
    env.pop("ROOTLAW_NO_CACHE", None)
    runs = [subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True,
                           check=True).stdout.split() for _ in range(2)]
    assert runs == [["True"], ["False"]]  # the first start parses (and caches), the next does not
