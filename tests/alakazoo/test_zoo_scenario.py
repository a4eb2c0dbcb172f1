"""Scenario specs that describe impossible positions fail with a clear ScenarioError."""

from __future__ import annotations

import pytest
from zoo_helpers import GAME, elements, hand, zoo

import alaka


def error_of(spec) -> str:
    with pytest.raises(alaka.ScenarioError) as caught:
        zoo(spec)
    return str(caught.value)


def test_a_valid_scenario_places_every_card_once():
    """Scenarios: a valid spec builds the position it describes; unplaced cards form the deck."""
    s = zoo(
        {
            "seats": [
                {"hand": ["Griffin head"], "elements": {"tail": "Kraken tail"}},
                {"hand": ["Chimera body", "Unicorn left ear"]},
            ],
            "columns": [["Griffin body"], [], [], []],
        }
    )
    assert hand(s, 0) == ["Griffin head"]
    assert hand(s, 1) == ["Chimera body", "Unicorn left ear"]
    assert elements(s, 0) == {"tail": "Kraken tail"}
    assert len(s.deck) == 36 - 5
    assert s.box == [2, 3]  # by default the first creatures not on a board go back: Phoenix, Basilisk


def test_unknown_card_name():
    """Scenarios: a card name that does not exist is refused and the message names it."""
    message = error_of({"seats": [{"hand": ["Griffin nose"]}, {}]})
    assert "seats[0].hand[0]" in message
    assert "'Griffin nose' is not a card" in message


def test_card_placed_twice():
    """Scenarios: one card cannot be in two places; the message says where it already is."""
    message = error_of({"seats": [{"hand": ["Griffin head"]}, {"hand": ["Griffin head"]}]})
    assert message == "seats[1].hand: Griffin head is already at seats[0].hand"


def test_card_placed_twice_across_columns_and_board():
    """Scenarios: a card shown on a board cannot also lie in a column."""
    message = error_of(
        {"seats": [{"elements": {"head": "Kraken head"}}, {}], "columns": [["Kraken head"], [], [], []]}
    )
    assert "Kraken head is already at seats[0].elements" in message


def test_element_on_the_wrong_space():
    """Scenarios: an element must lie on the space of its own type."""
    message = error_of({"seats": [{"elements": {"head": "Griffin tail"}}, {}]})
    assert message == "seats[0].elements.head: Griffin tail is not a head"


def test_too_many_cards_in_hand():
    """Scenarios: a hand of more than 4 cards is refused."""
    five = ["Griffin head", "Griffin tail", "Griffin body", "Kraken head", "Kraken tail"]
    message = error_of({"seats": [{"hand": five}, {}]})
    assert message == "seats[0].hand: a player holds at most 4 cards"


def test_unknown_top_level_key():
    """Scenarios: a misspelt key is refused and the known keys are listed."""
    message = error_of({"colour": "red"})
    assert message.startswith("scenario: unknown key 'colour'; known keys:")
    assert "seats" in message and "columns" in message


def test_unknown_seat_key():
    """Scenarios: a misspelt key inside a seat is refused and the seat is named."""
    message = error_of({"seats": [{"coins": 3}, {}]})
    assert message.startswith("seats[0]: unknown key 'coins'")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"box": ["Griffin", "Chimera"]}, "box: Griffin is on a chosen board and cannot be put back"),
        ({"seats": [{"hand": ["Phoenix head"]}, {}]}, "belongs to a creature put back in the box"),
        ({"seats": [{"dark_power": 4}, {}]}, "seats[0].dark_power: expected a whole number from 0 to 3"),
        ({"seats": [{"helper": "head"}, {}]}, "the Helper stands on a space with an element"),
        ({"boards": [1, 1]}, "two players cannot share a portal board"),
        ({"seats": [{"runes": ["head/3"]}, {}]}, "'head/3' is not a rune"),
        ({"end_triggered_by": 1}, "end_triggered_by: that player's board is not complete"),
        ({"seats": [{"dark_power": 3}, {}]}, "a player with 3 Dark Power passes"),
    ],
)
def test_other_impossible_positions(spec, expected):
    """Scenarios: positions the rules cannot reach are refused with a message naming the fault."""
    assert expected in error_of(spec)


def test_too_many_tokens_for_one_player():
    """Scenarios: a player cannot start with more than 6 Magic Power tokens (Z2)."""
    runes = ["head/1", "head/2", "body/1", "body/2", "tail/1", "tail/2"]
    message = error_of({"seats": [{"runes": runes, "stored": 1}, {}]})
    assert message == "seats[0]: a player holds at most 6 Magic Power tokens"


def test_scenario_spec_is_recorded():
    """Scenarios: the spec goes into the record so the position replays exactly."""
    spec = {"boards": [1, 2], "seats": [{"hand": ["Griffin head"]}, {}]}
    s = GAME.scenario(spec)
    assert s.record()["scenario"] == spec
