"""Issue 32: a faction's `say` in every language. A phrase of the file's `phrases:` is logged as
its id and the values of its `{EXPR}`s, and read in the reader's language with each value
named there (a clearing as the log names clearings, a faction by its name...); its mistakes
are load errors at their `file:line:col`; a plain `say "TEXT"` logs as it always did."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.factions import load_faction
from rootlaw.content.record import Setup, load_game, save_game
from rootlaw.core.narration import WHOLE_TRUTH, render
from rootlaw.errors import DataError
from rootlaw.language.statements import action_frame
from rootlaw.scenarios.runner import run_scenario
from rootlaw.tools.cli import strict_warnings

TESTS = Path(__file__).resolve().parent
MILITIA = (TESTS / "factions" / "militia_a.yaml").read_text(encoding="utf-8")
LETS = """      let c = 11
      let cs = [1, 5]
      let f = "alliance"
      let k = 0
      let s = "rabbit"
      let n = 3
"""
ANNOUNCE = '  announce:\n    do: |\n' + LETS + '      say report\n      say "plain: {c} {cs} {f}"\n'
PHRASES = '''phrases:
  report:
    en: "{c:clearing} / {cs:clearing} / {f:faction} / {k:card} / {s:suit} / {n:number} / {f}"
    fr: "{f:faction} / {c:clearing} / {cs:clearing} / {k:card} / {s:suit} / {n:number}"
    pl: "{c:clearing} / {cs:clearing} / {f:faction} / {k:card} / {s:suit} / {n:number} / {f} / {c:clearing}"
'''


def _faction(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "factions" / "militia_a.yaml"  # a path a Setup accepts: a factions/ folder's file
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _announced(tmp_path: Path):
    path = _faction(tmp_path, MILITIA.replace("\nactions:\n", "\nactions:\n" + ANNOUNCE, 1) + PHRASES)
    setup = Setup(map="autumn", factions=[str(path), "alliance"], seed=3)
    game = setup.start()
    game.s.decision = None
    game.s.stack = [action_frame(game, "militia_a", "announce")]
    game.run()
    return setup, game


def test_a_phrase_is_data_read_in_each_language_with_its_values_named(tmp_path):
    _, game = _announced(tmp_path)
    entry, plain = game.s.log[-2:]
    assert {k: entry[k] for k in ("kind", "faction", "phrase", "values")} == {
        "kind": "phrase", "faction": "militia_a", "phrase": "report", "values": [11, [1, 5], "alliance", 0, "rabbit", 3, "alliance"]}
    en, fr, pl = (render(game, entry, WHOLE_TRUTH, lang) for lang in ("en", "fr", "pl"))
    assert en == ("round 1, Setup: Vermilion Militia: Waterfall (11, mouse) / Hill (1, fox), Creek (5, rabbit) / "
                  "Woodland Alliance / Ambush! (bird) / rabbit / 3 / Woodland Alliance")
    assert fr == ("manche 1, Mise en place : Vermilion Militia : Alliance de la Forêt / Waterfall (11, souris) / "
                  "Hill (1, renard), Creek (5, lapin) / Ambush! (oiseau) / lapin / 3")
    assert pl == ("runda 1, Przygotowanie: Vermilion Militia: Waterfall (11, mysz) / Hill (1, lis), Creek (5, królik) / "
                  "Sojusz Stworzeń Leśnych / Ambush! (ptak) / królik / 3 / Sojusz Stworzeń Leśnych / Waterfall (11, mysz)")
    # a plain say is one English text whatever the reader's language, its values shown as they are
    assert plain["kind"] == "say" and plain["text"] == "plain: 11 1, 5 alliance"
    assert render(game, plain, WHOLE_TRUTH, "fr") == "manche 1, Mise en place : Vermilion Militia : plain: 11 1, 5 alliance"


def test_a_saved_phrase_reads_the_same_and_a_phrase_the_faction_lacks_is_refused(tmp_path):
    setup = Setup(map="autumn", factions=["vagabond", "alliance"], seed=3)
    game, agent = setup.start(), RandomAgent(3)
    while not [e for e in game.s.log if e["kind"] == "phrase" and e["phrase"] == "relationships"]:
        game.answer(agent.choose(game, game.pending()))
    save_game(game, setup, tmp_path / "s.json")
    loaded, _ = load_game(tmp_path / "s.json")
    assert [render(loaded, e, None, "pl") for e in loaded.s.log] == [render(game, e, None, "pl") for e in game.s.log]
    text = (tmp_path / "s.json").read_text(encoding="utf-8")
    (tmp_path / "bad.json").write_text(text.replace('"phrase": "relationships"', '"phrase": "gossip"'), encoding="utf-8")
    with pytest.raises(DataError, match="a 'phrase' log entry naming no phrase of its faction"):
        load_game(tmp_path / "bad.json")


def test_the_bundled_factions_say_their_lines_in_every_language():
    """The same seeded game read in English, French and Polish: each line a faction says is in
    that language, and no value shows as an id or a bare number."""
    game = Setup(map="autumn", factions=["cabale", "eyrie", "vagabond", "alliance"], seed=1).start()
    agent = RandomAgent(1)
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
    grim = run_scenario(TESTS / "scenarios" / "cabale" / "grim_return_fewest_enemies.scenario.yaml").game
    said = [(g, e) for g in (game, grim) for e in g.s.log if e["kind"] == "phrase"]
    assert {e["phrase"] for _, e in said} >= {"grim_return", "wheel_turned", "decree_fails", "character",
                                              "relationships", "now_hostile", "rest_in_forest"}
    assert not [e for g in (game, grim) for e in g.s.log if e["kind"] == "say"]  # every say is a phrase
    for g, entry in said:
        for lang in ("en", "fr", "pl"):
            line = render(g, entry, WHOLE_TRUTH, lang)
            text = g.rules.factions[entry["faction"]].doc.data["phrases"][entry["phrase"]][lang]
            for piece in re.split(r"\{[^}]*\}", text):  # the language's own words, in order
                assert piece in line, (lang, piece, line)
            for kind, value in zip(g.rules.factions[entry["faction"]].phrases[entry["phrase"]].kinds, entry["values"]):
                if kind == "clearing":  # a clearing by its name, not its number alone
                    assert f"{g.rules.map.clearings[value].name} ({value}, " in line, (lang, value, line)
                else:  # a faction, a word, a character card: never its id
                    assert value not in re.split(r"[\s,():]+", line), (lang, value, line)
    assert render(grim, said[-1][1], WHOLE_TRUTH, "pl").endswith(
        "Kabała Nekrooposów: Ponury Powrót: Cmentarz wyrasta na polanie Waterfall (11, mysz)")


BROKEN = {
    "unknown phrase": (LETS + "      say reprot\n", PHRASES, (37, 11, "unknown phrase 'reprot'", "did you mean 'report'?")),
    "no en": (LETS + "      say report\n", "phrases:\n  report: {fr: \"{c:clearing}\"}\n", (45, 11, "missing required key 'en'", None)),
    "syntax in fr": (LETS + "      say report\n", PHRASES.replace("fr: \"{f:faction} /", "fr: \"{f +:faction} /"),
                     (47, 10, "syntax error in '{f +}' of a 'say' text", "{expression}")),
    "a value only fr shows": (LETS + "      say report\n", PHRASES.replace("fr: \"{f:faction}", "fr: \"{f:clearing}"),
                              (47, 10, "the fr text of phrase 'report' shows {f:clearing}, which its en text does not",
                               "the same values")),
    "no such kind": (LETS + "      say report\n", PHRASES.replace("{n:number} / {f}\"\n    fr", "{n:numbr} / {f}\"\n    fr"),
                     (46, 80, "no kind 'numbr' of value in phrase 'report'", "kinds: clearing, faction")),
    "unbound name": ("      let c = 1\n      say report\n", PHRASES,
                     (41, 26, "unknown name 'cs'", "said by the 'say report' at ")),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_mistake_in_a_phrase_is_a_load_error_at_its_position(tmp_path, case):
    body, phrases, (line, col, message, hint) = BROKEN[case]
    text = MILITIA.replace("\nactions:\n", "\nactions:\n  announce:\n    do: |\n" + body, 1) + phrases
    path = _faction(tmp_path, text)
    with pytest.raises(DataError) as err:
        load_faction(path)
    problem = err.value.problems[0]
    assert (problem.line, problem.col) == (line, col), str(problem)
    assert message in problem.message and (hint is None or hint in (problem.hint or "")), str(problem)


def test_validate_strict_warns_of_a_phrase_said_nowhere(tmp_path):
    phrases = PHRASES.replace("  report:", "  unsaid:\n    en: Never said\n  report:")
    path = _faction(tmp_path, MILITIA + phrases)
    assert [(p.line, p.col, p.message) for p in strict_warnings(str(path)) if "phrase" in p.message] == [
        (36, 3, "phrase 'unsaid' is said nowhere"), (38, 3, "phrase 'report' is said nowhere")]
    _faction(tmp_path, MILITIA.replace("\nactions:\n", "\nactions:\n" + ANNOUNCE, 1) + phrases)
    assert [p.message for p in strict_warnings(str(path)) if "phrase" in p.message] == ["phrase 'unsaid' is said nowhere"]
