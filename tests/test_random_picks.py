"""`discard random N from PILE` and `tower()`: language additions for the Colombes (issue 9),
tested on a small faction of their own so the tests speak of the language, not of one faction."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.content.factions import load_faction
from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.errors import DataError
from rootlaw.language.builtins import FUNCTIONS
from rootlaw.scenarios.runner import run_scenario

PICKER = """\
id: picker
names: {en: Picker}
pieces:
  warrior: {category: warrior, count: 5}
piles:
  stash: {}
turn: {birdsong: [], daylight: [], evening: []}
actions:
  drop:
    do: "discard random (count_to_drop) from stash"
vars:
  count_to_drop: {value: 1}
"""

CARDS = ["anvil", "bake_sale", "sword", "investments", "crossbow_mouse", "root_tea_fox"]


def run(tmp_path: Path, seed: int, drop: int) -> tuple[list[int], object]:
    (tmp_path / "factions").mkdir(exist_ok=True)
    (tmp_path / "factions" / "picker.yaml").write_text(PICKER, encoding="utf-8")
    scenario = tmp_path / "drop.scenario.yaml"
    scenario.write_text(f"""\
name: drop
factions: [picker, alliance]
seed: {seed}
piles:
  picker: {{stash: [{", ".join(CARDS)}]}}
vars:
  picker: {{count_to_drop: {drop}}}
run: {{action: drop}}
expect:
  piles: {{picker: {{stash: {max(0, len(CARDS) - drop)}}}}}
  discard: {min(drop, len(CARDS))}
""", encoding="utf-8")
    outcome = run_scenario(scenario)
    assert outcome.passed, outcome.report()
    game = outcome.game
    return list(game.player("picker").piles["stash"]), game


def test_the_same_seed_discards_the_same_cards(tmp_path):
    assert run(tmp_path, 7, 2)[0] == run(tmp_path, 7, 2)[0]


def test_the_pick_comes_from_the_seeded_generator(tmp_path):
    """Across seeds, different cards go: the pick is not always the top or the bottom card."""
    kept = {tuple(run(tmp_path, seed, 1)[0]) for seed in range(8)}
    assert len(kept) > 2


def test_the_generator_moves_on(tmp_path):
    _, game = run(tmp_path, 7, 1)
    assert game.s.rng != 7


def test_more_than_the_pile_discards_it_all(tmp_path):
    assert run(tmp_path, 3, 10)[0] == []


def test_an_unknown_pile_is_a_load_error(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(PICKER.replace("from stash", "from stahs"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_faction(path)
    assert "unknown pile 'stahs'" in str(err.value)
    assert "did you mean 'stash'" in str(err.value)


@pytest.mark.parametrize("map_name,tower", [("mountain", 10), ("autumn", None), ("winter", None), ("lake", None)])
def test_tower_is_the_mountain_pass(map_name, tower):
    game = Setup(map=map_name, factions=["alliance", "arachneen"], seed=1).start()
    assert FUNCTIONS["tower"].fn(Ctx(game, "alliance", {})) == tower
