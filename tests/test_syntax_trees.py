"""A syntax tree's walk (engine/language/syntax.py `iter_subtrees`): every tree below it once,
parents first and children in order, as a recursive walk gives them, tokens and None left out."""
from __future__ import annotations

from rootlaw.language import tree_cache
from rootlaw.language.parser import parser
from rootlaw.language.syntax import Tree
from tests.test_tree_cache_reading import _sources


def _preorder(tree: Tree) -> list[Tree]:
    found = [tree]
    for child in tree.children:
        if isinstance(child, Tree):
            found += _preorder(child)
    return found


def test_the_walk_is_the_recursive_one_parents_first():
    nodes = 0
    for source in _sources():
        tree = tree_cache.decode(tree_cache.encode(parser().parse(source)))
        walked = list(tree.iter_subtrees())
        assert [id(t) for t in walked] == [id(t) for t in _preorder(tree)]
        assert list(tree.find_data("name")) == [t for t in walked if t.data == "name"]
        nodes += len(walked)
    assert nodes > 2000
