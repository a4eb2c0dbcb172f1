"""Cost hints in the menu (issue 22): what a choice costs or brings, worked out by the game from
the position, and what the rules then do agrees with it."""

from __future__ import annotations

from typing import Any

from zoo_helpers import GAME, legal, play, zoo


def hint(state: Any, name: str) -> str | None:
    return GAME.hint(state, state.action_from_string(name))


def test_taking_a_column_over_the_hand_limit_says_what_it_costs() -> None:
    spec = {
        "seats": [{"hand": ["Griffin head", "Kraken tail", "Griffin tail"]}, {}],
        "columns": [["Chimera head", "Unicorn tail", "Griffin left ear"], ["Kraken head"], [], []],
        "turn_of": 0,
    }
    state = zoo(spec)
    assert hint(state, "take:1") == "over the hand limit of 4: +1 Dark Power"
    assert hint(state, "take:2") == "hand 3 -> 4"
    play(state, "take:1")
    assert state.dark[0] == 1  # the rulebook's one token however far over, as the hint said
    per_card = zoo(spec, limit_penalty="one_per_excess")
    assert hint(per_card, "take:1") == "2 over the hand limit of 4: +2 Dark Power"


def test_a_display_says_what_it_scores() -> None:
    state = zoo(
        {
            "seats": [
                {"hand": ["Griffin head", "Kraken tail"], "runes": ["head/1", "head/2", "tail/1", "tail/2"]},
                {},
            ],
            "first_displays": ["tail"],
            "turn_of": 0,
            "phase": "display",
        }
    )
    assert hint(state, "display:griffin:head") == "+2 points: its creature is on a board, first head"
    assert hint(state, "display:kraken:tail") == "+1 point: its creature is on a board"
    before = state.points[0]
    play(state, "display:griffin:head")
    assert state.points[0] == before + 2


def test_dark_power_that_makes_three_warns_of_the_pass() -> None:
    state = zoo(
        {"seats": [{"dark_power": 2}, {}], "turn_of": 0, "phase": "resolve", "dice": ["red"], "options": {}}
    )
    names = {a.name for a in state.legal_actions()}
    red = next(name for name in names if name.startswith("place:red:"))
    assert hint(state, red) is None
    full = zoo(
        {
            "seats": [{"dark_power": 2, "runes": ["left-ear/1", "right-hand/1", "tail/1"]}, {}],
            "turn_of": 0,
            "phase": "resolve",
            "dice": ["red"],
        }
    )
    assert legal(full) == {"dark:red"}  # board 1's three red runes hold tokens
    assert hint(full, "dark:red") == "+1 Dark Power: 3, you pass your next turn"
    play(full, "dark:red")
    assert full.dark[0] == 3


def test_special_rule_2_says_what_it_gives_and_costs() -> None:
    state = zoo(
        {
            "seats": [
                {"hand": ["Griffin head"], "elements": {"body": "Griffin body"}, "stored": 1},
                {"hand": ["Kraken tail", "Kraken head"]},
            ],
            "columns": [["Chimera head"], [], [], []],
            "turn_of": 0,
        }
    )
    play(state, "helper", "helper-at:body")
    assert hint(state, "give:griffin:head") == (
        "then a random card of another hand (+1 Dark Power) or any card of the columns"
    )
    play(state, "give:griffin:head")
    assert hint(state, "exchange:p2") == "a random one of Player 2's 2 cards; +1 Dark Power"


def test_a_rune_that_readies_a_space_names_the_card_waiting_for_it() -> None:
    state = zoo(
        {
            "seats": [{"hand": ["Griffin head"], "runes": ["head/1"]}, {}],
            "turn_of": 0,
            "phase": "resolve",
            "dice": ["rainbow"],
        }
    )
    assert (
        hint(state, "place:rainbow:head/2") == "readies the head space for an element; you hold Griffin head"
    )
    assert hint(state, "place:rainbow:tail/2") is None
