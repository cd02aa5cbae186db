"""Language pieces the Royaume des Neiges needed, tested outside scenarios: the map's clearing
names, and a die rolled inside an intervention from the game's seeded generator."""
from __future__ import annotations

from pathlib import Path

from engine.language.builtins import FUNCTIONS
from engine.language.context import Ctx
from engine.record import Setup
from engine.scenario import run_scenario

SEEDED_ROLL = Path(__file__).parent / "scenarios" / "neiges" / "slippery_ground_seeded_die.scenario.yaml"


def test_clearing_name_reads_the_map():
    game = Setup(map="mountain", factions=["neiges", "alliance"], seed=1).start()
    name = FUNCTIONS["clearing_name"].fn
    assert name(Ctx(game, "neiges", {}), 10) == "Pass"
    assert name(Ctx(game, "neiges", {}), 11) != "Pass"


def test_intervention_die_comes_from_the_seeded_generator():
    """Sol Glissant (3.2.2) rolls with no forced die: the game's generator moves on, and the same
    seed gives the same roll and the same game."""
    first, second = run_scenario(SEEDED_ROLL), run_scenario(SEEDED_ROLL)
    assert first.passed, first.report()
    assert first.game.s.rng != 6  # the scenario's seed: the roll drew from the generator
    assert first.game.s.digest() == second.game.s.digest()
