"""The parser a start builds (without Lark's check of overlapping terminals, which only the strict
build of the test suite turns into errors) parses every bundled rule text, and fails on bad ones,
exactly as the strict one does."""
from __future__ import annotations

import sys

import lark.lexer
import pytest
from lark import Lark, UnexpectedInput

import rootlaw.language.parser as parser_module
from rootlaw.content.factions import bundled_factions, load_faction
from rootlaw.language.parser import _without_overlap_check, grammar_text, parser

BAD = ["%effect move 2 warrior from", "%expression count(", "%effect if x > { }", "%expression 1 + * 2",
       "%expression exists({x in clearings() where})", "%effect say \"x\" ; ;"]


def _quick() -> Lark:
    return _without_overlap_check(lambda: Lark(grammar_text(), parser="lalr", propagate_positions=True,
                                               maybe_placeholders=True))


@pytest.fixture(scope="module")
def bundled_texts():
    texts: list[str] = []
    real = parser_module.parse_source

    def noting(source, document):
        texts.append(source)
        return real(source, document)
    with pytest.MonkeyPatch.context() as patch:
        for name, module in list(sys.modules.items()):  # every module of the language that imported it
            if name.startswith("rootlaw.language") and getattr(module, "parse_source", None) is real:
                patch.setattr(module, "parse_source", noting)
        for path in bundled_factions().values():
            load_faction(path)
    assert len(texts) > 200
    return texts


def test_the_quick_build_skips_the_check_and_puts_it_back(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the overlap check ran")
    monkeypatch.setattr(lark.lexer, "_check_regex_collisions", refuse)
    assert lark.lexer.has_interegular
    quick = _quick()
    assert lark.lexer.has_interegular  # put back, for a strict build after it
    with pytest.raises(AssertionError, match="overlap check ran"):
        Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=True)
    assert quick.parse("%expression 1 + 2").children[0].data == "expression_start"


def test_it_parses_every_bundled_text_and_fails_on_bad_ones_as_the_strict_build(bundled_texts):
    quick, strict = _quick(), parser(strict=True)
    for text in bundled_texts:
        assert quick.parse(text) == strict.parse(text), text
    for text in BAD:
        failures = []
        for p in (quick, strict):
            with pytest.raises(UnexpectedInput) as err:
                p.parse(text)
            failures.append((type(err.value), err.value.line, err.value.column,
                             sorted(getattr(err.value, "expected", None) or ())))
        assert failures[0] == failures[1], text
