"""The game's own random generator, whose whole state is one integer kept in the game state.

A global `random` would make games unreproducible and clones diverge; a 64-bit SplitMix
generator is tiny, fast in pure Python and trivially saved to JSON.

Its numbers are part of every save, replay and game hash, so they never change; what may
change is their cost. A search draws hundreds of thousands of them per second of play (every
determinized sample shuffles the unseen cards; random play-outs pick options), so each method
works on a local copy of the state with the constants written as literals, and `below` and
`shuffle` do SplitMix's step inline rather than calling `next64` or `below`: the same numbers
for fewer instructions (a shuffle of 54 cards 326,000 instead of 404,000 under Valgrind; the 64-bit products of
Python's integers are most of what is left). `tests/test_rng.py` checks them against the plain
definition.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
# the literals below: _MASK = 0xFFFFFFFFFFFFFFFF, 2**64 = 0x10000000000000000, SplitMix64's
# increment 0x9E3779B97F4A7C15 and multipliers 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class Rng:
    """SplitMix64: every draw advances `state`, so copying the integer copies the generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias: draws below the largest multiple of
        `n` not above 2**64 are kept, the others drawn again."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = 0x10000000000000000 - 0x10000000000000000 % n
        state = self.state
        while True:
            z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: for i from the end down to 1, swap item i with item
        `below(i + 1)`. `below`'s draw is written in (a search shuffles the unseen cards of
        every sample: a call per card was a third of the shuffle's cost), the state kept in a
        local and stored once at the end."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = 0x10000000000000000 - 0x10000000000000000 % n
            while True:
                z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state
