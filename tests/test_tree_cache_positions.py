"""A kept tree's positions: read back exactly, only when asked for, and a damaged entry (a
position that is no whole number, too few or too many of them) is refused, never read."""
from __future__ import annotations

import pytest

from rootlaw.language import tree_cache
from rootlaw.language.parser import grammar_text, parser
from rootlaw.language.syntax import CONTAINER, POSITIONS

SOURCE = "%expression count(pieces(c, me, warrior)) >= 2 and\n  exists({x in clearings() where ruler(x) = me})"


def _full(node):
    """Everything of a tree: names, token types and texts, and every position."""
    if node is None:
        return None
    if isinstance(node, str):
        return (node.type, str(node), node.line, node.column, node.start_pos, node.end_line, node.end_column,
                node.end_pos)
    meta = node.meta
    at = None if meta.empty else [getattr(meta, p) for p in POSITIONS + CONTAINER]
    return (node.data, at, [_full(c) for c in node.children])


def _earlier(node):
    """The tree as earlier versions kept it: positions as lists inside the shape."""
    if node is None:
        return None
    if isinstance(node, str):
        return {node.type: [str(node), node.start_pos, node.line, node.column, node.end_line, node.end_column,
                            node.end_pos]}
    meta = node.meta
    where = 0 if meta.empty else [getattr(meta, p) for p in POSITIONS + CONTAINER]
    return [node.data, where, *(_earlier(c) for c in node.children)]


def test_a_kept_tree_reads_back_with_every_position():
    parsed = parser().parse(SOURCE)
    tree = tree_cache.decode(tree_cache.encode(parsed))
    assert _full(tree) == _full(parsed)
    token = next(t for node in tree.iter_subtrees() for t in node.children if t == "ruler")
    at = SOURCE.index("ruler")
    assert (token.type, token.line, token.column, token.start_pos) == ("NAME", 2, at - SOURCE.index("\n"), at)
    assert tree_cache.encode(tree) == tree_cache.encode(parsed)


def test_an_earlier_versions_tree_reads_back_with_every_position():
    parsed = parser().parse(SOURCE)
    assert _full(tree_cache.decode(_earlier(parsed))) == _full(parsed)


def test_positions_are_read_only_when_asked_for():
    tree = tree_cache.decode(tree_cache.encode(parser().parse(SOURCE)))
    kept = tree.meta._positions
    assert kept._numbers is None
    assert tree.meta.line == 1 and kept._numbers is not None


@pytest.mark.parametrize("damage", [lambda t: t + ",5", lambda t: t.rsplit(",", 1)[0], lambda t: t.replace(",", ",x", 1),
                                    lambda t: t.replace(",", ".5,", 1), lambda t: t.replace(",", ",-", 1),
                                    lambda t: t.replace("1", "\u0661", 1), lambda t: "", lambda t: 5])
def test_damaged_positions_are_a_damaged_entry(damage):
    encoded = tree_cache.encode(parser().parse(SOURCE))
    encoded["at"] = damage(encoded["at"])
    with pytest.raises(ValueError):
        tree_cache.decode(encoded)


@pytest.mark.parametrize("bad", ["3", 2.5, None, [1], {"a": 1}])
def test_an_earlier_versions_position_that_is_no_whole_number_is_a_damaged_entry(bad):
    encoded = _earlier(parser().parse(SOURCE))
    encoded[1][2] = bad
    with pytest.raises(ValueError):
        tree_cache.decode(encoded)
    encoded = _earlier(parser().parse(SOURCE))
    token = next(c for c in encoded[2:] if isinstance(c, dict)) if any(isinstance(c, dict) for c in encoded[2:]) \
        else _first_token(encoded)
    (parts,) = token.values()
    parts[3] = bad
    with pytest.raises(ValueError):
        tree_cache.decode(encoded)


def _first_token(node):
    for child in node[2:]:
        if isinstance(child, dict):
            return child
        if isinstance(child, list):
            found = _first_token(child)
            if found is not None:
                return found
    return None


def test_a_damaged_position_in_the_cache_makes_the_text_parse_afresh(private_cache):
    tree_cache._loaded.cache_clear()
    key = tree_cache.key(grammar_text(), "%expression 1 + 2")
    where = tree_cache.shard("f.yaml")
    encoded = tree_cache.encode(parser().parse("%expression 1 + 2"))
    encoded["at"] = encoded["at"] + ",1"
    tree_cache._loaded(where)[key] = encoded
    try:
        assert tree_cache.lookup(key, where, 100) is None
    finally:
        tree_cache._loaded.cache_clear()
