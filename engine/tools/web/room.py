"""Every table of one server: read from the database on first use, changed under each table's
lock, written at every change; the live pages are told of each change, and bots answer for
their seats (in a thread of their own, so a person's click never waits for a bot's turn).

Tables are capped and expire: a finished table is dropped `finished_days` after its last move,
an unfinished one after `idle_days` without one; past `max_tables` the oldest finished table
makes room, and when every table is still being played a new one is refused.
"""
from __future__ import annotations

import queue
import secrets
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rootlaw.content.record import Setup
from rootlaw.core.game import Game, Rules
from rootlaw.errors import RootlawError

from .store import SeatRow, Store, hashed
from .tables import PERSON, Table

DAY = 86_400.0
KEPT_RULES = 32  # compiled rules kept for sharing (some 5 MB each)


class Room:
    def __init__(self, store: Store, pack_paths: list[str], inline_bots: bool = False, max_tables: int = 50,
                 finished_days: float = 2, idle_days: float = 30) -> None:
        self.store = store
        self.pack_paths = pack_paths
        self.max_tables, self.finished_days, self.idle_days = max_tables, finished_days, idle_days
        self.tables: dict[int, Table] = {}
        self.problems: dict[int, str] = {}  # tables that cannot be resumed, and why
        self._lock = threading.RLock()
        self._rules: dict[tuple, Rules] = {}
        self.changes = threading.Condition()
        self.inline_bots = inline_bots
        self._queue: queue.Queue[int] = queue.Queue()
        if not inline_bots:
            threading.Thread(target=self._bot_worker, name="rootlaw-bots", daemon=True).start()

    # --- finding tables ------------------------------------------------------------------
    def get(self, tid: int) -> Table | None:
        """The table (read from the database the first time); None if there is none."""
        with self._lock:
            if tid in self.tables:
                return self.tables[tid]
            if tid in self.problems:
                raise RootlawError(self.problems[tid])
            row = self.store.load(tid)
            if row is None:
                return None
            setup = Setup(**row.setup)
            missing = [Path(p).name for p in setup.packs if p not in self.pack_paths]
            try:
                if missing:
                    raise RootlawError(f"it was played with packs this server was not started with "
                                       f"({', '.join(missing)}); start it with rootlaw serve --pack PATH")
                table = Table(row.id, setup, self.rules(setup), row.base, {s.faction: s for s in row.seats}, row.host,
                              row.watch, list(row.answers), row.moves, row.touched)
            except RootlawError as exc:
                self.problems[tid] = f"table {tid} cannot be resumed: {exc}"
                raise RootlawError(self.problems[tid]) from None
            self.tables[tid] = table
        self.kick(table)
        return table

    def rules(self, setup: Setup) -> Rules:
        """The rules of a setup, shared by every table played by the same ones (rules never
        change during a game), so a table costs its state and not a compiled copy of its factions."""
        key = (setup.map, tuple(setup.factions), setup.deck, setup.round_limit, setup.deal_suits, tuple(setup.packs))
        with self._lock:
            if key not in self._rules:
                if len(self._rules) >= KEPT_RULES:  # tables keep theirs; only the sharing is lost
                    self._rules.pop(next(iter(self._rules)))
                self._rules[key] = setup.rules()
            return self._rules[key]

    def resume_all(self) -> list[str]:
        """Load every unfinished table (its bots play on); one line per table for the start-up message."""
        self.expire()
        lines = []
        for tid, over, _ in self.store.table_ids():
            if over:
                continue
            try:
                table = self.get(tid)
            except RootlawError as exc:
                lines.append(str(exc))
                continue
            if table is not None:
                g = table.game
                lines.append(f"table {tid} ({', '.join(g.faction(f).display_name() for f in g.s.seats)}): "
                             f"resumed at round {g.s.round}, {len(table.answers)} answers")
        return lines

    # --- making tables -------------------------------------------------------------------
    def create(self, setup: Setup, controllers: dict[str, str], host: str, game: Game | None = None,
               answers: list | None = None) -> tuple[Table, dict[str, str], str]:
        """A new table (from its setup and maybe a record's first `answers`, or from a loaded `game`)
        whose person seats are all held by the browser `host`; returns it with each person seat's
        link token and the spectators' token."""
        self.expire()
        ids = self.store.table_ids()
        if len(ids) >= self.max_tables:
            finished = [tid for tid, over, _ in ids if over]
            if not finished:
                raise RootlawError(f"this server already holds {self.max_tables} unfinished tables; "
                                   "finish or abandon one first")
            self.drop(finished[0])
        tokens = {f: secrets.token_urlsafe(18) for f, how in controllers.items() if how == PERSON}
        watch = secrets.token_urlsafe(18)
        seats = [SeatRow(f, how, hashed(tokens[f]) if f in tokens else None, host if f in tokens else None)
                 for f, how in controllers.items()]
        base = game.s.to_json() if game is not None else None
        rules = game.rules if game is not None else self.rules(setup)
        tid = self.store.create(asdict(setup), base, host, hashed(watch), seats)
        table = Table(tid, setup, rules, base, {s.faction: s for s in seats}, host, hashed(watch),
                      touched=time.time())
        for option in answers or ():
            self._give(table, table.game.pending()["player"], option)
        with self._lock:
            self.tables[tid] = table
        self.kick(table)
        return table, tokens, watch

    def expire(self) -> None:
        now = time.time()
        for tid, over, touched in self.store.table_ids():
            if now - touched > (self.finished_days if over else self.idle_days) * DAY:
                self.drop(tid)

    def drop(self, tid: int) -> None:
        self.store.drop(tid)
        with self._lock:
            self.tables.pop(tid, None)
            self.problems.pop(tid, None)

    # --- changing tables -----------------------------------------------------------------
    def answer(self, table: Table, seat: str, option: Any) -> None:
        """Give `seat`'s answer (the caller holds table.lock), write it, tell the pages, wake the bots."""
        self._give(table, seat, option)
        self.kick(table)

    def _give(self, table: Table, seat: str, option: Any) -> None:
        table.answer(seat, option)
        self.store.add_answer(table.id, len(table.answers) - 1, seat, option, table.moves, table.over)
        table.touched = time.time()
        self.changed(table)

    def undo(self, table: Table, seat: str) -> None:
        table.undo(seat)
        self.store.take_back(table.id, len(table.answers), table.moves)
        self.changed(table)

    def hold(self, table: Table, faction: str, holder: str) -> None:
        """Give the seat to the browser `holder` (whoever held it before no longer does)."""
        self.store.hold(table.id, faction, holder)
        table.seats[faction].holder = holder
        self.changed(table)

    def changed(self, table: Table) -> None:
        """Tell the live pages that `table` changed (an answer, an undo, a seat, a problem)."""
        with self.changes:
            table.stamp += 1
            self.changes.notify_all()

    def wait(self, table: Table, stamp: int, timeout: float) -> int:
        """Block until the table changes from `stamp` (or `timeout` seconds); its stamp then."""
        with self.changes:
            self.changes.wait_for(lambda: table.stamp != stamp, timeout)
        return table.stamp

    # --- bots ----------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Let the bots answer if one of them decides next."""
        if table.bot_to_move() is None:
            return
        if self.inline_bots:
            self.run_bots(table)
        else:
            self._queue.put(table.id)

    def run_bots(self, table: Table) -> None:
        """Bots answer one decision at a time, each written and shown, until a person decides."""
        while True:
            with table.lock:
                seat = table.bot_to_move()
                if seat is None or table.problem:
                    return
                try:
                    self._give(table, seat, table.bot_choice())
                except RootlawError as exc:
                    table.problem = f"the game cannot go on: {exc}"
                    self.changed(table)
                    return

    def _bot_worker(self) -> None:
        while True:
            tid = self._queue.get()
            table = self.tables.get(tid)
            if table is None:
                continue
            try:
                self.run_bots(table)
            except Exception as exc:  # a bug must stop this table's bots, not every table's
                table.problem = f"the bots stopped: {type(exc).__name__}: {exc}"
                self.changed(table)


__all__ = ["Room"]
