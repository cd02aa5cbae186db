"""The persistent cards of the standard deck, where a scenario file cannot say it.

Each card's own behaviour is shown by the scenarios in tests/scenarios/cards/ (one or more per
card, named after it). Here: what Codebreakers shows, that a card's Daylight action is not one
of the faction's actions, and that every persistent card has its scenarios.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rootlaw.core.narration import log_lines
from rootlaw.core.game import Game
from rootlaw.files.resources import data_path
from rootlaw.scenarios.runner import run_scenario

FACTIONS = Path(__file__).parent / "factions"
CARD_SCENARIOS = Path(__file__).parent / "scenarios" / "cards"


def position(tmp_path: Path, **spec: Any) -> Game:
    """The game a scenario position describes, run up to its first open decision."""
    link = tmp_path / "factions"
    if not link.exists():
        link.symlink_to(FACTIONS)
    path = tmp_path / "position.scenario.yaml"
    spec = {"map": "autumn", "factions": ["militia_a", "militia_b"], **spec}
    path.write_text(yaml.safe_dump(spec))
    outcome = run_scenario(path)
    return outcome.game


def card_option(game: Game, card_id: str) -> str:
    """The Daylight menu option of the persistent card `card_id`."""
    decision = game.pending()
    assert decision is not None and decision["kind"] == "action", decision
    for option in decision["options"]:
        if option.startswith("card:") and game.rules.deck.cards[int(option[5:])].id == card_id:
            return option
    raise AssertionError(f"{card_id} not offered: {decision['options']}")


def actions_taken(game: Game) -> int:
    return next(f["taken"] for f in reversed(game.s.stack) if f["op"] == "actions")


def test_codebreakers_shows_the_chosen_players_hand(tmp_path: Path) -> None:
    game = position(tmp_path, board={1: ["militia_a warrior"]}, persistent={"militia_a": ["codebreakers"]},
                    hands={"militia_b": ["ambush_fox", "sappers"]}, run={"phase": "daylight"})
    before = len(game.s.log)
    game.answer(card_option(game, "codebreakers"))
    shown = [line for line in log_lines(game, start=before) if "shows their hand" in line]
    assert len(shown) == 1
    assert "Ambush! (fox)" in shown[0] and "Sappers (bird)" in shown[0]
    assert sorted(game.rules.deck.cards[c].id for c in game.s.players["militia_b"].hand) == ["ambush_fox", "sappers"]


def test_card_actions_are_not_faction_actions(tmp_path: Path) -> None:
    """Tax Collector and Codebreakers are used beside the faction's actions, not as one of them."""
    game = position(tmp_path, board={1: ["militia_a warrior x3"]},
                    persistent={"militia_a": ["tax_collector", "codebreakers"]},
                    hands={"militia_b": ["ambush_fox"]}, run={"phase": "daylight"})
    game.answer(card_option(game, "tax_collector"))
    game.answer(card_option(game, "codebreakers"))
    assert actions_taken(game) == 0
    assert not any(o.startswith("card:") for o in game.pending()["options"])
    # the militia's three actions are all still there: after two moves a third is offered,
    # after the third only "end" is left, which answers itself and Daylight is over
    for n in (1, 2, 3):
        game.answer("move")
        while game.pending() is not None and game.pending()["kind"] != "action":
            game.answer(game.pending()["options"][0])
        if n < 3:
            assert actions_taken(game) == n and "move" in game.pending()["options"]
    assert game.pending() is None and not game.s.stack


def test_every_persistent_card_has_scenarios() -> None:
    deck = yaml.safe_load(data_path("decks", "standard.yaml").read_text())
    persistent = [c["id"] for c in deck["cards"] if c["kind"] == "persistent"]
    assert len(persistent) == 11
    for card_id in persistent:
        files = sorted(CARD_SCENARIOS.glob(f"{card_id}_*.scenario.yaml"))
        assert files, f"no scenario for {card_id}"
        for path in files:
            assert run_scenario(path).passed, run_scenario(path).report()
