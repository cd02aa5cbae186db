"""The web table (`rootlaw serve`): the Flask app, put together from its parts.

`site` (what this server offers and who a browser is), `pages` (new game, the table's page,
answers, undo, seats), `uploads` (loading saves and records, replays), `live` (the WebSocket
that tells pages of every change), `security` (Host, Origin, CSRF, headers) and the database
(`store`, `room`). Packs are loaded once, from the paths given at start, as data; a loaded save
or record may only name those packs.
"""
from __future__ import annotations

import socket
import sys
from pathlib import Path

from flask import Flask

from rootlaw.errors import RootlawError

from . import live, pages, uploads
from .room import Room
from .security import LOCAL_NAMES, WILDCARDS, allowed_hosts, protect
from .site import Site, Uploads
from .store import Store, default_db

MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # a long game's record is some 10 kB and its save some 200 kB


def create_app(packs: list[str] | None = None, db: str | Path | None = None, host: str = "127.0.0.1",
               port: int = 8000, inline_bots: bool = False, max_tables: int = 50, max_uploads: int = 16,
               upload_hours: float = 6, lang: str = "en") -> Flask:
    """The app; `packs` (folders or .zip) are checked now, so a bad pack stops the start.

    `inline_bots` makes bots answer within the request that woke them (for tests); a server runs
    them in a thread of their own."""
    store = Store(db or default_db())
    pack_paths = [str(Path(p).resolve()) for p in packs or ()]
    app = Flask(__name__)
    app.config.update(SECRET_KEY=store.secret(), MAX_CONTENT_LENGTH=MAX_UPLOAD_BYTES,
                      MAX_FORM_MEMORY_SIZE=MAX_UPLOAD_BYTES, MAX_FORM_PARTS=50)
    protect(app, allowed_hosts(host))
    site = Site(pack_paths, Room(store, pack_paths, inline_bots, max_tables),
                Uploads(max_uploads, upload_hours), public_base(host, port), [str(store.path)], lang)
    app.extensions["rootlaw"] = site
    pages.register(app, site)
    uploads.register(app, site)
    live.register(app, site)
    return app


def public_base(host: str, port: int) -> str:
    """The address other machines use, for the seats' links (localhost when only this machine)."""
    if host in LOCAL_NAMES:
        name = "localhost"
    elif host in WILDCARDS:  # every address: this machine's name, or an address it resolves to
        name = next(iter(sorted(allowed_hosts(host) - set(LOCAL_NAMES))), "localhost")
    else:
        name = f"[{host}]" if ":" in host else host
    return f"http://{name}:{port}"


def serve(packs: list[str], host: str, port: int, db: str | None = None, lang: str = "en") -> None:
    """Run the table until Ctrl-C."""
    port = port or free_port(host)  # port 0: a free one, chosen now so the links name it
    app = create_app(packs, db, host, port, lang=lang)
    site: Site = app.extensions["rootlaw"]
    print(f"rootlaw web table on {site.public_base}/ (Ctrl-C stops)")
    if host not in LOCAL_NAMES:
        print(f"listening on {host or 'every address'}: reachable from other machines of the network; "
              f"it answers to the names {', '.join(sorted(allowed_hosts(host)))}")
    print(f"tables are kept in {site.room.store.path}; each table's seat links are printed here when it is "
          "made, and listed on its page in the browser that made it")
    for line in site.room.resume_all():
        print("  " + line)
    sys.stdout.flush()
    try:
        app.run(host=host, port=port, debug=False, use_reloader=False, threaded=True)
    except (OSError, SystemExit) as exc:  # werkzeug says why and exits when the port is taken
        why = getattr(exc, "strerror", None) or "in use by another program, or not allowed"
        raise RootlawError(f"cannot listen on {host}:{port}: {why}") from None


def free_port(host: str) -> int:
    """A port nothing listens on at `host`, as the system picks one."""
    family, kind, _, _, address = socket.getaddrinfo(host or None, 0, type=socket.SOCK_STREAM,
                                                     flags=socket.AI_PASSIVE)[0]
    with socket.socket(family, kind) as probe:
        probe.bind(address)
        return probe.getsockname()[1]
