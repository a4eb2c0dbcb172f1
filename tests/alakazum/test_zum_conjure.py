"""Alakazum! rulebook, Conjure an Alakazum! and the end of the game: the 8-point requirement, what
counts, winning with strictly more, failing, revealed enemies, and no enemy left (readings R21,
R26-R28)."""

from __future__ import annotations

import json
import random
from importlib import resources

from zum_helpers import graveyard, hand, legal, no_voodoo, phase, play, team, zum


def spec_of(team_, hand_=(), enemies=None, other=None):
    spec = {
        "seats": [
            {"team": list(team_), "hand": list(hand_)},
            other or {"team": ["Olentzero"], "hand": ["Txapela"]},
        ],
        "phase": "conjure",
    }
    if enemies is not None:
        spec["enemies"] = enemies
    return spec


def conjurer(team_, hand_=(), enemies=None, other=None):
    return zum(spec_of(team_, hand_, enemies, other))


def conjure(state, culture, position, enemy=None):
    play(state, f"conjure:{culture}")
    no_voodoo(state)
    play(state, f"reveal:{position}")
    if enemy is not None:
        play(state, f"enemy:{enemy}")
    return state


def test_conjuring_needs_eight_points_of_one_culture():
    """Conjure, R21: the Alakazum needs at least 8 points of one culture; 7 is not enough, and
    only the cultures that reach 8 are offered (Montserrat C 5 + Sant Jordi A 0 + Barretina 2)."""
    s = conjurer([{"card": "Montserrat", "level": "C"}, "Sant Jordi"], ["Barretina"])
    assert legal(s) == {"end-turn"}
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "A"}],
        ["Barretina", "Multicolour amulet"],
    )
    assert legal(s) == {"conjure:CAT", "end-turn"}


def test_what_counts_towards_an_alakazum():
    """Culture objects, R21: characters of the culture at their levels, multicolour characters, an
    object of that culture (+2) and each amulet (+1) count; another culture's object does not."""
    s = conjurer(
        [{"card": "Castanyera", "level": "C"}, {"card": "Gato Negro", "level": "B"}, "Moura"],
        ["Barretina", "Multicolour amulet", "Multicolour amulet", "Peineta"],
    )
    # Castanyera C 3 + Gato Negro B 2 + Barretina 2 + 2 amulets = 9; Moura (GAL) and Peineta (AND) no.
    play(s, "conjure:CAT")
    assert s.conjure_total == 9
    assert "conjure:AND" not in legal(conjurer(["Moura"], ["Peineta"]))


def test_multicolour_points_count_for_any_culture():
    """Character cards, R21: a multicolour character adds its points to whichever culture is
    conjured (Gato Negro C 2 + Kattalin C 4 EUS + Txapela 2 = 8 EUS)."""
    s = conjurer(
        [{"card": "Gato Negro", "level": "C"}, {"card": "Kattalin", "level": "C"}],
        ["Txapela"],
        other={"team": ["Olentzero"]},
    )
    assert "conjure:EUS" in legal(s)


def test_more_points_than_the_enemy_wins_the_game_at_once():
    """Conjure, R21: with more culture points than the uncovered enemy the player wins at once
    (9 CAT against Fast Food's 8)."""
    s = conjurer([{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "B"}], ["Barretina"])
    conjure(s, "CAT", 3, "fast_food")
    assert s.is_terminal()
    assert s.outcome().winners == (0,)
    assert s.returns() == (1.0, 0.0)


def test_a_tie_with_the_enemy_fails():
    """Conjure, R21: equal points are not enough (8 against Fast Food's 8)."""
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "B"}, "Moura"],
        ["Multicolour amulet"],
    )
    conjure(s, "CAT", 1, "fast_food")
    assert not s.is_terminal()
    assert phase(s) == "choose a character for the graveyard"


def test_a_failed_alakazum_costs_a_character_of_that_culture_or_a_multicolour_one():
    """Conjure, R21: after a failure one character that took part goes to the graveyard: one of the
    conjured culture or a multicolour one, not one on a broom nor one of another culture."""
    s = conjurer(
        [
            {"card": "Montserrat", "level": "C"},
            {"card": "Sant Jordi", "level": "C", "broom": True},
            "Bruja Viajera",
            "Moura",
        ]
    )
    conjure(s, "CAT", 2, "santa_claus")
    assert legal(s) == {"sacrifice:montserrat", "sacrifice:bruja_viajera"}
    play(s, "sacrifice:montserrat")
    assert team(s, 0) == ["sant_jordi", "bruja_viajera", "moura"]
    assert graveyard(s)[-1] == "montserrat"
    assert s.view(None)["graveyard"][-1]["level"] == "A"


