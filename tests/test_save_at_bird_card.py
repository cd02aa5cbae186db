"""A game saved while it waits for the bird card that pays for an action past the menu's limit
loads (`load_game` runs the waiting menu again to check the pending decision, and the menu must
ask the bird card again, not the action), and plays on as the game it was saved from."""
from __future__ import annotations

from pathlib import Path

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup, load_game, save_game

MIX_B = ["cabale", "colombes", "neiges", "arachneen"]


def test_a_game_saved_at_a_bird_card_decision_loads_and_plays_on_identically(tmp_path: Path):
    setup = Setup(map="autumn", factions=MIX_B, seed=6, round_limit=30)
    game = setup.start(setup.rules())
    agent = RandomAgent(10_006)
    while (decision := game.pending())["kind"] != "spend_bird":
        game.answer(agent.choose(game, decision))
    path = tmp_path / "bird.json"
    save_game(game, setup, path)
    loaded, _ = load_game(path, game.rules)
    assert loaded.pending() == decision
    for _ in range(40):  # the bird card spent, the action taken, the game going on
        option = agent.choose(game, game.pending())
        game.answer(option)
        loaded.answer(option)
    assert loaded.s.digest() == game.s.digest()
    assert loaded.s.to_json() == game.s.to_json()
