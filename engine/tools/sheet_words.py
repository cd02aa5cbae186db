"""The faction sheet's own words in English, French and Polish: headings, what each kind of turn
step does, when each kind of ability applies (events and modifier hooks), costs."""
from __future__ import annotations

HEADINGS = {
    "en": {"pieces": "Pieces", "setup": "Setup", "turn": "Your turn", "actions": "Actions", "abilities": "Abilities",
           "board": "Faction board", "placeholders": "Placeholder values: the source does not print these; "
           "they are the designer's guess and may change", "source": "Source", "rule": "rule", "ruling": "Ruling",
           "cost": "Cost", "kind": "kind", "count": "count", "notes": "notes", "name": "piece",
           "flag": "placeholder", "appendix": "For designers: the rules as written in the faction language",
           "try_values": "Trying other values of the placeholders (same games for each value)",
           "once": "once per turn", "free": "free: does not count against the step's limit", "when": "When",
           "crafts": "crafts", "per_clearing": "at most {n} per clearing", "per_path": "at most {n} per path",
           "holds": "holds up to {n} pieces", "holds_none": "holds markers only", "craft_limit": "at most {n} of its group craft per clearing",
           "suit": "suit", "boxes": "Boxes", "piles": "Card piles", "values": "Values", "flags": "Markers",
           "not_set": "not yet", "set": "yes", "pile_limit": "has a limit (see the appendix)", "page": "Page",
           "printed": "Printed on the board", "see_appendix": "The rules of this step are in the appendix.",
           "none_yet": "none"},
    "fr": {"pieces": "Pièces", "setup": "Mise en place", "turn": "Votre tour", "actions": "Actions",
           "abilities": "Capacités", "board": "Plateau de faction",
           "placeholders": "Valeurs provisoires : la source ne les imprime pas ; ce sont des suppositions du "
           "concepteur, susceptibles de changer", "source": "Source", "rule": "règle", "ruling": "Arbitrage",
           "cost": "Coût", "kind": "type", "count": "nombre", "notes": "remarques", "name": "pièce",
           "flag": "provisoire", "appendix": "Pour les concepteurs : les règles écrites dans le langage des factions",
           "try_values": "Essayer d'autres valeurs provisoires (les mêmes parties pour chaque valeur)",
           "once": "une fois par tour", "free": "gratuite : ne compte pas dans la limite de l'étape", "when": "Quand",
           "crafts": "sert à fabriquer", "per_clearing": "au plus {n} par clairière",
           "per_path": "au plus {n} par chemin", "holds": "porte jusqu'à {n} pièces", "holds_none": "ne porte que des marqueurs",
           "craft_limit": "au plus {n} de son groupe fabriquent par clairière", "suit": "couleur", "boxes": "Cases",
           "piles": "Piles de cartes", "values": "Valeurs", "flags": "Marqueurs", "not_set": "pas encore",
           "set": "oui", "pile_limit": "a une limite (voir l'annexe)", "page": "Page",
           "printed": "Imprimé sur le plateau", "see_appendix": "Les règles de cette étape sont dans l'annexe.",
           "none_yet": "aucun"},
    "pl": {"pieces": "Komponenty", "setup": "Przygotowanie", "turn": "Twoja tura", "actions": "Akcje",
           "abilities": "Zdolności", "board": "Plansza Frakcji",
           "placeholders": "Wartości tymczasowe: źródło ich nie podaje; to przypuszczenia projektanta i mogą się "
           "zmienić", "source": "Źródło", "rule": "zasada", "ruling": "Wyjaśnienie", "cost": "Koszt",
           "kind": "rodzaj", "count": "liczba", "notes": "uwagi", "name": "komponent", "flag": "tymczasowa",
           "appendix": "Dla projektantów: zasady zapisane w języku frakcji",
           "try_values": "Inne wartości tymczasowe do wypróbowania (te same partie dla każdej wartości)", "once": "raz na turę",
           "free": "darmowa: nie liczy się do limitu etapu", "when": "Kiedy", "crafts": "służy do Przekuwania",
           "per_clearing": "najwyżej {n} na polanie", "per_path": "najwyżej {n} na ścieżce",
           "holds": "mieści do {n} komponentów", "holds_none": "mieści tylko znaczniki", "craft_limit": "najwyżej {n} z jego grupy przekuwa na polanie",
           "suit": "symbol", "boxes": "Pola", "piles": "Stosy kart", "values": "Wartości", "flags": "Znaczniki",
           "not_set": "jeszcze nie", "set": "tak", "pile_limit": "ma limit (zob. dodatek)", "page": "Strona",
           "printed": "Wydrukowane na planszy", "see_appendix": "Zasady tego etapu są w dodatku.", "none_yet": "brak"},
}

