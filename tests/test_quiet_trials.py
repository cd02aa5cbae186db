"""A bot's trial games are quiet (issue 30): they write no log and no trace, which no rule reads,
and play move for move as a loud game does; what a clone keeps of its game's board answers
(who rules where) is what the game itself would work out."""
from __future__ import annotations

from rootlaw.agents.agent import RandomAgent
from rootlaw.agents.chance import sample
from rootlaw.agents.greedy import quiet, trials
from rootlaw.content.record import Setup


def start(seed: int = 3):
    return Setup(map="autumn", factions=["alliance", "cabale", "colombes", "neiges"], seed=seed,
                 round_limit=3).start()


def play(game, seed: int) -> list:
    agent, answers = RandomAgent(seed), []
    while (decision := game.pending()) is not None:
        answers.append(agent.choose(game, decision))
        game.answer(answers[-1])
    return answers


def test_a_quiet_game_plays_as_a_loud_one_and_writes_nothing():
    game = start()
    loud, hushed = game.clone(), game.clone(quiet=True)
    log, trace = list(hushed.s.log), list(hushed.s.trace)
    assert play(loud, 7) == play(hushed, 7)
    assert loud.s.digest() == hushed.s.digest() and loud.s.ended == hushed.s.ended
    assert len(loud.s.log) > len(log) and len(loud.s.trace) > len(trace)  # the loud one wrote
    assert hushed.s.log == log and hushed.s.trace == trace  # the quiet one kept what it had
    assert not game.quiet and not loud.quiet and hushed.quiet


def test_a_clone_of_a_quiet_game_is_quiet_and_leaves_the_log_alone():
    game = start()
    written = len(game.s.log)
    hushed = game.clone(quiet=True)
    again = hushed.clone()
    assert again.quiet
    play(again, 5)
    play(hushed, 6)
    assert len(game.s.log) == written and len(again.s.log) == written == len(hushed.s.log)


def test_trial_games_are_quiet_and_the_real_game_is_not():
    game = start()
    seat = game.pending()["player"]
    root = quiet(game)
    assert root.quiet and not game.quiet and root.s.digest() == game.s.digest()
    assert quiet(root) is root
    assert sample(game, seat, 11).quiet
    assert all(t.quiet for t in trials(root, seat, 11, True, 3) + trials(root, seat, 11, False, 2))
    before = len(game.s.log)
    play(sample(game, seat, 11), 4)
    assert len(game.s.log) == before


def test_the_rulers_a_clone_starts_with_are_those_it_would_work_out():
    """A clone copies who rules each clearing as its game kept it; once pieces move in the
    clone, it answers as a game that never kept anything."""
    game = start()
    agent = RandomAgent(2)
    for _ in range(60):
        if (decision := game.pending()) is None:
            break
        game.answer(agent.choose(game, decision))
    for clearing in game.clearings():
        game.ruler(clearing)
    kept = game.clone()
    assert kept._rulers == game._rulers and kept._rulers is not game._rulers
    fresh = game.clone()
    fresh._rulers.clear()
    assert [kept.ruler(c) for c in kept.clearings()] == [fresh.ruler(c) for c in fresh.clearings()]
    play(kept, 9)
    play(fresh, 9)
    assert kept.s.digest() == fresh.s.digest()
    assert [kept.ruler(c) for c in kept.clearings()] == [kept._rule(c) for c in kept.clearings()]
