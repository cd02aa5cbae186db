"""Where the web table keeps its tables: an SQLite database (the standard library's sqlite3).

Each table's setup, the saved state it started from (if loaded from a save), every answer in
order with the seat that gave it, and its seats (who plays them, the hash of each seat's link
and of the browser that holds it) are written at once, at every answer, so a server that is
stopped or killed resumes every table where it stood. Links and browser ids are kept only as
SHA-256 hashes: the file grants no seat to whoever reads it.

The schema is versioned by SQLite's `user_version`; `MIGRATIONS[i]` takes a database from
version i to i + 1, and opening a database runs those it lacks. A database written by a newer
rootlaw is refused rather than guessed at.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from rootlaw.errors import RootlawError

MIGRATIONS: list[str] = [
    # 1: tables, their seats and their answers; the server's secret (it signs the browsers' cookies)
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        setup TEXT NOT NULL,
        base TEXT,
        moves INTEGER NOT NULL DEFAULT 0,
        host TEXT NOT NULL,
        watch TEXT NOT NULL,
        created REAL NOT NULL,
        touched REAL NOT NULL,
        over INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        faction TEXT NOT NULL,
        controller TEXT NOT NULL,
        token TEXT,
        holder TEXT,
        PRIMARY KEY (table_id, faction));
    CREATE UNIQUE INDEX seat_tokens ON seats(token);
    CREATE TABLE answers (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        seat TEXT NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (table_id, n));
    """,
]


def hashed(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def default_db() -> Path:
    """`$XDG_DATA_HOME/rootlaw/tables.sqlite3` (or `~/.local/share/rootlaw/...`)."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "rootlaw" / "tables.sqlite3"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rootlaw" / "tables.sqlite3"


@dataclass
class SeatRow:
    faction: str
    controller: str  # "person", or the name of a bot
    token: str | None  # hash of the seat's link (people only)
    holder: str | None  # hash of the browser that holds the seat


@dataclass
class TableRow:
    id: int
    setup: dict
    base: dict | None
    moves: int
    host: str
    watch: str
    created: float
    touched: float
    over: bool
    seats: list[SeatRow]
    answers: list[tuple[str, Any]]


class Store:
    """The database of one server; every method is one transaction, safe from any thread."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fresh = not self.path.exists()
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            if fresh:
                os.chmod(self.path, 0o600)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute("PRAGMA journal_mode = WAL")
            self._lock = threading.Lock()
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise RootlawError(f"--db {self.path.name}: not a rootlaw table database ({exc})") from None
        except OSError as exc:
            raise RootlawError(f"--db {self.path.name}: cannot open it ({exc.strerror or exc})") from None

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise RootlawError(f"--db {self.path.name}: written by a newer rootlaw (schema {version}; "
                               f"this one knows up to {len(MIGRATIONS)})")
        for step in range(version, len(MIGRATIONS)):
            self.db.executescript(f"BEGIN; {MIGRATIONS[step]}; PRAGMA user_version = {step + 1}; COMMIT;")

    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def _run(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            return self.db.execute(sql, args)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """Statements that are written together or not at all."""
        with self._lock:
            self.db.execute("BEGIN")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def secret(self) -> str:
        """The key that signs browser cookies, made on first use and kept, so seats survive a restart."""
        with self._lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
            if row is None:
                row = (secrets.token_hex(32),)
                self.db.execute("INSERT INTO meta VALUES ('secret', ?)", row)
            return row[0]

    # --- tables --------------------------------------------------------------------------
    def create(self, setup: dict, base: dict | None, host: str, watch: str, seats: list[SeatRow]) -> int:
        now = time.time()
        with self._transaction() as db:
            tid = db.execute(
                "INSERT INTO tables (setup, base, host, watch, created, touched) VALUES (?, ?, ?, ?, ?, ?)",
                (json.dumps(setup), json.dumps(base) if base is not None else None, host, watch, now, now)).lastrowid
            db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                           [(tid, s.faction, s.controller, s.token, s.holder) for s in seats])
        return int(tid)

    def add_answer(self, tid: int, n: int, seat: str, answer: Any, moves: int, over: bool) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO answers VALUES (?, ?, ?, ?)", (tid, n, seat, json.dumps(answer)))
            db.execute("UPDATE tables SET moves = ?, over = ?, touched = ? WHERE id = ?",
                       (moves, int(over), time.time(), tid))

    def take_back(self, tid: int, keep: int, moves: int) -> None:
        """Forget the answers from number `keep` on (an undo)."""
        with self._transaction() as db:
            db.execute("DELETE FROM answers WHERE table_id = ? AND n >= ?", (tid, keep))
            db.execute("UPDATE tables SET moves = ?, over = 0, touched = ? WHERE id = ?", (moves, time.time(), tid))

    def hold(self, tid: int, faction: str, holder: str) -> None:
        self._run("UPDATE seats SET holder = ? WHERE table_id = ? AND faction = ?", (holder, tid, faction))

    def seat_of_token(self, token_hash: str) -> tuple[int, str] | None:
        row = self._run("SELECT table_id, faction FROM seats WHERE token = ?", (token_hash,)).fetchone()
        return (int(row[0]), row[1]) if row else None

    def table_of_watch(self, watch_hash: str) -> int | None:
        row = self._run("SELECT id FROM tables WHERE watch = ?", (watch_hash,)).fetchone()
        return int(row[0]) if row else None

    def load(self, tid: int) -> TableRow | None:
        with self._lock:
            row = self.db.execute("SELECT id, setup, base, moves, host, watch, created, touched, over "
                                  "FROM tables WHERE id = ?", (tid,)).fetchone()
            if row is None:
                return None
            seats = [SeatRow(*s) for s in self.db.execute(
                "SELECT faction, controller, token, holder FROM seats WHERE table_id = ? ORDER BY rowid", (tid,))]
            answers = [(seat, json.loads(answer)) for seat, answer in self.db.execute(
                "SELECT seat, answer FROM answers WHERE table_id = ? ORDER BY n", (tid,))]
        return TableRow(int(row[0]), json.loads(row[1]), json.loads(row[2]) if row[2] else None, row[3], row[4],
                        row[5], row[6], row[7], bool(row[8]), seats, answers)

    def table_ids(self) -> list[tuple[int, bool, float]]:
        """(id, over, last change) of every table, oldest first."""
        return [(int(i), bool(o), t) for i, o, t in self._run("SELECT id, over, touched FROM tables ORDER BY id")]

    def tables_of(self, browser: str) -> list[int]:
        """The tables a browser made or holds a seat at, newest first."""
        return [int(r[0]) for r in self._run(
            "SELECT id FROM tables WHERE host = ? OR id IN (SELECT table_id FROM seats WHERE holder = ?) "
            "ORDER BY id DESC", (browser, browser))]

    def drop(self, tid: int) -> None:
        self._run("DELETE FROM tables WHERE id = ?", (tid,))

    def close(self) -> None:
        with self._lock:
            self.db.close()


__all__ = ["Store", "SeatRow", "TableRow", "MIGRATIONS", "default_db", "hashed"]
