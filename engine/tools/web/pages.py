"""The table's pages: the new-game form, a table's page (its live part refreshed by `live`),
answers, undo, the hot-seat cover, seats' links, downloads.

Every answer names the version of the page it was given on (`moves`); an answer from a page
the game has moved past is refused with "the game moved on" and the fresh page. Which seat a
page shows, and so which hand: the one seat this browser holds; of several (hot-seat), the one
last uncovered, with a "pass to <faction>" cover whenever another of them must decide.
"""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable

from flask import Flask, Response, abort, redirect, render_template, request, url_for

from rootlaw.agents.registry import BOTS
from rootlaw.content.record import FORMAT_VERSION, MAX_ROUNDS, MAX_SEED, Setup
from rootlaw.errors import RootlawError

from .seat_view import seat_page_data
from .security import scrub
from .site import Site, browser, keep_links, links_of, show_seat, shown_seat, viewer, watch
from .store import hashed
from .tables import PERSON, Table

MOVED_ON = "The game moved on: your page showed an earlier moment, so that click was not played. Here is the game as it stands."


def register(app: Flask, site: Site) -> None:
    room = site.room

    @app.errorhandler(RootlawError)
    def rootlaw_error(exc: RootlawError) -> tuple[str, int]:
        return render_template("error.html", message=scrub(str(exc), site.server_paths)), 400

    @app.errorhandler(413)
    def too_large(exc: Any) -> tuple[str, int]:
        return render_template("error.html", message=f"The file is too large: the limit is "
                               f"{app.config['MAX_CONTENT_LENGTH'] // 1024} kB."), 413

    def table_of(tid: int) -> Table:
        table = room.get(tid)
        if table is None:
            abort(404)
        if not viewer(table).allowed:
            abort(403)
        return table

    @app.errorhandler(403)
    def private(exc: Any) -> tuple[str, int]:
        return render_template("error.html", message="This table is private: open the link its host gave you "
                               "(a seat's link, or the spectators' link)."), 403

    @app.errorhandler(404)
    def missing(exc: Any) -> tuple[str, int]:
        return render_template("error.html", message="There is nothing here (a table or file that has "
                               "ended and expired, or a mistyped link)."), 404

    @app.get("/")
    def index() -> str:
        mine = []
        for tid in room.store.tables_of(browser()):
            try:
                table = room.get(tid)
            except RootlawError:
                continue
            if table is not None:
                mine.append((tid, [table.game.faction(f).display_name() for f in table.game.s.seats], table.over))
        return render_template("index.html", site=site, bots=list(BOTS), mine=mine)

    @app.post("/new")
    def new() -> Response:
        form = request.form
        seats = {f: form.get(f"seat_{f}", "out") for f in site.factions}
        controllers = {f: how for f, how in seats.items() if how != "out"}
        if any(how not in (PERSON, *BOTS) for how in controllers.values()):
            raise RootlawError("each seat is a person, a bot (" + ", ".join(BOTS) + ") or not playing")
        if len(controllers) < 2:
            raise RootlawError("a game needs at least two factions")
        if form.get("map") not in site.maps or form.get("deck", "standard") not in site.decks:
            raise RootlawError("unknown map or deck")
        order = form.get("order", "random")
        chosen = sorted(controllers, key=lambda f: (_number(form.get(f"place_{f}"), 99), site.factions[f]))
        setup = Setup(map=form["map"], factions=chosen, seed=_bounded(form.get("seed"), 1, 0, MAX_SEED, "seed"),
                      round_limit=_bounded(form.get("rounds"), 30, 1, MAX_ROUNDS, "round limit"), packs=site.pack_paths,
                      deck=form.get("deck", "standard"), seat_order="given" if order == "given" else "random")
        return open_table(site, setup, controllers)

    # --- seats ---------------------------------------------------------------------------
    def seat_by_token(token: str) -> tuple[Table, str]:
        found = room.store.seat_of_token(hashed(token))
        table = room.get(found[0]) if found else None
        if table is None:
            abort(404)
        return table, found[1]

    @app.get("/join/<token>")
    def join(token: str) -> str:
        table, seat = seat_by_token(token)
        return render_template("join.html", tid=table.id, token=token, name=table.game.faction(seat).display_name(),
                               mine=table.seats[seat].holder == browser())

    @app.post("/join/<token>")
    def take_seat(token: str) -> Response:
        table, seat = seat_by_token(token)
        with table.lock:
            room.hold(table, seat, browser())
        show_seat(table.id, seat)
        return redirect(url_for("play", tid=table.id), 303)

    @app.get("/watch/<token>")
    def watch_link(token: str) -> Response:
        tid = room.store.table_of_watch(hashed(token))
        if tid is None:
            abort(404)
        watch(tid)
        return redirect(url_for("play", tid=tid), 303)

    # --- the table's page ----------------------------------------------------------------
    def page(table: Table, notice: str | None = None) -> dict:
        """What the page shows this browser: one seat's view, a cover, or the spectators' view."""
        v = viewer(table)
        pending = table.game.pending()
        seat, cover = None, None
        if len(v.held) == 1:
            seat = v.held[0]
        elif v.held:
            shown = shown_seat(table.id)
            if pending is not None and pending["player"] in v.held and pending["player"] != shown:
                cover = pending["player"]
            elif shown in v.held:
                seat = shown
            else:
                cover = v.held[0]
        links = links_of(table.id) if v.host else None
        return {"tid": table.id, "moves": table.moves, "stamp": table.stamp, "notice": notice, "problem": table.problem,
                "view": seat_page_data(table.game, seat, site.lang) if cover is None else None,
                "cover": table.game.faction(cover).display_name() if cover else None, "cover_seat": cover,
                "held": [table.game.faction(f).display_name() for f in v.held],
                "seats": [(table.game.faction(f).display_name(), "person" if table.seats[f].controller == PERSON
                           else f"{table.seats[f].controller} bot") for f in table.game.s.seats],
                "links": _links(site, table, links) if links else None,
                "can_undo": seat is not None and table.can_undo(seat),
                "downloads": table.over or set(table.people()) <= set(v.held),
                "has_record": table.base is None}

    @app.get("/game/<int:tid>")
    def play(tid: int) -> str:
        return render_template("game.html", **page(table_of(tid)))

    @app.get("/game/<int:tid>/live")
    def fragment(tid: int) -> str:
        return render_template("_live.html", **page(table_of(tid)))

    @app.get("/game/<int:tid>/view.json")
    def view_json(tid: int) -> Response:
        data = page(table_of(tid))
        if data["view"]:
            data["view"] = {k: v for k, v in data["view"].items() if k != "board"}
        return Response(json.dumps(data), mimetype="application/json")

    def refused(table: Table, message: str, status: int) -> tuple[str, int]:
        return render_template("game.html", **page(table, message)), status

    def acting_seat(table: Table) -> str:
        """The seat a form speaks for: held by this browser, and uncovered if it holds several."""
        seat = request.form.get("seat", "")
        held = viewer(table).held
        if seat not in held:
            abort(403)
        if len(held) > 1 and shown_seat(table.id) != seat:
            raise RootlawError(f"pass the screen to {table.game.faction(seat).display_name()} first")
        return seat

    def act(tid: int, do: Callable[[Table, str], tuple[str, int] | None]) -> Any:
        """A seat's change to the table, given on a page of the current version (else refused
        with the fresh page); `do` makes it, or says why not (a message and a status)."""
        table = table_of(tid)
        seat = acting_seat(table)
        with table.lock:
            if _number(request.form.get("moves"), -1) != table.moves:
                return refused(table, MOVED_ON, 409)
            failure = do(table, seat)
        return refused(table, *failure) if failure else redirect(url_for("play", tid=tid), 303)

    @app.post("/game/<int:tid>/answer")
    def answer(tid: int) -> Any:
        def give(table: Table, seat: str) -> tuple[str, int] | None:
            decision = table.game.pending()
            index = _number(request.form.get("option"), -1)
            if decision is None or decision["player"] != seat or not 0 <= index < len(decision["options"]):
                return "That option is not on offer.", 400
            try:
                room.answer(table, seat, decision["options"][index])
            except RootlawError as exc:
                return f"That answer could not be played: {scrub(str(exc), site.server_paths)}", 400
            return None
        return act(tid, give)

    @app.post("/game/<int:tid>/undo")
    def undo(tid: int) -> Any:
        def take_back(table: Table, seat: str) -> tuple[str, int] | None:
            if not table.can_undo(seat):
                return ("That answer cannot be taken back any more: since it, a die was rolled, a card drawn, "
                        "or another seat was asked to decide.", 409)
            room.undo(table, seat)
            return None
        return act(tid, take_back)

    @app.post("/game/<int:tid>/show")
    def show(tid: int) -> Response:
        table = table_of(tid)
        seat = request.form.get("seat", "")
        if seat not in viewer(table).held:
            abort(403)
        show_seat(tid, seat)
        return redirect(url_for("play", tid=tid), 303)

    # --- pictures and files --------------------------------------------------------------
    @app.get("/game/<int:tid>/board.svg")
    def board(tid: int) -> Response:
        table = table_of(tid)
        return Response(seat_page_data(table.game, None, site.lang)["board"], mimetype="image/svg+xml")

    def downloadable(tid: int) -> Table:
        """Files hold every hand: only a finished game's, or for a browser holding every person seat."""
        table = table_of(tid)
        if not page(table)["downloads"]:
            raise RootlawError("the save and the record show every hand: they can be downloaded when the "
                               "game is over, or by a browser that holds every person seat")
        return table

    @app.get("/game/<int:tid>/save.json")
    def save(tid: int) -> Response:
        table = downloadable(tid)
        data = {"version": FORMAT_VERSION, "setup": public_setup(table.setup), "state": table.game.s.to_json()}
        return download(data, f"rootlaw-game-{tid}.json")

    @app.get("/game/<int:tid>/record.json")
    def record(tid: int) -> Response:
        rec = downloadable(tid).record()
        if rec is None:
            raise RootlawError("a game resumed from a save has no full record (download its save instead)")
        return download({**rec.to_json(), "setup": public_setup(rec.setup)}, f"rootlaw-record-{tid}.json")


