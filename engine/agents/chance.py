"""Keep a bot's look-ahead from knowing the future: the game's generator state and the order
of the draw pile are in the state a clone copies, so a clone would roll the real dice and draw
the real cards. A bot's trial game gets its own generator state and a reshuffled draw pile."""
from __future__ import annotations

from rootlaw.core.game import Game
from rootlaw.core.rng import Rng


def hide_chance(game: Game, seed: int) -> Game:
    """Re-randomise a clone's dice and draw pile from `seed`; returns the clone."""
    rng = Rng(seed)
    rng.shuffle(game.s.deck)
    game.s.rng = rng.next64()
    return game
