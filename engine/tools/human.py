"""People at the terminal answer the decisions of their seats, each seeing only what that seat
may know (`rootlaw.tools.view`).

Before a seat's decision it sees the log since it last looked, as that seat reads it, then
where the game stands (round, phase, step) and the decision's numbered options, named as the
log names things; it answers by number or by name (a clearing also by its name, `Glade` as well
as `12`, in any case). At any decision it may ask for its `hand`, its faction board (`me`), the
`board` (in words, and the picture written to a file), the `log [N]`, `save [FILE]` or `quit`
(save and stop, with the command that plays on with the same seats). When two or more seats are
played at one terminal, the screen is cleared before each seat's decision and waits for
"pass to <faction> — press Enter", so no one's hand is shown to the next player.
"""
from __future__ import annotations

from typing import Any, Callable, TextIO

from rootlaw.core import names
from rootlaw.core.game import Game
from rootlaw.core.narration import log_lines
from rootlaw.errors import RootlawError
from rootlaw.files.numbers import is_digits

from .naming import match_option
from .view import decision_view, seat_view
from .view_text import board_text, decision_text, faction_text, hand_text, where

HELP = ("answer with an option's number or name (a clearing also by its name); other commands: "
        "'hand' (your cards), 'me' (your faction board), 'board' (the map in words, and its picture "
        "written to a file), 'log [N]' (the last N lines, default 20), 'save [FILE]', "
        "'quit' (save and stop), 'help'")
CLEAR = "\033[2J\033[H"  # clear the terminal and go to its top-left corner


def resume_command(args: Any, path: str) -> str:
    """The command that plays a saved game on with the same packs, people, bots and language
    (`args`: the options of `rootlaw play`)."""
    parts = ["rootlaw play --resume", path, *(f"--pack {p}" for p in args.pack), *(f"--human {h}" for h in args.human)]
    if args.bots != "random":
        parts.append(f"--bots {args.bots}")
    if args.lang != "en":
        parts.append(f"--lang {args.lang}")
    if args.seed != 1:
        parts.append(f"--seed {args.seed}")
    return " ".join(parts)


class HumanQuit(Exception):
    """The person stopped the game (the game was saved first, when it could be)."""


def seats_of(game: Game, wanted: list[str], option: str = "--human") -> set[str]:
    """The seats named by seat number (1 is the first player), faction id or any faction name."""
    seats = set()
    for item in wanted:
        if is_digits(item) and 1 <= int(item) <= len(game.s.seats):
            seats.add(game.s.seats[int(item) - 1])
            continue
        named = [f for f in game.s.seats if item.casefold() in
                 {f.casefold(), *(n.casefold() for n in game.faction(f).names.values())}]
        if not named:
            raise RootlawError(f"{option} {item}: not a seat; seats: "
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
    """Asks on `out` and reads answers from `inp`, for the seats in `seats`; `save` writes the
    game to a file and `resume(path)` is the command that plays on from it."""

    def __init__(self, save: Callable[[Game, str], None], save_file: str, picture_file: str,
                 inp: TextIO, out: TextIO, lang: str = "en", seats: set[str] | None = None, shown_from: int = 0,
                 resume: Callable[[str], str] | None = None) -> None:
        self.save, self.save_file, self.picture_file = save, save_file, picture_file
        self.inp, self.out, self.lang = inp, out, lang
        self.seats = set(seats or ())
        self.seen = {seat: shown_from for seat in self.seats}  # log entries each seat has read
        self.last: str | None = None  # the seat whose decision was shown last
        self.resume = resume or (lambda path: f"rootlaw play --resume {path}")

    def choose(self, game: Game, decision: dict) -> Any:
        seat = decision["player"]
        if len(self.seats) > 1 and seat != self.last:
            self._pass_to(game, seat)
        self.last = seat
        self._news(game, seat)
        view = {**seat_view(game, seat, self.lang, log=False), "decision": decision_view(game, decision, self.lang)}
        self._say(f"\n>> {names.faction_title(game.rules, seat, self.lang)} · {where(view)}")
        self._say(decision_text(view))
        while True:
            self.out.write("your choice (number, name or 'help')> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise HumanQuit("input ended; the game stops here")
            text = line.strip()
            word, _, rest = text.partition(" ")
            command = word.lower()
            if command in ("help", "?"):
                self._say(HELP)
            elif command == "hand":
                self._say(hand_text(seat_view(game, seat, self.lang, log=False)))
            elif command == "me":
                self._say(faction_text(seat_view(game, seat, self.lang, log=False), seat))
            elif command == "board":
                self._say(board_text(seat_view(game, seat, self.lang, log=False)))
                self._board_picture(game)
            elif command == "log" and (not rest or is_digits(rest.strip())):
                lines = log_lines(game, seat, self.lang)
                self._say("\n".join(lines[-int(rest or 20):]) or "the log is empty")
            elif command == "save":
                path = rest.strip() or self.save_file
                if self._done(lambda: self.save(game, path)):
                    self._say(f"game saved to {path}; play on with: {self.resume(path)}")
            elif command == "quit":
                if self._done(lambda: self.save(game, self.save_file)):
                    raise HumanQuit(f"game saved to {self.save_file}; play on with: {self.resume(self.save_file)}")
            elif text:
                index = match_option(game, decision, text, self.lang)
                if index is not None:
                    return decision["options"][index]
                self._say(f"'{text}' is not one of the options 1-{len(decision['options'])}; {HELP}")

    def news(self, game: Game) -> None:
        """At the end: what each seat has not read yet (a lone seat's; with several, none, as
        no one has passed the terminal on)."""
        if len(self.seats) == 1:
            self._news(game, next(iter(self.seats)))

    def _pass_to(self, game: Game, seat: str) -> None:
        self.out.write(CLEAR)
        self.out.write(f"pass to {names.faction_title(game.rules, seat, self.lang)} — press Enter ")
        self.out.flush()
        if not self.inp.readline():
            raise HumanQuit("input ended; the game stops here")
        self.out.write(CLEAR)

    def _news(self, game: Game, seat: str) -> None:
        for line in log_lines(game, seat, self.lang, start=self.seen.get(seat, 0)):
            self._say(line)
        self.seen[seat] = len(game.s.log)

    def _board_picture(self, game: Game) -> None:
        try:
            from .render import write_picture
        except ImportError as exc:
            self._say(f"(no picture: it needs the render extra, {exc.name} is missing: pip install 'rootlaw[render]')")
            return
        if self._done(lambda: write_picture(game, self.picture_file, self.lang)):
            self._say(f"board picture written to {self.picture_file}")

    def _done(self, write: Callable[[], Any]) -> bool:
        """Write a file the person asked for; a bad file name or a full disk is told, and the
        game goes on (the previous file, if any, is intact)."""
        try:
            write()
        except RootlawError as exc:
            self._say(f"not written: {exc}; the game goes on")
            return False
        return True

    def _say(self, text: str) -> None:
        if text:
            self.out.write(text + "\n")
            self.out.flush()

