"""Issue 11: a slice of benchmarks/mixes.py in every test run — one game of every one of the
mixes of 2 to 5 bundled factions (the seed factions and, since issue 27, the Marquise, the
Eyrie and the Vagabond), the maps rotating, with a small round limit, through the same code (invariants after
every decision, record replayed through JSON to the same final digest).
"""
from __future__ import annotations

from benchmarks import mixes
from rootlaw.content.maps import bundled_maps


def test_every_mix_of_the_seed_factions_is_counted_once():
    every = mixes.all_mixes(mixes.SEED_FACTIONS)
    assert len(every) == 26 == len(set(every))
    assert [len(m) for m in every].count(5) == 1 and [len(m) for m in every].count(2) == 10


def test_every_mix_covers_the_base_factions():
    every = mixes.all_mixes()
    assert set(mixes.BASE_FACTIONS) <= {f for mix in every for f in mix}
    assert len(every) == len(set(every)) == sum(1 for m in every if 2 <= len(m) <= 5)
    assert ("marquise", "eyrie") in every and ("alliance", "marquise", "eyrie") in every
    assert ("marquise", "eyrie", "vagabond") in every and len(every) == 210


def test_one_game_of_every_mix_has_no_error_violation_or_mismatch():
    maps = sorted(bundled_maps())
    todo = [mixes.Plan(mix, maps[i % len(maps)], 0, 4) for i, mix in enumerate(mixes.all_mixes())]
    results = mixes.run(todo, workers=1, progress=False)
    whole = results.total()
    assert whole.games == len(mixes.all_mixes()) and whole.decisions > whole.games * 20
    assert len({m for _, m in results.cells}) == len(maps)
    assert not results.failed(), mixes.table(results)


def test_seats_are_shuffled_by_the_seed_alone():
    mix = mixes.all_mixes()[-1]
    orders = {tuple(mixes.Plan(mix, "autumn", k, 4).setup().factions) for k in range(12)}
    assert len(orders) > 1
    assert all(sorted(o) == sorted(mix) for o in orders)
    assert mixes.Plan(mix, "autumn", 3, 4).setup() == mixes.Plan(mix, "autumn", 3, 4).setup()

