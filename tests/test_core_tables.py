"""Tables the core and the search bot work out once rather than for every piece (issue 30):
each answers what the plain definition answers, at every position of seeded games."""
from __future__ import annotations

import hashlib

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.agents.evaluation import SEARCH_WEIGHTS, WEIGHTS, materials
from rootlaw.core.identity import distinct, marks_on
from rootlaw.content.record import Setup

MIXES = [["alliance", "cabale", "colombes", "neiges"], ["vagabond", "marquise", "eyrie", "arachneen"]]


def positions(factions: list[str], seed: int, every: int = 7):
    """Every `every`-th position of a seeded random game (the game itself, read only)."""
    game = Setup(map="autumn", factions=factions, seed=seed, round_limit=6).start()
    agent, step = RandomAgent(seed), 0
    while (decision := game.pending()) is not None:
        step += 1
        if step % every == 0:
            yield game
        game.answer(agent.choose(game, decision))


def plain_marks(game, pid: int) -> tuple:
    """The marks of one piece as they were read before the table: each seat's used keys."""
    suffix = f":{pid}"
    return tuple(sorted((marker, key[5:-len(suffix)]) for marker in game.s.seats
                        for key in game.s.players[marker].used
                        if key.startswith("mark:") and key.endswith(suffix) and key.count(":") == 2))


def plain_materials(game, weights: dict) -> dict:
    """Each seat's material as it was counted before the table of weights by kind."""
    s = game.s
    totals = {}
    for player in s.seats:
        p = s.players[player]
        total = weights["score"] * p.score + weights["card"] * len(p.hand) + weights["item"] * len(p.items)
        if weights["pile"]:
            total += weights["pile"] * sum(len(pile) for pile in p.piles.values())
        totals[player] = total
    for pid, (faction, kind, loc) in s.pieces.items():
        piece = game.rules.piece_defs[(faction, kind)]
        if piece.category == "item":
            totals[faction] += weights["item"] * (0.5 if piece.hit_state in s.states.get(pid, ()) else 1.0)
        elif loc[0] == "b" or loc[0] == "x" and s.pieces.get(int(loc[1:]), (faction,))[0] != faction:
            continue
        else:
            totals[faction] += weights.get(piece.category, weights["other"])
    ruled = [game.ruler(c) for c in game.clearings()]
    return {player: total + weights["rule"] * ruled.count(player) for player, total in totals.items()}


@pytest.mark.parametrize("factions", MIXES)
def test_marks_read_once_are_each_pieces_marks(factions):
    marked = 0
    for game in positions(factions, 5, every=3):
        first = next(iter(game.s.pieces))
        game.s.players[game.s.seats[0]].used[f"mark:test:{first}"] = 1  # one piece certainly marked
        game.s.players[game.s.seats[-1]].used["mark:other:c3"] = 1  # not a piece's mark
        for pid in game.s.pieces:
            assert marks_on(game, pid) == plain_marks(game, pid)
            marked += bool(plain_marks(game, pid))
        del game.s.players[game.s.seats[0]].used[f"mark:test:{first}"]
        del game.s.players[game.s.seats[-1]].used["mark:other:c3"]
    assert marked


def test_distinct_keeps_one_piece_of_each_look_and_tells_marked_ones_apart():
    game = next(positions(MIXES[0], 2))
    groups: dict[tuple, list[int]] = {}
    for pid, piece in game.s.pieces.items():  # pieces of one kind in one place
        groups.setdefault(piece, []).append(pid)
    same = max(groups.values(), key=len)
    seat = game.s.pieces[same[0]][0]
    assert len(same) > 1 and distinct(game, same) == same[:1]
    game.s.players[seat].used[f"mark:moved:{same[1]}"] = 1
    assert distinct(game, same) == same[:2]


@pytest.mark.parametrize("factions", MIXES)
def test_materials_by_the_table_of_weights_are_the_plain_count(factions):
    seen = 0
    for game in positions(factions, 4):
        for weights in (WEIGHTS, SEARCH_WEIGHTS):
            assert materials(game, game.s.seats, None, weights) == plain_materials(game, weights)
            seen += 1
    assert seen > 20


@pytest.mark.parametrize("factions", MIXES)  # the second with a `ruler` modifier: nothing is kept
def test_rulers_of_every_clearing_are_each_clearings_ruler(factions):
    ruled = 0
    for game in positions(factions, 6, every=5):
        fresh = game.clone()  # only what the game kept, then every clearing's
        assert fresh.rulers() == [game.ruler(c) for c in game.clearings()]
        assert fresh.rulers() == [fresh.ruler(c) for c in fresh.clearings()]
        ruled += sum(r is not None for r in fresh.rulers())
    assert ruled


def plain_position(s) -> str:
    """`State.position` as the whole tuple's text, before any text was remembered."""
    players = tuple((f, p.score, tuple(p.hand), sorted(p.supply.items()), sorted(p.piles.items()), tuple(p.items),
                     tuple(p.persistent), p.dominance, sorted(p.vars.items()), sorted(p.used.items()))
                    for f, p in s.players.items())
    whole = (tuple(s.pieces.items()), players, s.deck, s.discard, s.available_dominance, sorted(s.items.items()),
             sorted(s.ruins.items()), s.closed_paths, s.ferry, s.current, s.round, s.phase,
             sorted(s.turn_used.items()), s.rng, s.forced_dice, s.winner, s.ended)
    return hashlib.sha256(repr(whole).encode()).hexdigest()[:16]


@pytest.mark.parametrize("factions", MIXES)
def test_positions_from_remembered_texts_are_the_plain_hash(factions):
    for game in positions(factions, 3, every=4):
        s = game.s
        assert s.position() == plain_position(s)
        seat = s.seats[0]
        had = s.players[seat].vars.get("test")
        for value in (1, True, 1.0, 0, False, (1, True), {"a": 1}, None):  # equal keys, other texts
            s.players[seat].vars["test"] = value
            assert s.position() == plain_position(s), value
        s.players[seat].vars.pop("test")
        if had is not None:
            s.players[seat].vars["test"] = had
    lone = game.clone()  # one player, one piece
    lone.s.players = {seat: lone.s.players[seat]}
    lone.s.pieces = dict([next(iter(lone.s.pieces.items()))])
    assert lone.s.position() == plain_position(lone.s)
