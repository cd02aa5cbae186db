"""`simulate --lang fr|pl`: the report, its plots, the verdict and the terminal summary are in the
chosen language (rootlaw.tools.report_words), numbers written its way, the stored data unchanged."""
from __future__ import annotations

import contextlib
import html
import io
import json
import re
import string

import pytest

from rootlaw.tools.cli import main
from rootlaw.tools.report import SECTIONS, render
from rootlaw.tools.report_words import WORDS, Words
from rootlaw.tools.summary import summarise

# a sweep of two values under two bots: every section of the report and every kind of verdict line
RUN = ["simulate", "--factions", "colombes,neiges", "--games", "2", "--rounds", "2", "--bot", "random",
       "--bots", "random,greedy", "--vary", "colombes.school_vp=[1,3],[2,4]", "--quiet"]
# English words and phrases of the report and the terminal (each is in the English run's text, so a
# French or Polish text left in English fails)
ENGLISH = ["simulation report", "games", "seed", "round limit", "bots", "Verdict:", "Win rates against an even share",
           "win rate", "mean VP", "interval", "undecided", "more games", "scores most from", "Endings", "reached",
           "Closest to an even share", "ranking", "changes with the bot", "Results", "Length", "rounds on average",
           "decisions", "ended at 30 VP", "count for", "Matchups", "Each pair", "Game lengths", "seat", "first player",
           "even share", "Stalls", "every game ended", "also", "won", "dominance wins", "by source", "wrote", "by seat",
           "mean length", "value", "faction", "Bot sensitivity", "against", "between", "nobody"]
FRENCH = ["Rapport de simulation rootlaw", "parties", "PV moyens", "Verdict :", "taux de victoire", "part égale",
          "indécis", "manches", "Confrontations", "premier joueur", "Parties bloquées", "écrit :", "par place :"]
POLISH = ["Raport z symulacji rootlaw", "partii", "średnie PZ", "Werdykt:", "odsetek zwycięstw", "równy udział",
          "nierozstrzygnięte", "rund", "Pojedynki", "pierwszego gracza", "Zastoje", "zapisano:", "według miejsca:"]


def _visible(page: str) -> str:
    """The text a reader sees on a page (and the plots' titles in their alt texts)."""
    alts = " ".join(re.findall(r'alt="([^"]*)"', page))
    page = re.sub(r"<style>.*?</style>|<code>.*?</code>", " ", page, flags=re.S)  # no words: CSS, file names
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + alts)


