"""Issue 25: the web table is safe from other web pages and from the files people upload: a
cross-origin or tokenless POST is refused, a foreign Host is refused, the security headers are
on every answer, uploads are bounded and read by the bounded JSON reader (a clean 400), no page
shows a server path, uploads are capped."""
from __future__ import annotations

import io
import json

import pytest
from web_helpers import ROOT, Browser, new_app

from rootlaw.tools.web.security import allowed_hosts, host_name, scrub

OTTERS = ROOT / "tests" / "packs" / "river_otters"
FORM = {"map": "autumn", "seed": "1", "seat_alliance": "person", "seat_arachneen": "random"}


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path)


def test_a_post_from_another_origin_is_refused(app):
    me = Browser(app)
    refused = me.post("/new", FORM, headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403 and b"another web page" in refused.data
    assert me.post("/new", FORM, headers={"Origin": "null"}).status_code == 403
    assert me.post("/new", FORM, headers={"Origin": "http://localhost"}).status_code == 303
    # the live pages' WebSocket handshake too (a page elsewhere could otherwise follow a table)
    handshake = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                 "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "http://evil.example"}
    assert me.get("/game/1/socket", headers=handshake).status_code == 403


def test_a_post_without_the_csrf_token_is_refused(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    raw = app.test_client()  # a form posted by another page: the browser's cookie, no token
    raw.set_cookie("rootlaw_session", me.client.get_cookie("rootlaw_session").value)
    for path, form in (("/new", FORM), (url + "/answer", {"option": "0", "moves": "0", "seat": "alliance"}),
                       ("/load", {"file": (io.BytesIO(b"{}"), "x.json")})):
        response = raw.post(path, data=form)
        assert response.status_code == 400 and b"no valid token" in response.data, path


def test_a_foreign_host_is_refused(app):
    client = app.test_client()
    for host in ("rebound.example", "evil.localhost.example", "127.0.0.2"):
        response = client.get("/", headers={"Host": host})
        assert response.status_code == 400 and b"does not answer to that host name" in response.data
    assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:8000"}).status_code == 200


def test_host_names_follow_the_listening_address():
    assert allowed_hosts("192.168.1.20") == {"localhost", "127.0.0.1", "::1", "192.168.1.20"}
    assert "table.lan" in allowed_hosts("table.lan")
    assert host_name("[::1]:8000") == "::1" and host_name("Example.org:80") == "example.org"


def test_every_answer_has_the_security_headers(app):
    client = app.test_client()
    for path in ("/", "/static/table.js", "/game/99"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "default-src 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"
    assert client.get("/").headers["Cache-Control"] == "no-store"


def test_a_table_is_private_to_its_seats_host_and_spectators(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    stranger = Browser(app)
    for path in ("", "/live", "/view.json", "/board.svg", "/save.json", "/stamp"):
        assert stranger.get(url + path).status_code in (403, 404), path


def test_an_oversized_upload_is_refused(app):
    me = Browser(app)
    big = b"[" + b"0," * (1200 * 1024) + b"0]"
    response = me.post("/load", {"file": (io.BytesIO(big), "big.json")}, content_type="multipart/form-data")
    assert response.status_code == 413 and b"too large" in response.data


@pytest.mark.parametrize("data, message", [
    (b"[" * 5000 + b"]" * 5000, b"nested too deeply"),
    (b'{"version": 2, "setup": ' + b"[" * 150 + b"]" * 150 + b"}", b"nested too deeply"),
    (b'{"version": ' + b"9" * 5000 + b"}", b"digits is too long"),
    (b'{"version": NaN}', b"not a number rootlaw accepts"),
    (b"\xff\xfe", b"not UTF-8"),
    (b'{"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": 1,'
     b' "seat_order": "sideways"}, "answers": []}', b"seat_order"),
    (b'{"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": 1},'
     b' "state": {"seats": 7}}', b"not a rootlaw saved game"),
])
def test_a_bad_upload_is_a_clean_400(app, data, message):
    me = Browser(app)
    response = me.post("/load", {"file": (io.BytesIO(data), "bad.json")}, content_type="multipart/form-data")
    assert response.status_code == 400 and message in response.data, response.data[-400:]


def test_no_page_shows_a_server_path(tmp_path):
    app = new_app(tmp_path, packs=[str(OTTERS)])
    me = Browser(app)
    record = {"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": 1,
                                      "packs": ["/somewhere/else"]}, "answers": [["no such answer"]]}
    response = me.post("/load", {"file": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                       content_type="multipart/form-data")
    page = me.page(response.location) if response.status_code == 303 else response.data.decode()
    assert str(tmp_path) not in page and str(OTTERS.parent) not in page
    assert scrub(f"{OTTERS}/factions/otters.yaml:3:1: bad", [str(OTTERS)]) == "river_otters/factions/otters.yaml:3:1: bad"


def test_uploads_are_capped_per_server(tmp_path):
    app = new_app(tmp_path, max_uploads=2)
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    saved = me.get(url + "/save.json").data
    keys = []
    for _ in range(3):
        response = me.post("/load", {"file": (io.BytesIO(saved), "s.json")}, content_type="multipart/form-data")
        keys.append(response.location)
    assert me.get(keys[0]).status_code == 404  # the oldest made room
    assert me.get(keys[2]).status_code == 200
