"""Seeded random games of the Royaume des Neiges with every other bundled faction.

The issue asks for games of the Kingdom with the Alliance and the Cercle, two to five seats
(the test militias fill the fifth seat), on all four maps, at least 100 per map, each ending
without an error and replaying to the same state hash. The default is a small slice for CI;
ROOTLAW_NEIGES_GAMES sets the number of games per map (100 for the full run).
"""
from __future__ import annotations

import json
import os
from itertools import combinations
from pathlib import Path

import pytest

from rootlaw.agents.agent import RandomAgent, play
from rootlaw.content.record import Record, Setup, replay
from rootlaw.core.game import Rules

MAPS = ("autumn", "winter", "lake", "mountain")
PACKS = [str((Path(__file__).parent / "factions" / f"militia_{x}.yaml").resolve()) for x in "ab"]
MILITIAS = ("militia_a", "militia_b")  # records name factions by id; the files come as packs
OPPONENTS = ("alliance", "arachneen", *MILITIAS)
# every line-up of the Kingdom and 1 to 4 opponents, fewest seats first
LINEUPS = tuple(("neiges", *others) for n in range(1, 5) for others in combinations(OPPONENTS, n))
GAMES = int(os.environ.get("ROOTLAW_NEIGES_GAMES", "4"))
ROUND_LIMIT = 12

_RULES: dict[tuple[str, tuple[str, ...]], Rules] = {}


def lineup(index: int) -> tuple[str, ...]:
    """Game `index` of a map: seat counts 2, 3, 4, 5 in turn, each cycling through its line-ups."""
    seats = 2 + index % 4
    same_size = [line for line in LINEUPS if len(line) == seats]
    return same_size[(index // 4) % len(same_size)]


def setup_for(map_name: str, index: int) -> Setup:
    return Setup(map=map_name, factions=list(lineup(index)), seed=index, round_limit=ROUND_LIMIT, packs=list(PACKS))


def rules_for(setup: Setup) -> Rules:
    """Rules are immutable: build them once per map and line-up."""
    key = (setup.map, tuple(setup.factions))
    if key not in _RULES:
        _RULES[key] = setup.rules()
    return _RULES[key]


def test_lineups_cover_every_opponent_and_seat_count():
    seen = [lineup(i) for i in range(60)]
    assert {len(line) for line in seen} == {2, 3, 4, 5}
    assert {f for line in seen for f in line} == {"neiges", *OPPONENTS}


@pytest.mark.parametrize("map_name", MAPS)
def test_kingdom_games_end_and_replay_identically(map_name):
    for index in range(GAMES):
        setup = setup_for(map_name, index)
        rules = rules_for(setup)
        game = setup.start(rules)
        answers = play(game, RandomAgent(index + 7))
        where = f"{map_name} game {index} ({', '.join(Path(f).stem for f in setup.factions)})"
        assert game.pending() is None and game.s.ended, f"{where}: the game did not end"
        assert game.s.winner is not None or "round limit" in game.s.ended, f"{where}: {game.s.ended}"
        record = Record.from_json(json.loads(json.dumps(Record(setup, answers, game.s.digest()).to_json())),
                                  packs=setup.packs)
        assert replay(record, rules).s.digest() == record.final_hash, f"{where} replays differently"
