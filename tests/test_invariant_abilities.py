"""Invariants (`kind: invariant`) beyond the scenarios in tests/scenarios/invariants/: a repair
that never repairs is stopped by the step budget with an error naming it, never a hang."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.content import make_rules
from engine.errors import RuleLoopError
from engine.factions import load_faction
from engine.setup import new_game

MILITIA = Path(__file__).parent / "factions" / "militia_b.yaml"
STUBBORN = """
id: stubborn
names: {en: Stubborn Keepers}
pieces:
  warrior: {category: warrior, count: 5}
  lantern: {category: token, count: 1}
setup:
  - home: {where: corner, pieces: {lantern: 1}}
turn:
  birdsong: []
abilities:
  - id: lantern_never_alone
    kind: invariant
    holds: "not exists({l in on_map(lantern) where warriors(me, clearing_of(l)) = 0})"
    do: 'say "the lantern flickers"'
"""


def test_a_repair_that_repairs_nothing_ends_in_a_named_loop_error():
    rules = make_rules("autumn", [load_faction("stubborn.yaml", text=STUBBORN), load_faction(MILITIA)])
    with pytest.raises(RuleLoopError) as exc:
        game = new_game(rules, ["stubborn", "militia_b"], seed=1)
        for _ in range(50):
            decision = game.pending()
            if decision is None:
                break
            game.answer(decision["options"][0])
    assert "lantern_never_alone" in str(exc.value)
