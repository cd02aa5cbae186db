"""The simulation's own words in English, French and Polish: the report's headings, tables and
sentences, its plots' titles and axes, the verdict, the terminal summary and `--list-vary`.

One table per language, each a template per key (`str.format` fields); `Words` fills them and
writes numbers the language's way: a decimal comma in French and Polish, a space before the
percent sign in French, a no-break space between thousands. The stored summary keeps its data
(rates as numbers, calls as ids); only its sentences (the verdict's `lines`, `text`) are written
in the run's language (`names.lang`), so they read as the report does.
"""
from __future__ import annotations

from .sheet_words import counted

NBSP = "\u00a0"
NOUNS = {"game": {"en": ("game", "games", "games"), "fr": ("partie", "parties", "parties"),
                  "pl": ("partia", "partie", "partii")},
         "round": {"en": ("round", "rounds", "rounds"), "fr": ("manche", "manches", "manches"),
                   "pl": ("runda", "rundy", "rund")}}

WORDS = {
    "en": {
        "colon": ": ", "semicolon": "; ",  # between a name and its value, between the items of a list
        # the page
        "title": "rootlaw simulation report",
        "plan": "{n} games on {maps}, seed {seed}, round limit {limit}; bots {bots}",
        "also": "also",
        "section_verdict": "Verdict", "section_variants": "By value swept or bot compared",
        "section_sensitivity": "Bot sensitivity", "section_results": "Results", "section_factions": "Factions",
        "section_matchups": "Matchups", "section_lengths": "Game lengths",
        "section_seats": "Seat positions and the first player's advantage", "section_stalls": "Stalls",
        "result_vp": "vp", "result_dominance": "dominance", "result_round_limit": "round limit", "result_stall": "stall",
        "results": "Results: {results}. Length: {mean} rounds on average ({low}–{high}), {decisions} decisions.",
        "no_matchups": "No two factions met.",
        "matchups_two": "Each pair's win rate, in the 2-player games it played (row against column).",
        "matchups_ahead": "How often the row's faction finished ahead of the column's, in the games both played: ahead "
                          "when it won, behind when the other did, otherwise by VP, a tie counting half.",
        "brackets": "The number of games is in brackets.",
        "rounds_head": "rounds", "games_head": "games",
        "first_within": "within the interval",
        "first_ahead": "below the interval: the first player has an advantage",
        "first_behind": "above the interval: the first player is at a disadvantage",
        "first_player": "The first player won {rate} of the games (95% interval {low} – {high}); an even share would "
                        "be {even}, {verdict}.",
        "seat_head": "seat", "won_head": "won", "rate_head": "win rate", "interval_head": "95% interval",
        "faction_head": "faction", "bot_head": "bot", "mean_vp_head": "mean VP", "dominance_head": "dominance wins",
        "sources_head": "mean VP by source",
        "stall": "game {game} (seed {seed}): {problem}", "no_stalls": "None: every game ended.",
        # the plots
        "plot_win_rates": "Win rate per faction (95% Wilson interval)",
        "plot_seat_positions": "Win rate by seat position (95% Wilson interval)",
        "plot_vp_over_rounds": "Mean VP at the end of each round",
        "plot_vp_by_source": "Mean VP per game by source", "plot_game_lengths": "Game lengths",
        "plot_by_value": "Win rate by value (95% Wilson interval; dashed: even share)",
        "plot_by_bots": "Win rate by bots (95% Wilson interval; dashed: even share)",
        "axis_games_won": "games won", "axis_even_share": "even share ({share})", "axis_seat": "seat {k}",
        "axis_round": "round", "axis_mean_vp": "mean VP", "axis_vp_per_game": "mean VP per game",
        "axis_rounds_played": "rounds played", "axis_games": "games",
        # the designer's sections
        "call_above": "above even", "call_below": "below even", "call_even": "even", "call_undecided": "undecided",
        "more_games_short": ", ~{more} more games",
        "verdict_intro": "Win rates against an even share at 95% (the even share is each player's part of the games "
                         "somebody won;\na rate is even when its interval holds that share and is at most {width} wide).",
        "variants_value": "Each value played the same games: the same seeds, maps and seats. The sections after this "
                          "one pool\nall {n} games.",
        "variants_bots": "Each bots played the same games: the same seeds, maps and seats. The sections after this "
                         "one pool\nall {n} games.",
        "value_head": "value", "bots_head": "bots", "ranking_head": "ranking by win rate",
        "flag_clear": "The ranking changes with the bot: the answer depends on play skill.",
        "flag_noise": "The ranking changes with the bot, within the noise of these games.",
        "flag_none": "No two factions swap places between the bots compared.",
        "swap_item": "{a} and {b}: {x} against {y}", "apart_under": " (clearly apart under {under})",
        # the verdict's sentences
        "says_above": "wins more than an even share", "says_below": "wins less than an even share",
        "says_even": "is as good as even", "says_undecided": "cannot be told from an even share yet",
        "balance_line": "{name} {says} ({even}): {interval} of {n} games{more}.",
        "bounds": "[{low}, {high}]",
        "more_never": " (too close to even for any practical number of games to tell)",
        "more_games": " (about {more} more games would tell)",
        "scores_from": "{name} scores most from {shown} (mean VP a game, of {mean}).",
        "seats_matter": "Seat order matters: {seats} of its games, against an even {even} (seat 1 plays first).",
        "seat_wins": "seat {k} wins {interval}",
        "seats_even": "No seat position's win rate can be told from an even {even} (seat 1, who plays first: "
                      "{interval}).",
        "no_seats": "No seat positions.",
        "at_limit": "{limit} at the round limit", "at_limit_of": "{limit} at the round limit of {rounds}",
        "limit_counted": " ({led} counted for the single player with most VP, {tied} tied at the top for nobody)",
        "limit_each": " (each counted for the single player with most VP, if there is one)",
        "endings": "Endings: {vp} of {n} games reached 30 VP, {dominance} ended by dominance, {at_limit}, and "
                   "{stalls} stalled.",
        "mostly_limit": " Most games hit the round limit: the win rates say who leads on VP, not who reaches 30.",
        "stalls_note": " A stall is a game that could not end: see the list of stalls and replay one with its command.",
        "closest": "Closest to an even share ({even}) for {name}: {label}, {interval}",
        "as_near": " (as near: {tied})", "also_even": "; also holding the even share in its interval: {also}",
        "kind_above": "above", "kind_below": "below", "kind_even": "even", "kind_undecided": "undecided",
        "variant_line": "At {label} ({n} games, even share {even}): {parts}.",
        "no_swaps": "No two factions swap places in the ranking between the bots compared.",
        "swap": "{a} and {b} swap places between {x} and {y}",
        "changes_clear": "The ranking changes with the bot, so the answer depends on play skill: {swaps}.",
        "changes_noise": "The ranking changes with the bot, within the noise of these games: {swaps}.",
        "as_written": "as written", "bots_label": "bots {bots}",
        # the terminal
        "verdict": "Verdict:", "variant_col": "variant", "faction_col": "faction", "won_col": "won", "rate_col": "rate",
        "ci_col": "95% CI", "mean_vp_col": "mean VP", "call_col": "call", "bot_col": "bot", "wins_col": "wins",
        "table_head": "{n} games; results: {results}; mean length {mean} rounds, {decisions} decisions",
        "by_seat": "by seat: {seats}",
        "counting": "Of {n} games, {parts}. So the wins add up to {wins} of {n} games.",
        "counting_won": "{won} ended at 30 VP or by dominance and count for their winner",
        "counting_limit": "{reached} reached the round limit{of}, where nobody wins by the Law: {led} count here for "
                          "the single player with most VP and {tied} (a tie at the top) for nobody",
        "counting_of": " ({limit} rounds)",
        "counting_stalled": "{stalled} stalled and count for nobody",
        "wrote": "wrote {path}",
        "progress": "{n}/{total} games [{elapsed} elapsed, {remaining} left]",
        # simulate --list-vary
        "vary_head": "{faction}: variables and tracks (⚠ placeholder: the seed does not print it)",
        "vary_none": "{faction} has no variables or tracks to vary.", "tunable_variable": "variable",
        "tunable_track": "track", "vary_rule": "rule {rule}", "vary_example": "vary one with: {command}",
    },
    "fr": {
        "colon": " : ", "semicolon": " ; ",
        "title": "Rapport de simulation rootlaw",
        "plan": "{games} sur {maps}, graine {seed}, limite de manches : {limit} ; bots : {bots}",
        "also": "aussi",
        "section_verdict": "Verdict", "section_variants": "Par valeur essayée ou par bot comparé",
        "section_sensitivity": "Sensibilité aux bots", "section_results": "Résultats", "section_factions": "Factions",
        "section_matchups": "Confrontations", "section_lengths": "Durée des parties",
        "section_seats": "Places à la table et avantage du premier joueur", "section_stalls": "Parties bloquées",
        "result_vp": "30 PV", "result_dominance": "domination", "result_round_limit": "limite de manches",
        "result_stall": "bloquée",
        "results": "Résultats : {results}. Durée : {mean} manches en moyenne ({low}–{high}), {decisions} décisions.",
        "no_matchups": "Aucune paire de factions ne s'est rencontrée.",
        "matchups_two": "Taux de victoire de chaque paire, dans ses parties à 2 joueurs (ligne contre colonne).",
        "matchups_ahead": "Combien de fois la faction de la ligne a fini devant celle de la colonne, dans les parties "
                          "jouées par les deux : devant quand elle a gagné, derrière quand l'autre a gagné, sinon "
                          "selon les PV, une égalité comptant pour moitié.",
        "brackets": "Le nombre de parties est entre parenthèses.",
        "rounds_head": "manches", "games_head": "parties",
        "first_within": "dans l'intervalle",
        "first_ahead": "sous l'intervalle : le premier joueur a un avantage",
        "first_behind": "au-dessus de l'intervalle : le premier joueur est désavantagé",
        "first_player": "Le premier joueur a gagné {rate} des parties (intervalle à 95 % : {low} – {high}) ; une part "
                        "égale serait de {even}, {verdict}.",
        "seat_head": "place", "won_head": "gagnées", "rate_head": "taux de victoire", "interval_head": "intervalle à 95 %",
        "faction_head": "faction", "bot_head": "bot", "mean_vp_head": "PV moyens",
        "dominance_head": "victoires par domination", "sources_head": "PV moyens par source",
        "stall": "partie {game} (graine {seed}) : {problem}",
        "no_stalls": "Aucune : toutes les parties se sont terminées.",
        "plot_win_rates": "Taux de victoire par faction (intervalle de Wilson à 95 %)",
        "plot_seat_positions": "Taux de victoire par place à la table (intervalle de Wilson à 95 %)",
        "plot_vp_over_rounds": "PV moyens à la fin de chaque manche",
        "plot_vp_by_source": "PV moyens par partie, par source", "plot_game_lengths": "Durée des parties",
        "plot_by_value": "Taux de victoire par valeur (intervalle de Wilson à 95 % ; tirets : part égale)",
        "plot_by_bots": "Taux de victoire par bots (intervalle de Wilson à 95 % ; tirets : part égale)",
        "axis_games_won": "parties gagnées", "axis_even_share": "part égale ({share})", "axis_seat": "place {k}",
        "axis_round": "manche", "axis_mean_vp": "PV moyens", "axis_vp_per_game": "PV moyens par partie",
        "axis_rounds_played": "manches jouées", "axis_games": "parties",
        "call_above": "au-dessus de l'égalité", "call_below": "au-dessous de l'égalité", "call_even": "à égalité",
        "call_undecided": "indécis", "more_games_short": ", ~{more} parties de plus",
        "verdict_intro": "Taux de victoire face à une part égale, à 95 % (la part égale est la part de chaque joueur "
                         "dans les parties que quelqu'un a gagnées ;\nun taux est à égalité quand son intervalle "
                         "contient cette part et ne dépasse pas {width} de large).",
        "variants_value": "Chaque valeur a joué les mêmes parties : mêmes graines, mêmes plateaux, mêmes places. Les "
                          "sections suivantes regroupent\nles {games}.",
        "variants_bots": "Chaque choix de bots a joué les mêmes parties : mêmes graines, mêmes plateaux, mêmes places. "
                         "Les sections suivantes regroupent\nles {games}.",
        "value_head": "valeur", "bots_head": "bots", "ranking_head": "classement par taux de victoire",
        "flag_clear": "Le classement change avec le bot : la réponse dépend du niveau de jeu.",
        "flag_noise": "Le classement change avec le bot, dans les limites du hasard de ces parties.",
        "flag_none": "Aucune paire de factions n'échange ses places entre les bots comparés.",
        "swap_item": "{a} et {b} : {x} contre {y}", "apart_under": " (nettement séparées avec {under})",
        "says_above": "gagne plus qu'une part égale", "says_below": "gagne moins qu'une part égale",
        "says_even": "est à égalité", "says_undecided": "ne se distingue pas encore d'une part égale",
        "balance_line": "{name} {says} ({even}) : {interval} sur {games}{more}.",
        "bounds": "[{low} ; {high}]",
        "more_never": " (trop proche de l'égalité pour qu'un nombre raisonnable de parties tranche)",
        "more_games": " (il faudrait environ {more_n} de plus pour trancher)",
        "scores_from": "{name} marque surtout grâce à : {shown} (PV moyens par partie, sur un total de {mean}).",
        "seats_matter": "L'ordre des places compte : {seats} de ses parties, contre une part égale de {even} (la place 1 "
                        "joue en premier).",
        "seat_wins": "la place {k} gagne {interval}",
        "seats_even": "Aucune place n'a un taux de victoire qui se distingue d'une part égale de {even} (place 1, qui "
                      "joue en premier : {interval}).",
        "no_seats": "Aucune place.",
        "at_limit": "{limit} à la limite de manches", "at_limit_of": "{limit} à la limite de {rounds}",
        "limit_counted": " (pour le seul joueur ayant le plus de PV : {led} ; égalité en tête, pour personne : {tied})",
        "limit_each": " (chacune pour le seul joueur ayant le plus de PV, s'il y en a un)",
        "endings": "Fins de partie, sur {games} : {vp} à 30 PV, {dominance} par domination, {at_limit}, et "
                   "bloquées : {stalls}.",
        "mostly_limit": " La plupart des parties ont atteint la limite de manches : les taux de victoire disent qui "
                        "mène aux PV, pas qui atteint 30.",
        "stalls_note": " Une partie bloquée ne pouvait pas finir : voir la liste des parties bloquées et en rejouer "
                       "une avec sa commande.",
        "closest": "Le plus proche d'une part égale ({even}) pour {name} : « {label} », {interval}",
        "as_near": " (aussi proches : {tied})",
        "also_even": " ; part égale aussi dans l'intervalle de : {also}",
        "kind_above": "au-dessus", "kind_below": "au-dessous", "kind_even": "à égalité", "kind_undecided": "indécis",
        "variant_line": "Pour « {label} » ({games}, part égale {even}) : {parts}.",
        "no_swaps": "Aucune paire de factions n'échange ses places au classement entre les bots comparés.",
        "swap": "{a} et {b} échangent leurs places entre « {x} » et « {y} »",
        "changes_clear": "Le classement change avec le bot, la réponse dépend donc du niveau de jeu : {swaps}.",
        "changes_noise": "Le classement change avec le bot, dans les limites du hasard de ces parties : {swaps}.",
        "as_written": "tel qu'écrit", "bots_label": "bots {bots}",
        "verdict": "Verdict :", "variant_col": "variante", "faction_col": "faction", "won_col": "gagnées",
        "rate_col": "taux", "ci_col": "IC 95 %", "mean_vp_col": "PV moy.", "call_col": "avis", "bot_col": "bot",
        "wins_col": "vict.",
        "table_head": "{games} ; résultats : {results} ; durée moyenne {mean} manches, {decisions} décisions",
        "by_seat": "par place : {seats}",
        "counting": "Sur {games} : {parts}. Les victoires totalisent donc {wins} sur {games}.",
        "counting_won": "{won} à 30 PV ou par domination, pour leur vainqueur",
        "counting_limit": "{reached} à la limite de manches{of}, où personne ne gagne selon la Loi, dont {led} "
                          "pour le seul joueur ayant le plus de PV et {tied} (égalité en tête) pour personne",
        "counting_of": " ({limit} manches)",
        "counting_stalled": "bloquées, pour personne : {stalled}",
        "wrote": "écrit : {path}",
        "progress": "{n}/{total} parties [{elapsed} écoulé, reste {remaining}]",
        "vary_head": "{faction} : variables et pistes (⚠ provisoire : la source ne l'imprime pas)",
        "vary_none": "{faction} n'a ni variable ni piste à faire varier.", "tunable_variable": "variable",
        "tunable_track": "piste", "vary_rule": "règle {rule}", "vary_example": "pour en faire varier une : {command}",
    },
    "pl": {
        "colon": ": ", "semicolon": "; ",
        "title": "Raport z symulacji rootlaw",
        "plan": "Partie: {n}, mapy: {maps}, ziarno {seed}, limit rund: {limit}; boty: {bots}",
        "also": "również",
        "section_verdict": "Werdykt", "section_variants": "Według badanej wartości lub porównywanych botów",
        "section_sensitivity": "Wrażliwość na boty", "section_results": "Wyniki", "section_factions": "Frakcje",
        "section_matchups": "Pojedynki", "section_lengths": "Długość partii",
        "section_seats": "Kolejność miejsc i przewaga pierwszego gracza", "section_stalls": "Zastoje",
        "result_vp": "30 PZ", "result_dominance": "dominacja", "result_round_limit": "limit rund",
        "result_stall": "zastój",
        "results": "Wyniki: {results}. Długość: średnio {mean} rundy ({low}–{high}), liczba decyzji: {decisions}.",
        "no_matchups": "Żadne dwie frakcje się nie spotkały.",
        "matchups_two": "Odsetek zwycięstw każdej pary w jej partiach dwuosobowych (wiersz przeciw kolumnie).",
        "matchups_ahead": "Jak często frakcja z wiersza skończyła przed frakcją z kolumny w partiach, w których grały "
                          "obie: przed, gdy wygrała, za, gdy wygrała druga, w innym razie według PZ; remis liczy się "
                          "za pół.",
        "brackets": "Liczba partii jest w nawiasach.",
        "rounds_head": "rundy", "games_head": "partie",
        "first_within": "co mieści się w przedziale",
        "first_ahead": "czyli poniżej przedziału: pierwszy gracz ma przewagę",
        "first_behind": "czyli powyżej przedziału: pierwszy gracz jest w gorszym położeniu",
        "first_player": "Pierwszy gracz wygrał {rate} partii (przedział 95%: {low} – {high}); równy udział wynosiłby "
                        "{even}, {verdict}.",
        "seat_head": "miejsce", "won_head": "wygrane", "rate_head": "odsetek zwycięstw", "interval_head": "przedział 95%",
        "faction_head": "frakcja", "bot_head": "bot", "mean_vp_head": "średnie PZ",
        "dominance_head": "zwycięstwa przez dominację", "sources_head": "średnie PZ według źródła",
        "stall": "partia {game} (ziarno {seed}): {problem}", "no_stalls": "Brak: każda partia się zakończyła.",
        "plot_win_rates": "Odsetek zwycięstw według frakcji (przedział Wilsona 95%)",
        "plot_seat_positions": "Odsetek zwycięstw według miejsca (przedział Wilsona 95%)",
        "plot_vp_over_rounds": "Średnie PZ na koniec każdej rundy",
        "plot_vp_by_source": "Średnie PZ na partię według źródła", "plot_game_lengths": "Długość partii",
        "plot_by_value": "Odsetek zwycięstw według wartości (przedział Wilsona 95%; linia przerywana: równy udział)",
        "plot_by_bots": "Odsetek zwycięstw według botów (przedział Wilsona 95%; linia przerywana: równy udział)",
        "axis_games_won": "wygrane partie", "axis_even_share": "równy udział ({share})", "axis_seat": "miejsce {k}",
        "axis_round": "runda", "axis_mean_vp": "średnie PZ", "axis_vp_per_game": "średnie PZ na partię",
        "axis_rounds_played": "rozegrane rundy", "axis_games": "partie",
        "call_above": "powyżej równego udziału", "call_below": "poniżej równego udziału", "call_even": "na równi",
        "call_undecided": "nierozstrzygnięte", "more_games_short": ", ~{more} partii więcej",
        "verdict_intro": "Odsetek zwycięstw wobec równego udziału przy 95% (równy udział to część partii wygranych przez "
                         "kogokolwiek, przypadająca na jednego gracza;\nodsetek jest na równi, gdy jego przedział "
                         "zawiera ten udział i ma szerokość najwyżej {width}).",
        "variants_value": "Każda wartość rozegrała te same partie: te same ziarna, mapy i miejsca. Kolejne sekcje "
                          "łączą\nwszystkie partie ({n}).",
        "variants_bots": "Każdy zestaw botów rozegrał te same partie: te same ziarna, mapy i miejsca. Kolejne sekcje "
                         "łączą\nwszystkie partie ({n}).",
        "value_head": "wartość", "bots_head": "boty", "ranking_head": "ranking według odsetka zwycięstw",
        "flag_clear": "Ranking zmienia się wraz z botem: odpowiedź zależy od umiejętności gry.",
        "flag_noise": "Ranking zmienia się wraz z botem, w granicach przypadku w tych partiach.",
        "flag_none": "Żadne dwie frakcje nie zamieniają się miejscami między porównywanymi botami.",
        "swap_item": "{a} i {b}: {x} – {y}", "apart_under": " (wyraźnie rozdzielone w wariancie: {under})",
        "says_above": "wygrywa więcej niż równy udział", "says_below": "wygrywa mniej niż równy udział",
        "says_even": "jest na równi", "says_undecided": "nie da się jeszcze odróżnić od równego udziału",
        "balance_line": "{name} {says} ({even}): {interval} z {n} partii{more}.",
        "bounds": "[{low}; {high}]",
        "more_never": " (zbyt blisko równowagi, by rozstrzygnęła to jakakolwiek rozsądna liczba partii)",
        "more_games": " (do rozstrzygnięcia potrzeba około {more} partii więcej)",
        "scores_from": "{name}: najwięcej PZ daje {shown} (średnie PZ na partię, łącznie {mean}).",
        "seats_matter": "Kolejność miejsc ma znaczenie: {seats} swoich partii, wobec równego udziału {even} "
                        "(miejsce 1 gra pierwsze).",
        "seat_wins": "miejsce {k} wygrywa {interval}",
        "seats_even": "Odsetka zwycięstw żadnego miejsca nie da się odróżnić od równego udziału {even} (miejsce 1, "
                      "które gra pierwsze: {interval}).",
        "no_seats": "Brak miejsc.",
        "at_limit": "limit rund: {limit}", "at_limit_of": "limit rund ({r}): {limit}",
        "limit_counted": " (dla jedynego gracza z największą liczbą PZ: {led}; remis na szczycie, dla nikogo: {tied})",
        "limit_each": " (każda dla jedynego gracza z największą liczbą PZ, jeśli taki jest)",
        "endings": "Zakończenia, z {n} partii: 30 PZ: {vp}, dominacja: {dominance}, {at_limit}, zastoje: {stalls}.",
        "mostly_limit": " Większość partii dobiegła limitu rund: odsetek zwycięstw mówi, kto prowadzi w PZ, a nie kto "
                        "dochodzi do 30.",
        "stalls_note": " Zastój to partia, która nie mogła się zakończyć: zob. listę zastojów i odtwórz jedną z nich "
                       "jej poleceniem.",
        "closest": "Najbliżej równego udziału ({even}) – {name}: wariant „{label}”, {interval}",
        "as_near": " (równie blisko: {tied})", "also_even": "; równy udział w przedziale mają też: {also}",
        "kind_above": "powyżej", "kind_below": "poniżej", "kind_even": "na równi", "kind_undecided": "nierozstrzygnięte",
        "variant_line": "Wariant „{label}” (partie: {n}, równy udział {even}): {parts}.",
        "no_swaps": "Żadne dwie frakcje nie zamieniają się miejscami w rankingu między porównywanymi botami.",
        "swap": "{a} i {b} zamieniają się miejscami między wariantami: {x} i {y}",
        "changes_clear": "Ranking zmienia się wraz z botem, więc odpowiedź zależy od umiejętności gry: {swaps}.",
        "changes_noise": "Ranking zmienia się wraz z botem, w granicach przypadku w tych partiach: {swaps}.",
        "as_written": "tak jak zapisano", "bots_label": "boty {bots}",
        "verdict": "Werdykt:", "variant_col": "wariant", "faction_col": "frakcja", "won_col": "wygrane",
        "rate_col": "odsetek", "ci_col": "przedz. 95%", "mean_vp_col": "śr. PZ", "call_col": "ocena", "bot_col": "bot",
        "wins_col": "wygr.",
        "table_head": "Partie: {n}; wyniki: {results}; średnia długość {mean} rundy, liczba decyzji: {decisions}",
        "by_seat": "według miejsca: {seats}",
        "counting": "Z {n} partii: {parts}. Zwycięstwa sumują się więc do {wins} z {n} partii.",
        "counting_won": "przy 30 PZ lub przez dominację, dla zwycięzcy: {won}",
        "counting_limit": "do limitu rund{of}, gdzie według Księgi Praw nikt nie wygrywa: {reached}, z czego tu dla "
                          "jedynego gracza z największą liczbą PZ: {led}, a dla nikogo (remis na szczycie): {tied}",
        "counting_of": " ({limit})",
        "counting_stalled": "zastoje, dla nikogo: {stalled}",
        "wrote": "zapisano: {path}",
        "progress": "{n}/{total} partii [upłynęło {elapsed}, zostało {remaining}]",
        "vary_head": "{faction}: zmienne i tory (⚠ wartość tymczasowa: źródło jej nie podaje)",
        "vary_none": "{faction} nie ma zmiennych ani torów do zmiany.", "tunable_variable": "zmienna",
        "tunable_track": "tor", "vary_rule": "zasada {rule}", "vary_example": "jak zmienić jedną z nich: {command}",
    },
}


