"""Loading files at the table: a saved game (to play on) or a game record (to replay step by step
and play on from any step), and the replay of a finished table.

An upload is bounded in size (the app's MAX_CONTENT_LENGTH) and read by the project's bounded
JSON reader, so a deep, huge or malformed file is a clean 400 with what is wrong; the server
keeps a bounded number of uploads for a few hours (`site.Uploads`). A file is read with this
server's packs: a table started with `--pack` loads the saves and records it gave out.
"""
from __future__ import annotations

from typing import Any

from flask import Flask, Response, abort, redirect, render_template, request, url_for

from rootlaw.agents.registry import BOTS
from rootlaw.content.record import Record, game_from_save, replay
from rootlaw.core.narration import log_lines_with_rules
from rootlaw.core.state import freeze
from rootlaw.errors import RootlawError
from rootlaw.files.jsonfile import parse_json
from rootlaw.tools.naming import option_labels

from .pages import open_table
from .seat_view import seat_page_data
from .site import Site, viewer
from .tables import PERSON


def register(app: Flask, site: Site) -> None:
    room = site.room

    def read(raw: bytes, name: str) -> tuple[str, Any]:
        """("save", (game, setup)) or ("record", record), checked; a clean error otherwise."""
        data = parse_json(raw, name, "saved game or game record")
        if isinstance(data, dict) and "state" in data:
            game, setup = game_from_save(data, name, packs=site.pack_paths)
            site.check_setup(setup)
            return "save", (game, setup)
        record = Record.from_json(data, name, packs=site.pack_paths)
        site.check_setup(record.setup)
        return "record", record

    @app.post("/load")
    def load() -> Response:
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            raise RootlawError("choose a saved game or a game record to load")
        name, raw = upload.filename[-80:], upload.read()
        kind, _ = read(raw, name)
        key = site.uploads.add(kind, raw, name)
        if kind == "save":
            return redirect(url_for("loaded", key=key), 303)
        return redirect(url_for("replay_view", key=key, at=0), 303)

    def upload_of(key: str, kind: str) -> Any:
        item = site.uploads.get(key)
        if item is None or item.kind != kind:
            abort(404)
        return read(item.raw, item.name)[1]

    @app.get("/loaded/<key>")
    def loaded(key: str) -> str:
        game, _ = upload_of(key, "save")
        return render_template("loaded.html", key=key, seats=_seat_names(game), bots=list(BOTS),
                               view=seat_page_data(game, None, site.lang))

    @app.post("/loaded/<key>/play")
    def play_save(key: str) -> Response:
        game, setup = upload_of(key, "save")
        return open_table(site, setup, _controllers(game), game.clone())

    # --- replays -------------------------------------------------------------------------
    def record_of(source: str, key: str) -> Record:
        if source == "upload":
            return upload_of(key, "record")
        table = room.get(int(key)) if key.isdigit() else None
        if table is None or not table.over:
            abort(404)
        if not viewer(table).allowed:
            abort(403)
        record = table.record()
        if record is None:
            raise RootlawError("a game loaded from a save has no record to replay")
        return record

    def replay_view(key: str, source: str) -> str:
        record = record_of(source, key)
        at = _at(record)
        game = replay(Record(record.setup, record.answers[:at]))
        decision = game.pending()
        chosen = None
        if decision is not None and at < len(record.answers):
            answer = freeze(record.answers[at])
            index = next((i for i, o in enumerate(decision["options"]) if o == answer), None)
            chosen = option_labels(game, decision)[index] if index is not None else str(record.answers[at])
        view = seat_page_data(game, None, site.lang)
        rules = request.args.get("rules") == "1"
        if rules:  # a record holds the whole game: its whole log, with the rules that fired between the lines
            view["log"] = log_lines_with_rules(game, site.lang, last=True)
        return render_template("replay.html", base=request.path, at=at, total=len(record.answers),
                               view=view, rules=rules, chooser=decision and
                               game.faction(decision["player"]).display_name(), chosen=chosen,
                               seats=_seat_names(game), bots=list(BOTS))

    def replay_play(key: str, source: str) -> Response:
        """Play on from a record's position, as a new table whose record keeps the earlier answers."""
        record = record_of(source, key)
        at = _at(record, request.form.get("at"))
        game = replay(Record(record.setup, record.answers[:at]))
        if game.pending() is None:
            raise RootlawError("the game is over at that step; choose an earlier one")
        return open_table(site, record.setup, _controllers(game), answers=list(record.answers[:at]))

    # an uploaded record's replay, and a finished table's
    app.add_url_rule("/replay/<key>", "replay_view", replay_view, defaults={"source": "upload"})
    app.add_url_rule("/game/<key>/replay", "table_replay", replay_view, defaults={"source": "table"})
    app.add_url_rule("/replay/<key>/play", "replay_play", replay_play, defaults={"source": "upload"},
                     methods=["POST"])
    app.add_url_rule("/game/<key>/replay/play", "table_replay_play", replay_play, defaults={"source": "table"},
                     methods=["POST"])


def _at(record: Record, text: str | None = None) -> int:
    """The replay's position (?at=N), clamped to the record's answers."""
    raw = text if text is not None else request.args.get("at", "0")
    try:
        return min(max(0, int(raw)), len(record.answers))
    except ValueError:
        raise RootlawError(f"'{raw}' is not a whole number") from None


def _seat_names(game: Any) -> list[tuple[str, str]]:
    return [(f, game.faction(f).display_name()) for f in game.s.seats]


def _controllers(game: Any) -> dict[str, str]:
    """Who plays each seat, from the form's seat_<faction> (a person unless a bot is chosen)."""
    out = {}
    for fid in game.s.seats:
        how = request.form.get(f"seat_{fid}", PERSON)
        if how not in (PERSON, *BOTS):
            raise RootlawError(f"each seat is a person or a bot ({', '.join(BOTS)})")
        out[fid] = how
    return out


__all__ = ["register"]
