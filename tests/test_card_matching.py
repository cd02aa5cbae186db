"""`matching` and its `exists` / `count` forms read a table of the deck (which cards pay for a
suit) kept in the rules' memo: they answer what the Law's test asks of each card's suit, for
every card of the deck, the suits, birds, "any" and a suit no card has, and fail where reading
the card's suit fails."""
from __future__ import annotations

import pytest

from rootlaw.core.cards import matches_suit
from rootlaw.core.context import Ctx
from rootlaw.language.builtins import FUNCTIONS
from tests.test_speed_identity import _mid_game

SUITS = ("fox", "rabbit", "mouse", "bird", "any", "no such suit", ("fox",))


def _plain(game, cards, suit):
    return tuple(c for c in cards if matches_suit(game.card_suit(c), suit))


@pytest.mark.parametrize("suit", SUITS)
def test_matching_answers_as_each_cards_suit_says(suit):
    game = _mid_game()
    ctx = Ctx(game, game.s.seats[0], {})
    builtin = FUNCTIONS["matching"]
    every = tuple(range(len(game.rules.deck.cards)))
    for cards in (every, every[::-1], (), every[:1], every[-3:], (-1, 0), tuple(game.player(game.s.seats[0]).hand)):
        expected = _plain(game, cards, suit)
        assert builtin.fn(ctx, cards, suit) == expected
        assert builtin.any_fn(ctx, cards, suit) is bool(expected)
        assert builtin.count_fn(ctx, cards, suit) == len(expected)
    assert 0 < len(_plain(game, every, suit)) or suit in ("no such suit", ("fox",))


def test_a_card_the_deck_lacks_fails_as_reading_its_suit_fails():
    game = _mid_game()
    ctx = Ctx(game, game.s.seats[0], {})
    for fn in (FUNCTIONS["matching"].fn, FUNCTIONS["matching"].any_fn, FUNCTIONS["matching"].count_fn):
        with pytest.raises(IndexError):
            fn(ctx, (len(game.rules.deck.cards),), "mouse")
        with pytest.raises(TypeError):
            fn(ctx, ("a card",), "mouse")


def test_only_the_suits_are_kept():
    game = _mid_game()
    ctx = Ctx(game, game.s.seats[0], {})
    for suit in SUITS:
        FUNCTIONS["matching"].fn(ctx, (0,), suit)
    kept = sorted(key[1] for key in game.rules.memo if type(key) is tuple and key[:1] == ("pays",))
    assert kept == ["any", "bird", "fox", "mouse", "rabbit"]
