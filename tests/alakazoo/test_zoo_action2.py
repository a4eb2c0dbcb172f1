"""Alakazoo rulebook, 2 Action: take a column or discard and redraw (reading Z6)."""

from __future__ import annotations

import pytest
from zoo_helpers import all_of, cards, column, hand, legal, play, zoo

import alaka
from alaka.games.alakazoo.events import Reshuffled

COLUMNS = [
    ["Chimera head", "Chimera tail"],
    ["Chimera body"],
    ["Unicorn head", "Unicorn tail", "Unicorn body"],
    ["Unicorn left ear", "Unicorn right ear"],
]


def test_taking_a_column_takes_all_its_cards():
    """Action 2: the player takes into hand every card of the column they point at."""
    s = zoo({"seats": [{"hand": ["Griffin head"]}, {}], "columns": COLUMNS})
    play(s, "take:3")
    assert hand(s, 0) == ["Griffin head", "Unicorn head", "Unicorn tail", "Unicorn body"]
    assert column(s, 3) == []
    assert s.dark == [0, 0]  # 4 cards is within the limit


def test_columns_are_refilled_one_card_each_left_to_right():
    """Action 2: after a take, each column gets the deck's next card, from left to right."""
    s = zoo({"columns": COLUMNS})
    deck_before = len(s.deck)
    play(s, "take:2")
    for key, name, k in (
        ("griffin:head", "Griffin head", 1),
        ("griffin:tail", "Griffin tail", 2),
        ("kraken:head", "Kraken head", 3),
    ):
        assert s.view(None)["phase"] == "refill the columns"
        play(s, f"card:{key}")
        assert column(s, k)[-1] == name  # the card went to the next column in order
    play(s, "card:kraken:tail")
    assert column(s, 1) == ["Chimera head", "Chimera tail", "Griffin head"]
    assert column(s, 2) == ["Griffin tail"]
    assert column(s, 3) == ["Unicorn head", "Unicorn tail", "Unicorn body", "Kraken head"]
    assert column(s, 4) == ["Unicorn left ear", "Unicorn right ear", "Kraken tail"]
    assert len(s.deck) == deck_before - 4
    assert s.view(None)["phase"] == "display elements"


def test_an_empty_column_cannot_be_taken():
    """Action 2: the player points at a column with cards; an empty one offers nothing."""
    s = zoo({"columns": [["Chimera head"], [], ["Chimera tail"], []]})
    assert {n for n in legal(s) if n.startswith("take:")} == {"take:1", "take:3"}
    with pytest.raises(alaka.IllegalAction):
        s.apply("take:2")


def test_a_column_that_would_get_a_fifth_card_is_discarded_first():
    """Action 2: a column of 4 is put on the discard pile before its new card is added."""
    full = ["Unicorn head", "Unicorn tail", "Unicorn body", "Unicorn left ear"]
    s = zoo({"columns": [["Chimera head"], full, ["Chimera tail"], ["Chimera body"]]})
    play(s, "take:1", "card:griffin:head")
    # Column 2's turn: its 4 cards are discarded first, then its new card comes.
    assert column(s, 2) == []
    assert cards(s, s.discard) == full
    assert s.is_chance_node()
    play(s, "card:griffin:tail")
    assert column(s, 2) == ["Griffin tail"]
    assert cards(s, s.discard) == full
    # The discard pile lies face up: everyone sees it.
    assert s.view(None)["discard"] == full
    play(s, "card:kraken:head", "card:kraken:tail")
    assert column(s, 3) == ["Chimera tail", "Kraken head"]
    assert column(s, 4) == ["Chimera body", "Kraken tail"]


def test_a_column_of_three_is_not_discarded():
    """Action 2: only a column already holding 4 cards is discarded; 3 cards become 4."""
    three = ["Unicorn head", "Unicorn tail", "Unicorn body"]
    s = zoo({"columns": [["Chimera head"], three, [], []]})
    play(s, "take:1", "card:griffin:head", "card:griffin:tail")
    assert column(s, 2) == [*three, "Griffin tail"]
    assert s.discard == []


