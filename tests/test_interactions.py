"""The interaction finder (`rootlaw interactions A B`): where two factions' rules meet, read
from their compiled files, with the rulings and scenarios that cover each meeting point."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from rootlaw.content.catalog import find_faction
from rootlaw.content.packs import load_packs
from rootlaw.scenarios.interactions import meetings
from rootlaw.scenarios.rulings import faction_rule_numbers
from rootlaw.scenarios.rulings_index import scan_scenarios
from rootlaw.scenarios.runner import local_faction, run_scenario
from rootlaw.tools.cli import main

HERE = Path(__file__).parent
INTERACTIONS = HERE / "scenarios" / "interactions"


def _pair(found, a_id: str, b_id: str):
    return [m for m in found if {m.a.id, m.b.id} == {a_id, b_id}]


def test_cabale_and_neiges_meet_where_the_review_says(capsys):
    assert main(["interactions", "cabale", "neiges"]) == 0
    out = capsys.readouterr().out
    assert "Revenant [revenant, 1.2.4]" in out and "Retirer des guerriers (Removing warriors) [shaman_card, 3.2.5]" in out
    assert "Sol Glissant (Slippery Ground) [slippery_ground_move, 3.2.2]" in out
    assert "Marche funèbre (Funeral March) [funeral_march, 1.5.1]" in out
    found = meetings(find_faction("cabale"), find_faction("neiges"))
    replacement = _pair(found, "revenant", "shaman_card")
    assert [m.kind for m in replacement] == ["replacement"]
    assert "interactions/neiges_favor_revenant_and_shaman_card_each_their_own.scenario.yaml" in replacement[0].scenarios
    march = _pair(found, "slippery_ground_move", "funeral_march")
    assert [m.kind for m in march] == ["intervention"] and "before its move" in march[0].how
    # a part's own ruling that speaks of the other faction is shown with it
    assert any("factions/neiges.yaml" in r.where for r in _pair(found, "grim_mood", "shaman_card")[0].rulings)


def test_each_kind_of_meeting_point():
    found = meetings(find_faction("colombes"), find_faction("neiges"), facts=[], rulings=[])
    kinds = {m.kind for m in found}
    assert kinds >= {"reaction", "intervention", "restriction", "same hook", "replacement", "core rule"}, kinds
    # both restrict who may battle whom in a clearing (Protégez les Civils ! and Baldur)
    assert [m.kind for m in _pair(found, "protect_civilians", "baldur_sanctuary")] == ["same hook"]
    # both set up in central clearings
    assert any(m.kind == "core rule" and "set up" in m.how for m in _pair(found, "setup_1", "setup_1"))


def _pinned_pairs():
    """Each pair of factions an interactions scenario seats and names a rule or ability of."""
    cache: dict[str, object] = {}

    def faction(name: str):
        if name not in cache:
            cache[name] = find_faction(local_faction(INTERACTIONS.resolve(), name) or name)
        return cache[name]

    pairs = set()
    for facts in scan_scenarios([INTERACTIONS]):
        for a, b in itertools.combinations(sorted(facts.factions), 2):
            named = []
            for f in (faction(a), faction(b)):
                own = faction_rule_numbers(f) | set(f.actions) | {t.id for t in f.triggers} | {m.id for m in f.modifiers}
                named.append(bool(facts.named & own))
            if all(named):
                pairs.add((a, b))
    return sorted(pairs), faction


def test_every_pair_pinned_in_the_interaction_scenarios_is_found():
    pairs, faction = _pinned_pairs()
    assert len(pairs) >= 10
    missing = [pair for pair in pairs if not meetings(faction(pair[0]), faction(pair[1]), facts=[], rulings=[])]
    assert not missing, f"no meeting point found for {missing}"


def test_a_packs_factions_and_a_faction_file(capsys):
    otters = load_packs([str(HERE / "packs" / "river_otters")]).factions["otters"]
    assert meetings(otters, find_faction("cabale"), facts=[], rulings=[])
    assert main(["interactions", "otters", "cabale", "--pack", str(HERE / "packs" / "river_otters")]) == 0
    assert "River Otters" in capsys.readouterr().out
    assert main(["interactions", str(INTERACTIONS / "factions" / "ossuary.yaml"), "cabale"]) == 0
    assert "Ossuary" in capsys.readouterr().out


def test_skeletons_for_what_no_scenario_pins(tmp_path, capsys):
    assert main(["interactions", "cabale", "neiges", "--skeletons", str(tmp_path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    written = [Path(m["skeleton"]) for m in listed if m["skeleton"]]
    assert written and all(not m["scenarios"] for m in listed if m["skeleton"])
    assert all(m["skeleton"] is None for m in listed if m["scenarios"])
    for path in written:
        outcome = run_scenario(path)  # loads: a skeleton is a scenario to fill in, not a broken file
        assert not outcome.passed


@pytest.mark.parametrize("args,words", [
    (["interactions", "nobody", "cabale"], "unknown faction 'nobody'"),
    (["interactions", "cabale", "cabale"], "both factions are cabale"),
    (["interactions", "cabale", "neiges", "--scenarios", "/no/such/folder"], "no such folder"),
])
def test_mistakes_are_messages(capsys, args, words):
    assert main(args) == 2
    assert words in capsys.readouterr().err
