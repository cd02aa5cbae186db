"""Issue 7.10: a small slice of the soak benchmark (benchmarks/soak.py) in every test run.

The slice plays the first games of the same fixed series the full soak plays, over every map
and faction mix it draws, with the invariants after every decision, clone and save/load round
trips (here in every second game) and record replay.
"""
from __future__ import annotations

from benchmarks import soak


def test_a_slice_of_the_soak_has_no_crash_violation_or_hang():
    totals = soak.run(8, start=0, fork_every=2, progress=False)
    assert totals.games == 8 and totals.decisions > 0
    assert (totals.crashes, totals.violations, totals.hangs) == (0, 0, 0), soak.report(totals, 1.0)


def test_a_slice_of_the_seed_factions_soak_with_greedy_bots():
    """Issue 28's soak: the five seed factions, random and greedy bots drawn per seat."""
    totals = soak.run(1, start=23, fork_every=1, progress=False, seed_only=True, bots=("random", "greedy"))
    assert totals.games == 1 and totals.mix["greedy"] == 1  # game 23: Winter, a greedy and a random bot
    assert (totals.crashes, totals.violations, totals.hangs) == (0, 0, 0), soak.report(totals, 1.0)
