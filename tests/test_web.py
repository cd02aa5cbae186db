"""Issue 14: the web table's pages, through Flask's test client: new games of any factions and
map with people and bots, answering, bots stepping, save, load, replay step by step, packs."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from rootlaw.content.packs import load_pack
from rootlaw.content.record import Record, replay
from rootlaw.tools.web import create_app

ROOT = Path(__file__).resolve().parent.parent
OTTERS = ROOT / "tests" / "packs" / "river_otters"


@pytest.fixture
def client():
    return create_app([]).test_client()


def buttons(page: bytes) -> list[str]:
    return re.findall(r'class="option">\d+\. ([^<]*)</button>', page.decode())


def new_game(client, **seats) -> str:
    form = {"map": "winter", "seed": "2", "rounds": "2", **{f"seat_{f}": how for f, how in seats.items()}}
    response = client.post("/new", data=form)
    assert response.status_code == 302, response.data
    return response.location


def test_a_person_and_a_bot_play_to_the_end(client):
    url = new_game(client, alliance="human", arachneen="bot")
    clicks = 0
    while True:
        page = client.get(url).data
        if b'id="game-over"' in page:
            break
        labels = buttons(page)
        assert len(labels) >= 2 and b"Woodland Alliance" in page
        assert client.post(url + "/answer", data={"option": str(len(labels) - 1)}).status_code == 302
        clicks += 1
        assert clicks < 300
    assert b"round limit (2) reached" in page
    record = json.loads(client.get(url + "/record.json").data)
    assert replay(Record.from_json(record)).s.digest() == record["final_hash"]
    svg = client.get(url + "/board.svg")
    assert svg.mimetype == "image/svg+xml" and b"data-clearing" in svg.data


def test_only_offered_options_are_accepted(client):
    url = new_game(client, alliance="human", arachneen="human")
    assert client.post(url + "/answer", data={"option": "99"}).status_code == 400
    assert client.post(url + "/answer", data={"option": "x"}).status_code == 400
    assert client.get("/game/42").status_code == 404


def test_bots_alone_step_one_decision_at_a_time_then_play_on(client):
    url = new_game(client, alliance="bot", arachneen="bot")
    page = client.get(url).data
    assert b'id="bot-turn"' in page
    before = page.count(b"[round")
    client.post(url + "/bots", data={"steps": "1"})
    assert client.get(url).data.count(b"[round") >= before
    client.post(url + "/bots", data={"steps": "all"})
    assert b'id="game-over"' in client.get(url).data


def test_a_saved_game_loads_and_plays_on(client):
    url = new_game(client, alliance="human", arachneen="bot")
    client.post(url + "/answer", data={"option": "0"})
    saved = client.get(url + "/save.json")
    assert "attachment" in saved.headers["Content-Disposition"]
    response = client.post("/load", data={"file": (io.BytesIO(saved.data), "save.json"), "humans": "alliance"},
                           content_type="multipart/form-data")
    assert response.status_code == 302
    page = client.get(response.location).data
    assert buttons(page) == buttons(client.get(url).data)


def test_a_record_replays_step_by_step(client):
    url = new_game(client, alliance="bot", arachneen="bot")
    client.post(url + "/bots", data={"steps": "all"})
    record = client.get(url + "/record.json").data
    response = client.post("/load", data={"file": (io.BytesIO(record), "record.json")},
                           content_type="multipart/form-data")
    assert response.location.endswith("/replay/1?at=0")
    total = len(json.loads(record)["answers"])
    first = client.get("/replay/1?at=0").data
    assert b'id="chosen"' in first and f"answer 0 of {total}".encode() in first
    later = client.get("/replay/1?at=5").data
    assert later.count(b"[round") > first.count(b"[round")
    assert b"Game over" in client.get(f"/replay/1?at={total}").data
    assert client.get("/replay/1/board.svg?at=5").mimetype == "image/svg+xml"
    # play on from answer 5 with a person; the new game's record starts with the same 5 answers
    response = client.post("/replay/1/play", data={"at": "5", "humans": "alliance"})
    page = client.get(response.location).data
    assert b"Woodland Alliance (person)" in page and b"Arachnid Circle (bot)" in page
    assert json.loads(client.get(response.location + "/record.json").data)["answers"][:5] \
        == json.loads(record)["answers"][:5]


def test_bad_files_are_refused_with_a_message(client):
    response = client.post("/load", data={"file": (io.BytesIO(b"{nope"), "x.json")}, content_type="multipart/form-data")
    assert response.status_code == 400 and b"not valid JSON" in response.data
    record = {"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": 1,
                                      "packs": ["/somewhere/else"]}, "answers": []}
    response = client.post("/load", data={"file": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and b"packs (else) that were not given" in response.data
    record["setup"]["packs"], record["setup"]["factions"] = [], ["alliance", "/etc/passwd"]
    response = client.post("/load", data={"file": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and b"must be a list of faction ids" in response.data  # a path is no id
    assert b"root:" not in response.data  # nothing of the named file is shown
    record["setup"]["factions"] = ["alliance", "nosuch"]
    response = client.post("/load", data={"file": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and b"does not have: nosuch" in response.data
    assert client.post("/new", data={"map": "autumn", "seat_alliance": "human"}).status_code == 400


def test_a_pack_faction_and_map_can_be_played():
    client = create_app([str(OTTERS)]).test_client()
    index = client.get("/").data.decode()
    pack = next(iter(load_pack(OTTERS).factions))
    assert f'name="seat_{pack}"' in index
    url = new_game(client, **{pack: "bot", "alliance": "human"})
    assert client.get(url).status_code == 200
