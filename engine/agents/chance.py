"""What a bot's trial game may know.

The state a clone copies holds everything: the generator's state (the coming dice and
shuffles), the draw pile's order, every hand and pile. A fair bot's trial game is a sample of
the states its seat cannot tell apart (determinization, as in information-set search: Cowling,
Powley and Whitehouse 2012): the cards hidden from the seat (the draw pile, the other hands,
the piles it may not read; `rootlaw.core.visibility`) are dealt again at random into the same
places, the same number in each, the cards it was shown kept where it saw them, and the
generator gets a fresh state. The omniscient bots (kept to measure what fairness costs) only
hide chance: the same cards where they are, a reshuffled draw pile and fresh dice.

Trial games are quiet (`Game.clone(quiet=True)`): they write no log and no trace, which no
rule reads and nobody reads of a trial game.
"""
from __future__ import annotations

from rootlaw.core.game import Game
from rootlaw.core.rng import Rng
from rootlaw.core.visibility import hidden_places, known_to


def hide_chance(game: Game, seed: int) -> Game:
    """Re-randomise a clone's dice and draw pile from `seed`; returns the clone."""
    rng = Rng(seed)
    rng.shuffle(game.s.deck)
    game.s.rng = rng.next64()
    return game


def sample(game: Game, seat: str, seed: int) -> Game:
    """A copy of `game` as `seat` might find it, drawn from `seed`: the same for every game
    that differs from this one only in what the seat may not know."""
    trial = game.clone(quiet=True)
    rng = Rng(seed)
    places = hidden_places(trial, seat)
    known = known_to(trial, seat)
    hidden = sorted([c for _, cards in places for c in cards])  # in no order the seat could not know
    if known:
        sizes = {place: len(cards) for place, cards in places}
        kept: dict[str, list[int]] = {place: [] for place, _ in places}
        unseen = []
        for card in hidden:
            where = known.get(card)
            if where in kept and len(kept[where]) < sizes[where]:
                kept[where].append(card)
            else:
                unseen.append(card)
    else:  # nothing shown to the seat (most games): every hidden card is dealt again
        kept, unseen = {}, hidden
    rng.shuffle(unseen)
    start = 0
    for place, cards in places:
        mine = kept.get(place, ())
        end = start + len(cards) - len(mine)
        dealt = [*mine, *unseen[start:end]] if mine else unseen[start:end]
        start = end
        rng.shuffle(dealt)
        cards[:] = dealt
    trial.s.rng = rng.next64()
    trial.s.known = {seat: dict(known)} if known else {}  # what the others saw is theirs
    return trial
