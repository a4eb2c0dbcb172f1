"""Alakazum! rulebook, Setup: final enemies by player count, the market pile, the opening deal
with its exchanges, the starting player (reading R23) and the initial characters."""

from __future__ import annotations

import pytest
from zum_helpers import GAME, box, chance, graveyard, hand, key, legal, market, phase, play, team, zum

import alaka

INITIAL_CHARACTERS = {"senyor_pirotecnic", "tio_de_nadal", "moura", "olentzero", "penitente"}


@pytest.mark.parametrize(
    ("players", "enemies", "valentine_in_box"), [(2, 5, False), (3, 4, True), (4, 4, True), (5, 5, False)]
)
def test_final_enemies_by_player_count(players, enemies, valentine_in_box):
    """Setup: five final cards face down, but Saint Valentine is removed with 3 or 4 players."""
    s = GAME.new_initial_state(players)
    assert len(s.enemy_at) == enemies
    assert all(pid < 0 for pid in s.enemy_at)  # nobody knows which is which
    assert ("saint_valentine" in box(s)) is valentine_in_box
    assert [e["revealed"] for e in s.view(0)["enemies"]] == [False] * enemies


@pytest.mark.parametrize(("players", "total", "won"), [(2, 9, False), (2, 10, True), (5, 8, True)])
def test_saint_valentine_is_worth_9_with_two_players_and_7_with_five(players, total, won):
    """Rules for 2 and 5 players: Saint Valentine has 9 culture points with 2 players (9 fails, 10
    wins) and 7 with 5 (the minimum Alakazum of 8 beats it)."""
    # Montserrat C (CAT 5) + amulets of 1 make the total.
    amulets = ["Multicolour amulet"] * (total - 5)
    seats = [{"team": [{"card": "Montserrat", "level": "C"}], "hand": amulets}]
    seats += [{"team": [name]} for name in ["Moura", "Olentzero", "Penitente", "Tió de Nadal"][: players - 1]]
    s = zum({"seats": seats, "phase": "conjure"})
    play(s, "conjure:CAT")
    for _ in range(players - 1):
        play(s, "no-voodoo")
    play(s, "reveal:1", "enemy:saint_valentine")
    assert s.view(None)["enemies"][0]["culture_points"] == (9 if players == 2 else 7)
    assert (s.outcome() is not None and s.outcome().winners == (0,)) is won


def test_saint_valentine_cannot_be_placed_with_three_players():
    """Setup: with 3 or 4 players Saint Valentine is out of the game, so a position cannot use it."""
    with pytest.raises(alaka.ScenarioError, match="not used with 3 players"):
        zum(
            {
                "seats": [{"team": ["Moura"]}, {"team": ["Olentzero"]}, {"team": ["Penitente"]}],
                "enemies": ["Saint Valentine", None, None, None],
            }
        )


def test_the_market_pile_starts_with_the_four_initial_hand_cards_face_up():
    """Setup: the 4 initial hand cards form the face-up market pile (catalogue order, top first)."""
    s = GAME.new_initial_state(3)
    assert market(s) == ["magic_hat_1", "combat_potion_1", "die_potion_1", "double_potion"]
    assert s.view(None)["market"] == ["Magic hat 1", "Combat potion +1", "Die potion +1", "Double potion"]


def test_the_five_initial_characters_are_displayed_face_up():
    """Setup: the 5 initial characters wait face up in a row for the players to choose."""
    s = GAME.new_initial_state(2)
    assert {c["card"] for c in s.view(None)["initial_row"]} == INITIAL_CHARACTERS
    assert s.view(None)["deck_size"] == 90


def test_the_opening_deal_gives_three_forest_cards_each_one_at_a_time():
    """Setup, R29: 3 face-down forest cards are dealt to each player, one at a time in seat order
    (here all hand cards, so nobody swaps)."""
    s = GAME.new_initial_state(2)
    deal = ["magic_hat_1", "broom", "steal_potion", "magic_hat_2", "double_potion", "barretina"]
    for card in deal[:-1]:
        play(s, f"draw:{card}")
        assert phase(s) == "the opening deal"
    play(s, f"draw:{deal[-1]}")
    assert hand(s, 0) == sorted(deal[0::2])
    assert hand(s, 1) == sorted(deal[1::2])
    assert s.exchanges == (0, 0)
    assert s.view(None)["deck_size"] == 84
    assert s.view(1)["players"][0]["hand"] is None  # dealt face down


