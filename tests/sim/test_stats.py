"""Each game's per-game statistics: what they report matches what happened at the table.

The positions are built with scenarios and chance is forced, as in the rule tests; the
statistics are then read from the state, as the simulator reads them from a finished game.
"""

from __future__ import annotations

import random

import pytest
from zoo_helpers import all_of, zoo
from zoo_helpers import play as zoo_play
from zum_helpers import no_voodoo, zum
from zum_helpers import play as zum_play

import alaka
from alaka.bots.random_bot import RandomBot
from alaka.core.registry import entry
from alaka.core.stats import StatColumn, check_statistics
from alaka.sim.runs import game_statistics


def zum_stats(state: alaka.State) -> dict[str, object]:
    return game_statistics(state.game).statistics(state)


@pytest.mark.parametrize("name", alaka.games())
def test_every_game_reports_exactly_its_declared_statistics(name: str) -> None:
    """Whatever happens in a game, each declared column gets a value of its type, and nothing
    undeclared is reported (a results file needs the same columns in every row)."""
    g = alaka.game(name)
    stats = game_statistics(g)
    for n in g.player_counts:
        for seed in range(3):
            final = alaka.play(g.new_initial_state(n), [RandomBot()] * n, seed=seed)
            check_statistics(stats.COLUMNS, stats.statistics(final), n)
            basics = stats.basics(final)
            assert 0 <= basics.first_player < n
            assert basics.truncated is False
            # A game that declares no statistics (the test suite's own) has no turn count.
            assert basics.turns > 0 or entry(name).statistics is None


def test_statistics_that_disagree_with_their_declaration_are_refused() -> None:
    columns = (StatColumn("traps", int, "traps"), StatColumn("board", str, "boards", per_seat=True))
    assert check_statistics(columns, {"traps": 2, "board": ("Griffin", "Kraken")}, 2)
    for values, wrong in [
        ({"traps": 2}, "missing ['board']"),
        ({"traps": 2, "board": ("Griffin", "Kraken"), "x": 1}, "undeclared ['x']"),
        ({"traps": True, "board": ("Griffin", "Kraken")}, "'traps' should be int"),
        ({"traps": 2, "board": ("Griffin",)}, "'board' should be per-seat str"),
    ]:
        with pytest.raises(ValueError, match=wrong.replace("[", r"\[").replace("]", r"\]")):
            check_statistics(columns, values, 2)


# -- Alakazum! -----------------------------------------------------------------------------------


def conjurer(team: list[object], hand: list[str]) -> alaka.State:
    return zum(
        {
            "seats": [{"team": team, "hand": hand}, {"team": ["Olentzero"], "hand": ["Txapela"]}],
            "phase": "conjure",
        }
    )


def test_a_won_alakazum_gives_the_enemy_its_points_the_culture_and_the_total() -> None:
    """Conjure, R21: 9 CAT points (Montserrat C 5, Sant Jordi B 2, Barretina 2) beat Fast Food's 8;
    the statistics name the enemy, its 8 points, the culture and the total of 9."""
    s = conjurer([{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "B"}], ["Barretina"])
    zum_play(s, "conjure:CAT")
    no_voodoo(s)
    zum_play(s, "reveal:3", "enemy:fast_food")
    assert s.is_terminal()
    stats = zum_stats(s)
    assert stats["enemy_beaten"] == "fast_food"
    assert stats["enemy_points"] == 8
    assert stats["winning_culture"] == "CAT"
    assert stats["winning_total"] == 9
    assert (stats["conjures"], stats["failed_conjures"]) == (1, 0)
    assert stats["deck_exhausted"] is False


def test_a_failed_alakazum_is_counted_and_its_sacrifice_is_a_character_lost() -> None:
    """Conjure, R21: 10 CAT points do not beat Santa Claus's 13; the failure costs a character."""
    s = conjurer([{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}], [])
    zum_play(s, "conjure:CAT")
    no_voodoo(s)
    zum_play(s, "reveal:2", "enemy:santa_claus", "sacrifice:sant_jordi")
    stats = zum_stats(s)
    assert (stats["conjures"], stats["failed_conjures"]) == (1, 1)
    assert stats["characters_lost"] == 1
    assert stats["enemy_beaten"] == "" and stats["winning_total"] == 0


TRAPS_ON_TOP = [
    "Black Friday's Discount",
    "Black Friday's Discount",
    "Halloween's Trick or Treat",
    "Halloween's Trick or Treat",
    "Santa Claus' Present",
    "Santa Claus' Present",
]


