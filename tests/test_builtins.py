"""Functions of the faction language that read the map."""
from __future__ import annotations

from engine.language.builtins import FUNCTIONS
from engine.language.context import Ctx
from engine.record import Setup


def test_river_neighbours_reads_the_map():
    """A faction treating rivers as paths needs the river links; Autumn's river runs 4-7-11-10-5."""
    game = Setup(map="autumn", factions=["alliance", "arachneen"], seed=1).start()
    assert FUNCTIONS["river_neighbours"].fn(Ctx(game, "alliance", {}), 7) == (4, 11)
    assert FUNCTIONS["river_neighbours"].fn(Ctx(game, "alliance", {}), 1) == ()
