"""The speed tools of benchmarks/ measure what they say: free_menus.py replays the very same
games, frame_costs.py times every kind of frame and leaves the handlers as they were."""
from __future__ import annotations

from benchmarks import frame_costs, free_menus
from engine.frames import HANDLERS


def test_games_with_menus_handed_back_from_a_record_end_as_the_usual_ones():
    lines: list[str] = []
    ratios, same = free_menus.ceiling(["alliance", "arachneen"], seeds=[0, 1], rounds=3, reps=1,
                                      show=lines.append)
    assert same, lines
    assert len(ratios) == 1 and ratios[0] > 0
    assert int(lines[0].split()[0]) > 10, lines  # menus were recorded, so the free run replayed them


def test_frame_costs_names_the_menu_and_restores_the_handlers():
    before = dict(HANDLERS)
    lines = frame_costs.frame_costs(["alliance", "arachneen"], seeds=[0], rounds=2)
    assert HANDLERS == before
    ops = [line.split()[0] for line in lines[2:]]
    assert "actions" in ops and "turn" in ops, lines
