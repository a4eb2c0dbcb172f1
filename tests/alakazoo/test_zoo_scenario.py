"""Scenario specs that describe impossible positions fail with a clear ScenarioError."""

from __future__ import annotations

import pytest
from zoo_helpers import GAME, TYPES, elements, hand, zoo

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
    assert s.box == (2, 3)  # by default the first creatures not on a board go back: Phoenix, Basilisk


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


def test_first_displays_must_keep_the_types_already_displayed():
    """Scenarios, Z8: a type on a board has had its first display; 'first_displays' cannot drop it."""
    spec = {"seats": [{"elements": {"tail": "Kraken tail"}}, {}], "first_displays": ["head"]}
    assert error_of(spec) == (
        "first_displays: a tail is displayed on a board, so its first-display point is gone: list 'tail' too"
    )
    s = zoo({**spec, "first_displays": ["head", "tail"]})
    assert s.view(None)["first_displays"] == ["head", "tail"]


def test_a_complete_board_needs_end_triggered_by():
    """Scenarios, Z10: a complete board means the last round is on; the spec must say who began it."""
    board = {t: f"Griffin {t}" for t in TYPES}
    message = error_of({"seats": [{}, {"elements": board}]})
    assert message.startswith("end_triggered_by: seats[1] has a complete board, so the last round is on")
    s = zoo({"seats": [{}, {"elements": board}], "end_triggered_by": 1, "first_player": 1, "turn_of": 0})
    assert s.end_by == 1


def test_no_token_on_a_rune_under_a_displayed_element():
    """Scenarios, Z4: covered runes take no tokens, so a spec cannot put one there."""
    spec = {"seats": [{"elements": {"head": "Kraken head"}, "runes": ["tail/1", "head/2"]}, {}]}
    assert error_of(spec) == (
        "seats[0].runes[1]: 'head/2' is under the displayed Kraken head, "
        "and covered runes take no tokens (option covered_runes)"
    )
    uncovered = zoo({**spec, "options": {"covered_runes": False}})
    assert uncovered.runes[0].bit_count() == 2


@pytest.mark.parametrize(
    ("first_player", "end_by", "turn_of", "phase"),
    [
        (0, 1, 0, "action"),  # the round is over: the first player would start again
        (0, 2, 1, "action"),  # seat 1 played before seat 2 completed, and its turn will not return
        (1, 0, 1, "display"),  # the first player again, though a later seat completed
        (0, 1, 1, "action"),  # the completing seat can only be displaying, in that same turn
    ],
)
def test_the_seat_to_play_must_still_have_a_turn_in_the_last_round(first_player, end_by, turn_of, phase):
    """Scenarios, Z10: after a board is complete, play goes on only to the seat before the first
    player; a spec whose seat to play would not get that turn is refused."""
    board = {t: f"Kraken {t}" for t in TYPES}
    seats = [{}, {}, {}]
    seats[end_by] = {"elements": board}
    spec = {
        "players": 3,
        "boards": [1, 2, 3],
        "seats": seats,
        "end_triggered_by": end_by,
        "first_player": first_player,
        "turn_of": turn_of,
        "phase": phase,
    }
    assert error_of(spec).startswith("turn_of: ")


@pytest.mark.parametrize(
    ("first_player", "end_by", "turn_of", "phase"),
    [
        (0, 1, 2, "action"),
        (0, 1, 1, "display"),
        (0, 0, 1, "action"),
        (2, 0, 1, "action"),
        (1, 2, 0, "resolve"),
    ],
)
def test_the_last_round_positions_that_can_happen_are_built(first_player, end_by, turn_of, phase):
    """Guards the test above: the seats still to play in the last round are accepted."""
    board = {t: f"Kraken {t}" for t in TYPES}
    seats = [{}, {}, {}]
    seats[end_by] = {"elements": board}
    spec = {
        "players": 3,
        "boards": [1, 2, 3],
        "seats": seats,
        "end_triggered_by": end_by,
        "first_player": first_player,
        "turn_of": turn_of,
        "phase": phase,
    }
    if phase == "resolve":
        spec["dice"] = ["rainbow"]
    assert zoo(spec).player == turn_of


def test_a_phase_that_is_not_a_name_is_refused():
    """Scenarios: a phase given as a list (not a name) gets the same clear error as a misspelt one."""
    expected = "phase: must be one of action, resolve, display, not ['display']"
    assert error_of({"phase": ["display"]}) == expected


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
