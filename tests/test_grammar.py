"""The faction language's grammar itself."""
from __future__ import annotations

from rootlaw.language.parser import parser


def test_grammar_has_no_conflicts():
    """Lark's strict mode turns every shift/reduce or reduce/reduce conflict into an error."""
    strict = parser(strict=True)
    tree = strict.parse("%effect choose c from {c in clearings() where rules(me, c)} { place warrior in c }")
    assert tree.children[0].data == "effect_start"


def test_cached_and_strict_parsers_agree():
    text = "%expression if a then 1 else count({x in [1, 2] where x > 1}) + 2 * -3"
    assert parser().parse(text) == parser(strict=True).parse(text)

