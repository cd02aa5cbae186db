"""Issue 24: each seat sees only what it may know.

By construction: at every decision of seeded games of the five seed factions, a copy of the
game in which the cards a seat may not see are dealt differently (other hands, the draw
pile's order, the piles its faction files hide; the log's secret parts changed alike) must
give that seat the very same view. The places hidden from a seat are listed here from the Law
and the faction files, not from the engine's own list, so a place the engine forgot to hide
fails the test (`tests/hidden_cards.py`).
"""
from __future__ import annotations

import json

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup, load_game, save_game
from rootlaw.core.game import Game
from rootlaw.core.narration import SPECTATOR, log_lines
from rootlaw.tools.view import seat_view
from tests.hidden_cards import FACTIONS, hidden_lists, played, redealt

def views_agree(game: Game, seed: int, logged: int) -> bool:
    """The check at one decision; True if some copy differs from the game in a hidden place."""
    differed = False
    for k, seat in enumerate([*game.s.seats, SPECTATOR]):
        other = redealt(game, seat, seed + k)
        differed |= other.s.deck != game.s.deck or any(other.s.players[f].hand != game.s.players[f].hand
                                                       for f in game.s.seats)
        mine, theirs = seat_view(game, seat, log=False), seat_view(other, seat, log=False)
        assert mine == theirs, f"{seat or 'a spectator'}'s view changes with what it may not know"
        assert log_lines(game, seat, start=logged) == log_lines(other, seat, start=logged), \
            f"{seat or 'a spectator'}'s log changes with what it may not know"
    return differed


@pytest.mark.parametrize("map_name,seed", [("autumn", 3), ("lake", 8)])
def test_same_hidden_difference_same_view(map_name, seed):
    setup = Setup(map=map_name, factions=FACTIONS, seed=seed, round_limit=10)
    game = setup.start()
    agent = RandomAgent(seed)
    logged, decisions, differed, shown = 0, 0, 0, 0
    while game.pending() is not None:
        differed += views_agree(game, 1000 * decisions, logged)
        logged = len(game.s.log)
        game.answer(agent.choose(game, game.pending()))
        decisions += 1
        shown = max(shown, sum(len(k) for k in game.s.known.values()))
    assert decisions > 300 and differed > decisions // 2
    assert shown > 0, "no card was shown to anyone: the games test nothing of it"


def test_a_mid_game_view_shows_the_own_hand_and_only_sizes_of_the_others(tmp_path):
    """`rootlaw view`'s JSON, of a mid-game save of the five seed factions."""
    setup, game = played(150)
    save_game(game, setup, tmp_path / "mid.json")
    game, _ = load_game(tmp_path / "mid.json")
    for seat in game.s.seats:
        view = json.loads(json.dumps(seat_view(game, seat)))
        assert [c["id"] for c in view["players"][seat]["hand"]] == game.s.players[seat].hand
        assert all(c["name"] and c["suit"] and "text" in c for c in view["players"][seat]["hand"])
        for other in game.s.seats:
            assert view["players"][other]["hand_size"] == len(game.s.players[other].hand)
            if other != seat:
                assert "hand" not in view["players"][other]
        hidden = {c for cards in hidden_lists(game, seat) for c in cards}
        known = {k["card"]["id"] for k in view["known"]}
        named = set(_card_ids(view)) - known
        assert not named & hidden, f"{seat}'s view names cards it may not know: {sorted(named & hidden)}"
        supporters = view["players"]["alliance"]["piles"]["supporters"]
        assert ("cards" in supporters) == (seat == "alliance")  # Law 8.2.3
        refugees = view["players"]["colombes"]["piles"].get("refugees", {})
        assert "cards" not in refugees or seat == "colombes"  # the Doves' ruling on 2.2.7
        shamans = view["players"]["neiges"]["vars"]  # public: the Kingdom's ruling on 3.2.5
        assert shamans["shaman"] == game.s.players["neiges"].vars["shaman"] and "face_up" in shamans


def _card_ids(value) -> list[int]:
    """The ids of every card object in a view."""
    if isinstance(value, dict):
        found = [value["id"]] if {"id", "card", "suit"} <= set(value) else []
        return found + [c for v in value.values() for c in _card_ids(v)]
    if isinstance(value, list):
        return [c for v in value for c in _card_ids(v)]
    return []


def test_rootlaw_view_prints_a_seats_view_in_words_and_as_json(tmp_path, capsys):
    from rootlaw.tools.cli import main

    setup, game = played(100)
    save_game(game, setup, tmp_path / "mid.json")
    alliance = game.s.players["alliance"]
    assert main(["view", str(tmp_path / "mid.json"), "--seat", "alliance"]) == 0
    out = capsys.readouterr().out
    assert "You play Sojusz Stworzeń Leśnych (Woodland Alliance)" in out
    assert all(game.rules.deck.cards[c].name in out for c in alliance.hand)
    assert "Supporters:" in out and "Players:" in out and "Board:" in out
    seat = game.s.seats.index("cabale") + 1
    assert main(["view", str(tmp_path / "mid.json"), "--seat", str(seat), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["seat"] == "cabale" and "hand" not in view["players"]["alliance"]
    assert view["players"]["alliance"]["piles"]["supporters"] == {"name": "Supporters", "size": len(alliance.piles["supporters"])}
    assert main(["view", str(tmp_path / "mid.json"), "--seat", "9"]) == 2
    assert "--seat 9: not a seat" in capsys.readouterr().err
