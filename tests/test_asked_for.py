"""A hook's fold for one value of a name (engine/core/folds.py `asked_for`): the modifiers
whose owner test fails for it are left out, the others run without the test, and in played
games it answers what the hook's whole fold answers."""
from types import SimpleNamespace

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.folds import asked_for, fold
from rootlaw.core import board_queries, piece_ops
from rootlaw.law import battle, movement
from rootlaw.language.owner_tests import OwnerTest

from tests.test_fold_owners import _game, _modifier


def _rules(hook: str, entries: list) -> SimpleNamespace:
    """Rules as `asked_for` reads them: the hook's modifiers, their owners, a memo."""
    return SimpleNamespace(modifiers={hook: [fn for fn, _ in entries]},
                           modifier_owners={hook: [owner for _, owner in entries]}, memo={})


def test_only_the_modifiers_whose_test_may_hold_for_the_value_run():
    ran: list = []
    entries = [(_modifier(OwnerTest("attacker", None, False), ran), "a"),   # attacker != me
               (_modifier(OwnerTest("attacker", None, True), ran), "b"),    # attacker = me
               (_modifier(OwnerTest("defender", None, True), ran), "c"),    # another name: asked inline
               (_modifier(None, ran), "d"),                                 # no owner test
               (_modifier(OwnerTest("attacker", "faction", True), ran), "e")]  # a field: asked inline
    rules = _rules("may_battle", entries)
    run = asked_for(rules, "may_battle", "attacker", "a")
    # the field's test is asked inline: a value of another shape is left to the modifier
    assert run(_game(), 0, {"attacker": "a", "defender": "c"}) == 3 and ran == ["c", "d", "e"]
    ran.clear()
    run = asked_for(rules, "may_battle", "attacker", "b")
    assert run(_game(), 0, {"attacker": "b", "defender": "x"}) == 4 and ran == ["a", "b", "d", "e"]
    assert asked_for(rules, "may_battle", "attacker", "b") is run  # made once per rules
    ran.clear()
    whole = fold("may_battle", entries)
    for attacker in "abcx":
        context = {"attacker": attacker, "defender": "c"}
        assert asked_for(rules, "may_battle", "attacker", attacker)(_game(), 0, context) == whole(_game(), 0, context)


def test_none_when_no_modifier_can_apply():
    ran: list = []
    mine = OwnerTest("player", None, True)
    rules = _rules("may_place", [(_modifier(mine, ran), "a"), (_modifier(mine, ran), "b")])
    assert asked_for(rules, "may_place", "player", "c") is None
    assert asked_for(rules, "hand_limit", "player", "a") is None  # a hook without modifiers
    card = frozenset({7})  # a card's modifier may belong to anyone: it is kept, with its copies' test
    rules = _rules("may_place", [(_modifier(mine, ran), "a"), (_modifier(mine, ran), card)])
    run = asked_for(rules, "may_place", "player", "c")
    assert run(_game(7), 0, {"player": "c"}) == 1 and ran == [None]
    assert run(_game(), 0, {"player": "c"}) == 0 and ran == [None]
    assert ran == [None] and _game()._modifying == []


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 3),
    (["alliance", "arachneen", "marquise", "eyrie"], 2),
])
def test_in_played_games_it_answers_as_the_whole_fold(factions, seed, monkeypatch):
    """Every time the Law looks up a hook's fold for one faction, what it is called with gets
    the answer of the hook's whole fold (modifiers only read the game), and a hook left
    without a fold would answer its value."""
    asked: dict[str, int] = {}

    def checking(rules, hook, name, value):
        run, whole = asked_for(rules, hook, name, value), rules.fold(hook)

        def check(game, value, context):
            got = value if run is None else run(game, value, context)
            assert got == (value if whole is None else whole(game, value, context))
            asked[hook] = asked.get(hook, 0) + 1
            return got
        return check
    for module in (movement, battle, piece_ops, board_queries):
        monkeypatch.setattr(module, "asked_for", checking)
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=8).start()
    agent = RandomAgent(seed)
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
    assert asked.get("adjacency", 0) > 100 and asked.get("move_group_allowed", 0) > 10, asked
    assert len(asked) >= 3, asked