def test_non_hand_cards_are_exchanged_until_everyone_holds_three_hand_cards():
    """Setup, R29: a player swaps every card that is not a hand card for a new one, again and
    again; the swapped cards are set aside and go back into the deck once everyone is done."""
    s = GAME.new_initial_state(2)
    # Player 1: hat, potion, broom. Player 2: Castanyera, hat, Santa's trap.
    play(s, "draw:magic_hat_1", "draw:castanyera", "draw:combat_potion_2", "draw:magic_hat_2")
    play(s, "draw:broom", "draw:santa_claus_present")
    assert phase(s) == "the opening deal"  # Player 2 swaps two cards
    assert s.exchanges == (0, 2)
    play(s, "draw:maruxa")  # a character again: swapped again
    play(s, "draw:steal_potion")
    assert phase(s) == "the opening deal"
    play(s, "draw:die_potion_2")
    assert s.exchanges == (0, 3)
    assert hand(s, 1) == ["die_potion_2", "magic_hat_2", "steal_potion"]
    assert all(s.L.is_hand[p] for p in s.hands[0] + s.hands[1])
    assert s.view(None)["deck_size"] == 90 - 6  # the swapped cards are back in the deck
    assert {key(s, p) for p in s.deck} >= {"castanyera", "maruxa", "santa_claus_present#1"}


def test_the_player_who_exchanged_most_starts():
    """Setup: whoever exchanged the most cards is the starting player and chooses first."""
    s = GAME.new_initial_state(3)
    play(s, "draw:magic_hat_1", "draw:castanyera", "draw:broom")  # P2 1 non-hand card
    play(s, "draw:magic_hat_1", "draw:maruxa", "draw:nano")  # P2 2, P3 1
    play(s, "draw:broom", "draw:magic_hat_2", "draw:magic_hat_2")
    play(s, "draw:steal_potion", "draw:double_potion", "draw:die_potion_1")
    assert s.exchanges == (0, 2, 1)
    assert phase(s) == "choose an initial character"
    assert s.current_player() == 1
    assert s.start_player == 1


def test_a_tie_for_most_exchanges_is_broken_by_chance():
    """Reading R23: players tied on the most exchanges draw lots, each with an equal chance."""
    s = GAME.new_initial_state(3)
    play(s, "draw:castanyera", "draw:magic_hat_1", "draw:maruxa")  # P1 and P3 one each
    play(s, "draw:broom", "draw:magic_hat_1", "draw:magic_hat_2")
    play(s, "draw:magic_hat_2", "draw:steal_potion", "draw:double_potion")
    play(s, "draw:die_potion_1", "draw:die_potion_2")
    assert s.exchanges == (1, 0, 1)
    assert chance(s) == {"first:p1", "first:p3"}
    assert sorted(p for _, p in s.chance_outcomes()) == [0.5, 0.5]
    play(s, "first:p3")
    assert s.current_player() == 2
    assert phase(s) == "choose an initial character"


def test_when_nobody_exchanges_everyone_is_tied():
    """Reading R23: no exchanges at all is a tie of every player."""
    s = GAME.new_initial_state(2)
    play(
        s,
        *(
            f"draw:{c}"
            for c in ["magic_hat_1", "broom", "steal_potion", "magic_hat_2", "double_potion", "barretina"]
        ),
    )
    assert chance(s) == {"first:p1", "first:p2"}


def test_initial_characters_are_chosen_clockwise_and_the_rest_go_to_the_graveyard():
    """Setup: the starting player chooses first, then the player to their left, and so on; the
    characters nobody chose go to the forest graveyard at level A; then the starting player plays."""
    s = GAME.new_initial_state(3)
    play(s, "draw:magic_hat_1", "draw:castanyera", "draw:broom")
    play(s, "draw:magic_hat_1", "draw:magic_hat_2", "draw:magic_hat_2")
    play(s, "draw:broom", "draw:steal_potion", "draw:double_potion")
    play(s, "draw:die_potion_1")
    assert s.start_player == 1
    assert s.current_player() == 1
    play(s, "choose:moura")
    assert s.current_player() == 2
    assert "choose:moura" not in legal(s)
    play(s, "choose:olentzero")
    assert s.current_player() == 0
    play(s, "choose:penitente")
    assert [team(s, q) for q in range(3)] == [["penitente"], ["moura"], ["olentzero"]]
    assert set(graveyard(s)) == {"senyor_pirotecnic", "tio_de_nadal"}
    assert all(g["level"] == "A" for g in s.view(None)["graveyard"])
    assert s.view(None)["initial_row"] == []
    assert s.player == 1  # the starting player's turn: exploring with one character
    assert phase(s) == "explore the forest"
    assert s.draws_left == 1
