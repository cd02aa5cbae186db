"""Functions of the faction language that read the map."""
from __future__ import annotations

from pathlib import Path

from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.language.builtins import FUNCTIONS


def test_river_neighbours_reads_the_map():
    """A faction treating rivers as paths needs the river links; Autumn's river runs 4-7-11-10-5."""
    game = Setup(map="autumn", factions=["alliance", "arachneen"], seed=1).start()
    assert FUNCTIONS["river_neighbours"].fn(Ctx(game, "alliance", {}), 7) == (4, 11)
    assert FUNCTIONS["river_neighbours"].fn(Ctx(game, "alliance", {}), 1) == ()


def test_players_and_enemies_go_round_from_me():
    """"In player order" starts from the acting player and goes in turn order (issue 6 §1.8)."""
    from rootlaw.language.builtins import VALUES
    game = Setup(map="autumn", factions=["alliance", "arachneen", str(Path(__file__).parent / "factions" / "militia_a.yaml")], seed=1).start()
    seats = game.s.seats
    me = seats[1]
    assert VALUES["players"](Ctx(game, me, {})) == (seats[1], seats[2], seats[0])
    assert VALUES["enemies"](Ctx(game, me, {})) == (seats[2], seats[0])


def test_values_of_a_missing_field_is_a_language_error():
    import pytest

    from rootlaw.core.context import LanguageError
    game = Setup(map="autumn", factions=["alliance", "arachneen"], seed=1).start()
    values_of = FUNCTIONS["values_of"].fn
    assert values_of(Ctx(game, "alliance", {}), ({"kind": "a"}, {"kind": "b"}), "kind") == ("a", "b")
    with pytest.raises(LanguageError):
        values_of(Ctx(game, "alliance", {}), ({"kind": "a"},), "suit")