STEPS = {
    "en": {"menu": "Take {limit}", "among": ", among: {choices}", "any": "any number of actions",
           "up_to": "up to {n}",
           "set_by_rules": "as many actions as the rules allow (see the appendix)",
           "bird": "; one more for each bird card you spend", "draw": "Draw {n}",
           "draw_rules": "Draw cards: how many is worked out by the rules (see the appendix)",
           "discard": "Discard down to {n} cards", "discard_rules": "Discard down to your hand limit",
           "craft": "Craft", "home": "Place {pieces} in {where}",
           "corner": "a corner clearing (diagonally opposite another faction's if possible)",
           "inner": "a clearing that is not on the map's edge", "any_clearing": "any clearing",
           "home_if": " (not every clearing qualifies: see the ruling)"},
    "fr": {"menu": "Effectuez {limit}", "among": ", parmi : {choices}", "any": "autant d'actions que vous voulez",
           "up_to": "jusqu'à {n}", "set_by_rules": "autant d'actions que les règles le permettent (voir l'annexe)",
           "bird": " ; une de plus par carte Oiseau dépensée", "draw": "Piochez {n}",
           "draw_rules": "Piochez des cartes : le nombre est donné par les règles (voir l'annexe)",
           "discard": "Défaussez jusqu'à {n} cartes", "discard_rules": "Défaussez jusqu'à votre limite de main",
           "craft": "Fabriquez", "home": "Placez {pieces} dans {where}",
           "corner": "une clairière en coin (diagonalement opposée à celle d'une autre faction si possible)",
           "inner": "une clairière qui n'est pas au bord du plateau", "any_clearing": "n'importe quelle clairière",
           "home_if": " (toutes les clairières ne conviennent pas : voir l'arbitrage)"},
    "pl": {"menu": "Wykonaj {limit}", "among": ", spośród: {choices}", "any": "dowolnie wiele akcji",
           "up_to": "najwyżej: {n}",
           "set_by_rules": "tyle akcji, ile pozwalają zasady (zob. dodatek)",
           "bird": "; jedną więcej za każdą wydaną ptasią kartę", "draw": "Dobierz: {n}",
           "draw_rules": "Dobierz karty: ich liczbę ustalają zasady (zob. dodatek)",
           "discard": "Odrzuć karty do {n}", "discard_rules": "Odrzuć karty do limitu kart na ręce",
           "craft": "Przekuwaj", "home": "Umieść {pieces} na: {where}",
           "corner": "narożna polana (w miarę możliwości przeciwległa do polany innej frakcji)",
           "inner": "polana, która nie leży na skraju mapy", "any_clearing": "dowolna polana",
           "home_if": " (nie każda polana się nadaje: zob. wyjaśnienie)"},
}

# when an ability applies, by the event it reacts to or the hook it modifies
WHEN = {
    "removed": ("when pieces are removed", "quand des pièces sont retirées", "gdy komponenty zostają usunięte"),
    "moved": ("when pieces move", "quand des pièces se déplacent", "gdy komponenty się przemieszczają"),
    "placed": ("when pieces are placed", "quand des pièces sont placées", "gdy komponenty zostają umieszczone"),
    "battle_started": ("when a battle starts", "quand un combat commence", "gdy zaczyna się walka"),
    "battle_effects": ("during a battle, before the dice", "pendant un combat, avant les dés",
                       "podczas walki, przed rzutem"),
    "battle_ended": ("after a battle", "après un combat", "po walce"),
    "before_battle": ("before a battle is fought", "avant qu'un combat ait lieu", "zanim walka się odbędzie"),
    "before_move": ("before a move", "avant un déplacement", "przed Ruchem"),
    "phase_start": ("at the start of a phase", "au début d'une phase", "na początku fazy"),
    "phase_end": ("at the end of a phase", "à la fin d'une phase", "na końcu fazy"),
    "turn_end": ("at the end of a turn", "à la fin d'un tour", "na końcu tury"),
    "crafted": ("when a card is crafted", "quand une carte est fabriquée", "gdy karta zostaje przekuta"),
    "invariant": ("whenever the board stops meeting a condition", "dès que le plateau ne remplit plus une condition",
                  "gdy tylko plansza przestaje spełniać warunek"),
    "ruler": ("changes who rules a clearing", "change qui contrôle une clairière", "zmienia, kto kontroluje polanę"),
    "adjacency": ("changes which clearings are adjacent", "change quelles clairières sont adjacentes",
                  "zmienia, które polany sąsiadują"),
    "ignore_rule_moving": ("lets moves ignore rule", "permet de se déplacer sans contrôler",
                           "pozwala na Ruch bez Kontroli"),
    "move_group_allowed": ("limits which pieces move together", "limite quelles pièces se déplacent ensemble",
                           "ogranicza, które komponenty poruszają się razem"),
    "may_move_from": ("limits where a move may start", "limite d'où un déplacement peut partir",
                      "ogranicza, skąd można wykonać Ruch"),
    "may_battle": ("limits who may battle whom", "limite qui peut combattre qui", "ogranicza, kto z kim może walczyć"),
    "ambush_allowed": ("limits ambushes", "limite les embuscades", "ogranicza Zasadzki"),
    "defender_takes_higher_roll": ("changes who deals the higher roll", "change qui inflige le plus haut dé",
                                   "zmienia, kto zadaje wyższy wynik"),
    "max_rolled_hits": ("changes the most hits a roll deals", "change le maximum de pertes infligées par les dés",
                        "zmienia maksymalną liczbę wyrzuconych obrażeń"),
    "extra_hits": ("adds extra hits in battle", "ajoute des pertes supplémentaires au combat",
                   "dodaje dodatkowe obrażenia w walce"),
    "hit_pieces": ("changes which pieces may take hits", "change quelles pièces peuvent subir les pertes",
                   "zmienia, które komponenty mogą przyjąć obrażenia"),
    "hit_order": ("changes which pieces take hits first", "change quelles pièces subissent les pertes d'abord",
                  "zmienia, które komponenty przyjmują obrażenia najpierw"),
    "removal_order": ("changes which pieces are removed first", "change quelles pièces sont retirées d'abord",
                      "zmienia, które komponenty są usuwane najpierw"),
    "removal_vp": ("changes the VP for removing buildings and tokens",
                   "change les PV pour le retrait de bâtiments et jetons", "zmienia PZ za usuwanie budynków i żetonów"),
    "removed_to": ("sends removed pieces elsewhere instead", "envoie ailleurs les pièces retirées",
                   "przenosi usunięte komponenty gdzie indziej"),
    "may_craft": ("limits crafting", "limite la fabrication", "ogranicza Przekuwanie"),
    "may_place": ("limits which pieces may be placed", "limite quelles pièces peuvent être placées",
                  "ogranicza, które komponenty można umieścić"),
    "craft_vp": ("changes the VP for crafting", "change les PV de fabrication", "zmienia PZ za Przekuwanie"),
    "draw_bonus": ("adds cards to the Evening draw", "ajoute des cartes à la pioche du Crépuscule",
                   "dodaje karty do dobierania Wieczorem"),
    "hand_limit": ("changes the hand limit", "change la limite de main", "zmienia limit kart na ręce"),
}

