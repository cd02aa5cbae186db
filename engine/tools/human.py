"""A person at the terminal answers the decisions of their seats.

They see the log (printed by the game loop), then the pending decision and its numbered
options, named as the log names things, and answer by number or by name. At any decision they
may also ask for the board picture, save the game, or save and quit.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, TextIO

from rootlaw.core import names
from rootlaw.core.game import Game
from rootlaw.errors import RootlawError

from .naming import match_option, option_labels, prompt_text

HELP = ("answer with an option's number or name; other commands: "
        "'board' (write the board picture), 'save [FILE]', 'quit' (save and stop), 'help'")


class HumanQuit(Exception):
    """The person stopped the game (the game was saved first, when it could be)."""


def seats_of(game: Game, wanted: list[str]) -> set[str]:
    """The seats named by seat number (1 is the first player), faction id or any faction name."""
    seats = set()
    for item in wanted:
        if item.isdigit() and 1 <= int(item) <= len(game.s.seats):
            seats.add(game.s.seats[int(item) - 1])
            continue
        named = [f for f in game.s.seats if item.casefold() in
                 {f.casefold(), *(n.casefold() for n in game.faction(f).names.values())}]
        if not named:
            raise RootlawError(f"--human {item}: not a seat; seats: "
                               + ", ".join(f"{i + 1} {f} ({game.name(f)})" for i, f in enumerate(game.s.seats)))
        seats.update(named)
    return seats


def final_scores(game: Game, seed: int, decisions: int, cap: int, lang: str = "en") -> str:
    """The lines printed when a game ends: each faction's score, best first, and the result."""
    words = FINAL[lang]
    lines = ["", words["head"].format(map=game.rules.map.name, seed=seed, n=decisions)]
    for fid in sorted(game.s.seats, key=lambda f: -game.s.players[f].score):
        lines.append(f"  {names.faction_title(game.rules, fid, lang):45} {game.s.players[fid].score:3d} VP")
    result = game.s.ended or words["cap"].format(cap=cap)
    if game.s.winner:
        result += words["winner"].format(name=names.faction_title(game.rules, game.s.winner, lang))
    lines.append(words["result"].format(result=result))
    return "\n".join(lines)


FINAL = {
    "en": {"head": "Final scores ({map} map, seed {seed}, {n} decisions):", "result": "Result: {result}",
           "winner": "; winner: {name}", "cap": "stopped at the decision cap ({cap})"},
    "fr": {"head": "Scores finaux (carte {map}, graine {seed}, {n} décisions) :", "result": "Résultat : {result}",
           "winner": " ; vainqueur : {name}", "cap": "arrêt à la limite de décisions ({cap})"},
    "pl": {"head": "Wyniki końcowe (mapa {map}, ziarno {seed}, decyzje: {n}):", "result": "Wynik: {result}",
           "winner": "; zwycięzca: {name}", "cap": "zatrzymano po limicie decyzji ({cap})"},
}


class HumanAgent:
    """Asks on `out` and reads answers from `inp`; `save` writes the game to a file."""

    def __init__(self, save: Callable[[Game, str], None], save_file: str, picture_file: str,
                 inp: TextIO, out: TextIO, lang: str = "en") -> None:
        self.save, self.save_file, self.picture_file = save, save_file, picture_file
        self.inp, self.out, self.lang = inp, out, lang

    def choose(self, game: Game, decision: dict) -> Any:
        labels = option_labels(game, decision, self.lang)
        who = names.faction_title(game.rules, decision["player"], self.lang)
        self._say(f"\n>> {who}: {prompt_text(game, decision, self.lang)}")
        for i, label in enumerate(labels, 1):
            self._say(f"   {i:>2}. {label}")
        while True:
            self.out.write("your choice (number, name or 'help')> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise HumanQuit("input ended; the game stops here")
            text = line.strip()
            word, _, rest = text.partition(" ")
            if word in ("help", "?"):
                self._say(HELP)
            elif word == "board":
                self._say(f"board picture written to {self._picture(game)}")
            elif word == "save":
                self.save(game, rest.strip() or self.save_file)
                self._say(f"game saved to {rest.strip() or self.save_file} (play on with --resume)")
            elif word == "quit":
                self.save(game, self.save_file)
                raise HumanQuit(f"game saved to {self.save_file}; play on with: rootlaw play --resume {self.save_file}")
            elif text:
                index = match_option(game, decision, text, self.lang)
                if index is not None:
                    return decision["options"][index]
                self._say(f"'{text}' is not one of the options 1-{len(labels)}; {HELP}")

    def _picture(self, game: Game) -> Path:
        from .render import write_picture
        return write_picture(game, self.picture_file, self.lang)

    def _say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()