def test_discard_and_draw_as_many():
    """Action 2, ruling Z6: discard cards face up and draw exactly as many from the deck."""
    s = zoo({"seats": [{"hand": ["Griffin head", "Kraken tail", "Griffin body"]}, {}], "columns": COLUMNS})
    play(s, "redraw", "discard:kraken:tail", "discard:griffin:body", "stop")
    assert cards(s, s.discard) == ["Kraken tail", "Griffin body"]
    assert s.view(None)["discard"] == ["Kraken tail", "Griffin body"]
    play(s, "card:unicorn:right-leg")
    assert s.is_chance_node()  # a second draw is due
    play(s, "card:griffin:tail")
    assert hand(s, 0) == ["Griffin head", "Unicorn right leg", "Griffin tail"]
    assert [column(s, k) for k in (1, 2, 3, 4)] == COLUMNS  # the columns are not refilled
    assert s.view(None)["phase"] == "display elements"


def test_redraw_needs_at_least_one_discard():
    """Action 2, ruling Z6: the redraw discards one or more cards; a hand card is needed."""
    s = zoo({"seats": [{"hand": ["Griffin head"]}, {}]})
    play(s, "redraw")
    assert legal(s) == {"discard:griffin:head"}  # no "stop" before a card is discarded
    play(s, "discard:griffin:head")
    assert legal(s) == {"stop"}
    empty = zoo()
    assert "redraw" not in legal(empty)


def test_an_empty_deck_takes_the_shuffled_discard_pile():
    """Ruling Z6: when the deck is empty, the discard pile is shuffled into a new deck."""
    # Only one card is left in the deck; every card not placed lies on the discard pile.
    s = zoo({"columns": [["Chimera head"], ["Chimera tail"], [], []], "deck": ["Griffin head"]})
    assert len(s.discard) == 36 - 3
    play(s, "take:1", "card:griffin:head")
    assert column(s, 1) == ["Griffin head"]
    # The deck ran out: the 33 discarded cards became the new deck for column 2.
    assert s.discard == []
    assert len(s.deck) == 33
    assert any(isinstance(e, Reshuffled) and e.count == 33 for e in s.log)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 33
    assert outcomes[0][1] == pytest.approx(1 / 33)
    play(s, "card:unicorn:head", "card:unicorn:tail", "card:unicorn:body")
    assert column(s, 2) == ["Chimera tail", "Unicorn head"]
    assert len(s.deck) == 30


def _every_card_placed():
    """Four players, no deck and no discard pile: every card is on a board, in hand or a column."""
    boards = {
        "seats": [
            {
                "elements": all_of("Griffin", ("tail",)),
                "hand": ["Griffin tail", "Kraken tail", "Phoenix tail"],
            },
            {
                "elements": all_of("Kraken", ("tail",)),
                "hand": ["Basilisk tail", "Chimera head", "Chimera tail", "Chimera body"],
            },
            {
                "elements": all_of("Phoenix", ("tail",)),
                "hand": ["Chimera left ear", "Chimera right ear", "Chimera left hand", "Chimera right hand"],
            },
            {
                "elements": all_of("Basilisk", ("tail",)),
                "hand": ["Chimera left leg", "Chimera right leg", "Unicorn head", "Unicorn tail"],
            },
        ],
        "columns": [
            ["Unicorn left ear", "Unicorn right ear"],
            ["Unicorn left hand", "Unicorn body"],
            ["Unicorn right hand", "Unicorn left leg"],
            ["Unicorn right leg"],
        ],
        "deck": [],
        "discard": [],
    }
    return zoo({"players": 4, "boards": [1, 2, 3, 4], **boards})


def test_refills_are_skipped_when_deck_and_discard_pile_are_empty():
    """Ruling Z6: with no deck and no discard pile, the refills that cannot happen are skipped."""
    s = _every_card_placed()
    play(s, "take:4")
    assert hand(s, 0) == ["Griffin tail", "Kraken tail", "Phoenix tail", "Unicorn right leg"]
    assert not s.is_chance_node()
    assert s.view(None)["phase"] == "display elements"
    assert [len(c) for c in s.columns] == [2, 2, 2, 0]


def test_a_redraw_with_an_empty_deck_reshuffles_the_cards_just_discarded():
    """Ruling Z6: a redraw from an empty deck reshuffles the pile holding the cards just discarded."""
    s = _every_card_placed()
    play(s, "redraw", "discard:kraken:tail", "stop")
    assert [a.name for a, _ in s.chance_outcomes()] == ["card:kraken:tail"]
    play(s, "card:kraken:tail")
    assert hand(s, 0) == ["Griffin tail", "Phoenix tail", "Kraken tail"]
    assert s.discard == [] and s.deck == []
