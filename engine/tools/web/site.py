"""What one server offers (factions, maps and decks by name, its tables, the files uploaded to
it) and who a browser is at a table.

A browser is known by a random id in its signed session cookie; the database keeps only the
id's hash, as the holder of the seats the browser holds. A seat is held by one browser at a
time: opening its link (and confirming) moves it there. The browser that made a table is its
host: it holds every person seat at first (hot-seat) and its page lists the seats' links,
whose tokens only its cookie keeps (the database has their hashes).
"""
from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from flask import session

from rootlaw.content.catalog import find_faction, find_map
from rootlaw.content.factions import bundled_factions
from rootlaw.content.maps import bundled_maps
from rootlaw.content.packs import load_packs
from rootlaw.errors import RootlawError

from .room import Room
from .store import hashed
from .tables import Table

KEPT_LINKS = 12  # tables whose links a host's cookie keeps (a cookie holds about 4 kB)


@dataclass
class Upload:
    kind: str  # "save" or "record"
    raw: bytes  # the file as uploaded (bounded in size), read again at each use
    name: str
    at: float


class Uploads:
    """Saves and records uploaded to this server, by an unguessable key: at most `cap` of them
    (the oldest goes first), each for `hours`. They are kept as the bytes uploaded, so what the
    server holds for them is at most `cap` times the upload limit."""

    def __init__(self, cap: int, hours: float) -> None:
        self.cap, self.hours = cap, hours
        self.items: dict[str, Upload] = {}
        self.lock = threading.Lock()

    def add(self, kind: str, raw: bytes, name: str) -> str:
        key = secrets.token_urlsafe(12)
        with self.lock:
            self._expire()
            while len(self.items) >= self.cap:
                self.items.pop(next(iter(self.items)))
            self.items[key] = Upload(kind, raw, name, time.time())
        return key

    def get(self, key: str) -> Upload | None:
        with self.lock:
            self._expire()
            return self.items.get(key)

    def _expire(self) -> None:
        limit = time.time() - self.hours * 3600
        for key in [k for k, u in self.items.items() if u.at < limit]:
            del self.items[key]


@dataclass
class Site:
    pack_paths: list[str]
    room: Room
    uploads: Uploads
    public_base: str
    server_paths: list[str]
    lang: str = "en"  # the language of the game's words on every page: names, options, the log
    factions: dict[str, str] = field(default_factory=dict)  # id -> display name
    maps: dict[str, str] = field(default_factory=dict)
    decks: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        content = load_packs(self.pack_paths)
        ids = sorted({*bundled_factions(), *content.factions})
        named = {fid: find_faction(fid, content.factions).display_name() for fid in ids}
        self.factions = dict(sorted(named.items(), key=lambda kv: kv[1]))
        self.maps = {m: find_map(m, content.maps).name for m in sorted({*bundled_maps(), *content.maps})}
        self.decks = {"standard": "standard deck", **{d: content.decks[d].name for d in sorted(content.decks)}}
        self.server_paths += self.pack_paths

    def check_setup(self, setup: Any) -> None:
        """A loaded file may name only this server's factions, maps and decks."""
        strangers = [str(f) for f in setup.factions if f not in self.factions] + \
            [str(setup.map)] * (setup.map not in self.maps) + [str(setup.deck)] * (setup.deck not in self.decks)
        if strangers:
            raise RootlawError("the file names factions, a map or a deck this table does not have: "
                               + ", ".join(strangers))


# --- who the browser is --------------------------------------------------------------------
def browser() -> str:
    """The hash of this browser's id (made on its first visit)."""
    if "b" not in session:
        session["b"] = secrets.token_urlsafe(18)
        session.permanent = True
    return hashed(session["b"])


@dataclass
class Viewer:
    held: list[str]  # the seats this browser holds, in seat order
    host: bool
    watching: bool

    @property
    def allowed(self) -> bool:
        return bool(self.held) or self.host or self.watching


def viewer(table: Table) -> Viewer:
    me = browser()
    held = [f for f in table.game.s.seats if table.seats[f].holder == me]
    return Viewer(held, table.host == me, table.id in session.get("watching", []))


def keep_links(tid: int, seats: dict[str, str], watch: str) -> None:
    links = dict(session.get("links", {}))
    links[str(tid)] = {"seats": seats, "watch": watch}
    session["links"] = dict(list(links.items())[-KEPT_LINKS:])


def links_of(tid: int) -> dict | None:
    return session.get("links", {}).get(str(tid))


def watch(tid: int) -> None:
    session["watching"] = [t for t in session.get("watching", []) if t != tid][-KEPT_LINKS:] + [tid]


def shown_seat(tid: int) -> str | None:
    return session.get("shown", {}).get(str(tid))


def show_seat(tid: int, seat: str) -> None:
    shown = dict(session.get("shown", {}))
    shown[str(tid)] = seat
    session["shown"] = dict(list(shown.items())[-KEPT_LINKS:])


__all__ = ["Site", "Uploads", "Upload", "Viewer", "browser", "viewer", "keep_links", "links_of", "watch",
           "shown_seat", "show_seat"]
