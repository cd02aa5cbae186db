"""`affordable` (what menus ask) must agree with `payments` (what the craft step offers)."""
from itertools import product

from rootlaw.law.crafting import affordable, payments

SUITS = ("fox", "rabbit", "mouse")


def test_affordable_says_exactly_when_payments_has_a_way():
    costs = [cost for n in range(4) for cost in product(SUITS + ("any",), repeat=n)]
    pools = [dict(zip(SUITS, counts)) for counts in product(range(-1, 3), repeat=3)]
    seen = {True: 0, False: 0}
    for cost, pool in product(costs, pools):
        answer = affordable(cost, pool)
        assert answer == bool(payments(cost, pool)), (cost, pool)
        seen[answer] += 1
    assert seen[True] and seen[False]  # both answers were exercised