class Words:
    """The simulation's words in one language, and its way of writing numbers."""

    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in WORDS else "en"
        self.table = WORDS[self.lang]
        self.colon, self.semicolon = self.table["colon"], self.table["semicolon"]

    def __call__(self, key: str, **fields: object) -> str:
        """The template `key` filled in; `n` (a number of games) also fills `games` ('3 parties')."""
        if "n" in fields and "games" not in fields:
            fields["games"] = self.count(fields["n"], "game")
        return self.table[key].format(**fields)

    def count(self, number: object, noun: str) -> str:
        """'1 game', '3 parties', '5 partii'."""
        return counted(number, noun, self.lang, NOUNS).replace(str(number), self.whole(number), 1)

    def _local(self, text: str) -> str:
        return text if self.lang == "en" else text.replace(",", NBSP).replace(".", ",")

    def result(self, kind: str) -> str:
        """How a game ended (vp, dominance, round_limit, stall), as people read it."""
        return self.table.get(f"result_{kind}", kind.replace("_", " "))

    def interval(self, rate: str, low: str, high: str) -> str:
        """'12.5% [5.0%, 30.0%]': a rate and its 95% interval, already written."""
        return f"{rate} {self('bounds', low=low, high=high)}"

    def num(self, x: float, digits: int = 1) -> str:
        """12.5 (English), 12,5 (French, Polish)."""
        return self._local(f"{x:.{digits}f}")

    def whole(self, n: object) -> str:
        """1,000 (English), 1 000 (French, Polish)."""
        return self._local(f"{n:,}") if isinstance(n, int) else str(n)

    def pct(self, x: float, digits: int = 1) -> str:
        """12.5% (English), 12,5 % (French), 12,5% (Polish)."""
        text = self._local(f"{x:.{digits}%}")
        return text.replace("%", NBSP + "%") if self.lang == "fr" else text

    def share(self, x: float) -> str:
        """A rate in the verdict's sentences: whole at 0% and 100%, else to a tenth."""
        return self.pct(x, 0 if x in (0, 1) else 1)

    def tick(self, value: float, _position: object = None) -> str:
        """An axis tick's number, for matplotlib's FuncFormatter."""
        return self._local(f"{value:g}")


def words(summary_or_lang: dict | str) -> Words:
    """The words of a summary's language (its `names.lang`), or of a language code."""
    if isinstance(summary_or_lang, str):
        return Words(summary_or_lang)
    return Words(summary_or_lang.get("names", {}).get("lang", "en"))


__all__ = ["WORDS", "Words", "words", "NOUNS"]
