"""Syntax trees of rule texts are remembered with every position; texts that fail never are."""
from __future__ import annotations

import json

import pytest

from engine.documents import load_yaml
from engine.language import tree_cache
from engine.language.parser import SyntaxProblem, grammar_text, parse


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.delenv("ROOTLAW_NO_CACHE", raising=False)
    monkeypatch.setenv("ROOTLAW_CACHE_DIR", str(folder))
    tree_cache._loaded.cache_clear()
    tree_cache._pending.clear()
    yield folder
    tree_cache._loaded.cache_clear()
    tree_cache._pending.clear()


def _doc(text: str):
    return load_yaml(text=f"when: |\n  {text}\n", source="f.yaml")


def _shape(tree) -> list:
    """Every node with its name, positions and tokens, to compare two trees in full."""
    return [(t.data, sorted(t.meta.__dict__.items()),
             [(c.type, str(c), c.line, c.column, c.end_line, c.end_column, c.start_pos, c.end_pos)
              for c in t.children if c is not None and not hasattr(c, "data")])
            for t in tree.iter_subtrees_topdown()]


def test_a_new_start_reads_the_same_tree_with_its_positions(cache_dir):
    text = "count(pieces(c, me, warrior)) >= 2 and exists({x in clearings() where ruler(x) = me})"
    doc = _doc(text)
    parsed = parse(text, "expression", doc, ("when",))
    tree_cache._store()
    assert (cache_dir / "syntax-trees.json").stat().st_mode & 0o077 == 0
    tree_cache._loaded.cache_clear()  # a new start reads the file
    tree_cache._pending.clear()
    key = tree_cache.key(grammar_text(), "%expression " + text)
    assert tree_cache.lookup(key) is not None
    again = parse(text, "expression", doc, ("when",))
    assert again == parsed and _shape(again) == _shape(parsed)


def test_a_text_that_fails_is_never_remembered(cache_dir):
    doc = _doc("count(")
    for _ in range(2):
        with pytest.raises(SyntaxProblem, match="f.yaml:2:"):
            parse("count(", "expression", doc, ("when",))
    assert tree_cache._pending == []


def test_a_damaged_or_foreign_file_is_ignored(cache_dir):
    text = "1 + 2"
    doc = _doc(text)
    expected = parse(text, "expression", doc, ("when",))
    key = tree_cache._pending[0]
    (cache_dir / "syntax-trees.json").write_text(json.dumps({key: ["sum", "oops"]}), encoding="utf-8")
    tree_cache._loaded.cache_clear()
    tree_cache._pending.clear()
    assert tree_cache.lookup(key) is None
    assert parse(text, "expression", doc, ("when",)) == expected
    (cache_dir / "syntax-trees.json").write_text("[not json", encoding="utf-8")
    tree_cache._loaded.cache_clear()
    assert tree_cache.lookup(key) is None


def test_a_start_with_every_text_remembered_never_runs_the_parser(cache_dir, monkeypatch):
    """Including the `{expression}` inside a `say` text: parsing (and loading the parser's
    tables) is the slow part of a start that the tree cache is there to skip."""
    from lark import Lark

    from engine.content import find_faction

    find_faction("cabale")  # parses and remembers every text, its say texts' `{...}` too
    tree_cache._store()
    tree_cache._loaded.cache_clear()
    tree_cache._pending.clear()

    def no_parse(self, text, *args, **kwargs):
        raise AssertionError(f"parsed although every text is in the tree cache: {text[:60]}")
    monkeypatch.setattr(Lark, "parse", no_parse)
    assert find_faction("cabale").actions
