"""`State.position` writes its text from parts it remembers (issue 30): a piece's text by its
id and tuple, a player's part and a dict's sorted items by the marshal form of the fields they
are written from. Each remembered text is the plain repr of what it stands for, whatever order
a dict's items came in, whatever equal values of other types it holds (1, True, 1.0), and
when a piece's tuple is replaced by an equal one or by another piece."""
from __future__ import annotations

import hashlib

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.state import Player, State, piece_texts, player_part, player_texts, rest_text


def plain_position(s: State) -> str:
    """`State.position` as its definition reads: the hash of the repr of one tuple."""
    players = tuple(player_part(f, p) for f, p in s.players.items())
    whole = (tuple(s.pieces.items()), players, s.deck, s.discard, s.available_dominance, sorted(s.items.items()),
             sorted(s.ruins.items()), s.closed_paths, s.ferry, s.current, s.round, s.phase,
             sorted(s.turn_used.items()), s.rng, s.forced_dice, s.winner, s.ended)
    return hashlib.sha256(repr(whole).encode()).hexdigest()[:16]


def test_a_piece_replaced_by_an_equal_tuple_or_another_piece_is_written_as_it_is_now():
    piece = ("marquise", "warrior", "c1")
    assert piece_texts([(901, piece)]) == [repr((901, piece))]
    equal = tuple(["marquise", "warrior", "c1"])  # equal, not the same tuple
    assert piece_texts([(901, equal)]) == [repr((901, piece))]
    moved = ("marquise", "warrior", "c2")
    assert piece_texts([(901, moved), (902, piece)]) == [repr((901, moved)), repr((902, piece))]
    assert piece_texts([(901, piece)]) == [repr((901, piece))]  # back where it was


def test_a_players_part_is_its_plain_text_whatever_its_dicts_order_and_value_types():
    p = Player("cabale")
    p.hand, p.items, p.persistent = [3, 1], ["boots"], [7]
    p.supply = {"warrior": 5, "graveyard": 1}
    p.piles = {"lost": [4, 2], "box": []}
    p.used = {"action:march": 1, "mark:woken:x": 1}
    p.vars = {"home": 3, "flag": True, "wheel": (("a", "b"), ("c", "d"))}
    texts = []
    for _ in range(2):
        assert player_texts({"cabale": p}) == [repr(player_part("cabale", p))]
        texts.append(player_texts({"cabale": p})[0])
        # the same items in the other order: another marshal form, the same text
        p.supply = dict(reversed(p.supply.items()))
        p.vars = dict(reversed(p.vars.items()))
        p.used = dict(reversed(p.used.items()))
    assert texts[0] == texts[1]
    for value in (1, True, 1.0, 0, False, (1, True), [1, True], {"a": 1}, {"a": True}, None):
        for field in ("vars", "used", "supply"):
            getattr(p, field)["test"] = value
            assert player_texts({"cabale": p}) == [repr(player_part("cabale", p))], (field, value)
            getattr(p, field).pop("test")
    p.hand = (3, 1)  # a tuple where a list was: the same part
    assert player_texts({"cabale": p}) == [repr(player_part("cabale", p))]


def test_the_rest_of_a_position_is_the_plain_text_of_its_fields():
    s = State()
    s.deck, s.discard, s.available_dominance = [5, 9], [2], [40]
    s.items = {"sword": 2, "bag": 1}
    s.ruins = {7: 3, 2: 1}
    s.turn_used = {"open_path": 1}
    s.closed_paths, s.ferry, s.rng, s.forced_dice = ["1-5"], 4, 2 ** 63 + 11, [3, 0]
    s.winner, s.ended = "cabale", "reached 30 VP"
    for _ in range(2):  # the dicts' texts remembered the second time
        rest = (s.deck, s.discard, s.available_dominance, sorted(s.items.items()), sorted(s.ruins.items()),
                s.closed_paths, s.ferry, s.current, s.round, s.phase, sorted(s.turn_used.items()), s.rng,
                s.forced_dice, s.winner, s.ended)
        assert rest_text(s) == repr(rest)[1:]
    s.items["sword"] = True  # equal to 1, written otherwise
    assert rest_text(s) == repr((s.deck, s.discard, s.available_dominance, sorted(s.items.items()),
                                 sorted(s.ruins.items()), s.closed_paths, s.ferry, s.current, s.round, s.phase,
                                 sorted(s.turn_used.items()), s.rng, s.forced_dice, s.winner, s.ended))[1:]


def test_positions_of_seeded_games_and_of_their_clones_are_the_plain_hash():
    game = Setup(map="autumn", factions=["cabale", "colombes", "neiges", "arachneen"], seed=5,
                 round_limit=5).start()
    agent, seen = RandomAgent(5), set()
    while (decision := game.pending()) is not None:
        assert game.s.position() == plain_position(game.s)
        twin = game.clone()
        for p in twin.s.players.values():  # the same content, other orders: the same position
            p.supply = dict(reversed(p.supply.items()))
            p.vars = dict(reversed(p.vars.items()))
        assert twin.s.position() == game.s.position()
        seen.add(game.s.position())
        game.answer(agent.choose(game, decision))
    assert len(seen) > 100
