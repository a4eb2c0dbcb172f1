"""Alakazoo rulebook, 1 Action: roll the spell dice (readings Z3 and Z4).

Board 1 (Griffin) has its red runes on left-ear/1, right-hand/1 and tail/1, its green runes on
head/1, right-hand/2 and left-leg/1. Die 1 has no green face, die 2 no red one, die 3 both.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest
from zoo_helpers import legal, play, runes, zoo

import alaka

RED_RUNES = {"left-ear/1", "right-hand/1", "tail/1"}
GREEN_RUNES = {"head/1", "right-hand/2", "left-leg/1"}


def test_one_to_three_dice_may_be_chosen():
    """Action 1: the player takes 1, 2 or 3 spell dice, any of them, and rolls them."""
    s = zoo()
    rolls = {n for n in legal(s) if n.startswith("roll:")}
    assert rolls == {"roll:1", "roll:2", "roll:3", "roll:1+2", "roll:1+3", "roll:2+3", "roll:1+2+3"}
    play(s, "roll:2")
    assert s.is_chance_node()
    assert {a.name for a, _ in s.chance_outcomes()} == {
        "die:rainbow",
        "die:yellow",
        "die:green",
        "die:grey",
        "die:brown",
    }
    play(s, "die:green")
    assert s.pending == [5]  # one die rolled, one result: green


def test_all_chosen_dice_are_rolled_before_any_is_resolved():
    """Action 1, ruling Z3: the chosen dice are rolled together; resolving starts after all."""
    s = zoo()
    play(s, "roll:1+2+3", "die:red")
    assert s.is_chance_node()  # no placing yet: the other dice are still rolling
    assert runes(s, 0) == set()
    play(s, "die:green")
    assert s.is_chance_node()
    play(s, "die:rainbow")
    assert not s.is_chance_node()
    assert s.view(0)["dice_results"] == ["red", "green", "rainbow"]


def test_the_player_chooses_the_order_of_the_results():
    """Action 1: the results are resolved one by one in the order the player chooses."""
    s = zoo()
    play(s, "roll:1+2+3", "die:red", "die:green", "die:rainbow")
    choices = legal(s)
    # Every result may go first.
    assert "place:red:tail/1" in choices
    assert "place:green:head/1" in choices
    assert "store" in choices
    play(s, "place:rainbow:body/1")  # the last die first
    assert s.view(0)["dice_results"] == ["red", "green"]
    play(s, "place:green:head/1", "place:red:tail/1")
    assert runes(s, 0) == {"body/1", "head/1", "tail/1"}
    assert s.view(0)["phase"] == "display elements"


def test_rainbow_goes_on_any_free_rune():
    """Action 1, ruling Z3: a rainbow's token may go on any rune without a token."""
    s = zoo({"seats": [{"runes": ["head/1", "tail/2"]}, {}]})
    play(s, "roll:1", "die:rainbow")
    places = {n.removeprefix("place:rainbow:") for n in legal(s) if n.startswith("place:")}
    assert len(places) == 18 - 2
    assert "head/1" not in places and "tail/2" not in places
    assert {"head/2", "left-ear/1", "right-leg/2"} <= places
    play(s, "place:rainbow:right-leg/2")
    assert runes(s, 0) == {"head/1", "tail/2", "right-leg/2"}
    assert s.magic_pool == 30 - 4 - 1  # taken from the common pool


def test_rainbow_cannot_go_on_an_occupied_rune():
    """Action 1: a rune that already holds a Magic Power token cannot take another."""
    s = zoo({"seats": [{"runes": ["head/1"]}, {}]})
    play(s, "roll:1", "die:rainbow")
    with pytest.raises(alaka.IllegalAction):
        s.apply("place:rainbow:head/1")
    assert runes(s, 0) == {"head/1"}
    assert s.pending == [6]


def test_rainbow_may_be_stored_on_the_wizard_card():
    """Action 1, ruling Z3: a rainbow's token may instead be put next to the Wizard card."""
    s = zoo()
    play(s, "roll:1", "die:rainbow", "store")
    assert s.stored == (2, 1)
    assert runes(s, 0) == set()
    assert s.magic_pool == 30 - 3


def test_a_colour_goes_on_a_free_rune_of_that_colour():
    """Action 1, ruling Z3: a colour must go on a free rune of the same colour."""
    s = zoo({"seats": [{"runes": ["tail/1"]}, {}]})
    play(s, "roll:1", "die:red")
    assert legal(s) == {"place:red:left-ear/1", "place:red:right-hand/1"}
    for wrong in ("place:red:head/1", "place:rainbow:head/1", "store", "dark:red", "place:red:tail/1"):
        with pytest.raises(alaka.IllegalAction):
            s.apply(wrong)
    play(s, "place:red:right-hand/1")
    assert runes(s, 0) == {"tail/1", "right-hand/1"}


