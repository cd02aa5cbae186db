"""Keeping other web pages out of the table.

- A Host allow-list: the localhost names, plus what `--host` names (for a wildcard address,
  this machine's name and the addresses it resolves to). A page on a rebound DNS name reaches
  the server with its own name as Host and is refused, so its script reads nothing.
- Every state-changing request carries a CSRF token (Flask-WTF's CSRFProtect) and, when the
  browser sends an Origin (all current ones do on a POST), it must be this server's; the live
  pages' WebSocket handshake is held to the same Origin.
- Headers: a Content-Security-Policy allowing only this server's own scripts, styles, pictures
  and connections and no framing (`frame-ancestors 'none'`), `X-Content-Type-Options: nosniff`,
  no Referer to other sites (seat links carry their token in the path; "no-referrer" would make
  Chromium send `Origin: null` on our own forms), and pages never cached.
- `scrub` takes server paths (packs, the database) out of any message a page shows.
"""
from __future__ import annotations

import socket
from pathlib import Path

from flask import Flask, Response, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("0.0.0.0", "::", "")
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
           "Referrer-Policy": "same-origin", "Cross-Origin-Opener-Policy": "same-origin",
           "Cross-Origin-Resource-Policy": "same-origin"}


def allowed_hosts(host: str) -> set[str]:
    """The Host names the table answers to when listening on `host`."""
    names = set(LOCAL_NAMES) | {host.lower().strip("[]")}
    if host in WILDCARDS:
        names.discard(host)
        me = socket.gethostname()
        names |= {me.lower(), socket.getfqdn().lower()}
        try:
            names |= set(socket.gethostbyname_ex(me)[2])
        except OSError:
            pass
    return names


def host_name(header: str) -> str:
    """The name in a Host header, without its port ('[::1]:8000' is '::1')."""
    if header.startswith("["):
        return header[1:header.find("]")].lower()
    return header.rpartition(":")[0].lower() if ":" in header else header.lower()


def protect(app: Flask, hosts: set[str]) -> None:
    """Install the Host allow-list, the Origin check, CSRF tokens and the headers on `app`."""
    app.config.update(WTF_CSRF_TIME_LIMIT=None, SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_NAME="rootlaw_session")
    csrf = CSRFProtect()

    @app.before_request
    def gatekeeper() -> tuple[str, int] | None:
        if host_name(request.host) not in hosts:
            return refusal("This table does not answer to that host name.", 400)
        origin = request.headers.get("Origin")
        state_changing = request.method in UNSAFE or request.headers.get("Upgrade", "").lower() == "websocket"
        if state_changing and origin is not None and origin != request.host_url.rstrip("/"):
            return refusal("Refused: this request came from another web page.", 403)
        if request.method in UNSAFE:
            csrf.protect()
        return None

    @app.errorhandler(CSRFError)
    def csrf_error(exc: CSRFError) -> tuple[str, int]:
        return refusal("Refused: the form had no valid token (was it sent from another page, or is the "
                       "page very old?). Reload the page and try again.", 400)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.update(HEADERS)
        if response.mimetype in ("text/html", "application/json"):
            response.headers["Cache-Control"] = "no-store"
        return response

    app.config["WTF_CSRF_CHECK_DEFAULT"] = False  # checked in gatekeeper, after the Host and the Origin
    csrf.init_app(app)


def refusal(message: str, status: int) -> tuple[str, int]:
    return render_template("error.html", message=message), status


def scrub(text: str, paths: list[str]) -> str:
    """`text` with each server path (and its folder) written as its last name only."""
    for path in sorted(paths, key=len, reverse=True):
        text = text.replace(path, Path(path).name)
        text = text.replace(str(Path(path).parent), "…")
    return text


__all__ = ["protect", "allowed_hosts", "host_name", "scrub", "refusal", "CSP", "HEADERS"]
