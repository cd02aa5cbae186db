"""A hook's fold returns its value at once when asked for a faction that owns none of its
modifiers (engine/core/folds.py `owners`), and otherwise runs them as before."""
from types import SimpleNamespace

from rootlaw.core.folds import fold, owners
from rootlaw.language.owner_tests import OwnerTest


def _modifier(test: OwnerTest | None, ran: list):
    """A faction's own modifier as the fold sees it: `apply` adds 1 and records its owner."""
    def modify(game, value, context):  # what a card's modifier (no owner) is called as
        ran.append(None)
        return value + 1

    def apply(game, me, names, value, context):
        ran.append(me)
        return value + 1
    modify.apply, modify.test, modify.ability = apply, test, "m"
    return modify


def _game(*persistent: int):
    """A game whose one player has `persistent` cards in play."""
    player = SimpleNamespace(persistent=list(persistent))
    return SimpleNamespace(_modifying=[], s=SimpleNamespace(players={"c": player}))


def test_a_faction_no_modifier_belongs_to_runs_none():
    ran: list = []
    test = OwnerTest("faction", None, True)
    run = fold("adjacency", [(_modifier(test, ran), "a"), (_modifier(test, ran), "b")])
    game = _game()
    assert run(game, 0, {"faction": "c"}) == 0 and ran == [] and game._modifying == []
    assert run(game, 0, {"faction": "b"}) == 1 and ran == ["b"]
    ran.clear()
    # a value missing or not a faction's name is left to the modifiers, as before
    assert run(game, 0, {}) == 2 and ran == ["a", "b"]
    ran.clear()
    assert run(game, 0, {"faction": None}) == 0 and ran == []  # each inline test said no
    assert game._modifying == []


def test_a_field_of_a_value_is_tested_the_same_way():
    ran: list = []
    run = fold("removed_to", [(_modifier(OwnerTest("piece", "faction", True), ran), "a")])
    assert run(_game(), 0, {"piece": {"faction": "b"}}) == 0 and ran == []
    assert run(_game(), 0, {"piece": {"faction": "a"}}) == 1 and ran == ["a"]
    assert run(_game(), 0, {"piece": {"kind": "web"}}) == 1 and ran == ["a", "a"]


def test_only_modifiers_all_owned_and_tested_alike_have_owners():
    ran: list = []
    mine, other = OwnerTest("player", None, True), OwnerTest("faction", None, True)
    assert owners([(_modifier(mine, ran), "a"), (_modifier(mine, ran), "b")]) == (("player", None), frozenset("ab"))
    assert owners([(_modifier(mine, ran), "a"), (_modifier(other, ran), "b")]) is None
    assert owners([(_modifier(OwnerTest("player", None, False), ran), "a")]) is None
    assert owners([(_modifier(None, ran), "a")]) is None
    card = frozenset({7})  # a card's modifier: the numbers of its copies
    assert owners([(_modifier(mine, ran), "a"), (_modifier(mine, ran), card)]) is None
    run = fold("may_place", [(_modifier(mine, ran), "a"), (_modifier(mine, ran), card)])
    assert run(_game(7), 0, {"player": "c"}) == 1 and ran == [None]
    assert run(_game(), 0, {"player": "c"}) == 0 and ran == [None]  # no copy in play: it does not run
