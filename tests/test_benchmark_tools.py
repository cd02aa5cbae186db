"""The speed tools of benchmarks/ measure what they say: ceilings.py replays the very same
games, frame_costs.py times every kind of frame and leaves the handlers as they were."""
from __future__ import annotations

import pytest

from benchmarks import ceilings, frame_costs
from engine.frames import HANDLERS


@pytest.mark.parametrize("parts", [["menus"], list(ceilings.PARTS)])
def test_games_with_parts_answered_from_a_record_end_as_the_usual_ones(parts):
    real = {(owner, name): getattr(owner, name) for part in parts for owner, name in ceilings.PARTS[part][1]}
    lines: list[str] = []
    ratios, same = ceilings.ceiling(["alliance", "arachneen"], seeds=[0, 1], rounds=3, reps=1, parts=parts,
                                    show=lines.append)
    assert same, lines
    assert len(ratios) == 1 and ratios[0] > 0
    assert int(lines[0].split()[0]) > 10, lines  # calls were recorded, so the free run answered them
    assert all(getattr(owner, name) is fn for (owner, name), fn in real.items())  # and put back


def test_frame_costs_names_the_menu_and_restores_the_handlers():
    before = dict(HANDLERS)
    lines = frame_costs.frame_costs(["alliance", "arachneen"], seeds=[0], rounds=2)
    assert HANDLERS == before
    ops = [line.split()[0] for line in lines[2:]]
    assert "actions" in ops and "turn" in ops, lines