def _english_in(text: str, lang: str) -> list[str]:
    # French "bots" and "faction", Polish "ranking" are words of those languages too; file names are no words
    allowed = {"fr": {"bots", "faction"}, "pl": {"ranking"}}.get(lang, set())
    text = re.sub(r"\S*/\S*", " ", text)
    return [w for w in ENGLISH if w not in allowed and re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The same small simulation run in English, French and Polish: (page, summary, printed) by language."""
    out = {}
    for lang in ("en", "fr", "pl"):
        folder = tmp_path_factory.mktemp(lang)
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            assert main([*RUN, "--lang", lang, "--out", str(folder / "run")]) == 0
        out[lang] = ((folder / "run" / "report.html").read_text(),
                     json.loads((folder / "run" / "summary.json").read_text()), buffer.getvalue())
    return out


def test_the_english_run_holds_every_word_checked(runs):
    page, _, printed = runs["en"]
    assert _english_in(_visible(page) + printed, "en") == ENGLISH
    assert '<html lang="en">' in page


@pytest.mark.parametrize("lang, own", [("fr", FRENCH), ("pl", POLISH)])
def test_the_report_and_the_terminal_are_in_the_chosen_language(runs, lang, own):
    page, summary, printed = runs[lang]
    assert f'<html lang="{lang}">' in page
    assert _english_in(_visible(page), lang) == []
    assert _english_in(printed, lang) == []
    text = _visible(page) + printed
    assert [w for w in own if w not in text] == []
    # the verdict's sentences are stored in the run's language, beside its data
    verdict = summary["verdict"]
    assert _english_in(" ".join(verdict["lines"] + verdict["balance_lines"]), lang) == []
    assert {d["call"] for calls in verdict["balance"].values() for d in calls.values()} <= {
        "above", "below", "even", "undecided"}


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_numbers_are_written_with_a_decimal_comma(runs, lang):
    page, summary, printed = runs[lang]
    assert not re.search(r"\d\.\d", _visible(page) + printed)  # 12.5 is 12,5
    assert re.search(r"\d,\d", _visible(page)) and re.search(r"\d,\d", printed)
    assert isinstance(summary["factions"]["colombes"]["rate"], float)  # the data stay numbers


def test_the_stored_data_are_the_same_in_every_language(runs):
    def data(summary: dict) -> dict:
        out = {k: v for k, v in summary.items() if k not in ("names", "verdict", "variants", "sweep", "bot_sensitivity")}
        out["calls"] = [[d["call"] for d in v["factions"].values()] for v in summary["variants"]]
        return out

    assert data(runs["fr"][1]) == data(runs["en"][1]) == data(runs["pl"][1])


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_the_plots_titles_axes_and_ticks_are_in_the_chosen_language(runs, lang):
    from rootlaw.tools.report_plots import PLOTS, pyplot
    from rootlaw.tools.report_verdict import designer_plots
    from matplotlib.text import Text

    summary = runs[lang][1]
    plt = pyplot()
    shown = []
    for _, key, draw in (*designer_plots(summary), *PLOTS):
        fig = draw(plt, summary)
        fig.canvas.draw()  # tick labels are written when drawn
        shown += [Words(lang)(key)] + [t.get_text() for t in fig.findobj(Text) if t.get_text()]
        plt.close(fig)
    text = " ".join(shown)
    words = ["games won", "seat", "round", "mean VP", "even share", "rounds played", "games", "Win rate", "value"]
    found = [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
    if lang == "en":
        assert found == words and "0.2" in text
    else:
        assert found == [] and "0,2" in text and "0.2" not in text


def test_every_language_has_every_key_and_fills_only_the_fields_it_is_given():
    fields = lambda template: {f for _, f, _, _ in string.Formatter().parse(template) if f}  # noqa: E731
    derived = {"games": "n", "more_n": "more", "r": "rounds"}  # what the callers pass along with these
    for lang in ("fr", "pl"):
        assert set(WORDS[lang]) == set(WORDS["en"])
        for key, template in WORDS[lang].items():
            given = fields(WORDS["en"][key])
            assert {f for f in fields(template) if f not in given and derived.get(f) not in given} == set(), (lang, key)


def test_numbers_and_counts_follow_the_language():
    en, fr, pl = Words("en"), Words("fr"), Words("pl")
    assert (en.pct(0.125), fr.pct(0.125), pl.pct(0.125)) == ("12.5%", "12,5\u00a0%", "12,5%")
    assert (en.num(2.25), fr.num(2.25, 2), pl.whole(12345), en.whole(12345)) == ("2.2", "2,25", "12\u00a0345", "12,345")
    assert [pl.count(n, "game") for n in (1, 3, 5, 12, 22)] == ["1 partia", "3 partie", "5 partii", "12 partii",
                                                              "22 partie"]
    assert (fr.count(1, "game"), fr.count(1000, "game"), en.count(2, "round")) == ("1 partie", "1\u00a0000 parties",
                                                                                  "2 rounds")
    assert Words("xx").lang == "en"


@pytest.mark.parametrize("lang, ahead", [("en", "below the interval: the first player has an advantage"),
                                         ("fr", "sous l'intervalle : le premier joueur a un avantage")])
def test_the_first_players_advantage_is_told_the_right_way_round(lang, ahead):
    rows = [{"game": i, "seed": i, "seats": ["a", "b"], "bots": {"a": "random", "b": "random"}, "winner": "a",
             "leader": "a", "result": "vp", "scores": {"a": 30, "b": 0}, "rounds": 5, "decisions": 10,
             "vp_by_source": {"a": {}, "b": {}}, "vp_by_round": {"a": [30], "b": [0]}, "problem": None}
            for i in range(10)]
    summary = summarise(rows, {}, {"lang": lang})
    page = html.unescape(render(summary, rows, {}, SECTIONS))
    assert ahead in page  # the first player won 100% [72%, 100%] against an even 50%


def test_a_french_run_resumed_ends_with_the_files_of_an_uninterrupted_one(tmp_path, capsys):
    argv = ["simulate", "--factions", "colombes,neiges", "--games", "3", "--rounds", "1", "--bot", "random",
            "--lang", "fr", "--quiet"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert main([*argv, "--out", str(whole)]) == 0
    assert main([*argv, "--out", str(cut)]) == 0
    lines = (cut / "games.jsonl").read_text().splitlines(keepends=True)
    (cut / "games.jsonl").write_text(lines[0])
    (cut / "summary.json").unlink()
    (cut / "report.html").unlink()
    capsys.readouterr()
    assert main([*argv[:-1], "--out", str(cut), "--resume"]) == 0  # with its progress bar
    assert "3/3 parties [" in capsys.readouterr().err
    for name in ("games.jsonl", "summary.json", "report.html"):
        assert (cut / name).read_text() == (whole / name).read_text(), name
    assert '<html lang="fr">' in (cut / "report.html").read_text()


def test_list_vary_frames_its_table_in_the_chosen_language(capsys):
    assert main(["simulate", "--list-vary", "colombes", "--lang", "fr"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Société des Colombes Unies : variables et pistes (⚠ provisoire : la source ne l'imprime pas)"
    assert any(line.startswith("⚠ school_vp") and " piste " in line and "règle 2.5.3" in line for line in out)
    assert out[-1].startswith("pour en faire varier une : rootlaw simulate --factions ... --vary 'colombes.")
