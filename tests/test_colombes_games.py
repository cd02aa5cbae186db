"""Random games of the Colombes with the other bundled factions and the test militias, 2 to 5
seats, on every map: they end without an error and replay to the same hash (issue 9).

A small slice runs here (ROOTLAW_COLOMBES_GAMES games per map, default 5: one of each seating);
`python benchmarks/colombes_games.py` plays the full 100 per map and reports the figures.
"""
from __future__ import annotations

import os

import pytest

from benchmarks.colombes_games import MAPS, SEATINGS, play_and_replay

GAMES = int(os.environ.get("ROOTLAW_COLOMBES_GAMES", str(len(SEATINGS))))


@pytest.mark.parametrize("map_name", MAPS)
def test_colombes_games_end_and_replay(map_name):
    results = [play_and_replay(map_name, seed) for seed in range(GAMES)]
    assert {r["seats"] for r in results} == {len(s) for s in SEATINGS[:GAMES]}
