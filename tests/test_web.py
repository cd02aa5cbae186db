"""Issues 14 and 25: the web table through Flask's test client — seats and their links, the
hot-seat cover, versions and "the game moved on", options in context, undo, the game-over
screen, the new-game page, saves, records and replays, packs."""
from __future__ import annotations

import html
import io
import json
import re

import pytest
from web_helpers import ROOT, Browser, new_app, options_of

from rootlaw.content.packs import load_pack
from rootlaw.content.record import Record, replay

OTTERS = ROOT / "tests" / "packs" / "river_otters"


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path)


def play_to_end(browser: Browser, url: str, limit: int = 400) -> str:
    for _ in range(limit):
        page = browser.page(url)
        if 'id="game-over"' in page:
            return page
        assert browser.answer(url, option=len(options_of(page))).status_code == 303
    raise AssertionError("the game did not end")


def test_a_person_and_a_bot_play_to_the_end_and_the_game_over_screen_says_how(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    page = play_to_end(me, url)
    assert "Round limit (2) reached" in page and re.search(r'id="scores".*Woodland Alliance', page, re.S)
    assert "VP by source" in page and 'id="replay"' in page
    record = json.loads(me.get(url + "/record.json").data)
    assert replay(Record.from_json(record)).s.digest() == record["final_hash"]
    replayed = me.page(f"{url}/replay?at=3")
    assert "answer 3 of" in replayed and 'id="chosen"' in replayed
    svg = me.get(url + "/board.svg")
    assert svg.mimetype == "image/svg+xml" and b"data-clearing" in svg.data


def test_each_seat_sees_its_own_hand_only_and_only_it_answers(app):
    host, guest = Browser(app), Browser(app)
    url = host.new_game(alliance="person", arachneen="person", cabale="random")
    links = dict(re.findall(r'<li>([^:<]+): <input readonly size="48" value="([^"]+)"', host.page(url)))
    assert set(links) == {"Sojusz Stworzeń Leśnych (Woodland Alliance)", "Cercle Arachnéen (Arachnid Circle)",
                          "spectators"}
    link = links["Cercle Arachnéen (Arachnid Circle)"].removeprefix("http://localhost:8000")
    assert 'id="take-seat"' in guest.page(link)  # a link preview does not take the seat: a button does
    assert guest.post(link).status_code == 303
    assert guest.view(url)["held"] == ["Cercle Arachnéen (Arachnid Circle)"]
    assert host.view(url)["held"] == ["Sojusz Stworzeń Leśnych (Woodland Alliance)"]
    hands = {}
    for who in (host, guest):
        view = who.view(url)["view"]
        hands[view["seat"]] = [c["name"] for c in view["hand"]]
    spectator = Browser(app)
    spectator.get(links["spectators"].removeprefix("http://localhost:8000"))
    public = spectator.page(url)
    assert 'id="spectator"' in public and 'id="hand"' not in public
    for who, mine, theirs in ((host, "alliance", "arachneen"), (guest, "arachneen", "alliance")):
        page = who.page(url)
        secret = set(hands[theirs]) - set(hands[mine])
        secret = {name for name in secret if name not in public}  # not a card also discarded or logged
        assert not [name for name in secret if name in page], who
        assert all(name in page for name in hands[mine])
    # a seat's decision is answered by that seat only; the other seat's page just waits
    pending = host.view(url)
    decider, other = (host, guest) if pending["view"]["decision"]["yours"] else (guest, host)
    page = other.page(url)
    assert 'id="waiting"' in page and 'id="decision"' not in page
    seat = decider.view(url)["view"]["seat"]
    refused = other.post(url + "/answer", {"seat": seat, "moves": "0", "option": "0"})
    assert refused.status_code == 403


def test_a_stale_page_is_refused_with_the_fresh_page(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    old = re.search(r'name="moves" value="(\d+)"', me.page(url)).group(1)
    assert me.answer(url).status_code == 303
    stale = me.answer(url, option=0, moves=int(old))
    assert stale.status_code == 409
    assert b"The game moved on" in stale.data and b'id="decision"' in stale.data


def test_hot_seat_shows_a_cover_between_seats(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="person")
    page = me.page(url)
    assert 'id="cover"' in page and 'id="hand"' not in page and "Pass the screen to" in page
    seat = re.search(r'name="seat" value="([^"]+)"', page).group(1)
    assert me.post(url + "/answer", {"seat": seat, "moves": "0", "option": "0"}).status_code == 400  # covered
    me.post(url + "/show", {"seat": seat})
    assert 'id="hand"' in me.page(url)
    for _ in range(60):  # play until the other seat decides: the cover comes back for it
        assert me.answer(url).status_code == 303
        page = me.page(url)
        other = re.search(r'name="seat" value="([^"]+)"', page).group(1)
        if 'id="cover"' in page:
            assert other != seat
            break
    else:
        raise AssertionError("the other seat never decided")


def test_options_come_with_their_context(app):
    me = Browser(app)
    url = me.new_game(alliance="random", arachneen="person", rounds=3)
    seen = set()
    for _ in range(150):
        view = me.view(url)["view"]
        if view["over"]:
            break
        for o in view["decision"]["options"]:
            if o["clearing"] is not None:
                assert " · " in o["context"] and re.search(r"fox|rabbit|mouse", o["context"])
                seen.add("clearing")
            if o["card"]:
                assert o["card"]["name"] and o["card"]["suit"]
                seen.add("card")
        me.answer(url, option=len(view["decision"]["options"]) - 1)
    assert seen == {"clearing", "card"}


def test_undo_takes_back_a_seats_own_answer_until_something_is_revealed(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random", rounds=3)
    asked = None
    for _ in range(200):
        if 'id="undo"' in me.page(url):
            break
        asked = me.view(url)["view"]
        me.answer(url, option=1)
    else:
        raise AssertionError("no answer could be taken back")
    before = me.view(url)
    response = me.post(url + "/undo", {"seat": before["view"]["seat"], "moves": str(before["moves"])})
    assert response.status_code == 303
    after = me.view(url)
    assert after["moves"] == before["moves"] + 1
    assert after["view"]["decision"] == asked["decision"] and after["view"]["log"] == asked["log"]
    stale = me.post(url + "/undo", {"seat": before["view"]["seat"], "moves": str(before["moves"])})
    assert stale.status_code == 409 and b"The game moved on" in stale.data


def test_undo_is_refused_once_a_die_or_a_card_came_out_or_another_seat_is_asked(app):
    from rootlaw.tools.web.tables import _mark
    site = app.extensions["rootlaw"]
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="person", rounds=3)
    table = site.room.get(int(url.rsplit("/", 1)[1]))
    for _ in range(300):
        seat = table.game.pending()["player"]
        before = _mark(table.game)
        with table.lock:
            site.room.answer(table, seat, table.game.pending()["options"][-1])
        if _mark(table.game) != before:
            assert not table.can_undo(seat)
            break
        asked = table.game.pending()["player"]
        assert table.can_undo(seat) == (asked == seat)
        assert not table.can_undo(asked if asked != seat else next(f for f in table.game.s.seats if f != seat))
    else:
        raise AssertionError("nothing random happened")


def test_the_new_game_page_names_factions_and_bots_and_keeps_a_chosen_seat_order(app):
    me = Browser(app)
    index = me.page("/")
    assert "Woodland Alliance" in index and ">mcts bot<" in index and ">greedy bot<" in index
    form = {"map": "winter", "seed": "4", "rounds": "2", "order": "given", "seat_alliance": "person",
            "seat_cabale": "greedy", "seat_arachneen": "random", "place_alliance": "3", "place_cabale": "1",
            "place_arachneen": "2"}
    url = me.post("/new", form).location
    seats = me.view(url)["seats"]
    assert [s[0].split(" (")[-1] for s in seats] == ["Necropossum Cabal)", "Arachnid Circle)", "Woodland Alliance)"]
    assert [s[1] for s in seats] == ["greedy bot", "random bot", "person"]
    record = json.loads(me.get(url + "/record.json").data)  # the chosen order is in the record
    assert record["setup"]["seat_order"] == "given"
    table = app.extensions["rootlaw"].room.get(int(url.rsplit("/", 1)[1]))
    assert replay(Record.from_json(record)).s.digest() == table.game.s.digest()


def test_tables_survive_a_restart_at_the_same_decision(tmp_path):
    app = new_app(tmp_path)
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random", rounds=5)
    for _ in range(5):
        me.answer(url, option=0)
    before = me.view(url)
    assert before["view"]["decision"]["yours"]
    app.extensions["rootlaw"].room.store.close()
    again = new_app(tmp_path)
    me.client.application = again  # the same browser (its cookie) at the restarted server
    after = me.view(url)  # the same cookie: the server's secret is kept in the database
    assert after["moves"] == before["moves"] and after["view"]["decision"] == before["view"]["decision"]
    assert after["view"]["hand"] == before["view"]["hand"]


def test_the_database_schema_is_migrated_and_a_newer_one_refused(tmp_path, monkeypatch):
    import sqlite3

    from rootlaw.errors import RootlawError
    from rootlaw.tools.web import store
    db = tmp_path / "t.sqlite3"
    s = store.Store(db)
    assert s.version() == len(store.MIGRATIONS)
    tid = s.create({"map": "autumn"}, None, "h", "w", [])
    s.close()
    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS, "ALTER TABLE tables ADD COLUMN note TEXT"])
    s = store.Store(db)
    assert s.version() == len(store.MIGRATIONS) and s.load(tid).setup == {"map": "autumn"}
    s.close()
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(RootlawError, match="newer rootlaw"):
        store.Store(db)
    (tmp_path / "notes.txt").write_text("not a database, " * 100)
    with pytest.raises(RootlawError, match="not a rootlaw table database"):
        store.Store(tmp_path / "notes.txt")


