"""Issue 11: a slice of benchmarks/mixes.py in every test run — one game of every one of the
26 seed-faction mixes, the maps rotating, with a small round limit, through the same code
(invariants after every decision, record replayed through JSON to the same final digest).
"""
from __future__ import annotations

from benchmarks import mixes
from rootlaw.content.maps import bundled_maps


def test_every_mix_of_the_seed_factions_is_counted_once():
    every = mixes.all_mixes()
    assert len(every) == 26 == len(set(every))
    assert [len(m) for m in every].count(5) == 1 and [len(m) for m in every].count(2) == 10


def test_one_game_of_every_mix_has_no_error_violation_or_mismatch():
    maps = sorted(bundled_maps())
    todo = [mixes.Plan(mix, maps[i % len(maps)], 0, 4) for i, mix in enumerate(mixes.all_mixes())]
    results = mixes.run(todo, workers=1, progress=False)
    whole = results.total()
    assert whole.games == 26 and whole.decisions > 26 * 20
    assert len({m for _, m in results.cells}) == len(maps)
    assert not results.failed(), mixes.table(results)


def test_seats_are_shuffled_by_the_seed_alone():
    mix = mixes.all_mixes()[-1]
    orders = {tuple(mixes.Plan(mix, "autumn", k, 4).setup().factions) for k in range(12)}
    assert len(orders) > 1
    assert all(sorted(o) == sorted(mix) for o in orders)
    assert mixes.Plan(mix, "autumn", 3, 4).setup() == mixes.Plan(mix, "autumn", 3, 4).setup()

