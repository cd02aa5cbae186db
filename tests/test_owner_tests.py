"""An ability's owner test: read from its condition's tree, and never deciding what the whole
condition would not (engine/language/owner_tests.py)."""
import pytest

from rootlaw.content.record import Setup
from rootlaw.files.documents import load_yaml
from rootlaw.language.owner_tests import OwnerTest, owner_test
from rootlaw.language.parser import parse

GIVEN = ("player", "piece", "event")


def _tree(text: str):
    return parse(text, "expression", load_yaml(text="x: 1\n", source="f.yaml"), ("x",))


@pytest.mark.parametrize("text, test", [
    ("player = me", OwnerTest("player", None, True)),
    ("player != me and supply(warrior) > 0", OwnerTest("player", None, False)),
    ("me = player and true", OwnerTest("player", None, True)),
    ("piece.faction = me and piece.kind = web", OwnerTest("piece", "faction", True)),
    ("event.player != me", OwnerTest("event", "player", False)),
    ("player = me or supply(warrior) > 0", None),     # `or`: the first test does not decide
    ("supply(warrior) > 0 and player = me", None),    # only a leading comparison
    ("current = me", None),                           # not a name the hook gives
    ("player = current", None),                       # not compared with me
    ("player < me", None),
])
def test_the_leading_comparison_with_me_is_the_test(text, test):
    assert owner_test(_tree(text), GIVEN) == test


def test_it_fails_only_when_the_comparison_surely_fails():
    mine = OwnerTest("player", None, True)
    assert mine.fails({"player": "b"}, "a") and not mine.fails({"player": "a"}, "a")
    assert not OwnerTest("player", None, False).fails({"player": "b"}, "a")
    field = OwnerTest("piece", "faction", True)
    assert field.fails({"piece": {"faction": "b"}}, "a")
    # a value missing or of another shape is left to the whole condition, which reports it
    assert not mine.fails({}, "a")
    assert not field.fails({"piece": {"kind": "web"}}, "a")
    assert not field.fails({"piece": 12}, "a")


def test_seed_abilities_get_their_tests():
    rules = Setup(map="autumn", factions=["neiges", "arachneen"], seed=0).rules()
    modifiers = {m.id: m for f in rules.factions.values() for m in f.modifiers}
    triggers = {t.id: t for f in rules.factions.values() for t in f.triggers}
    assert modifiers["jotunn_rivers"].test == OwnerTest("faction", None, True)
    assert modifiers["ice_capital_no_card_move"].test == OwnerTest("player", None, False)
    assert modifiers["eggs_removed"].test == OwnerTest("piece", "faction", True)
    assert triggers["webbed_paths"].test == OwnerTest("event", "player", False)
