"""The action menu's options as the menu lists them now (issue 30, seventh round: a
comprehension within the limit, the suits in hand worked out once per menu) against the way
they were listed before, at many positions of seeded games: within and past each step's limit,
with and without the extra per bird card, and with every dominance card available at once; and
the step's limit worked out once per menu, twice when working it out rolls dice (as before)."""
from __future__ import annotations

from pathlib import Path

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.cards import BIRD, matches_suit
from rootlaw.play import actions
from tests.test_builtin_shortcuts import _positions

MIXES = [["cabale", "colombes", "neiges", "arachneen"], ["alliance", "arachneen", "marquise", "eyrie"]]


def _listed_before(game, player: str, step: dict, taken: int) -> list[str]:
    """`actions.menu_options` as main 06b626f wrote it."""
    limit = actions._limit(game, player, step)
    free = limit is None or taken < limit
    birds = not free and step["extra_per_bird"] and any(game.card_suit(c) == BIRD for c in game.player(player).hand)
    out = []
    defined = game.rules.factions[player].actions
    for choice in step["choices"]:
        beside = not free and choice in defined and defined[choice].free
        if (free or beside or birds) and actions.available(game, player, choice):
            out.append(choice if free or beside else f"bird:{choice}")
    return out + actions.daylight_extras(game, player) + ["end"]


def _paid_before(game, player: str, card: int) -> bool:
    """`actions._can_pay_dominance` as main 06b626f wrote it: card by card."""
    suit = game.card_suit(card)
    if suit == BIRD:
        return any(game.card_suit(c) == BIRD for c in game.player(player).hand)
    return any(matches_suit(game.card_suit(c), suit) for c in game.player(player).hand)


def _action_steps(game, player: str) -> list[dict]:
    return [step for steps in game.rules.factions[player].turn.values() for step in steps
            if step["kind"] == "actions"]


def test_the_menu_lists_what_it_listed_before_within_and_past_its_limit():
    asked = past = birds = 0
    for factions in MIXES:
        for game in _positions(factions, 3, every=9, decisions=700):
            for player in game.s.seats:
                for step in _action_steps(game, player):
                    limit = actions._limit(game, player, step)
                    takens = range(4) if limit is None else range(max(0, limit - 1), limit + 2)
                    for extra in (False, True):
                        menu = {**step, "extra_per_bird": extra}
                        for taken in takens:
                            # each on a clone of its own: a check that rolls dice would change the game
                            now = actions.menu_options(game.clone(), player, menu, taken, limit)
                            assert now == _listed_before(game.clone(), player, menu, taken), (player, menu, taken)
                            asked += 1
                            past += limit is not None and taken >= limit
                            birds += any(o.startswith("bird:") for o in now)
    assert asked > 500 and past > 100 and birds > 10, (asked, past, birds)


def test_an_available_dominance_card_is_offered_as_its_payments_allow():
    """Every dominance card of the deck available at once, in Daylight: the menu offers each
    exactly when the player's hand can pay for it (the suits in hand worked out once for all of
    them), and `_can_pay_dominance` agrees card by card."""
    offered = refused = 0
    for game in _positions(MIXES[1], 4, every=23, decisions=700):
        deck = game.rules.deck
        game = game.clone()
        game.s.phase = "daylight"
        game.s.available_dominance = [c for c in range(len(deck.cards)) if deck.cards[c].kind == "dominance"]
        assert len(game.s.available_dominance) > 1
        for player in game.s.seats:
            extras = actions.daylight_extras(game, player)
            for card in game.s.available_dominance:
                pays = bool(actions._dominance_payments(game, player, card))
                assert pays is _paid_before(game, player, card) is actions._can_pay_dominance(game, player, card)
                assert (f"take_dominance:{card}" in extras) is pays, (player, card, game.player(player).hand)
                offered, refused = offered + pays, refused + (not pays)
    assert offered > 10 and refused > 10, (offered, refused)


MILITIA = Path(__file__).parent / "factions"


def _turn_menus(game, player: str, most: int):
    """The positions of a seeded random game where `player`'s turn-step action menu waits for
    an answer (at most `most`)."""
    agent = RandomAgent(7)
    found = 0
    while game.pending() is not None and found < most:
        decision, top = game.pending(), game.s.stack[-1]
        if decision["kind"] == "action" and decision["player"] == player and top["op"] == "actions" and "step" in top:
            yield game
            found += 1
        game.answer(agent.choose(game, decision))


def _asked_again(game):
    """A clone of `game` with its pending menu built again by the menu's handler."""
    again = game.clone()
    again.s.decision = None
    actions.actions_menu(again, again.s.stack[-1])
    return again


def test_a_limit_that_rolls_dice_rolls_them_twice_per_menu_as_it_always_did(tmp_path: Path):
    """The limit is worked out again after the menu's checks when working it out drew from the
    generator: twice per menu, from the generator or from forced dice (which leave the
    generator as it was)."""
    text = (MILITIA / "militia_a.yaml").read_text()
    assert "limit: 3" in text
    rolling = tmp_path / "factions" / "militia_a.yaml"  # a faction file is found in a `factions` folder
    rolling.parent.mkdir()
    rolling.write_text(text.replace("limit: 3", 'limit: "roll() + 1"'), encoding="utf-8")
    game = Setup(map="autumn", factions=[str(rolling), str(MILITIA / "militia_b.yaml")], seed=1).start()
    menus = 0
    for game in _turn_menus(game, "militia_a", 8):
        for forced in ([], [2, 1, 3]):
            clone = game.clone()
            clone.s.forced_dice = list(forced)
            logged, rng = len(clone.s.log), clone.s.rng
            again = _asked_again(clone)
            assert [e["kind"] for e in again.s.log[logged:]].count("roll") == 2
            if forced:
                assert again.s.forced_dice == [3] and again.s.rng == rng
            else:
                assert again.s.rng != rng
        menus += 1
    assert menus == 8


def test_a_limit_that_draws_nothing_is_worked_out_once_per_menu():
    """...and only once when it drew nothing, with the same options."""
    game = Setup(map="autumn", factions=[str(MILITIA / "militia_a.yaml"), str(MILITIA / "militia_b.yaml")],
                 seed=2).start()
    menus = 0
    for game in _turn_menus(game, "militia_a", 8):
        phase, index = game.s.stack[-1]["step"]
        limit = game.rules.factions["militia_a"].turn[phase][index]["limit"]
        code = game.rules.code
        real, calls = code[limit], []
        code[limit] = lambda ctx: calls.append(ctx.me) or real(ctx)
        try:
            again = _asked_again(game)
        finally:
            code[limit] = real
        assert calls == ["militia_a"]
        assert again.pending() == game.pending()
        menus += 1
    assert menus == 8
