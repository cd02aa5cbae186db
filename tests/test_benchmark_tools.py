"""The speed tools of benchmarks/ measure what they say: ceilings.py replays the very same
games, frame_costs.py times every kind of frame and leaves the handlers as they were,
instructions.py reads Valgrind's count and plays compare.py's games, legality_repeats.py
sorts the menus' questions by what changed since they were last asked."""
from __future__ import annotations

import pytest

from benchmarks import ceilings, frame_costs
from rootlaw.core.frames import HANDLERS


@pytest.mark.parametrize("parts", [["menus"], ["menus_repeat"], ceilings.TOGETHER])
def test_games_with_parts_answered_from_a_record_end_as_the_usual_ones(parts):
    real = {(owner, name): getattr(owner, name) for part in parts for owner, name in ceilings.PARTS[part][1]}
    lines: list[str] = []
    ratios, same = ceilings.ceiling(["alliance", "arachneen"], seeds=[0, 1], rounds=3, reps=1, parts=parts,
                                    show=lines.append)
    assert same, lines
    assert len(ratios) == 1 and ratios[0] > 0
    recorded, free = int(lines[0].split()[0]), int(lines[0].split()[3])
    assert recorded > 10, lines  # calls were recorded, so the free run answered them
    if parts == ["menus_repeat"]:
        assert 0 < free < recorded, lines  # only the checks that repeat an answer
    else:
        assert free == recorded, lines
    assert all(getattr(owner, name) is fn for (owner, name), fn in real.items())  # and put back


def test_frame_costs_names_the_menu_and_restores_the_handlers():
    before = dict(HANDLERS)
    lines = frame_costs.frame_costs(["alliance", "arachneen"], seeds=[0], rounds=2)
    assert HANDLERS == before
    ops = [line.split()[0] for line in lines[2:]]
    assert "actions" in ops and "turn" in ops, lines


def test_instruction_counts_are_read_from_valgrind_and_games_played_as_compare_plays_them():
    from benchmarks import compare, instructions
    assert instructions.collected("==42== Events    : Ir\n==42== Collected : 1234567\n") == 1234567
    with pytest.raises(RuntimeError, match="no instruction count"):
        instructions.collected("valgrind: command not found")
    result, count = instructions.play(compare.REPO, "a", [0], rounds=2, counted=False)
    assert result["decisions"] > 10 and len(result["hashes"]) == 1 and count == 0


def test_only_checks_asked_again_with_nothing_changed_are_answered_free():
    lines: list[str] = []
    ratios, same = ceilings.ceiling(["alliance", "arachneen"], seeds=[0, 1], rounds=4, reps=1,
                                    parts=["menus_unchanged"], show=lines.append)
    assert same, lines
    recorded, free = int(lines[0].split()[0]), int(lines[0].split()[3])
    assert 0 < free < recorded / 4, lines  # a few: the board or the player's side nearly always changed


def test_legality_repeats_counts_each_question_by_what_changed_and_plays_the_same_games():
    from benchmarks import legality_repeats as lr
    real = {q: getattr(owner, name) for q, (owner, name) in lr.QUESTIONS.items()}
    counts, spent, same, plain, timed = lr.measure(["alliance", "arachneen"], seeds=[0, 1], rounds=4)
    assert same and plain > 0 and timed > 0
    assert all(getattr(owner, name) is real[q] for q, (owner, name) in lr.QUESTIONS.items())  # put back
    assert counts["action"]["calls"] > 50 and counts["action"]["same answer"] > 0
    extras = counts["daylight extras"]
    # each count is narrower than the one before it: what is unchanged in the whole position is
    # unchanged on the board and in the player's side, and so in its own pieces and side
    for c in counts.values():
        assert c["calls"] >= c["own pieces and side unchanged"] >= c["board and own side unchanged"] \
            >= c["position unchanged"] >= c["same decision"]
        assert c["same answer"] >= c["position unchanged"]  # nothing changed: the same answer
    assert 0 < extras["same decision"] < extras["position unchanged"] < extras["same answer"] < extras["calls"]
    assert extras["calls"] == counts["menu"]["calls"]  # each menu asks for them once
    assert spent["action"]["calls"] >= spent["action"]["same answer"] > 0
