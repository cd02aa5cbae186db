"""A browser for Flask's test client: it keeps its cookie, sends the page's CSRF token with every
form, and reads the table's page (the seat it shows, the version, the options)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

from rootlaw.tools.web import create_app

ROOT = Path(__file__).resolve().parent.parent


def new_app(tmp_path: Path, packs: list[str] | None = None, **options):
    return create_app(packs or [], db=tmp_path / "tables.sqlite3", inline_bots=True, **options)


class Browser:
    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.token = None

    def get(self, url: str, **kw):
        response = self.client.get(url, **kw)
        found = re.search(rb'name="csrf_token" value="([^"]+)"', response.data)
        if found:
            self.token = found.group(1).decode()
        return response

    def post(self, url: str, data: dict | None = None, **kw):
        if self.token is None:
            self.get("/")
        return self.client.post(url, data={"csrf_token": self.token, **(data or {})}, **kw)

    def new_game(self, map_name: str = "autumn", seed: int = 3, rounds: int = 2, **seats: str) -> str:
        form = {"map": map_name, "seed": str(seed), "rounds": str(rounds),
                **{f"seat_{f}": how for f, how in seats.items()}}
        response = self.post("/new", form)
        assert response.status_code == 303, response.data
        return response.location

    def view(self, url: str) -> dict:
        return json.loads(self.get(url + "/view.json").data)

    def page(self, url: str) -> str:
        return self.get(url).data.decode()

    def answer(self, url: str, option: int = 0, moves: int | None = None):
        """Answer the pending decision of the seat the page shows (uncovering it if needed)."""
        page = self.page(url)
        if 'id="cover"' in page:
            seat = re.search(r'name="seat" value="([^"]+)"', page).group(1)
            self.post(url + "/show", {"seat": seat})
            page = self.page(url)
        seat = re.search(r'name="seat" value="([^"]+)"', page).group(1)
        version = int(re.search(r'name="moves" value="(\d+)"', page).group(1)) if moves is None else moves
        options = options_of(page)
        return self.post(url + "/answer", {"seat": seat, "moves": str(version),
                                           "option": str(min(option, len(options) - 1))})


def options_of(page: str) -> list[str]:
    return [html.unescape(label) for label in re.findall(r'class="option"[^>]*><span class="label">([^<]*)</span>', page)]
