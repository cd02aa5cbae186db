"""Language pieces the Royaume des Neiges needed, tested outside scenarios: the map's clearing
names, a die rolled inside an intervention from the game's seeded generator, and an
invariant's repair saved and resumed in the middle."""
from __future__ import annotations

import json
from pathlib import Path

from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.core.game import Game
from rootlaw.core.state import State
from rootlaw.language.builtins import FUNCTIONS
from rootlaw.scenarios.runner import run_scenario

SCENARIOS = Path(__file__).parent / "scenarios" / "neiges"
SEEDED_ROLL = SCENARIOS / "slippery_ground_seeded_die.scenario.yaml"
REPAIR_PENDING = SCENARIOS / "cold_chain_choice_pending.scenario.yaml"


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


def test_invariant_repair_resumes_identically_from_a_saved_state():
    """Saved while Chaîne du Froid (3.2.4) asks which cut-off Igloo goes, the game goes on as the
    uninterrupted one: the repair ends, the invariant is checked again and holds."""
    outcome = run_scenario(REPAIR_PENDING)
    assert outcome.passed, outcome.report()
    game = outcome.game
    saved = Game(game.rules, State.from_json(json.loads(json.dumps(game.s.to_json()))))
    for g in (game, saved):
        g.answer(12)
    assert game.s.digest() == saved.s.digest()
    assert game.pending() is None
    igloos = sorted(game.clearing_of(p) for p, (f, k, _) in game.s.pieces.items() if (f, k) == ("neiges", "igloo"))
    assert igloos == [2]
