"""The short forms of the language's list builtins (`any_fn` for `exists(f(...))`, `count_fn`
for `count(f(...))`), the rules' memo of `kinds_of` and the cheaper stall marks (issue 30)
answer exactly what the long way answers, at many positions of seeded games."""
from __future__ import annotations

import hashlib

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core import stalemate
from rootlaw.core.board import SUITS
from rootlaw.core.context import Ctx
from rootlaw.language.builtins import FUNCTIONS
from rootlaw.language.builtins.pieces import _kinds_of

MIXES = [["cabale", "colombes", "neiges", "arachneen"], ["alliance", "arachneen", "vagabond", "eyrie"]]


def _positions(factions: list[str], seed: int, every: int = 25, decisions: int = 600):
    """Every `every`-th position of a seeded random game (at most `decisions` decisions)."""
    game = Setup(map="autumn", factions=factions, seed=seed).start()
    agent = RandomAgent(seed)
    for n in range(decisions):
        if game.pending() is None:
            return
        if n % every == 0:
            yield game
        game.answer(agent.choose(game, game.pending()))


def _calls(game) -> list[tuple[str, tuple]]:
    """(builtin, arguments) worth asking at this position, each seat as `me` in turn."""
    out = []
    for me in game.s.seats:
        hand = tuple(game.player(me).hand)
        out += [(me, "hand", ()), (me, "hand", (game.s.seats[0],))]
        out += [(me, "matching", (hand, suit)) for suit in (*SUITS, "bird", "any")]
        out += [(me, "pile", (name,)) for name in (*game.player(me).piles, "no such pile")]
        boxes = {loc.split(".", 1)[1] for loc in game.s.at if loc.startswith(f"b{me}.")}
        out += [(me, "in_box", (name,)) for name in (*sorted(boxes), "no such box")]
        kinds = tuple(game.faction(me).pieces)
        out += [(me, "on_map", (kind,)) for kind in kinds] + [(me, "on_map", (kinds, game.s.seats[-1]))]
    me = game.s.seats[0]
    out += [(me, "held", (pid,)) for pid in game.s.pieces]
    return out


@pytest.mark.parametrize("factions", MIXES, ids=["b", "vagabond"])
def test_short_forms_answer_like_the_list(factions):
    asked = {"hand": 0, "matching": 0, "pile": 0, "in_box": 0, "held": 0, "on_map": 0}
    some = dict.fromkeys(asked, 0)
    for seed in (1, 2):
        for game in _positions(factions, seed):
            for me, name, args in _calls(game):
                builtin = FUNCTIONS[name]
                ctx = Ctx(game, me, {})
                whole = builtin.fn(ctx, *args)
                assert builtin.any_fn(ctx, *args) is bool(whole), (name, args)
                assert builtin.count_fn(ctx, *args) == len(whole), (name, args)
                asked[name] += 1
                some[name] += bool(whole)
    assert all(some.values()), some  # each met lists with items and, by construction, empty ones
    assert all(n > 20 for n in asked.values()), asked


def test_generated_code_calls_the_short_forms():
    """`exists(matching(...))` and `count(held(...))` in generated code call the short forms
    (the list builtins are not called at all), and answer what the lists answer."""
    from tests.test_speed_identity import _compile, _mid_game

    game = _mid_game()
    ctx = Ctx(game, "alliance", {})
    pid = max(game.s.pieces)
    fn = _compile(game, "alliance", f"exists(matching(hand(), fox)) or count(held({pid})) < 2")
    hand = tuple(game.player("alliance").hand)
    assert fn(ctx) is (bool(FUNCTIONS["matching"].fn(ctx, hand, "fox")) or len(game.pieces_at(f"x{pid}")) < 2)
    bound = set(map(id, fn.__globals__.values()))  # the generated function is compiled at its first call
    assert id(FUNCTIONS["matching"].any_fn) in bound and id(FUNCTIONS["held"].count_fn) in bound
    assert id(FUNCTIONS["matching"].fn) not in bound and id(FUNCTIONS["held"].fn) not in bound


def test_kinds_of_is_kept_per_faction_and_family():
    game = Setup(map="autumn", factions=MIXES[0], seed=0).start()
    for me in game.s.seats:
        ctx = Ctx(game, me, {})
        families = {piece.family for piece in game.faction(me).pieces.values()} | {"no such family"}
        for family in sorted(families, key=str):
            fresh = tuple(k for k, p in game.faction(me).pieces.items() if p.family == family)
            assert _kinds_of(ctx, family) == fresh
            assert _kinds_of(ctx, family) == fresh  # the kept answer
            assert game.rules.memo[("kinds_of", me, family)] == fresh
    assert _kinds_of(Ctx(game, game.s.seats[0], {}), ["a list"]) == ()  # not kept, still answered


def _old_marks(game) -> tuple[str, str]:
    """The stall marks as check_round made them before issue 30's third round."""
    s = game.s
    scores = sorted((f, p.score, p.dominance) for f, p in s.players.items())
    board = (sorted(s.pieces.items()), sorted(s.ruins.items()), sorted(s.items.items()),
             sorted((f, tuple(p.items)) for f, p in s.players.items()), sorted(s.closed_paths))
    return tuple(hashlib.sha256(repr(v).encode()).hexdigest()[:16] for v in (scores, (scores, board)))


@pytest.mark.parametrize("factions", MIXES, ids=["b", "vagabond"])
def test_stall_marks_are_the_old_ones(factions):
    seen = 0
    for seed in (3, 4):
        for game in _positions(factions, seed, every=15):
            assert stalemate.marks(game) == _old_marks(game)
            seen += 1
    one = game.clone()  # a later position, with pieces on the map
    assert len(one.s.pieces) > 1
    for pid in list(one.s.pieces)[1:]:  # one piece left, then none: the texts of short lists
        del one.s.pieces[pid]
    assert stalemate.marks(one) == _old_marks(one)
    one.s.pieces.clear()
    assert stalemate.marks(one) == _old_marks(one)
    assert seen > 40


def test_a_dominance_card_can_be_paid_for_when_the_menu_lists_payments():
    """The menu's "can this dominance card be bought?" agrees with the list of payments."""
    from rootlaw.play.actions import _can_pay_dominance, _dominance_payments

    asked = yes = 0
    for game in _positions(MIXES[0], 5, every=10):
        deck = game.rules.deck
        dominance = [c for c in range(len(deck.cards)) if deck.cards[c].kind == "dominance"]
        assert dominance
        for seat in game.s.seats:
            for card in dominance:
                can = _can_pay_dominance(game, seat, card)
                assert can is bool(_dominance_payments(game, seat, card))
                asked, yes = asked + 1, yes + can
    assert 0 < yes < asked
