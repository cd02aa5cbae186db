"""A person at the terminal answers the decisions of their seats.

They see the log (printed by the game loop), then the pending decision and its numbered
options, named as the log names things, and answer by number or by name. At any decision they
may also ask for the board picture, save the game, or save and quit.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, TextIO

from rootlaw.core.game import Game
from rootlaw.errors import RootlawError

from .naming import match_option, option_labels

HELP = ("answer with an option's number or name; other commands: "
        "'board' (write the board picture), 'save [FILE]', 'quit' (save and stop), 'help'")


class HumanQuit(Exception):
    """The person stopped the game (the game was saved first, when it could be)."""


def seats_of(game: Game, wanted: list[str]) -> set[str]:
    """The seats named by faction id or by seat number (1 is the first player)."""
    seats = set()
    for item in wanted:
        if item.isdigit() and 1 <= int(item) <= len(game.s.seats):
            seats.add(game.s.seats[int(item) - 1])
        elif item in game.s.seats:
            seats.add(item)
        else:
            raise RootlawError(f"--human {item}: not a seat; seats: "
                               + ", ".join(f"{i + 1} {f}" for i, f in enumerate(game.s.seats)))
    return seats


class HumanAgent:
    """Asks on `out` and reads answers from `inp`; `save` writes the game to a file."""

    def __init__(self, save: Callable[[Game, str], None], save_file: str, picture_file: str,
                 inp: TextIO, out: TextIO) -> None:
        self.save, self.save_file, self.picture_file = save, save_file, picture_file
        self.inp, self.out = inp, out

    def choose(self, game: Game, decision: dict) -> Any:
        labels = option_labels(game, decision)
        self._say(f"\n>> {game.faction(decision['player']).display_name()}: {decision['prompt']}")
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
                index = match_option(game, decision, text)
                if index is not None:
                    return decision["options"][index]
                self._say(f"'{text}' is not one of the options 1-{len(labels)}; {HELP}")

    def _picture(self, game: Game) -> Path:
        from .render import write_picture
        return write_picture(game, self.picture_file)

    def _say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()
