"""Core Law rules that a scenario file cannot express: rule counted over tokens and pawns, the
reshuffle, simultaneous wins, dominance victories, available dominance cards and setup.

The other core rules have scenarios in tests/scenarios/core/, each naming its Law numbers.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from rootlaw.content.catalog import make_rules
from rootlaw.content.factions import load_faction
from rootlaw.core.game import Game, Rules
from rootlaw.core.locations import clearing_loc
from rootlaw.law import victory
from rootlaw.play.actions import daylight_extras
from rootlaw.play.setup import new_game
from rootlaw.scenarios.runner import run_scenario

FACTIONS = Path(__file__).parent / "factions"


def position(tmp_path: Path, **spec: Any) -> Game:
    """The game a scenario position describes; nothing runs (the militias' Birdsong is empty)."""
    link = tmp_path / "factions"
    if not link.exists():
        link.symlink_to(FACTIONS)
    path = tmp_path / "position.scenario.yaml"
    path.write_text(yaml.safe_dump({"map": "autumn", "factions": ["militia_a", "militia_b"],
                                    "run": {"phase": "birdsong"}, **spec}))
    outcome = run_scenario(path)
    assert outcome.passed, outcome.report()
    return outcome.game


def play(game: Game, frame: dict, *answers: Any) -> None:
    """Run one frame (an action, a turn) from the position, answering decisions in order."""
    game.s.stack = [frame]
    game.run()
    for option in answers:
        game.answer(option)


def card(game: Game, card_id: str, cards: list[int] | None = None) -> int:
    """The number of a card: the copy in `cards` if given, else the first copy in the deck list."""
    pool = range(len(game.rules.deck.cards)) if cards is None else cards
    return next(c for c in pool if game.rules.deck.cards[c].id == card_id)


def fired(game: Game) -> list[str]:
    return [rule for rule, _ in game.s.trace]


def militia_rules(map_name: str, letters: str) -> Rules:
    return make_rules(map_name, [load_faction(FACTIONS / f"militia_{x}.yaml") for x in letters])


# --- 2.5 rule -------------------------------------------------------------------------------
def test_2_5_most_warriors_plus_buildings_rules(tmp_path: Path) -> None:
    game = position(tmp_path, board={
        1: ["militia_a warrior x2", "militia_b warrior"],
        2: ["militia_a warrior", "militia_b camp x2"],
        3: ["militia_a warrior", "militia_a camp", "militia_b warrior x2"],
        4: ["militia_b camp"],
    })
    assert game.ruler(1) == "militia_a"
    assert game.ruler(2) == "militia_b", "buildings count toward rule"
    assert game.ruler(3) is None, "a tie rules nobody"
    assert game.ruler(4) == "militia_b"
    assert game.ruler(5) is None, "an empty clearing is ruled by nobody"


def test_2_5_rule_follows_every_change_of_the_board(tmp_path: Path) -> None:
    """The ruler of a clearing is kept between changes of the board: each placing, moving and
    removing must be seen at once."""
    game = position(tmp_path, board={1: ["militia_a warrior"], 2: ["militia_b warrior x2"]})
    assert (game.ruler(1), game.ruler(2)) == ("militia_a", "militia_b")
    game.place("militia_b", "warrior", clearing_loc(1))
    game.place("militia_b", "warrior", clearing_loc(1))
    assert game.ruler(1) == "militia_b", "placed"
    mover = game.pieces_at(clearing_loc(2))[0]
    game.relocate(mover, clearing_loc(3))
    assert (game.ruler(2), game.ruler(3)) == ("militia_b", "militia_b"), "moved"
    game.remove(game.pieces_at(clearing_loc(1))[1:2], "test", None)
    assert game.ruler(1) is None, "removed: a tie rules nobody"
    game.remove(game.pieces_at(clearing_loc(3)), "test", None)
    assert game.ruler(3) is None, "removed: an empty clearing is ruled by nobody"
    assert game.clone().ruler(2) == "militia_b"


def test_2_5_tokens_and_pawns_do_not_count_for_rule(tmp_path: Path) -> None:
    game = position(tmp_path, factions=["militia_a", "militia_t"], board={
        1: ["militia_a warrior", "militia_t outpost x3"],
        2: ["militia_t outpost", "militia_t scout"],
        3: ["militia_a warrior", "militia_t warrior", "militia_t outpost"],
    })
    assert game.ruler(1) == "militia_a"
    assert game.ruler(2) is None, "tokens and a pawn alone rule nothing"
    assert game.ruler(3) is None, "a token does not break a tie of warriors"


# --- 2.1 cards ------------------------------------------------------------------------------
def test_2_1_empty_deck_reshuffles_the_discard_pile(tmp_path: Path) -> None:
    game = position(tmp_path, discard=["anvil", "sword", "bake_sale"])
    game.s.deck = []
    assert game.draw("militia_a", 1) == 1
    names = {game.rules.deck.cards[c].id for c in game.s.deck + game.player("militia_a").hand}
    assert names == {"anvil", "sword", "bake_sale"}
    assert len(game.player("militia_a").hand) == 1 and len(game.s.deck) == 2 and game.s.discard == []
    assert "2.1" in fired(game)


def test_2_1_deck_is_rebuilt_at_once_when_the_last_card_is_drawn(tmp_path: Path) -> None:
    """Law 2.1: when the deck runs out, the discard pile is shuffled into a new deck at once.

    Evening: the player draws the deck's last card, then discards to the hand limit. The new
    deck was made before that discard, so the discarded card stays in the discard pile.
    """
    game = position(tmp_path, hands={"militia_a": ["sword", "bake_sale", "investments", "cobbler", "armorers"]},
                    discard=["tax_collector", "tax_collector"])
    game.s.deck = [card(game, "anvil")]
    sword = card(game, "sword", game.player("militia_a").hand)
    play(game, {"op": "steps", "player": "militia_a", "phase": "evening", "index": 0}, sword)
    assert len(game.s.deck) == 2 and game.s.discard == [sword], (
        "Law 2.1: the deck ran out when its last card was drawn, so the discard pile (2 cards) becomes the "
        f"deck at once, before the hand-limit discard; found deck {len(game.s.deck)}, discard "
        f"{len(game.s.discard)}")


# --- 3.1 and 3.2.1 victory points ----------------------------------------------------------
@pytest.mark.parametrize("current", ["militia_a", "militia_b"])
def test_3_1_reaching_30_together_the_player_whose_turn_it_is_wins(tmp_path: Path, current: str) -> None:
    game = position(tmp_path, turn=current, scores={"militia_a": 29, "militia_b": 29},
                    board={1: ["militia_a camp"], 2: ["militia_b camp"]})
    a_camp, = game.pieces_at(clearing_loc(1))
    b_camp, = game.pieces_at(clearing_loc(2))
    game.remove([b_camp, a_camp], "battle", {b_camp: "militia_a", a_camp: "militia_b"})
    assert game.s.winner == current
    assert game.s.ended


def test_3_2_1_removing_own_pieces_or_warriors_scores_nothing(tmp_path: Path) -> None:
    game = position(tmp_path, factions=["militia_a", "militia_t"],
                    board={1: ["militia_a camp", "militia_t warrior x2", "militia_t outpost"]})
    pieces = {game.s.pieces[p][1]: p for p in game.pieces_at(clearing_loc(1))}
    game.remove([pieces["camp"]], "effect", "militia_a")
    game.remove([pieces["warrior"]], "effect", "militia_a")
    assert game.player("militia_a").score == 0
    game.remove([pieces["outpost"]], "effect", "militia_a")
    assert game.player("militia_a").score == 1, "an enemy token removed scores 1 VP"
    assert fired(game) == ["3.2.1"]


# --- 3.3 dominance --------------------------------------------------------------------------
def dominance_game(tmp_path: Path, suit: str, ruled: list[int], map_name: str = "autumn") -> Game:
    """militia_a has activated the `suit` dominance card and rules `ruled`; its turn starts."""
    board = {c: ["militia_a warrior"] for c in ruled}
    game = position(tmp_path, map=map_name, board=board, scores={"militia_a": 10},
                    hands={"militia_a": [f"dominance_{suit}"]})
    victory.activate_dominance(game, "militia_a", game.player("militia_a").hand[0])
    play(game, {"op": "turn", "player": "militia_a"})
    return game


@pytest.mark.parametrize("ruled, wins", [([1, 6, 8], True), ([1, 6, 5], False), ([1, 6, 8, 12], True)])
def test_3_3_1_suit_dominance_wins_at_start_of_birdsong_with_3_clearings(tmp_path: Path, ruled, wins) -> None:
    game = dominance_game(tmp_path, "fox", ruled)
    assert game.s.winner == ("militia_a" if wins else None)
    assert ("3.3.1" in fired(game)[1:]) == wins  # the first 3.3.1 is the activation
    if not wins:
        assert game.pending()["kind"] == "action", "without the win the turn goes on to Daylight"


@pytest.mark.parametrize("map_name, ruled, wins", [
    ("autumn", [1, 3], True), ("autumn", [2, 4], True), ("autumn", [1, 2], False),
    ("lake", [1, 2], True), ("lake", [3, 4], True), ("lake", [1, 3], False), ("lake", [2, 4], False),
])
def test_3_3_1_bird_dominance_wins_with_opposite_corners(tmp_path: Path, map_name, ruled, wins) -> None:
    game = dominance_game(tmp_path, "bird", ruled, map_name)
    assert game.s.winner == ("militia_a" if wins else None)


def test_3_3_1_dominance_win_is_checked_only_in_its_owners_birdsong(tmp_path: Path) -> None:
    game = position(tmp_path, board={c: ["militia_a warrior"] for c in (1, 6, 8)}, scores={"militia_a": 10},
                    hands={"militia_a": ["dominance_fox"]})
    victory.activate_dominance(game, "militia_a", game.player("militia_a").hand[0])
    play(game, {"op": "turn", "player": "militia_b"})
    assert game.s.winner is None


def test_3_3_4_take_an_available_dominance_card_birds_wild(tmp_path: Path) -> None:
    game = position(tmp_path, turn="militia_b", board={1: ["militia_b warrior"]},
                    hands={"militia_a": ["dominance_fox"], "militia_b": ["armorers", "anvil", "sword"]})
    dominance = game.player("militia_a").hand[0]
    game.spend("militia_a", dominance)
    assert game.s.available_dominance == [dominance] and game.s.discard == [], "3.3.3: it goes beside the map"
    play(game, {"op": "turn", "player": "militia_b"})
    assert f"take_dominance:{dominance}" in game.pending()["options"]
    game.answer(f"take_dominance:{dominance}")
    hand = game.player("militia_b").hand
    assert game.pending()["kind"] == "spend_card"
    assert set(game.pending()["options"]) == {card(game, "armorers", hand), card(game, "anvil", hand)}, \
        "a fox card or a bird card (wild) pays for the fox dominance; a mouse card does not"
    game.answer(card(game, "armorers", hand))
    assert sorted(game.rules.deck.cards[c].id for c in hand) == ["anvil", "dominance_fox", "sword"]
    assert game.s.available_dominance == []
    assert [game.rules.deck.cards[c].id for c in game.s.discard] == ["armorers"]
    assert "3.3.4" in fired(game)
    assert not any(o.startswith("take_dominance") for o in game.pending()["options"])


@pytest.mark.parametrize("hand, offered", [(["anvil", "sword"], False), (["armorers"], True)])
def test_3_3_4_only_a_bird_card_buys_the_bird_dominance(tmp_path: Path, hand, offered) -> None:
    game = position(tmp_path, hands={"militia_a": hand, "militia_b": ["dominance_bird"]})
    dominance = game.player("militia_b").hand[0]
    game.spend("militia_b", dominance)
    game.s.phase = "daylight"
    assert (f"take_dominance:{dominance}" in daylight_extras(game, "militia_a")) == offered


# --- 16.2.2.V the Lake's Ferry --------------------------------------------------------------
def test_16_2_2_V_the_ferry_stays_where_it_took_the_movers(tmp_path: Path) -> None:
    game = position(tmp_path, map="lake", board={1: ["militia_a warrior x2"]})
    play(game, {"op": "move", "player": "militia_a"}, 11, (("warrior", 2),))
    assert game.s.ferry == 11
    play(game, {"op": "turn", "player": "militia_a"}, "move")
    assert game.pending()["kind"] == "move_to"
    assert game.pending()["options"] == (1, 5, 6, 7, 10, 12), "next turn the Ferry leaves from 11"


# --- 5.1 setup ------------------------------------------------------------------------------
def test_5_1_setup_cards_ruins_items_and_setup_order() -> None:
    rules = militia_rules("autumn", "dcba")
    game = new_game(rules, ["militia_d", "militia_c", "militia_b", "militia_a"], seed=7)
    s = game.s
    assert all(len(p.hand) == 3 for p in s.players.values()), "5.1: each player draws 3 cards"
    assert len(s.deck) == 54 - 12, "4 players keep the dominance cards"
    assert s.ruins == {6: 1, 10: 1, 11: 1, 12: 1}
    assert s.items == {"boots": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2}
    assert sum(s.items.values()) == 12
    assert all(p.score == 0 for p in s.players.values())
    decision = game.pending()
    assert (decision["player"], decision["kind"], decision["options"]) == ("militia_a", "home", (1, 2, 3, 4)), \
        "setup order, not seating order: militia_a (setup order 1) sets up first, in any corner"
    game.answer(2)
    assert game.player("militia_b").vars["home"] == 4, "the next faction takes the corner opposite a home"
    decision = game.pending()
    assert (decision["player"], decision["options"]) == ("militia_c", (1, 3))
    game.answer(3)
    assert game.player("militia_d").vars["home"] == 1
    homes = [text.split()[0] for rule, text in s.trace if rule == "5.1" and "sets up" in text]
    assert homes == ["militia_a", "militia_b", "militia_c", "militia_d"]
    assert Counter(s.pieces[p][1] for p in game.pieces_at(clearing_loc(2))) == {"warrior": 4, "camp": 1}


def test_5_1_seats_and_first_player_are_random_but_fixed_by_the_seed() -> None:
    rules = militia_rules("autumn", "abcd")
    factions = ["militia_a", "militia_b", "militia_c", "militia_d"]
    seats = {seed: tuple(new_game(rules, factions, seed).s.seats) for seed in range(12)}
    assert all(tuple(new_game(rules, factions, seed).s.seats) == seats[seed] for seed in range(12))
    assert all(sorted(order) == factions for order in seats.values())
    assert len(set(seats.values())) > 1
    assert len({order[0] for order in seats.values()}) > 1, "the first player varies with the seed"


@pytest.mark.parametrize("players, dominance", [(2, 0), (3, 4)])
def test_5_1_3_two_players_remove_the_dominance_cards(players: int, dominance: int) -> None:
    factions = ["militia_a", "militia_b", "militia_c"][:players]
    game = new_game(militia_rules("autumn", "abc"[:players]), factions, seed=3)
    cards = game.s.deck + [c for p in game.s.players.values() for c in p.hand]
    kinds = Counter(game.rules.deck.cards[c].kind for c in cards)
    assert kinds["dominance"] == dominance
    assert len(cards) == 50 + dominance
    assert ("5.1.3" in fired(game)) == (players == 2)


def test_16_1_1_winter_deals_four_suit_markers_of_each_suit() -> None:
    rules = militia_rules("winter", "ab")
    game = new_game(rules, ["militia_a", "militia_b"], seed=5)
    assert Counter(game.s.suits.values()) == {"fox": 4, "rabbit": 4, "mouse": 4}
    assert sorted(game.s.suits) == list(range(1, 13))
    assert "16.1.1" in fired(game)
    assert new_game(rules, ["militia_a", "militia_b"], seed=5).s.suits == game.s.suits


def test_4_3_2_dice_show_0_to_3_each_about_equally_often() -> None:
    game = new_game(militia_rules("autumn", "ab"), ["militia_a", "militia_b"], 5)
    rolls = Counter(game.roll_die() for _ in range(4000))
    assert sorted(rolls) == [0, 1, 2, 3]
    assert all(850 < n < 1150 for n in rolls.values()), rolls