def test_tables_are_capped(tmp_path):
    app = new_app(tmp_path, max_tables=2)
    me = Browser(app)
    me.new_game(alliance="person", arachneen="random")
    me.new_game(alliance="person", arachneen="random")
    refused = me.post("/new", {"map": "autumn", "seat_alliance": "person", "seat_arachneen": "random"})
    assert refused.status_code == 400 and b"already holds 2 unfinished tables" in refused.data


def test_a_saved_game_loads_and_plays_on(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    me.answer(url)
    saved = me.get(url + "/save.json")
    assert "attachment" in saved.headers["Content-Disposition"]
    response = me.post("/load", {"file": (io.BytesIO(saved.data), "save.json")}, content_type="multipart/form-data")
    assert response.status_code == 303 and "/loaded/" in response.location
    assert 'name="seat_alliance"' in me.page(response.location)
    table = me.post(response.location + "/play", {"seat_alliance": "person", "seat_arachneen": "random"})
    assert options_of(me.page(table.location)) == options_of(me.page(url))


def test_saves_and_records_are_not_given_out_while_another_person_plays(app):
    host, guest = Browser(app), Browser(app)
    url = host.new_game(alliance="person", arachneen="person")
    link = re.search(r'value="http://localhost:8000(/join/[^"]+)"', host.page(url)).group(1)
    guest.post(link)
    assert host.get(url + "/save.json").status_code == 400
    assert guest.get(url + "/record.json").status_code == 400


def test_a_record_replays_step_by_step_and_plays_on(app):
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    play_to_end(me, url)
    record = me.get(url + "/record.json").data
    response = me.post("/load", {"file": (io.BytesIO(record), "record.json")}, content_type="multipart/form-data")
    assert "/replay/" in response.location and response.location.endswith("at=0")
    replay_url = response.location.split("?")[0]
    total = len(json.loads(record)["answers"])
    first = me.page(replay_url + "?at=0")
    assert 'id="chosen"' in first and f"answer 0 of {total}" in first
    assert "Game over" in me.page(f"{replay_url}?at={total}")
    lawyer = me.page(f"{replay_url}?at={total}&rules=1")  # the rules that fired, between the log's lines
    log = re.search(r'<div id="log">(.*?)</div>', lawyer, re.S).group(1)
    assert "      rules: 5.1" in log and "rules: 8." in log and "&amp;rules=1" in lawyer
    assert "rules: " not in me.page(f"{replay_url}?at={total}")
    response = me.post(replay_url + "/play", {"at": "5", "seat_alliance": "person", "seat_arachneen": "random"})
    assert json.loads(me.get(response.location + "/record.json").data)["answers"][:5] == \
        json.loads(record)["answers"][:5]


def test_bad_files_are_refused_with_a_message(app):
    me = Browser(app)

    def load(data: bytes):
        return me.post("/load", {"file": (io.BytesIO(data), "x.json")}, content_type="multipart/form-data")

    response = load(b"{nope")
    assert response.status_code == 400 and b"not valid JSON" in response.data
    record = {"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "/etc/passwd"], "seed": 1},
              "answers": []}
    response = load(json.dumps(record).encode())
    assert response.status_code == 400 and b"must be a list of faction ids" in response.data
    record["setup"]["factions"] = ["alliance", "nosuch"]
    response = load(json.dumps(record).encode())
    assert response.status_code == 400 and b"does not have: nosuch" in response.data
    assert me.post("/new", {"map": "autumn", "seat_alliance": "person"}).status_code == 400


def test_a_pack_table_plays_and_loads_its_own_save_and_record(tmp_path):
    app = new_app(tmp_path, packs=[str(OTTERS)])
    me = Browser(app)
    pack = next(iter(load_pack(OTTERS).factions))
    assert f'name="seat_{pack}"' in me.page("/")
    url = me.new_game(**{pack: "random", "alliance": "person"})
    me.answer(url)
    saved = me.get(url + "/save.json").data
    assert str(OTTERS.parent).encode() not in saved  # packs by name only in a file given away
    response = me.post("/load", {"file": (io.BytesIO(saved), "save.json")}, content_type="multipart/form-data")
    assert response.status_code == 303, response.data
    record = me.get(url + "/record.json").data
    response = me.post("/load", {"file": (io.BytesIO(record), "r.json")}, content_type="multipart/form-data")
    assert response.status_code == 303, response.data


def test_a_seats_view_holds_its_own_cards_and_only_the_sizes_of_the_others():
    from rootlaw.agents.agent import RandomAgent
    from rootlaw.content.record import Setup
    from rootlaw.tools.web.seat_view import seat_page_data
    game = Setup(map="autumn", factions=["alliance", "arachneen", "cabale"], seed=8).start()
    bot = RandomAgent(1)
    for _ in range(120):
        game.answer(bot.choose(game, game.pending()))
    deck = game.rules.deck.cards
    for seat in game.s.seats:
        view = seat_page_data(game, seat)
        text = json.dumps(view)
        assert sorted(c["name"] for c in view["hand"]) == sorted(deck[c].name for c in game.player(seat).hand)
        public = json.dumps(seat_page_data(game, None))
        for other in game.s.seats:
            if other != seat:
                theirs = {deck[c].name for c in game.player(other).hand} - {deck[c].name for c in game.player(seat).hand}
                assert not [n for n in theirs if n in text and n not in public]
        entry = next(f for f in view["factions"] if f["id"] != seat)
        assert isinstance(entry["hand"], int) and all(isinstance(n, int) for n in entry["piles"].values())
        assert ("options" in view["decision"]) == (game.pending()["player"] == seat)
    assert seat_page_data(game, None)["hand"] == [] and "prompt" not in seat_page_data(game, None)["decision"]


def test_tables_and_uploads_expire(tmp_path, monkeypatch):
    from rootlaw.tools.web.site import Uploads
    from rootlaw.tools.web.store import default_db
    app = new_app(tmp_path)
    room = app.extensions["rootlaw"].room
    me = Browser(app)
    url = me.new_game(alliance="person", arachneen="random")
    tid = int(url.rsplit("/", 1)[1])
    room.store._run("UPDATE tables SET touched = touched - 31 * 86400 WHERE id = ?", (tid,))
    room.expire()
    assert me.get(url).status_code == 404 and room.store.load(tid) is None
    uploads = Uploads(cap=4, hours=0)
    key = uploads.add("record", b"{}", "r.json")
    assert uploads.get(key) is None
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db() == tmp_path / "data" / "rootlaw" / "tables.sqlite3"


def test_a_seats_page_names_no_card_of_another_seats_hand_and_speaks_the_tables_language(tmp_path):
    """Issue 24: each page is made from its seat's view — the other seats' cards are never named
    (only what is public or was shown to this seat), the log is the seat's own, in the table's
    language, with names and no ids."""
    app = new_app(tmp_path, lang="fr")
    host, guest = Browser(app), Browser(app)
    url = host.new_game(alliance="person", arachneen="person", cabale="random", rounds=3)
    links = dict(re.findall(r'<li>([^:<]+): <input readonly size="48" value="([^"]+)"', host.page(url)))
    guest.post(next(v for k, v in links.items() if k.startswith("Cercle")).removeprefix("http://localhost:8000"))
    browsers = {"alliance": host, "arachneen": guest}
    game = app.extensions["rootlaw"].room.get(int(url.rsplit("/", 1)[1])).game
    deck = game.rules.deck.cards
    for _ in range(40):
        pending = game.pending()
        if pending is None:
            break
        assert browsers[pending["player"]].answer(url, option=1).status_code == 303
        game = app.extensions["rootlaw"].room.get(int(url.rsplit("/", 1)[1])).game
        for seat, other in (("alliance", "arachneen"), ("arachneen", "alliance")):
            page = browsers[seat].page(url)
            s, mine = game.s, game.player(seat)
            seen = {deck[c].name for c in (*s.discard, *s.available_dominance, *mine.hand,
                                           *(c for f in s.seats for c in game.player(f).persistent),
                                           *(c for cards in mine.piles.values() for c in cards),
                                           *s.known.get(seat, {}))}
            seen |= {deck[game.player(f).dominance].name for f in s.seats if game.player(f).dominance is not None}
            secret = {deck[c].name for c in game.player(other).hand} - seen
            assert not [name for name in secret if re.search(rf">[^<]*{re.escape(html.escape(name))}", page)], seat
            log = re.search(r'<div id="log">(.*?)</div>', page, re.S).group(1)
            assert "manche 1" in log and not re.search(r"\b[a-z]+_[a-z_]+\b|\bpiece \d|\bstep \d", log)
    assert "vous piochez" in host.page(url)