def test_only_characters_counted_in_the_total_take_part():
    """Conjure, R21: "send one of the characters that took part": Sant Jordi at level A has no CAT
    points, so it added nothing to the announced 8 (Montserrat C 5 + Barretina 2 + amulet 1) and
    is not offered; Gato Negro A adds its multicolour point to a later total and is."""
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "A"}, "Moura"],
        ["Barretina", "Multicolour amulet"],
    )
    conjure(s, "CAT", 1, "fast_food")
    assert legal(s) == {"sacrifice:montserrat"}
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "A"}, "Gato Negro"],
        ["Barretina"],
    )
    conjure(s, "CAT", 1, "fast_food")
    assert legal(s) == {"sacrifice:montserrat", "sacrifice:gato_negro"}


def test_objects_and_amulets_count_only_where_the_player_has_a_character(tmp_path):
    """Culture objects, R21: objects and amulets "add 2 culture points to your characters of that
    culture", so they count only in a culture where the player has a character (a multicolour one
    is of every culture), and an Alakazum is never conjured on objects alone. The built-in box
    holds too few amulets to reach 8 that way, so a variant catalogue with nine is used."""
    data = json.loads(resources.files("alaka.games.alakazum").joinpath("data", "catalogue.json").read_text())
    next(row for row in data["cards"] if row["id"] == "multicolour_amulet")["copies"] = 9
    path = tmp_path / "nine-amulets.json"
    path.write_text(json.dumps(data), "utf-8")
    objects = ["Barretina", *["Multicolour amulet"] * 6]  # CAT 2 + 6 = 8, GAL 6
    alone = zum({**spec_of(["Moura"], objects), "options": {"catalogue": str(path)}})
    assert legal(alone) == {"end-turn"}  # CAT 0: no Catalan character; GAL Moura 1 + 6 = 7
    with_multicolour = zum({**spec_of(["Moura", "Gato Negro"], objects), "options": {"catalogue": str(path)}})
    assert legal(with_multicolour) == {"conjure:CAT", "conjure:GAL", "end-turn"}
    play(with_multicolour, "conjure:CAT")
    assert with_multicolour.conjure_total == 9  # Gato Negro A 1 + Barretina 2 + 6 amulets


