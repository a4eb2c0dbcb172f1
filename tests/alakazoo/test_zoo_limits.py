"""Alakazoo rulebook, the notes of 2 Action: at most 6 Magic Power tokens and 4 cards (Z2)."""

from __future__ import annotations

import pytest
from zoo_helpers import hand, legal, play, runes, zoo

import alaka

FIVE_RUNES = ["head/1", "head/2", "body/1", "body/2", "tail/1"]
BIG_COLUMN = [["Chimera head", "Chimera tail", "Chimera body"], ["Unicorn head"], [], []]


def test_six_tokens_is_within_the_limit():
    """Limits: a player may hold 6 Magic Power tokens without penalty."""
    s = zoo({"seats": [{"runes": FIVE_RUNES[:4], "stored": 1}, {}]})
    play(s, "roll:1", "die:rainbow", "store")
    assert s.stored[0] == 2
    assert s.dark == [0, 0]
    assert s.view(0)["phase"] == "display elements"


def test_a_seventh_token_costs_a_token_and_one_dark_power():
    """Limits, Z2: over 6 tokens the player returns the excess, their choice, and takes 1 Dark Power."""
    s = zoo({"seats": [{"runes": FIVE_RUNES, "stored": 1}, {}]})
    play(s, "roll:1", "die:rainbow", "place:rainbow:left-ear/1")
    assert s.dark == [1, 0]
    assert s.view(0)["over_limit"] == 1
    assert legal(s) == {f"return:{r}" for r in [*FIVE_RUNES, "left-ear/1"]} | {"return:wizard"}
    play(s, "return:body/2")  # the player chooses which one
    assert runes(s, 0) == {"head/1", "head/2", "body/1", "tail/1", "left-ear/1"}
    assert s.stored[0] == 1
    assert s.magic_pool == 30 - 6 - 1
    assert s.view(0)["phase"] == "display elements"


def test_the_token_limit_counts_runes_and_the_wizard_card():
    """Ruling Z2: the 6 tokens counted are those on runes plus those stored on the Wizard card."""
    s = zoo({"seats": [{"runes": ["head/1", "head/2"], "stored": 4}, {}]})
    play(s, "roll:1", "die:rainbow", "store")
    assert s.dark == [1, 0]
    play(s, "return:wizard")
    assert s.stored[0] == 4
    assert runes(s, 0) == {"head/1", "head/2"}


def test_the_token_limit_is_per_player():
    """Ruling Z2: another player's tokens do not count towards my limit."""
    s = zoo({"seats": [{"runes": FIVE_RUNES[:4], "stored": 1}, {"runes": FIVE_RUNES, "stored": 1}]})
    play(s, "roll:1", "die:rainbow", "store")
    assert s.dark == [0, 0]
    assert s.stored == (2, 1)


def test_the_token_limit_is_checked_after_each_die():
    """Ruling Z2: the limit is checked after each single die; each die that breaks it is a new
    breach and costs 1 Dark Power."""
    s = zoo({"seats": [{"runes": FIVE_RUNES, "stored": 1}, {}]})
    play(s, "roll:1+2", "die:rainbow", "die:rainbow", "store")
    assert s.dark == [1, 0]
    play(s, "return:wizard")
    assert s.view(0)["phase"] == "resolve the dice"  # the second die is still to come
    play(s, "store")
    assert s.dark == [2, 0]
    play(s, "return:head/1")
    assert s.stored[0] == 2
    assert runes(s, 0) == {"head/2", "body/1", "body/2", "tail/1"}


def test_tokens_at_the_end_of_the_action_with_the_option():
    """Ruling Z2, option limit_check=end_of_action: one check after all dice, 1 Dark Power in all."""
    s = zoo({"seats": [{"runes": FIVE_RUNES, "stored": 1}, {}]}, limit_check="end_of_action")
    play(s, "roll:1+2", "die:rainbow", "die:rainbow", "store")
    assert s.dark == [0, 0]
    assert s.view(0)["phase"] == "resolve the dice"
    play(s, "store")
    assert s.dark == [1, 0]
    assert s.view(0)["over_limit"] == 2
    play(s, "return:wizard", "return:wizard")
    assert s.stored[0] == 1
    assert s.dark == [1, 0]
    assert s.view(0)["phase"] == "display elements"


def test_end_of_action_with_one_per_excess():
    """Ruling Z2, both options: checked once after all dice, one Dark Power per token over."""
    s = zoo(
        {"seats": [{"runes": FIVE_RUNES, "stored": 1}, {}]},
        limit_check="end_of_action",
        limit_penalty="one_per_excess",
    )
    play(s, "roll:1+2", "die:rainbow", "die:rainbow", "store", "store")
    assert s.dark == [2, 0]
    assert s.view(0)["over_limit"] == 2


