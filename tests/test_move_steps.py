"""A move's group is asked of the origin's movers once its destination is chosen (the options
are not worked out again): in every position of random games, the groups offered are those of
the move's options from its origin to its destination, as the board stands."""
import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.law.movement import groups, move_options


@pytest.mark.parametrize("factions, seed", [
    (["cabale", "colombes", "neiges", "arachneen"], 2),
    (["vagabond", "marquise", "eyrie", "alliance"], 1),  # a pawn, which may stand in a forest
])
def test_the_groups_offered_are_those_of_the_options_to_the_destination(factions, seed):
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=10).start()
    agent = RandomAgent(seed)
    asked = 0
    while game.pending() is not None:
        decision = game.pending()
        if decision["kind"] == "move_group":
            frame = game.s.stack[-1]
            options = move_options(game, frame["player"], frame, origin=frame["origin"], started=True)
            assert decision["options"] == tuple(groups(game, frame["player"], options[(frame["origin"], frame["dest"])]))
            asked += 1
        game.answer(agent.choose(game, decision))
    assert asked > 10
