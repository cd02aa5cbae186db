"""Invariants (`kind: invariant`) beyond the scenarios in tests/scenarios/invariants/: a repair
that never repairs is stopped by the step budget with an error naming it, never a hang."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.content.catalog import make_rules
from rootlaw.content.factions import load_faction
from rootlaw.errors import DataError, RuleLoopError
from rootlaw.play.setup import new_game

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


WATCHER = """\
id: watcher
names: {{en: Watcher}}
setup_order: 1
pieces:
  warrior: {{category: warrior, count: 10}}
  lantern: {{category: token, count: 1}}
vars:
  x: {{value: 0}}
setup:
{setup}
turn:
  birdsong: []
abilities:
  - id: few_warriors
    kind: invariant
{watch}
    holds: "count(on_map(warrior)) <= 2"
    do: "remove first(on_map(warrior))"
"""


def _warriors_after_setup(watch: str, *steps: str) -> int:
    text = WATCHER.format(watch=watch, setup="\n".join(f'  - do: "{step}"' for step in steps))
    game = new_game(make_rules("autumn", [load_faction("watcher.yaml", text=text), load_faction(MILITIA)]),
                    ["watcher", "militia_b"], seed=1)
    return sum(1 for f, k, _ in game.s.pieces.values() if (f, k) == ("watcher", "warrior"))


@pytest.mark.parametrize("watch,steps,warriors", [
    ("", ("place 4 warrior in 1",), 2),                                            # checked after every batch
    ("    watch: [lantern]", ("place 4 warrior in 1",), 4),                        # warriors are not watched
    ("    watch: [lantern]", ("place 4 warrior in 1", "place lantern in 5"), 2),   # a lantern was placed
    ("    watch: [lantern]", ("place 4 warrior in 1", "set x = 1"), 2),            # a variable was set
    ("    watch: [warrior, lantern]", ("place 4 warrior in 1",), 2),
])
def test_a_watching_invariant_is_checked_only_after_its_pieces_or_a_variable_change(watch, steps, warriors):
    assert _warriors_after_setup(watch, *steps) == warriors


def test_watching_a_piece_the_faction_does_not_have_is_an_error_at_its_position():
    text = WATCHER.format(watch="    watch: [lantern, lanterne]", setup='  - do: "say \\"hi\\""')
    with pytest.raises(DataError) as err:
        load_faction("watcher.yaml", text=text)
    problem = err.value.problems[0]
    assert "watches 'lanterne'" in problem.message and (problem.line, problem.col) == (16, 22)


def test_only_an_invariant_may_watch():
    text = WATCHER.format(watch="    watch: [lantern]", setup='  - do: "say \\"hi\\""').replace(
        "kind: invariant", "kind: trigger\n    on: moved").replace("holds:", "if:")
    with pytest.raises(DataError) as err:
        load_faction("watcher.yaml", text=text)
    problem = err.value.problems[0]
    assert "is a trigger, so it has no 'watch:'" in problem.message and (problem.line, problem.col) == (17, 5)


@pytest.mark.parametrize("others", [0, 1, 2])
def test_the_invariants_of_every_faction_are_checked_after_each_batch(others):
    """One faction's invariants are one listener, asked on its own; with more factions having
    some, each one's are asked and each broken one repairs (`check`)."""
    texts = [WATCHER.format(watch="", setup='  - do: "place 4 warrior in 1"').replace("watcher", f"watcher{i}")
             for i in range(1 + others)]
    factions = [load_faction(f"watcher{i}.yaml", text=text) for i, text in enumerate(texts)]
    ids = [f"watcher{i}" for i in range(1 + others)]
    rules = make_rules("autumn", [*factions, load_faction(MILITIA)])
    assert len(rules.listeners["invariant_broken"]) == 1 + others
    game = new_game(rules, [*ids, "militia_b"], seed=1)
    kept = {fid: sum(1 for f, k, _ in game.s.pieces.values() if (f, k) == (fid, "warrior")) for fid in ids}
    assert kept == {fid: 2 for fid in ids}
