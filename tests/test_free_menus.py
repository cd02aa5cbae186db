"""benchmarks/free_menus.py measures a ceiling only if its replayed menus give the very same games."""
from __future__ import annotations

from benchmarks import free_menus


def test_games_with_menus_handed_back_from_a_record_end_as_the_usual_ones():
    lines: list[str] = []
    ratios, same = free_menus.ceiling(["alliance", "arachneen"], seeds=[0, 1], rounds=3, reps=1,
                                      show=lines.append)
    assert same, lines
    assert len(ratios) == 1 and ratios[0] > 0
    assert int(lines[0].split()[0]) > 10, lines  # menus were recorded, so the free run replayed them
