"""Games that differ only in what one seat may not know, for the tests of views and bots.

The places hidden from a seat are listed here from the Law and the faction files, not from
the engine's own list (`rootlaw.core.visibility`), so a place the engine forgot to hide
makes the tests fail.
"""
from __future__ import annotations

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.game import Game
from rootlaw.core.rng import Rng

FACTIONS = ["alliance", "arachneen", "cabale", "colombes", "neiges"]
# who may read each faction pile (the faction files' `visible:`), as the Law and rulings say
PILE_READERS = {("alliance", "supporters"): "owner", ("colombes", "refugees"): "owner"}


def hidden_lists(game: Game, seat: str) -> list[list[int]]:
    """Every card list of the state that `seat` (SPECTATOR: nobody's seat) may not look into."""
    s = game.s
    out = [s.deck]
    for fid in s.seats:
        player = s.players[fid]
        if fid != seat:
            out.append(player.hand)
        for pile, cards in player.piles.items():
            readers = PILE_READERS.get((fid, pile), "all")
            if readers == "none" or (readers == "owner" and fid != seat):
                out.append(cards)
    return out


def redealt(game: Game, seat: str, seed: int) -> Game:
    """A copy in which the cards hidden from `seat` are dealt again at random into the same
    places, the same number in each, and every secret the seat may not read is changed the
    same way (the log's, and what the other seats were shown)."""
    other = game.clone()
    places = hidden_lists(other, seat)
    cards = [c for cards in places for c in cards]
    shuffled = list(cards)
    Rng(seed).shuffle(shuffled)
    swap = dict(zip(cards, shuffled))
    for place in places:
        place[:] = [swap[c] for c in place]
    for i, entry in enumerate(other.s.log):
        if isinstance(entry, dict) and "to" in entry and seat not in entry["to"]:
            changed = dict(entry)
            if "card" in entry:
                changed["card"] = swap.get(entry["card"], entry["card"])
            if "cards" in entry:
                changed["cards"] = [swap.get(c, c) for c in entry["cards"]]
            other.s.log[i] = changed
    for fid, known in other.s.known.items():
        if fid != seat:
            other.s.known[fid] = {swap.get(c, c): place for c, place in known.items()}
    return other




def played(decisions: int, seed: int = 5, agent_seed: int = 2) -> tuple[Setup, Game]:
    """A game of the five seed factions after `decisions` random answers."""
    setup = Setup(map="autumn", factions=FACTIONS, seed=seed, round_limit=10)
    game = setup.start()
    agent = RandomAgent(agent_seed)
    for _ in range(decisions):
        game.answer(agent.choose(game, game.pending()))
    return setup, game