def test_a_colour_with_every_rune_taken_gives_dark_power():
    """Action 1, ruling Z3: when all runes of the colour hold tokens the player takes Dark Power."""
    s = zoo({"seats": [{"runes": sorted(RED_RUNES)}, {}]})
    play(s, "roll:1", "die:red")
    assert legal(s) == {"dark:red"}
    play(s, "dark:red")
    assert s.dark == [1, 0]
    assert s.dark_pool == 11
    assert runes(s, 0) == RED_RUNES
    assert s.magic_pool == 30 - 5  # 3 runes and 2 stored tokens: no token was taken


def test_a_colour_missing_from_the_board_gives_dark_power(tmp_path):
    """Action 1, ruling Z3: a colour that is not on the board at all gives Dark Power."""
    data = json.loads(
        resources.files("alaka.games.alakazoo").joinpath("data", "components.json").read_text("utf-8")
    )
    board = data["boards"][0]["spaces"]
    board[0], board[5], board[7] = ["green", "yellow"], ["blue", "green"], ["grey", "brown"]
    variant = tmp_path / "no-red.json"
    variant.write_text(json.dumps(data), "utf-8")
    s = zoo(components=str(variant))
    play(s, "roll:1", "die:red")
    assert legal(s) == {"dark:red"}
    play(s, "dark:red")
    assert s.dark == [1, 0]
    assert runes(s, 0) == set()


def test_dark_power_is_capped_at_three():
    """Action 1: a player never has more than 3 Dark Power; a fourth is simply not taken."""
    s = zoo({"seats": [{"runes": sorted(RED_RUNES), "dark_power": 2}, {}]})
    play(s, "roll:1+3", "die:red", "die:red", "dark:red")
    assert s.dark == [3, 0]
    assert legal(s) == {"dark:red"}
    play(s, "dark:red")
    assert s.dark == [3, 0]
    assert s.dark_pool == 12 - 3


def test_two_equal_colours_fill_two_runes_then_dark_power():
    """Action 1, ruling Z3: each result is resolved in turn, so a second red finds one rune fewer."""
    s = zoo({"seats": [{"runes": ["left-ear/1", "right-hand/1"]}, {}]})
    play(s, "roll:1+3", "die:red", "die:red")
    assert legal(s) == {"place:red:tail/1"}
    play(s, "place:red:tail/1")
    assert legal(s) == {"dark:red"}
    play(s, "dark:red")
    assert runes(s, 0) == RED_RUNES
    assert s.dark == [1, 0]


def test_covered_runes_take_no_tokens():
    """Ruling Z4: the runes under a displayed element are covered and take no tokens."""
    s = zoo({"seats": [{"elements": {"head": "Kraken head"}}, {}]})
    play(s, "roll:2+3", "die:green", "die:rainbow")
    choices = legal(s)
    assert "place:green:head/1" not in choices
    assert {"place:green:right-hand/2", "place:green:left-leg/1"} <= choices
    assert "place:rainbow:head/1" not in choices and "place:rainbow:head/2" not in choices
    assert len([n for n in choices if n.startswith("place:rainbow:")]) == 16


def test_covered_runes_count_as_not_free_for_dark_power():
    """Ruling Z3/Z4: if the only free rune of a colour is covered, the player takes Dark Power."""
    s = zoo({"seats": [{"elements": {"head": "Kraken head"}, "runes": ["right-hand/2", "left-leg/1"]}, {}]})
    play(s, "roll:2", "die:green")
    assert legal(s) == {"dark:green"}
    play(s, "dark:green")
    assert s.dark == [1, 0]


def test_covered_runes_take_tokens_with_the_option():
    """Ruling Z4, option covered_runes=false: runes under an element still take tokens."""
    s = zoo(
        {"seats": [{"elements": {"head": "Kraken head"}, "runes": ["right-hand/2", "left-leg/1"]}, {}]},
        covered_runes=False,
    )
    play(s, "roll:2", "die:green")
    assert legal(s) == {"place:green:head/1"}
    play(s, "place:green:head/1")
    assert runes(s, 0) == {"right-hand/2", "left-leg/1", "head/1"}
    assert s.dark == [0, 0]


def test_a_die_shows_only_its_own_faces():
    """Action 1: a forced result must be a face of the rolled die (die 1 has no green)."""
    s = zoo()
    play(s, "roll:1")
    with pytest.raises(alaka.IllegalAction):
        s.apply("die:green")
    assert dict((a.name, p) for a, p in s.chance_outcomes())["die:rainbow"] == pytest.approx(2 / 6)
