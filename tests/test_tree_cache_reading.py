"""Reading a kept tree back (engine/language/tree_cache.py `decode`): every node, token and
position of the parsed tree, in order, for effects and expressions of every shape a faction
file holds; a tree nested one level past the limit is refused, one at the limit is read; a
node or token of any other shape is a damaged entry."""
from __future__ import annotations

import pytest

from rootlaw.content.factions import bundled_factions
from rootlaw.language import tree_cache
from rootlaw.language.parser import parser
from tests.test_tree_cache_positions import SOURCE, _full

def _sources() -> list[str]:
    """The rule texts of two bundled faction files, effects and expressions."""
    import yaml
    found = [SOURCE]

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, str) and key in ("do", "effect"):
                    found.append("%effect " + item)
                elif isinstance(item, str) and key in ("if", "value", "when"):
                    found.append("%expression " + item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    for faction in ("arachneen", "vagabond"):
        walk(yaml.safe_load(bundled_factions()[faction].read_text(encoding="utf-8")))
    return found


def test_every_node_token_and_position_reads_back():
    sources = _sources()
    for source in sources:
        parsed = parser().parse(source)
        assert _full(tree_cache.decode(tree_cache.encode(parsed))) == _full(parsed), source
    assert len(sources) > 50


def _depth(node) -> int:
    if not isinstance(node, list):
        return 0
    return 1 + max((_depth(c) for c in node[2:]), default=0)


def test_a_tree_one_level_past_the_limit_is_refused():
    encoded = tree_cache.encode(parser().parse(SOURCE))
    depth = _depth(encoded["tree"])
    assert tree_cache.decode(encoded, depth) is not None
    with pytest.raises(ValueError):
        tree_cache.decode(encoded, depth - 1)


def _first(node, kind):
    for i, child in enumerate(node[2:], 2):
        if isinstance(child, kind):
            return node, i
        if isinstance(child, list):
            found = _first(child, kind)
            if found is not None:
                return found
    return None


@pytest.mark.parametrize("damage", [
    lambda shape: _set(shape, dict, {"NAME": ["me", 1, 1, 1, 1, 1, 1]}),  # a token of an earlier version
    lambda shape: _set(shape, dict, {"NAME": 5}),
    lambda shape: _set(shape, dict, {"NAME": "me", "X": "y"}),
    lambda shape: _set(shape, dict, 5),
    lambda shape: _set(shape, dict, "me"),
    lambda shape: _set(shape, list, ["name"]),
    lambda shape: _set(shape, list, [5, 6]),
    lambda shape: _set(shape, list, ["name", 7]),
    lambda shape: _set(shape, list, ["name", [1, 1, 1, 1, 1, 1]]),  # positions of an earlier version
])
def test_a_node_or_token_of_another_shape_is_a_damaged_entry(damage):
    encoded = tree_cache.encode(parser().parse(SOURCE))
    damage(encoded["tree"])
    with pytest.raises(ValueError):
        tree_cache.decode(encoded)


def _set(shape, kind, value) -> None:
    node, i = _first(shape, kind)
    node[i] = value
