"""An answer must be one of the pending decision's options, of the same type (True is not 1)."""
import pytest

from rootlaw.content.record import Setup
from rootlaw.core.loop import _offered
from rootlaw.errors import IllegalAnswer


@pytest.mark.parametrize("option, options, offered", [
    (1, (1, 2), True),
    (True, (1, 2), False),      # equal to 1, but not a clearing
    (1, (True, 1), True),       # the first equal option is of another type; a later one fits
    (1.0, (1, 2), False),
    (3, (1, 2), False),
    ((1, 2), ((1, 2), (2, 1)), True),
    ("end", ("move", "end"), True),
])
def test_offered(option, options, offered):
    assert _offered(option, options) is offered


def test_a_wrong_answer_is_refused_and_changes_nothing():
    game = Setup(map="autumn", factions=["alliance", "arachneen"], seed=1).start()
    before = game.s.digest()
    with pytest.raises(IllegalAnswer):
        game.answer("no such option")
    assert game.s.digest() == before
    game.answer(game.pending()["options"][0])
