"""Issue 6 §1: rule corrections whose truth a scenario file cannot state yet (who is asked,
what the log says). Each test runs a bundled scenario and looks at the game it leaves."""
from __future__ import annotations

from pathlib import Path

from engine.errors import RootlawError
from engine.scenario import run_scenario

HERE = Path(__file__).parent / "scenarios"


def _game(path: str):
    outcome = run_scenario(HERE / path)
    assert outcome.passed, outcome.report()
    return outcome.game


def test_draw_logs_what_was_drawn_and_rolls_once() -> None:
    game = _game("corrections/draw_rolls_its_count_once.scenario.yaml")
    assert game.s.forced_dice == [3], "the count was evaluated more than once"
    assert any(line.endswith("Heralds draws 2 card(s)") for line in game.s.log)


def test_a_faction_named_twice_is_named_in_the_error(capsys) -> None:
    from engine.cli import main
    assert main(["play", "--factions", "alliance,alliance", "--quiet"]) == 2
    assert "faction 'alliance' is named twice" in capsys.readouterr().err


def test_the_side_taking_hits_orders_its_removal_effects() -> None:
    """Law 4.3.4: the Alliance, not the Circle whose turn it is, orders removing_bases and
    Outrage; resolving removing_bases first lets the Outrage card land after the trim."""
    game = _game("corrections/battle_losses_ordered_by_the_side_taking_hits.scenario.yaml")
    assert game.current == "arachneen"
    assert game.pending()["player"] == "alliance"
    game.answer("0:removing_bases (alliance)")
    supporters = sorted(game.rules.deck.cards[c].id for c in game.player("alliance").piles["supporters"])
    assert supporters == ["a_visit_to_friends", "anvil", "gently_used_knapsack", "mouse_in_a_sack",
                          "root_tea_mouse"]