COSTS = {
    "en": {"some": "cards", "a_pile": "a pile", "track": "as many cards as “{track}” shows", "of": "{what} of {suit}", "clearing_suit": "the clearing's suit",
           "chosen_suit": "the chosen suit", "matching": "matching cards", "any": "{what} of any suit",
           "bird": "{what}: bird", "from": "{what} from {pile}", "by": "{what}, paid by another player",
           "suit": "{what}: {suit}"},
    "fr": {"some": "des cartes", "a_pile": "une pile", "track": "autant de cartes que l’indique « {track} »", "of": "{what} de {suit}",
           "clearing_suit": "la couleur de la clairière", "chosen_suit": "la couleur choisie",
           "matching": "des cartes correspondantes", "any": "{what} de n'importe quelle couleur",
           "bird": "{what} : oiseau", "from": "{what} de la {pile}", "by": "{what}, payée(s) par un autre joueur",
           "suit": "{what} : {suit}"},
    "pl": {"some": "karty", "a_pile": "stos", "track": "tyle kart, ile wskazuje „{track}”", "of": "{what} w symbolu: {suit}", "clearing_suit": "symbol polany",
           "chosen_suit": "wybrany symbol", "matching": "pasujące karty", "any": "{what} w dowolnym symbolu",
           "bird": "{what}: ptak", "from": "{what} ze stosu {pile}", "by": "{what}, płaci inny gracz",
           "suit": "{what}: {suit}"},
}

LANGUAGE_INDEX = {"en": 0, "fr": 1, "pl": 2}
NOUNS = {"card": {"en": ("card", "cards", "cards"), "fr": ("carte", "cartes", "cartes"), "pl": ("karta", "karty", "kart")},
         "action": {"en": ("action", "actions", "actions"), "fr": ("action", "actions", "actions"),
                    "pl": ("akcja", "akcje", "akcji")}}


def counted(number: object, noun: str, lang: str, nouns: dict = NOUNS) -> str:
    """'1 card', '3 cards', '5 kart': a number of cards or actions (or of the `nouns` given), Polish
    counting forms included."""
    one, few, many = nouns[noun][lang]
    value = int(str(number)) if str(number).isdigit() else None
    if value == 1:
        return f"1 {one}"
    if lang == "pl" and value is not None and not (value % 10 in (2, 3, 4) and value % 100 not in (12, 13, 14)):
        return f"{number} {many}"
    return f"{number} {few}"


def when(what: str, lang: str) -> str:
    texts = WHEN.get(what)
    return texts[LANGUAGE_INDEX[lang]] if texts else what.replace("_", " ")


__all__ = ["HEADINGS", "STEPS", "WHEN", "COSTS", "when", "counted"]