def open_table(site: Site, setup: Setup, controllers: dict[str, str], game: Any = None,
               answers: list | None = None) -> Response:
    """A new table hosted by this browser (from a setup, a loaded game, or a record's first
    answers); its seats' links are printed on the server's console and kept in the host's cookie."""
    table, tokens, watch_token = site.room.create(setup, controllers, browser(), game, answers)
    keep_links(table.id, tokens, watch_token)
    print(f"table {table.id}: " + "; ".join(f"{name} {link}" for name, link in
                                           _links(site, table, {"seats": tokens, "watch": watch_token})), flush=True)
    return redirect(url_for("play", tid=table.id), 303)


def public_setup(setup: Setup) -> dict:
    """A setup for a file given away: packs by name only (the reader gives them with --pack)."""
    return {**asdict(setup), "packs": [Path(p).name for p in setup.packs]}


def download(data: dict, name: str) -> Response:
    return Response(json.dumps(data), mimetype="application/json",
                    headers={"Content-Disposition": f"attachment; filename={name}"})


def _links(site: Site, table: Table, links: dict) -> list[tuple[str, str]]:
    out = [(table.game.faction(f).display_name(), f"{site.public_base}{url_for('join', token=t)}")
           for f, t in links["seats"].items()]
    return out + [("spectators", f"{site.public_base}{url_for('watch_link', token=links['watch'])}")]


def _number(text: str | None, default: int) -> int:
    try:
        return int(text) if text not in (None, "") else default
    except ValueError:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise RootlawError(f"'{shown}' is not a whole number") from None


def _bounded(text: str | None, default: int, low: int, high: int, what: str) -> int:
    """A number typed in a form, refused past what a save of the game could hold."""
    value = max(low, _number(text, default))
    if value > high:
        raise RootlawError(f"the {what} must be at most {high:,} (a saved game holds no more)")
    return value


__all__ = ["register", "open_table", "public_setup", "download", "MOVED_ON"]
