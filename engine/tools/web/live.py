"""Pages that follow the game without a reload: a WebSocket per page (flask-sock) over which the
server sends the table's stamp each time it changes (an answer, an undo, a seat taken); the page then fetches its own fresh
live part over HTTP, with its cookie, so the socket carries no game content at all. A page
whose socket fails polls `/game/N/stamp` instead.
"""
from __future__ import annotations

import json
import threading

from flask import Flask, Response, abort
from flask_sock import Sock

from .site import Site, viewer

PING_SECONDS = 20  # a message at least this often, so proxies and browsers keep the socket open
MAX_SOCKETS = 64  # live pages at once; more fall back to polling


def register(app: Flask, site: Site) -> None:
    sock = Sock(app)
    room = site.room
    places = threading.BoundedSemaphore(MAX_SOCKETS)

    def allowed(tid: int):
        table = room.get(tid)
        if table is None or not viewer(table).allowed:
            abort(404)
        return table

    @app.get("/game/<int:tid>/stamp")
    def stamp(tid: int) -> Response:
        return Response(json.dumps({"stamp": allowed(tid).stamp}), mimetype="application/json")

    @sock.route("/game/<int:tid>/socket")
    def socket(ws, tid: int) -> None:
        table = allowed(tid)
        if not places.acquire(blocking=False):
            return
        try:
            stamp = table.stamp
            ws.send(json.dumps({"stamp": stamp}))
            while ws.connected:
                stamp = room.wait(table, stamp, PING_SECONDS)
                ws.send(json.dumps({"stamp": stamp}))
        finally:
            places.release()

__all__ = ["register"]
