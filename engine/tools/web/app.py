"""The web table's pages, with Flask: new game, play (board picture, options as buttons, log),
save, load, and a step-by-step replay of a record.

It serves this machine only unless told otherwise. Packs are loaded once, from the paths given
at start, as data; a loaded save or record may only name those packs.
"""
from __future__ import annotations

import json
import tempfile
import threading
from pathlib import Path

from flask import Flask, Response, abort, redirect, render_template, request, url_for

from rootlaw.content.factions import bundled_factions
from rootlaw.content.maps import bundled_maps
from rootlaw.content.packs import load_packs
from rootlaw.content.record import Record, Setup, load_game, replay, save_game
from rootlaw.core.state import freeze
from rootlaw.errors import RootlawError
from rootlaw.tools.naming import option_labels
from rootlaw.tools.render import svg_of

from .tables import Table

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def create_app(packs: list[str] | None = None) -> Flask:
    """The app; `packs` (folders or .zip) are checked now, so a bad pack stops the start."""
    pack_paths = [str(Path(p).resolve()) for p in packs or ()]
    content = load_packs(pack_paths)
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = 32 * 1024 * 1024
    tables: dict[int, Table] = {}
    records: dict[int, Record] = {}
    lock = threading.Lock()
    factions = sorted([*bundled_factions(), *content.factions])
    maps = sorted([*bundled_maps(), *content.maps])
    decks = ["standard", *sorted(content.decks)]

    def table(tid: int) -> Table:
        if tid not in tables:
            abort(404)
        return tables[tid]

    def checked_setup(setup: Setup) -> None:
        """A loaded file may name only this table's packs, factions, maps and decks (never a file)."""
        unknown = [str(p) for p in setup.packs if str(Path(str(p)).resolve()) not in pack_paths]
        if unknown:
            raise RootlawError(f"the file names packs this table was not started with: {', '.join(unknown)} "
                               "(start it with rootlaw serve --pack PATH)")
        strangers = [str(f) for f in setup.factions if f not in factions] + \
            [str(setup.map)] * (setup.map not in maps) + [str(setup.deck)] * (setup.deck not in decks)
        if strangers:
            raise RootlawError("the file names factions, a map or a deck this table does not have: "
                               + ", ".join(strangers))

    @app.errorhandler(RootlawError)
    def rootlaw_error(exc: RootlawError) -> tuple[str, int]:
        return render_template("error.html", message=str(exc)), 400

    @app.get("/")
    def index() -> str:
        return render_template("index.html", factions=factions, maps=maps, decks=decks, tables=tables,
                               records=records)

    @app.post("/new")
    def new() -> Response:
        form = request.form
        chosen = [f for f in factions if form.get(f"seat_{f}") in ("human", "bot")]
        if len(chosen) < 2:
            raise RootlawError("a game needs at least two factions")
        if form.get("map") not in maps or form.get("deck", "standard") not in decks:
            raise RootlawError("unknown map or deck")
        setup = Setup(map=form["map"], factions=chosen, seed=max(0, _number(form.get("seed"), 1)),
                      round_limit=max(1, _number(form.get("rounds"), 30)), packs=pack_paths,
                      deck=form.get("deck", "standard"))
        humans = {f for f in chosen if form.get(f"seat_{f}") == "human"}
        with lock:
            tid = len(tables) + 1
            tables[tid] = Table(setup.start(), setup, humans)
            if humans:
                tables[tid].run_bots()
        return redirect(url_for("play", tid=tid))

    @app.get("/game/<int:tid>")
    def play(tid: int) -> str:
        t = table(tid)
        game = t.game
        decision = game.pending()
        options = list(enumerate(option_labels(game, decision))) if decision else []
        return render_template("game.html", tid=tid, t=t, game=game, decision=decision, options=options,
                               human=decision is not None and decision["player"] in t.humans,
                               version=len(game.s.log) + (len(t.answers) if t.answers is not None else 0))

    @app.post("/game/<int:tid>/answer")
    def answer(tid: int) -> Response:
        with lock:
            t = table(tid)
            decision = t.game.pending()
            index = _number(request.form.get("option"), -1)
            if decision is None or decision["player"] not in t.humans or not 0 <= index < len(decision["options"]):
                raise RootlawError("that option is not on offer any more (reload the page)")
            t.answer(decision["options"][index])
            t.run_bots()
        return redirect(url_for("play", tid=tid))

    @app.post("/game/<int:tid>/bots")
    def bots(tid: int) -> Response:
        with lock:
            t = table(tid)
            t.run_bots(1) if request.form.get("steps") == "1" else t.run_bots()
        return redirect(url_for("play", tid=tid))

    @app.get("/game/<int:tid>/board.svg")
    def board(tid: int) -> Response:
        return Response(svg_of(table(tid).game), mimetype="image/svg+xml")

    @app.get("/game/<int:tid>/save.json")
    def save(tid: int) -> Response:
        t = table(tid)
        with tempfile.TemporaryDirectory() as tmp:
            save_game(t.game, t.setup, Path(tmp) / "save.json")
            data = json.loads((Path(tmp) / "save.json").read_text(encoding="utf-8"))
        return _download(data, f"rootlaw-game-{tid}.json")

    @app.get("/game/<int:tid>/record.json")
    def record(tid: int) -> Response:
        rec = table(tid).record()
        if rec is None:
            raise RootlawError("a game resumed from a save has no full record")
        return _download(rec.to_json(), f"rootlaw-record-{tid}.json")

    @app.post("/load")
    def load() -> Response:
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            raise RootlawError("choose a saved game or a game record to load")
        raw = upload.read()
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RootlawError(f"{upload.filename}: not valid JSON ({exc})") from None
        humans = {h.strip() for h in request.form.get("humans", "").split(",") if h.strip()}
        with lock:
            if isinstance(data, dict) and "state" in data:
                with tempfile.TemporaryDirectory() as tmp:
                    path = Path(tmp) / "save.json"
                    path.write_bytes(raw)
                    checked_setup(Record.from_json({**data, "answers": []}, upload.filename).setup)
                    game, setup = load_game(path)
                tid = len(tables) + 1
                tables[tid] = Table(game, setup, humans & set(game.s.seats) or set(game.s.seats), answers=None)
                tables[tid].run_bots()
                return redirect(url_for("play", tid=tid))
            rec = Record.from_json(data, upload.filename)
            checked_setup(rec.setup)
            rid = len(records) + 1
            records[rid] = rec
        return redirect(url_for("replay_view", rid=rid, at=0))

    def record_at(rid: int, at: str | None) -> tuple[Record, int]:
        """A loaded record (404 if none) and a position in it, clamped to its answers."""
        if rid not in records:
            abort(404)
        rec = records[rid]
        return rec, min(max(0, _number(at, 0)), len(rec.answers))

    @app.get("/replay/<int:rid>")
    def replay_view(rid: int) -> str:
        rec, at = record_at(rid, request.args.get("at"))
        game = replay(Record(rec.setup, rec.answers[:at]))
        decision = game.pending()
        chosen = None
        if decision is not None and at < len(rec.answers):
            labels = option_labels(game, decision)
            index = next((i for i, o in enumerate(decision["options"]) if o == freeze(rec.answers[at])), None)
            chosen = labels[index] if index is not None else str(rec.answers[at])
        return render_template("replay.html", rid=rid, at=at, total=len(rec.answers), game=game,
                               decision=decision, chosen=chosen)

    @app.post("/replay/<int:rid>/play")
    def replay_play(rid: int) -> Response:
        """Play on from a record's position, as a new game whose record keeps the earlier answers."""
        rec, at = record_at(rid, request.form.get("at"))
        humans = {h.strip() for h in request.form.get("humans", "").split(",") if h.strip()}
        with lock:
            game = replay(Record(rec.setup, rec.answers[:at]))
            tid = len(tables) + 1
            tables[tid] = Table(game, rec.setup, humans & set(game.s.seats), answers=list(rec.answers[:at]))
            if tables[tid].humans:
                tables[tid].run_bots()
        return redirect(url_for("play", tid=tid))

    @app.get("/replay/<int:rid>/board.svg")
    def replay_board(rid: int) -> Response:
        rec, at = record_at(rid, request.args.get("at"))
        return Response(svg_of(replay(Record(rec.setup, rec.answers[:at]))), mimetype="image/svg+xml")

    return app


def _number(text: str | None, default: int) -> int:
    try:
        return int(text) if text not in (None, "") else default
    except ValueError:
        raise RootlawError(f"'{text}' is not a whole number") from None


def _download(data: dict, name: str) -> Response:
    return Response(json.dumps(data), mimetype="application/json",
                    headers={"Content-Disposition": f"attachment; filename={name}"})


def serve(packs: list[str], host: str, port: int) -> None:
    """Run the table until Ctrl-C."""
    app = create_app(packs)
    if host not in LOOPBACK:
        print(f"rootlaw serve: listening on {host}, reachable from other machines")
    print(f"rootlaw web table on http://{'localhost' if host in LOOPBACK else host}:{port}/ (Ctrl-C stops)")
    app.run(host=host, port=port, debug=False, use_reloader=False)
