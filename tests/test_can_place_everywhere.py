"""Every placing choice of every bundled faction asks `can_place`, so a clearing where the piece
cannot go (the Marquise's Keep, a full clearing) is never offered, and nobody pays a cost for a
placement that cannot happen (issue 27: the Alliance paid a supporter for Spread Sympathy into
the Keep's clearing and placed nothing).

A choice is a placing choice when its block places a piece in the chosen place (`choose c ...
{ place ... in c }`). Its list must call can_place, itself or through a `let` it names."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.files.documents import load_yaml
from rootlaw.language.parser import parse_source
from rootlaw.language.syntax import Tree

ROOT = Path(__file__).resolve().parent.parent
FACTIONS = sorted((ROOT / "factions").glob("*.yaml"))
# (faction, action) whose choice is exempt, with the reason written in the faction file
EXEMPT = {
    ("alliance", "revolt"): "the Revolt removes the enemy pieces (and their restrictions) before it places",
}


def effects(data, path=()):
    """(path, text) of every effect (`do:`) in a faction file."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "do" and isinstance(value, str):
                yield path, value
            else:
                yield from effects(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from effects(value, path + (i,))


def calls(tree, name: str) -> bool:
    return isinstance(tree, Tree) and any(str(t.children[0]) == name for t in tree.find_data("call"))


def placing_choices_without_can_place(text: str, source: str) -> list[str]:
    """The placing choices of an effect whose list does not ask can_place: not itself, not
    through the names it reads (bound by let, for each or an enclosing choose), and not by a
    condition around the placing (an `if`, or an inner choice's list)."""
    tree = parse_source("%effect " + text, source)
    bound = {}  # name -> the expression it was bound to
    for kind in ("let", "for_each", "choose"):
        for t in tree.find_data(kind):
            bound[str(t.children[0])] = t.children[1]

    def asks(expr, seen=()) -> bool:
        if calls(expr, "can_place"):
            return True
        names = {str(t.children[0]) for t in expr.find_data("name")} if isinstance(expr, Tree) else set()
        return any(asks(bound[n], seen + (n,)) for n in names - set(seen) if n in bound)

    def unguarded_place(node, target: str) -> bool:
        """Whether `node` places in `target` without a can_place test on the way."""
        if not isinstance(node, Tree):
            return False
        if node.data == "place":
            spot = node.children[3]
            return spot.data == "in_target" and isinstance(spot.children[0], Tree) \
                and spot.children[0].data == "name" and str(spot.children[0].children[0]) == target
        if node.data in ("if_stmt", "choose") and asks(node.children[1 if node.data == "choose" else 0]):
            return False
        return any(unguarded_place(child, target) for child in node.children)

    bad = []
    for choose in tree.find_data("choose"):
        name, listing, _, body = choose.children
        if unguarded_place(body, str(name)) and not asks(listing):
            bad.append(f"choose {name} (line {choose.meta.line if not choose.meta.empty else '?'})")
    return bad


@pytest.mark.parametrize("path", FACTIONS, ids=[p.stem for p in FACTIONS])
def test_placing_choices_ask_can_place(path):
    doc = load_yaml(path)
    missing = []
    for where, text in effects(doc.data):
        action = where[1] if len(where) > 1 and where[0] == "actions" else None
        if (doc.data["id"], action) in EXEMPT:
            continue
        missing += [f"{'/'.join(map(str, where))}: {m}" for m in placing_choices_without_can_place(text, str(path))]
    assert not missing, f"{path.name}: placing choices that do not ask can_place:\n" + "\n".join(missing)


def test_a_choice_without_can_place_is_found():
    text = 'choose c from {c in clearings() where supply(warrior) > 0} prompt "Where?" {\n  place warrior in c\n}'
    assert placing_choices_without_can_place(text, "t.yaml")
    ok = 'let open = {c in clearings() where can_place(warrior, c)}\nchoose c from open {\n  place warrior in c\n}'
    assert not placing_choices_without_can_place(ok, "t.yaml")
    guarded = 'choose c from clearings() {\n  if can_place(warrior, c) { place warrior in c }\n}'
    assert not placing_choices_without_can_place(guarded, "t.yaml")


def test_every_exemption_names_a_real_action():
    for fid, action in EXEMPT:
        data = load_yaml(ROOT / "factions" / f"{fid}.yaml").data
        assert action in data["actions"], f"{fid} has no action {action}"
        assert "can_place" in data["actions"][action].get("ruling", ""), f"{fid} {action}: say why in its ruling"