def test_four_cards_is_within_the_limit():
    """Limits: a player may hold 4 cards without penalty."""
    s = zoo({"seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head"]}, {}], "columns": BIG_COLUMN})
    play(s, "take:2")
    assert len(s.hands[0]) == 4
    assert s.dark == [0, 0]
    assert s.view(0)["phase"] == "refill the columns"


def test_a_fifth_card_costs_a_card_and_one_dark_power():
    """Limits, Z2: over 4 cards the player discards the excess, their choice, and takes 1 Dark Power."""
    hand4 = ["Griffin head", "Griffin tail", "Kraken head", "Kraken tail"]
    s = zoo({"seats": [{"hand": hand4}, {}], "columns": BIG_COLUMN})
    play(s, "take:2")
    assert s.dark == [1, 0]
    assert legal(s) == {"discard:griffin:head", "discard:griffin:tail", "discard:kraken:head"} | {
        "discard:kraken:tail",
        "discard:unicorn:head",
    }
    play(s, "discard:kraken:head")
    assert hand(s, 0) == ["Griffin head", "Griffin tail", "Kraken tail", "Unicorn head"]
    assert s.view(None)["discard"] == ["Kraken head"]  # face up on the discard pile
    assert s.view(0)["phase"] == "refill the columns"


def test_one_dark_power_however_many_cards_over_the_limit():
    """Limits, Z2: "discard the excess cards ... Next the player receives 1 Dark Power token":
    a column that puts the hand at 6 costs two discards and one Dark Power token."""
    s = zoo({"seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head"]}, {}], "columns": BIG_COLUMN})
    play(s, "take:1")
    assert len(s.hands[0]) == 6
    assert s.dark == [1, 0]
    assert s.view(0)["over_limit"] == 2
    play(s, "discard:griffin:head")
    assert s.view(0)["phase"] == "discard cards over the limit"
    play(s, "discard:chimera:body")
    assert hand(s, 0) == ["Griffin tail", "Kraken head", "Chimera head", "Chimera tail"]
    assert s.dark == [1, 0]
    assert s.view(0)["phase"] == "refill the columns"


def test_one_dark_power_per_card_over_with_the_option():
    """Ruling Z2, option limit_penalty=one_per_excess: each card over 4 costs a Dark Power token."""
    s = zoo(
        {"seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head"]}, {}], "columns": BIG_COLUMN},
        limit_penalty="one_per_excess",
    )
    play(s, "take:1")
    assert s.dark == [2, 0]
    play(s, "discard:griffin:head", "discard:chimera:body")
    assert s.dark == [2, 0]
    assert s.view(0)["phase"] == "refill the columns"


def test_penalty_dark_power_stops_at_three():
    """Limits: the penalty Dark Power also never takes a player past 3."""
    s = zoo(
        {"seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head"], "dark_power": 2}, {}]}
        | {"columns": BIG_COLUMN},
        limit_penalty="one_per_excess",
    )
    play(s, "take:1")
    assert s.dark == [3, 0]
    assert s.dark_pool == 12 - 3
    assert s.view(0)["over_limit"] == 2


def test_cards_at_the_end_of_the_action_with_the_option():
    """Ruling Z2, option limit_check=end_of_action: cards are checked after the refill, 1 Dark Power."""
    s = zoo(
        {"seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head"]}, {}], "columns": BIG_COLUMN},
        limit_check="end_of_action",
    )
    play(s, "take:1")
    assert s.dark == [0, 0]
    assert s.view(0)["phase"] == "refill the columns"
    play(s, "card:griffin:body", "card:griffin:left-ear", "card:griffin:right-ear", "card:griffin:left-hand")
    assert s.dark == [1, 0]
    assert s.view(0)["over_limit"] == 2
    play(s, "discard:chimera:head", "discard:chimera:tail")
    assert s.dark == [1, 0]
    assert s.view(0)["phase"] == "display elements"


def test_the_excess_cannot_be_skipped():
    """Limits: until the excess is gone the player can do nothing else (no display, no end)."""
    s = zoo({"seats": [{"runes": FIVE_RUNES, "stored": 1, "hand": ["Griffin head"]}, {}]})
    play(s, "roll:1", "die:rainbow", "store")
    for other in ("end", "display:griffin:head"):
        with pytest.raises(alaka.IllegalAction):
            s.apply(other)
    assert s.stored[0] == 2
