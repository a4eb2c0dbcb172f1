"""Alakazoo rulebook, Preparation for the Game (steps 1-6), readings Z1 and Z12."""

from __future__ import annotations

import pytest
from zoo_helpers import GAME, column, hand, legal, play

import alaka


def chosen(num_players: int, *boards: int):
    """A new game where the players chose these portal boards (step 1)."""
    s = GAME.new_initial_state(num_players)
    for board in boards:
        s.apply(f"board:{board}")
    return s


def creatures_in_deck(s) -> set[str]:
    return {s.c.creatures[card // 9] for card in s.deck}


def test_set_contents_go_to_the_common_pools():
    """Set Contents, Preparation 5: 30 Magic Power and 12 Dark Power tokens, 3 dice, 6 boards."""
    s = GAME.new_initial_state(4)
    assert s.magic_pool + sum(s.stored) == 30
    assert s.dark_pool == 12
    assert s.dark == [0, 0, 0, 0]
    assert s.points == (0, 0, 0, 0)
    assert len(s.opts.dice) == 3
    assert len(s.c.boards) == 6


def test_each_player_chooses_a_different_portal_board():
    """Preparation 1: every player chooses a portal board; a board already chosen is taken."""
    s = GAME.new_initial_state(3)
    assert legal(s) == {f"board:{b}" for b in range(1, 7)}
    s.apply("board:4")
    assert s.board == (3, -1, -1)
    assert "board:4" not in legal(s)
    assert len(legal(s)) == 5
    with pytest.raises(alaka.IllegalAction):
        s.apply("board:4")


def test_four_players_use_all_54_cards():
    """Preparation 2: with 4 players every creature card is in the deck (54)."""
    s = chosen(4, 1, 2, 3, 4)
    assert s.box == ()
    assert len(s.deck) == 54
    assert not any(a.name.startswith("remove:") for a in s.legal_actions())


def test_three_players_put_one_creature_back_in_the_box():
    """Preparation 2: with 3 players one creature's 9 cards go back in the box (45 left)."""
    s = chosen(3, 1, 2, 3)
    assert legal(s) == {"remove:basilisk", "remove:chimera", "remove:unicorn"}
    s.apply("remove:chimera")
    assert len(s.deck) == 45
    assert creatures_in_deck(s) == {"Griffin", "Kraken", "Phoenix", "Basilisk", "Unicorn"}


def test_two_players_put_two_creatures_back_in_the_box():
    """Preparation 2: with 2 players two creatures go back in the box (36 cards left)."""
    s = chosen(2, 5, 6)
    s.apply("remove:griffin")
    assert "remove:griffin" not in legal(s)  # the same creature cannot go back twice
    s.apply("remove:phoenix")
    assert len(s.deck) == 36
    assert creatures_in_deck(s) == {"Kraken", "Basilisk", "Chimera", "Unicorn"}


def test_a_creature_on_a_chosen_board_is_never_put_back():
    """Preparation 2: the creatures put back cannot be ones shown on a chosen portal board."""
    s = chosen(2, 1, 2)
    outcomes = {a.name for a, _ in s.chance_outcomes()}
    assert outcomes == {"remove:phoenix", "remove:basilisk", "remove:chimera", "remove:unicorn"}
    assert [p for _, p in s.chance_outcomes()] == [0.25] * 4
    for board_creature in ("griffin", "kraken"):
        with pytest.raises(alaka.IllegalAction):
            s.apply(f"remove:{board_creature}")
    assert s.box == ()


def test_four_cards_are_dealt_to_each_player():
    """Preparation 3: the shuffled deck deals 4 cards to each player, one at a time."""
    s = chosen(2, 1, 2)
    play(s, "remove:phoenix", "remove:basilisk")
    order = ["griffin:head", "kraken:head", "griffin:tail", "kraken:tail"]
    order += ["griffin:body", "kraken:body", "griffin:left-ear", "kraken:left-ear"]
    for key in order:
        s.apply(f"card:{key}")
    assert hand(s, 0) == ["Griffin head", "Griffin tail", "Griffin body", "Griffin left ear"]
    assert hand(s, 1) == ["Kraken head", "Kraken tail", "Kraken body", "Kraken left ear"]
    assert len(s.deck) == 36 - 8
    # The deal is face down: the other player does not see the cards.
    assert s.view(1)["players"][0]["hand"] is None
    assert s.view(1)["players"][0]["hand_size"] == 4


def test_eight_cards_make_four_columns_of_two():
    """Preparation 4: 4 cards make a row of 4 columns, then 4 more give each column a second."""
    s = chosen(4, 1, 2, 3, 4)
    for card in range(16):  # the hands: cards 0..15 in turn
        s.apply(f"card:{s.c.card_key(card)}")
    row1 = ["chimera:head", "chimera:tail", "chimera:body", "chimera:right-leg"]
    row2 = ["unicorn:head", "unicorn:tail", "unicorn:body", "unicorn:right-leg"]
    for key in row1 + row2:
        s.apply(f"card:{key}")
    assert column(s, 1) == ["Chimera head", "Unicorn head"]
    assert column(s, 2) == ["Chimera tail", "Unicorn tail"]
    assert column(s, 3) == ["Chimera body", "Unicorn body"]
    assert column(s, 4) == ["Chimera right leg", "Unicorn right leg"]
    assert len(s.deck) == 54 - 16 - 8
    assert s.discard == []
    assert [len(h) for h in s.hands] == [4, 4, 4, 4]
    assert s.view(None)["phase"] == "choose the first player"


def test_the_first_player_is_chosen_at_random_and_starts():
    """Preparation 6: one player is chosen to start; they take the dice and act first."""
    s = chosen(2, 1, 2)
    play(s, "remove:phoenix", "remove:basilisk")
    while s.view(None)["phase"] == "deal":
        s.apply(f"card:{s.c.card_key(s.deck[0])}")
    assert sorted((a.name, p) for a, p in s.chance_outcomes()) == [("first:p1", 0.5), ("first:p2", 0.5)]
    s.apply("first:p2")
    assert s.first_player == 1
    assert s.current_player() == 1
    assert "roll:1+2+3" in legal(s)


def test_starting_token_is_stored_on_the_wizard_card():
    """Preparation 1, ruling Z1: each player's one Magic Power token starts on the Wizard card."""
    s = GAME.new_initial_state(3)
    assert s.stored == (1, 1, 1)
    assert s.runes == [0, 0, 0]
    assert s.magic_pool == 30 - 3
    assert [p["stored"] for p in s.view(None)["players"]] == [1, 1, 1]


def test_starting_token_pays_for_action_3_on_the_first_turn():
    """Ruling Z1: the stored starting token lets a player use the Magic Helper at once."""
    s = chosen(2, 1, 2)
    play(s, "remove:phoenix", "remove:basilisk")
    while s.view(None)["phase"] == "deal":
        s.apply(f"card:{s.c.card_key(s.deck[0])}")
    s.apply("first:p1")
    assert "helper" in legal(s)
    play(s, "helper")
    assert s.stored == (0, 1)
    assert s.magic_pool == 30 - 2 + 1


def test_the_creatures_put_back_are_public():
    """Ruling Z12: the creatures put back in the box are public and every view shows them."""
    s = chosen(3, 1, 2, 3)
    s.apply("remove:unicorn")
    for seat in (0, 1, 2, None):
        assert s.view(seat)["box"] == ["Unicorn"]
    two = chosen(2, 1, 2)
    play(two, "remove:chimera", "remove:phoenix")
    assert two.view(None)["box"] == ["Chimera", "Phoenix"]
    assert two.view(1)["box"] == ["Chimera", "Phoenix"]
