"""Issue 14: pictures of the board. A mid-game SVG of each map parses and shows every clearing
and every piece of the state; features, closed paths, held pieces and boxes are drawn; the
command line writes SVG and PNG from saves, records (--at) and scenarios."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.maps import bundled_maps
from rootlaw.content.record import Setup
from rootlaw.tools.cli import main
from rootlaw.tools.render import picture_of, svg_of, write_picture

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def mid_game(map_id: str, decisions: int = 120):
    game = Setup(map=map_id, factions=["alliance", "arachneen"], seed=11, round_limit=30).start()
    agent = RandomAgent(3)
    for _ in range(decisions):
        if game.pending() is None:
            break
        game.answer(agent.choose(game, game.pending()))
    assert game.pending() is not None, "the game should still be going"
    return game


def drawn(svg: str, attribute: str) -> list[str]:
    root = ET.fromstring(svg)
    return [e.get(attribute) for e in root.iter() if e.get(attribute) is not None]


def drawn_pieces(svg: str) -> set[int]:
    return {int(p) for value in drawn(svg, "data-pieces") for p in value.split()}


@pytest.mark.parametrize("map_id", bundled_maps())
def test_mid_game_picture_of_each_map_has_every_clearing_and_piece(map_id):
    game = mid_game(map_id)
    svg = svg_of(game)
    assert sorted(int(c) for c in drawn(svg, "data-clearing")) == sorted(game.rules.map.clearings)
    assert len(game.s.pieces) > 10
    assert drawn_pieces(svg) == set(game.s.pieces)
    assert sorted(drawn(svg, "data-path")) == sorted(game.rules.map.paths)
    assert set(drawn(svg, "data-faction")) == set(game.s.seats)
    # suits as dealt or printed, per clearing
    root = ET.fromstring(svg)
    suits = {int(e.get("data-clearing")): e.get("data-suit") for e in root.iter() if e.get("data-clearing")}
    assert suits == {c: game.s.suits[c] for c in game.rules.map.clearings}


def test_map_features_are_drawn():
    lake = svg_of(mid_game("lake", 5))
    assert "lake" in drawn(lake, "data-feature") and "ferry" in drawn(lake, "data-feature")
    mountain = mid_game("mountain", 5)
    svg = svg_of(mountain)
    assert sorted(p for p, closed in zip(drawn(svg, "data-path"), _closed_flags(svg)) if closed) \
        == sorted(mountain.s.closed_paths)
    assert "tower" in drawn(svg, "data-feature")
    autumn = svg_of(mid_game("autumn", 5))
    assert sorted(drawn(autumn, "data-river")) == ["10-11", "4-7", "5-10", "7-11"]
    assert len(drawn(autumn, "data-forest")) == 7


def _closed_flags(svg: str) -> list[bool]:
    root = ET.fromstring(svg)
    return [e.get("data-closed") == "yes" for e in root.iter() if e.get("data-path") is not None]


def test_held_pieces_and_boxes_are_drawn(tmp_path):
    scenario = ROOT / "tests/scenarios/arachneen/capture_once_per_turn.scenario.yaml"
    game = picture_of(scenario)
    held = [pid for pid, (_, _, loc) in game.s.pieces.items() if loc.startswith("x")]
    assert held, "the scenario ends with a warrior held on a web"
    svg = svg_of(game)
    assert drawn_pieces(svg) == set(game.s.pieces)
    # the held warrior is drawn small beside its web, as a warrior of its faction
    groups = {int(e.get("data-pieces")): e for e in ET.fromstring(svg).iter() if (e.get("data-pieces") or "").isdigit()}
    faction, kind, _ = game.s.pieces[held[0]]
    assert groups[held[0]].get("data-kind") == f"{faction} {kind}"
    # pieces in a faction's box are drawn on its board with their ids
    from rootlaw.scenarios.expect import box_loc
    alliance = mid_game("autumn", 5)
    alliance.place("alliance", "warrior", box_loc("alliance", "officers"))
    assert drawn_pieces(svg_of(alliance)) == set(alliance.s.pieces)


FIVE = ["alliance", "arachneen", "cabale", "colombes", "neiges"]


def five_faction_mid_game(seed: int = 11, decisions: int = 600):
    game = Setup(map="autumn", factions=FIVE, seed=seed, round_limit=30).start()
    agent = RandomAgent(3)
    for _ in range(decisions):
        if game.pending() is None:
            break
        game.answer(agent.choose(game, game.pending()))
    return game


SHAPES = {f"{SVG}path", f"{SVG}circle", f"{SVG}rect"}


def test_every_piece_is_a_shape_with_its_count_and_every_kind_drawn_is_in_the_legend():
    game = five_faction_mid_game()
    root = ET.fromstring(svg_of(game))
    groups = [e for e in root.iter() if e.get("data-kind") is not None]
    seen: set[int] = set()
    for group in groups:
        ids = [int(p) for p in (group.get("data-pieces") or "").split()]
        seen.update(ids)
        children = list(group)
        assert any(child.tag in SHAPES for child in children), group.get("data-kind")
        count = int(group.get("data-count"))
        if ids:
            assert count == len(ids)
        counts = [c.get("data-count-text") for c in children if c.get("data-count-text") is not None]
        # a group shows its count, but a building standing in a slot is one square, one building
        assert counts == [str(count)] or (count == 1 and not counts)
        faction, kind = group.get("data-kind").split()
        if ids:
            assert all(game.s.pieces[p][:2] == (faction, kind) for p in ids)
    assert seen == set(game.s.pieces), "every piece of the state is drawn"
    legend = {e.get("data-legend") for e in root.iter() if e.get("data-legend") is not None}
    assert {g.get("data-kind") for g in groups} <= legend
    assert "ruin" in legend
    # no id and no Python value among the words of the picture
    texts = " ".join(e.text or "" for e in root.iter(f"{SVG}text"))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\b(True|False|None)\b|\[", texts)


def test_tracks_are_rows_of_slots_filled_while_their_pieces_are_on_them():
    game = five_faction_mid_game()
    root = ET.fromstring(svg_of(game))
    slots = [e for e in root.iter() if e.get("data-track") == "sympathy_cost"]
    values = game.faction("alliance").tracks["sympathy_cost"]["values"]
    on_track = game.player("alliance").supply["sympathy"]
    assert len(slots) == len(values)
    assert [e.get("data-filled") for e in slots] == ["no"] * (len(values) - on_track) + ["yes"] * on_track
    flags = {e.get("data-flag"): e.get("data-set") for e in root.iter() if e.get("data-flag")}
    assert flags["frenesie"] == ("yes" if game.player("arachneen").vars["frenesie"] else "no")
    assert "hammering" not in flags  # internal: on no board


@pytest.mark.parametrize("lang, word", [("fr", "Légende"), ("pl", "Legenda")])
def test_the_picture_speaks_the_chosen_language(lang, word):
    texts = [e.text or "" for e in ET.fromstring(svg_of(five_faction_mid_game(), lang)).iter(f"{SVG}text")]
    assert word in texts
    assert any("Cimetière" in t or "Cmentarz" in t for t in texts)


def test_faction_colours_come_from_the_files_are_stable_and_unlike_the_suits():
    from rootlaw.tools.render.colours import colours_of, distance, near_suit
    svg = svg_of(mid_game("autumn", 5))
    assert 'fill="#3f9b3a"' in svg and 'fill="#7b4ea3"' in svg
    one = Setup(map="autumn", factions=FIVE, seed=1).start()
    other = Setup(map="autumn", factions=list(reversed(FIVE)), seed=2).start()
    assert one.s.seats != other.s.seats
    colours = colours_of(one.rules.factions)
    assert colours == colours_of(other.rules.factions)  # the same whatever the seats
    assert colours == {fid: f.colour for fid, f in one.rules.factions.items()}
    for colour in colours.values():
        assert near_suit(colour) is None
        assert all(distance(colour, c) >= 25 for c in colours.values() if c != colour)

    class Orange:  # a faction file asking for a suit's colour (the mouse's orange) gets another
        colour = "#e68a3a"
    chosen = colours_of({"cats": Orange(), **one.rules.factions})["cats"]
    assert near_suit(chosen) is None and chosen != Orange.colour


def test_render_command_writes_svg_and_png_from_a_record_at_any_answer(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--rounds", "2", "--quiet", "--record", str(record)]) == 0
    answers = json.loads(record.read_text())["answers"]
    assert main(["render", str(record), "--at", "3", "-o", str(tmp_path / "at3.svg")]) == 0
    assert main(["render", str(record), "-o", str(tmp_path / "end.png")]) == 0
    assert ET.parse(tmp_path / "at3.svg").getroot().tag == f"{SVG}svg"
    assert (tmp_path / "end.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "at3.svg").read_text() != svg_of(picture_of(record))  # --at is an earlier position
    capsys.readouterr()
    assert main(["render", str(record), "--at", str(len(answers) + 1)]) == 2
    assert f"the record has only {len(answers)} answers" in capsys.readouterr().err
    assert main(["render", str(record), "-o", str(tmp_path / "board.gif")]) == 2
    assert "written as .svg or .png" in capsys.readouterr().err


def test_render_command_draws_a_saved_game_and_a_scenario(tmp_path, capsys):
    save = tmp_path / "save.json"
    assert main(["play", "--seed", "2", "--rounds", "2", "--quiet", "--save", str(save), "--save-at", "10"]) == 0
    assert main(["render", str(save), "-o", str(tmp_path / "save.svg")]) == 0
    scenario = ROOT / "tests/scenarios/arachneen/capture_once_per_turn.scenario.yaml"
    assert main(["render", str(scenario), "-o", str(tmp_path / "scenario.svg")]) == 0
    assert drawn_pieces((tmp_path / "scenario.svg").read_text()) == set(picture_of(scenario).s.pieces)


def test_check_render_writes_the_failing_position_beside_the_diff(tmp_path, capsys):
    source = ROOT / "tests/scenarios/arachneen/capture_once_per_turn.scenario.yaml"
    broken = tmp_path / "broken.scenario.yaml"
    broken.write_text(source.read_text().replace("5: [alliance warrior]", "5: [alliance warrior x2]"))
    (tmp_path / "pictures").mkdir()
    assert main(["check", str(broken), "--render", str(tmp_path / "pictures")]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and f"picture of the position: {tmp_path / 'pictures' / 'broken.svg'}" in out
    assert ET.parse(tmp_path / "pictures" / "broken.svg").getroot().tag == f"{SVG}svg"
    passing = main(["check", str(source), "--render", str(tmp_path / "pictures")])
    assert passing == 0 and "picture" not in capsys.readouterr().out


def test_write_picture_refuses_other_formats(tmp_path):
    from rootlaw.errors import RootlawError
    with pytest.raises(RootlawError, match="written as .svg or .png"):
        write_picture(mid_game("autumn", 3), tmp_path / "x.jpg")
