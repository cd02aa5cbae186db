"""Who decides, in the Colombes' rules that hand a choice to another player (issue 9).

Scenario files say which decision is pending, not who must answer it; these tests run two of
them and check the decider."""
from __future__ import annotations

from pathlib import Path

from rootlaw.scenarios.runner import run_scenario

SCENARIOS = Path(__file__).parent / "scenarios" / "colombes"


def test_securing_asks_each_owner_where_its_warriors_go():
    """2.5.3 Sécurisation: the warriors' owner chooses among the possible clearings."""
    outcome = run_scenario(SCENARIOS / "secure_destinations.scenario.yaml")
    assert outcome.passed, outcome.report()
    assert outcome.game.pending()["player"] == "militia_a"


def test_last_stand_is_asked_of_the_defender_in_the_attackers_battle():
    """2.2.3 Le Dernier Carré: in another player's battle the Colombes choose after the roll."""
    outcome = run_scenario(SCENARIOS / "last_stand_asked_after_the_roll.scenario.yaml")
    assert outcome.passed, outcome.report()
    assert outcome.game.current == "militia_a"
    assert outcome.game.pending()["player"] == "colombes"
