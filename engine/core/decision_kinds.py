"""Every kind of decision the game asks, who answers it and the words that answer it.

A decision's `kind` is what a scenario names in `pending`, `offered` and `not_offered`, and
what its answers must fit. This table is the one place that says so: `docs/scenarios.md`
shows it (a test checks the document against it, and that every kind the engine asks is in
it), so what designers read cannot drift from what the engine does.
"""
from __future__ import annotations

from typing import NamedTuple


class DecisionKind(NamedTuple):
    kind: str
    who: str       # who answers
    asks: str      # what is being decided
    answers: str   # how an answer names an option (Markdown)


ABILITY_CHOICE = "<ability>:<name>"

KINDS: tuple[DecisionKind, ...] = (
    DecisionKind("action", "the player whose menu it is", "the next action of a menu (a turn step's, or an effect's `offer`)",
                 "an action's id (`move`, `battle`, `craft`, or the faction's own, such as `recruit`); `bird:<action>` "
                 "past the limit, paying a bird card; `dominance:<card id>`, `take_dominance:<card id>`, "
                 "`open_path:<a-b>`, `card:<card id>` (a persistent card's action); `end`"),
    DecisionKind("spend_bird", "the player", "which bird card pays for one more action", "a card id"),
    DecisionKind("spend_card", "the player", "which card pays for an available dominance card or a closed path",
                 "a card id"),
    DecisionKind("home", "the faction setting up", "its starting clearing", "a clearing number"),
    DecisionKind("order_reactions", "the side taking hits (Law 4.3.4), else the player whose turn it is",
                 "which of several reactions to one event resolves first", "an ability id, or `ability (faction)`"),
    DecisionKind("alternative", "the abilities' owner",
                 "which of several alternative reactions applies (`exclusive_with`)", "an ability id"),
    DecisionKind("replacement", "the piece's owner in battle, else the player whose turn it is",
                 "which of two replacements sends a removed piece elsewhere", "`ability (faction)`"),
    DecisionKind("discard", "the player", "a card to discard down to the hand limit", "a card id"),
    DecisionKind("battle_where", "the attacker", "the clearing of a battle", "a clearing number"),
    DecisionKind("battle_defender", "the attacker", "the defender", "a faction id"),
    DecisionKind("ambush", "the defender", "an ambush card to play", "a card id, or `none`"),
    DecisionKind("foil", "the attacker", "an ambush card to foil the defender's", "a card id, or `none`"),
    DecisionKind("take_hit", "the side taking hits", "which piece a hit removes",
                 "a piece: `<faction> <piece>`, with `holding ...`, `on <a-b>`, `in <clearing>` or "
                 "`marked <mark>` where two would read alike"),
    DecisionKind("move_from", "the mover", "the clearing a move starts from", "a clearing number"),
    DecisionKind("move_to", "the mover", "the clearing a move goes to", "a clearing number"),
    DecisionKind("move_group", "the mover", "how many pieces of each kind move",
                 "a list of `[kind, count]`: `[[warrior, 2]]`"),
    DecisionKind("move_which", "the mover", "which of several pieces of a kind moves (they differ)", "a piece"),
    DecisionKind("craft", "the crafter", "a card to craft, or to stop", "a card id, or `done`"),
    DecisionKind("craft_with", "the crafter", "which crafting pieces pay an \"any\" cost",
                 "a list of `[suit, count]`: `[[fox, 1], [rabbit, 1]]`"),
    DecisionKind("pay_card", "the hand's owner (the faction, from its own pile)",
                 "a card paid, given or discarded by `spend`, `put` or `discard N`", "a card id"),
    DecisionKind("place_where", "the faction whose effect places the pieces",
                 "where one of too few pieces goes, when `place ... in each` cannot fill every place (Law 1.5.4)",
                 "a clearing number (or a path `a-b`)"),
    DecisionKind("coalition", "the player activating a dominance card of a faction with `coalition:`",
                 "the partner of the coalition it forms (Law 9.2.8): a player with fewest VP but it", "a faction id"),
    DecisionKind(ABILITY_CHOICE, "the ability's owner, or the player its `choose ... by` names",
                 "a faction ability's `choose NAME from LIST`: the kind is the ability's id and the bound name "
                 "(`wheel_turn:p`, `setup:c`)",
                 "the item chosen: a clearing number, a piece, a card id, a faction id or a word as the list holds "
                 "it; `none` to skip an `optional` choice"),
)

BY_KIND = {k.kind: k for k in KINDS}

BEGIN = "<!-- decision kinds: generated from rootlaw.core.decision_kinds; do not edit by hand -->"
END = "<!-- end of decision kinds -->"


def markdown() -> str:
    """The table `docs/scenarios.md` shows between its BEGIN and END markers."""
    rows = ["| decision | who answers | what it decides | answer with |", "|---|---|---|---|"]
    rows += [f"| `{k.kind}` | {k.who} | {k.asks} | {k.answers} |" for k in KINDS]
    return "\n".join([BEGIN, *rows, END])


def describe(kind: str) -> DecisionKind | None:
    """The entry for a decision kind (an ability's choice `<ability>:<name>` included)."""
    return BY_KIND.get(kind) or (BY_KIND[ABILITY_CHOICE] if ":" in kind else None)


if __name__ == "__main__":  # python -m rootlaw.core.decision_kinds FILE: rewrite the table in FILE
    import sys
    from pathlib import Path

    from rootlaw.files.atomic import write_file

    path = Path(sys.argv[1])
    text = path.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    write_file(path, text[:start] + markdown() + text[end:], "document")
    print(f"wrote the decision kinds into {path}")