def test_objects_without_a_character_of_their_culture_do_not_rank_a_player():
    """Reading R3 with R21: the ranking when nobody wins counts objects and amulets only where
    they add to a character (Player 2's Barretina adds nothing to a Basque team)."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}]},
                {"team": ["Olentzero"], "hand": ["Barretina", "Multicolour amulet", "Multicolour amulet"]},
            ],
            "enemies": [
                {"name": "Black Friday", "revealed": True},
                {"name": "Fast Food", "revealed": True},
                {"name": "Halloween", "revealed": True},
                {"name": "Saint Valentine", "revealed": True},
                None,
            ],
            "phase": "conjure",
        }
    )
    conjure(s, "CAT", 5, "santa_claus")  # 8 is not above 13
    play(s, "sacrifice:sant_jordi")
    assert s.outcome().scores == (5, 3)  # Player 2: EUS 1 + 2 amulets; CAT would have been 2 + 2
    assert s.outcome().ranking == ((0,), (1,))


def test_a_failed_alakazum_never_takes_the_last_character():
    """Character cards, R8: a lone character stays even after a failed Alakazum."""
    s = conjurer([{"card": "Montserrat", "level": "C"}], ["Barretina", "Multicolour amulet"])
    conjure(s, "CAT", 1, "halloween")
    assert team(s, 0) == ["montserrat"]
    assert s.player == 1 and phase(s) == "explore the forest"


def test_the_enemy_that_won_stays_uncovered_and_cannot_be_chosen_again():
    """Conjure, R21: the enemy that beat the player stays face up; the next Alakazum has one enemy
    fewer to choose from."""
    s = conjurer([{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}], ["Barretina"])
    conjure(s, "CAT", 2, "santa_claus")
    play(s, "sacrifice:sant_jordi")
    assert [e["revealed"] for e in s.view(1)["enemies"]] == [False, True, False, False, False]
    assert s.view(1)["enemies"][1]["name"] == "Santa Claus"
    s2 = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}],
        ["Barretina"],
        enemies=[None, {"name": "Santa Claus", "revealed": True}, None, None, None],
    )
    play(s2, "conjure:CAT")
    no_voodoo(s2)
    assert legal(s2) == {"reveal:1", "reveal:3", "reveal:4", "reveal:5"}


def test_the_enemy_is_drawn_when_uncovered_from_those_not_yet_placed():
    """Reading R26: a face-down enemy's identity is settled by chance when it is first looked at,
    among the enemies no one has seen at another place."""
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}],
        ["Barretina"],
        enemies=[
            {"name": "Black Friday", "seen_by": [1]},
            {"name": "Santa Claus", "revealed": True},
            None,
            None,
            None,
        ],
    )
    conjure(s, "CAT", 4)
    assert {a.name for a, _ in s.chance_outcomes()} == {
        "enemy:fast_food",
        "enemy:halloween",
        "enemy:saint_valentine",
    }
    play(s, "enemy:halloween")
    assert s.outcome().winners == (0,)  # 10 > 9


def test_culture_objects_stay_in_hand_after_a_failure():
    """Culture objects, R10, R28: they are shown, not spent; after a failed Alakazum they stay in
    hand and the other players know of them."""
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "A"}, "Moura"],
        ["Barretina", "Multicolour amulet", "Magic hat 1"],
    )
    conjure(s, "CAT", 5, "halloween")
    play(s, "sacrifice:montserrat")
    assert hand(s, 0) == ["barretina", "magic_hat_1", "multicolour_amulet"]
    for seed in range(6):  # Player 2's guesses about the hand keep the shown cards
        guess = hand(s.resample(1, random.Random(seed)), 0)
        assert "barretina" in guess and "multicolour_amulet" in guess


def test_conjuring_is_optional():
    """Conjure, R21: the phase is optional; ending the turn passes it to the next player."""
    s = conjurer([{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}])
    assert legal(s) == {"conjure:CAT", "end-turn"}
    play(s, "end-turn")
    assert s.player == 1


def test_no_face_down_enemy_left_ends_the_game_with_no_winner():
    """Conjure, R21: when the last face-down enemy beats a player the game ends; nobody wins and
    the players are ranked by their best culture total (objects in hand count)."""
    s = zum(
        {
            "seats": [
                {
                    "team": [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "C"}],
                    "hand": ["Barretina"],
                },
                {"team": ["Olentzero"], "hand": ["Txapela"]},
                {"team": [{"card": "Kattalin", "level": "C"}]},
            ],
            "enemies": [
                {"name": "Black Friday", "revealed": True},
                {"name": "Fast Food", "revealed": True},
                {"name": "Halloween", "revealed": True},
                None,
            ],
            "phase": "conjure",
        }
    )
    conjure(s, "CAT", 4, "santa_claus")  # 10 is not above 13
    play(s, "sacrifice:sant_jordi")
    assert s.is_terminal()
    result = s.outcome()
    assert result.winners == ()
    assert result.reason == "every final enemy is uncovered: the invading traditions win"
    assert result.scores == (7, 3, 4)  # Montserrat C 5 + Barretina; Olentzero 1 + Txapela; Kattalin C
    assert result.ranking == ((0,), (2,), (1,))


def test_every_hand_is_shown_when_the_game_ends():
    """Reading R27: at the end of the game every hand is shown to everyone, since the ranking
    counts objects and amulets in hand."""
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "B"}],
        ["Barretina", "Magic hat 1"],
    )
    assert s.view(1)["players"][0]["hand"] is None
    conjure(s, "CAT", 1, "black_friday")
    assert s.view(1)["players"][0]["hand"] == ["Barretina", "Magic hat 1"]
    assert s.view(None)["players"][1]["hand"] == ["Txapela"]


def test_the_announced_total_stays_true_in_every_guess_of_the_conjurer_hand():
    """Conjure, R21 with R10: the announced Alakazum names its total (objects in hand count), so
    while the others decide on a voodoo doll, a guess of the conjurer's hand holds the counted
    objects and no other card that would change the total."""
    s = conjurer(
        [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "A"}],
        ["Barretina", "Multicolour amulet", "Magic hat 1"],
    )
    play(s, "conjure:CAT")
    assert s.view(1)["announced"] == "Player 1 announces: conjure an Alakazum with 8 CAT points"
    for seed in range(40):
        guess = s.resample(1, random.Random(seed))
        assert guess.view(1) == s.view(1)
        assert {"barretina", "multicolour_amulet"} <= set(hand(guess, 0))