def test_a_forest_deck_that_runs_out_is_deck_exhaustion_and_its_traps_are_counted() -> None:
    """Reading R3: the last forest card drawn, the next draw ends the game with no winner; the six
    traps on top of the deck were each suffered once (two of each kind)."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Vicentica", "level": "A"}], "hand": ["Voodoo doll"]},
                {"team": [{"card": "Sant Jordi", "level": "C"}], "hand": ["Voodoo doll"]},
            ],
            "deck_top": TRAPS_ON_TOP,
            "deck": [],  # the rest of the forest deck is used up
            "phase": "start",
        }
    )
    for _ in range(6):  # lone characters with at most one card draw the six traps
        if s.is_chance_node():  # Santa Claus' die
            zum_play(s, "die:1")
        zum_play(s, "no-action", "end-turn")
    assert s.is_terminal() and s.outcome().winners == ()
    stats = zum_stats(s)
    assert stats["deck_exhausted"] is True
    assert (stats["traps_black_friday"], stats["traps_halloween"], stats["traps_santa_claus"]) == (2, 2, 2)


def test_no_face_down_enemy_left_is_not_deck_exhaustion() -> None:
    """Conjure, R21: failing against the last face-down enemy ends the game without a winner,
    but the forest deck did not run out."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}]},
                {"team": ["Olentzero"]},
            ],
            "enemies": [
                {"name": "Fast Food", "revealed": True},
                {"name": "Halloween", "revealed": True},
                {"name": "Black Friday", "revealed": True},
                {"name": "Saint Valentine", "revealed": True},
                None,
            ],
            "phase": "conjure",
        }
    )
    zum_play(s, "conjure:CAT")
    no_voodoo(s)
    zum_play(s, "reveal:5", "enemy:santa_claus", "sacrifice:sant_jordi")
    assert s.is_terminal() and s.outcome().winners == ()
    stats = zum_stats(s)
    assert stats["deck_exhausted"] is False
    assert stats["failed_conjures"] == 1


def test_spells_are_counted_by_kind() -> None:
    """Magic, R12: Training cast (paid by Moura's own energy) counts once as training, nothing else."""
    s = zum({"seats": [{"team": ["Moura"]}, {"team": ["Olentzero"]}]})
    zum_play(s, "spell:training", "train:moura")  # R22: the target is named before the window
    no_voodoo(s)
    stats = zum_stats(s)
    assert stats["spells_training"] == 1
    assert sum(v for k, v in stats.items() if k.startswith("spells_")) == 1


def test_a_voodoo_doll_played_is_counted() -> None:
    """Voodoo dolls, R22: the doll that cancels an announced action counts once."""
    s = zum(
        {
            "seats": [
                {"team": ["Olentzero", "Moura"], "hand": ["Combat potion +1"]},
                {"team": ["Penitente"], "hand": ["Voodoo doll"]},
            ]
        }
    )
    zum_play(s, "market", "voodoo")
    assert zum_stats(s)["voodoo_dolls"] == 1


