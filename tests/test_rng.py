"""The generator's numbers are part of every save, replay and game hash: its faster methods
must draw exactly what SplitMix64 and Fisher-Yates, written plainly, draw."""
from __future__ import annotations

import pytest

from rootlaw.core.rng import Rng

MASK = (1 << 64) - 1


def splitmix(state: int) -> tuple[int, int]:
    """The next state and the number drawn, as the SplitMix64 paper writes it."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def plain_below(state: int, n: int) -> tuple[int, int]:
    limit = (MASK + 1) - ((MASK + 1) % n)
    while True:
        state, value = splitmix(state)
        if value < limit:
            return state, value % n


SEEDS = [0, 1, 7, 12345, MASK, MASK - 0x9E3779B97F4A7C15 + 1, 0x9E3779B97F4A7C15, 2**63]


def test_next64_is_splitmix64():
    assert Rng(1234567).next64() == 6457827717110365317  # the paper's reference value for this seed
    for seed in SEEDS:
        rng, state = Rng(seed), seed & MASK
        for _ in range(50):
            state, value = splitmix(state)
            assert rng.next64() == value and rng.state == state


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 12, 54, 2**32 + 1, 3 * 2**62, 2**64 - 1, 2**64])
def test_below_draws_as_the_plain_rejection(n):
    for seed in SEEDS:
        rng, state = Rng(seed), seed
        for _ in range(20):
            state, value = plain_below(state, n)
            assert rng.below(n) == value and rng.state == state


def test_below_rejects_what_would_bias():
    # 3 * 2**62 keeps draws below 3 * 2**62 only: a quarter of the draws are drawn again
    n, rejected = 3 * 2**62, 0
    for seed in range(200):
        state, value = splitmix(seed)
        rejected += value >= n
        assert Rng(seed).below(n) == plain_below(seed, n)[1]
    assert rejected > 20


def test_below_needs_a_positive_bound():
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_is_fisher_yates_with_below():
    for seed in SEEDS:
        for size in (0, 1, 2, 5, 54):
            items, expected = list(range(size)), list(range(size))
            rng, state = Rng(seed), seed
            for i in range(size - 1, 0, -1):
                state, j = plain_below(state, i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            rng.shuffle(items)
            assert items == expected and rng.state == state


def _unshift(value: int, shift: int) -> int:
    """The x for which x ^ (x >> shift) == value (64 bits)."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


def state_before(drawn: int) -> int:
    """The generator's state whose next draw is `drawn`: SplitMix64's steps undone."""
    z = _unshift(drawn, 31)
    z = _unshift((z * pow(0x94D049BB133111EB, -1, MASK + 1)) & MASK, 27)
    z = _unshift((z * pow(0xBF58476D1CE4E5B9, -1, MASK + 1)) & MASK, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK


def test_shuffle_draws_again_what_would_bias():
    # a draw of 2**64 - 1 is past the largest multiple of 3 below 2**64: the shuffle of three
    # items draws its first index again, as below(3) does
    seed = state_before(MASK)
    assert splitmix(seed)[1] == MASK
    assert plain_below(seed, 3) != (splitmix(seed)[0], MASK % 3)
    for size in (3, 4):  # the rejected draw first (size 3), or after one kept draw (size 4)
        start = seed if size == 3 else (seed - 0x9E3779B97F4A7C15) & MASK
        items, expected, state = list(range(size)), list(range(size)), start
        for i in range(size - 1, 0, -1):
            state, j = plain_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng = Rng(start)
        rng.shuffle(items)
        assert items == expected and rng.state == state
