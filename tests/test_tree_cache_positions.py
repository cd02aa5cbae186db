"""A kept tree whose positions are not whole numbers is a damaged entry: refused, never read."""
from __future__ import annotations

import pytest

from rootlaw.language import tree_cache
from rootlaw.language.parser import grammar_text, parser


def _encoded(text: str) -> list:
    return tree_cache.encode(parser().parse("%expression " + text))


def _tokens(node):
    if isinstance(node, dict):
        yield node
    elif isinstance(node, list):
        for child in node[2:]:
            yield from _tokens(child)


def test_a_kept_tree_reads_back_with_every_position():
    source = "%expression count(pieces(c, me, warrior)) >= 2"
    encoded = tree_cache.encode(parser().parse(source))
    tree = tree_cache.decode(encoded)
    assert tree_cache.encode(tree) == encoded
    token = next(t for node in tree.iter_subtrees() for t in node.children if t == "warrior")
    at = source.index("warrior")
    assert (token.type, token.line, token.column, token.start_pos, token.end_pos) == ("NAME", 1, at + 1, at, at + 7)


@pytest.mark.parametrize("bad", ["3", 2.5, None, [1], {"a": 1}])
def test_a_position_that_is_no_whole_number_is_a_damaged_entry(bad):
    encoded = _encoded("1 + 2")
    node = encoded
    while node[1] == 0:  # the first node with positions
        node = next(c for c in node[2:] if isinstance(c, list))
    node[1][2] = bad
    with pytest.raises(ValueError):
        tree_cache.decode(encoded)
    encoded = _encoded("1 + 2")
    (parts,) = next(_tokens(encoded)).values()
    parts[3] = bad
    with pytest.raises(ValueError):
        tree_cache.decode(encoded)


def test_a_damaged_position_in_the_cache_makes_the_text_parse_afresh(private_cache):
    tree_cache._loaded.cache_clear()
    key = tree_cache.key(grammar_text(), "%expression 1 + 2")
    where = tree_cache.shard("f.yaml")
    encoded = _encoded("1 + 2")
    (parts,) = next(_tokens(encoded)).values()
    parts[1] = "0"
    tree_cache._loaded(where)[key] = encoded
    try:
        assert tree_cache.lookup(key, where, 100) is None
    finally:
        tree_cache._loaded.cache_clear()