def test_forest_and_player_combats_are_told_apart_with_who_won() -> None:
    """Forest combat, R6: Sant Jordi at C (3) beats Castanyera (1) and hypnotises her (a 6 beats
    any resistance); then a fight with another player's character, which the attacker loses."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Sant Jordi", "level": "C"}]},
                {"team": [{"card": "Montserrat", "level": "C"}, "Moura"]},
            ],
            "deck_top": ["Castanyera"],
            "phase": "start",
        }
    )
    zum_play(s, "fighter:sant_jordi")
    fight_out(s, die=6)
    stats = zum_stats(s)
    assert (stats["forest_combats"], stats["forest_combats_won"], stats["forest_hypnotised"]) == (1, 1, 1)
    assert stats["player_combats"] == 0
    zum_play(s, "fight:montserrat")
    no_voodoo(s)
    zum_play(s, "fighter:sant_jordi")  # Sant Jordi, now alone (C: 3), against Montserrat (C: 4)
    fight_out(s, die=1)
    stats = zum_stats(s)
    assert (stats["player_combats"], stats["player_combats_won"]) == (1, 0)
    assert stats["characters_hypnotised"] == 0


def fight_out(s: alaka.State, die: int) -> None:
    """Play a combat to its end: every die shows ``die``, nobody plays a potion."""
    while True:
        if s.is_chance_node():
            zum_play(s, f"die:{die}")
        elif "pass" in {a.name for a in s.legal_actions()}:
            zum_play(s, "pass")
        elif any(a.name.startswith("no-helper") for a in s.legal_actions()):
            zum_play(s, "no-helper")
        else:
            return


def test_the_basics_are_the_starting_player_and_the_turns() -> None:
    g = alaka.game("alakazum")
    final = alaka.play(g.new_initial_state(4), [RandomBot()] * 4, seed=11)
    basics = game_statistics(g).basics(final)
    assert basics.first_player == final.view(None)["start_player"]
    assert basics.turns == final.view(None)["turn"]


# -- Alakazoo ------------------------------------------------------------------------------------


def test_the_boards_are_reported_by_their_creature_seat_by_seat() -> None:
    s = zoo({"boards": [1, 4]})
    assert game_statistics(s.game).statistics(s)["board"] == (
        s.view(None)["players"][0]["creature"],
        s.view(None)["players"][1]["creature"],
    )


def test_a_pass_counts_and_its_dark_power_is_dark_power_taken() -> None:
    """Gameplay, Z5: a player starting a turn with 3 Dark Power passes and returns them; the 3
    tokens still count as taken, with the 1 the other player holds."""
    s = zoo({"seats": [{"dark_power": 1}, {"dark_power": 3}], "turn_of": 0, "phase": "display"})
    zoo_play(s, "end")
    stats = game_statistics(s.game).statistics(s)
    assert stats["passes"] == 1
    assert stats["dark_power"] == 4


def test_a_display_earns_its_creature_point_and_first_of_a_type_point() -> None:
    """Displaying, Z8: the Griffin head on the Griffin board, the first head of the game: two points."""
    s = zoo(
        {
            "boards": [1, 2],
            "seats": [{"hand": ["Griffin head"], "runes": ["head/1", "head/2"]}, {}],
            "phase": "display",
            "first_displays": [],
        }
    )
    zoo_play(s, "display:griffin:head")
    stats = game_statistics(s.game).statistics(s)
    assert (stats["displays"], stats["creature_points"], stats["first_points"]) == (1, 1, 1)


def test_going_over_the_card_limit_is_counted_with_the_cards_discarded() -> None:
    """Action 2, Z2: a hand of 4 taking a column of 2 is 2 cards over; both are discarded."""
    s = zoo(
        {
            "seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head", "Kraken tail"]}, {}],
            "columns": [["Griffin body", "Kraken body"], [], [], []],
        }
    )
    zoo_play(s, "take:1", "discard:griffin:head", "discard:kraken:head")
    stats = game_statistics(s.game).statistics(s)
    assert (stats["over_limit"], stats["over_limit_discards"]) == (1, 2)


def test_the_fastest_point_and_the_final_lines_are_reported() -> None:
    """The End, Z10 and Z11: the Griffin board completed by the 9th element gives the fastest
    point; its rows and columns are all Griffin (6 lines) and it shows only its own creature."""
    s = zoo(
        {
            "players": 3,
            "boards": [1, 2, 3],
            "seats": [
                {
                    "elements": all_of("Griffin", ("tail",)),
                    "hand": ["Griffin tail"],
                    "runes": ["tail/1", "tail/2"],
                    "stored": 0,
                },
                {},
                {},
            ],
            "turn_of": 2,
            "first_player": 0,
            "phase": "display",
        }
    )
    # seat 3 ends its turn; seat 1 completes, then seats 2 and 3 play one more turn each.
    zoo_play(s, "end", "roll:1", "die:rainbow", "store")
    zoo_play(s, "display:griffin:tail", "end")
    for _ in range(2):
        zoo_play(s, "roll:1", "die:rainbow", "store", "end")
    assert s.is_terminal()
    stats = game_statistics(s.game).statistics(s)
    assert stats["completed"] is True and stats["fastest_won"] is True
    assert (stats["line_points"], stats["own_creature_points"]) == (6, 1)


def test_the_basics_are_the_first_player_and_the_turns() -> None:
    g = alaka.game("alakazoo")
    final = alaka.play(g.new_initial_state(3), [RandomBot()] * 3, seed=random.Random(5).randrange(99))
    basics = game_statistics(g).basics(final)
    assert basics.first_player == final.view(None)["first_player"]
    assert basics.turns == final.view(None)["turn"]
