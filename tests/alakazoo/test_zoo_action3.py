"""Alakazoo rulebook, 3 Action: the Magic Helper and its two special rules (reading Z9)."""

from __future__ import annotations

import pytest
from zoo_helpers import all_of, column, elements, hand, legal, play, zoo

import alaka


def position(**changes):
    """Player 1 (Griffin board) to act; both players have a head displayed."""
    p1 = {
        "elements": {"head": "Griffin head", "tail": "Kraken tail"},
        "hand": ["Chimera head", "Unicorn body"],
    }
    p2 = {"elements": {"head": "Kraken head"}, "hand": ["Griffin body", "Chimera tail"]}
    p1.update(changes.pop("p1", {}))
    p2.update(changes.pop("p2", {}))
    spec = {"seats": [p1, p2], "columns": [["Unicorn head", "Unicorn tail"], ["Chimera left ear"], [], []]}
    spec.update(changes)
    return zoo(spec)


def test_the_helper_costs_one_stored_token():
    """Action 3, Z9: using the Helper returns one Magic Power token from the Wizard card."""
    s = position(p1={"stored": 2})
    pool = s.magic_pool
    play(s, "helper")
    assert s.stored == (1, 1)
    assert s.magic_pool == pool + 1


def test_the_helper_needs_a_stored_token():
    """Action 3, Z9: without a token on the Wizard card (tokens on runes do not count) no Helper."""
    s = position(p1={"stored": 0, "runes": ["body/1", "body/2"]})
    assert "helper" not in legal(s)
    with pytest.raises(alaka.IllegalAction):
        s.apply("helper")
    assert s.stored == (0, 1)


def test_the_helper_goes_on_a_space_with_an_element_or_the_wizard_card():
    """Action 3: the Helper goes on one of the player's displayed elements or the Wizard card."""
    s = position()
    play(s, "helper")
    assert legal(s) == {"helper-at:head", "helper-at:tail", "helper-at:wizard"}
    with pytest.raises(alaka.IllegalAction):
        s.apply("helper-at:body")  # an empty space
    play(s, "helper-at:tail")
    assert s.view(None)["players"][0]["helper"] == "tail space"


def test_the_helper_stays_until_the_next_action_3():
    """Ruling Z9: the Helper stays where it was put until the player's next action 3."""
    s = position()
    play(s, "helper", "helper-at:tail", "skip", "end")
    play(s, "roll:1", "die:rainbow", "store", "end")
    assert s.view(None)["players"][0]["helper"] == "tail space"
    play(s, "roll:1", "die:rainbow", "store", "end", "roll:1", "die:rainbow", "store", "end")
    assert s.view(None)["players"][0]["helper"] == "tail space"
    play(s, "helper", "helper-at:wizard")
    assert s.view(None)["players"][0]["helper"] == "Wizard card"


def test_special_rules_are_optional():
    """Action 3: after placing the Helper the player may use no special rule at all."""
    s = position()
    play(s, "helper", "helper-at:head", "skip")
    assert elements(s, 0) == {"head": "Griffin head", "tail": "Kraken tail"}
    assert hand(s, 0) == ["Chimera head", "Unicorn body"]
    assert s.dark == [0, 0]
    assert s.view(0)["phase"] == "display elements"


def test_rule_1_swaps_with_another_board_for_one_dark_power():
    """Special rule 1: swap the element under the Helper with another board's; costs 1 Dark Power."""
    s = position()
    play(s, "helper", "helper-at:head", "swap-board:p2")
    assert elements(s, 0) == {"head": "Kraken head", "tail": "Kraken tail"}
    assert elements(s, 1) == {"head": "Griffin head"}
    assert s.dark == [1, 0]
    assert s.points == (0, 0)  # Z8: a swap is not a display


def test_the_helper_protects_nothing():
    """Ruling Z9: another player's Helper standing on an element does not shield it from a swap."""
    s = position(p2={"helper": "head"})
    assert s.view(None)["players"][1]["helper"] == "head space"
    play(s, "helper", "helper-at:head")
    assert "swap-board:p2" in legal(s)
    play(s, "swap-board:p2")
    assert elements(s, 1) == {"head": "Griffin head"}


def test_rule_1_needs_elements_of_the_same_type():
    """Special rule 1: only an element of the same type may be exchanged (here: a tail)."""
    s = position()
    play(s, "helper", "helper-at:tail")
    choices = legal(s)
    assert "swap-board:p2" not in choices  # player 2 has no tail
    assert not any(n.startswith("swap-hand:") for n in choices)  # no tail in hand
    with pytest.raises(alaka.IllegalAction):
        s.apply("swap-board:p2")
    s = position()
    play(s, "helper", "helper-at:head")
    assert {n for n in legal(s) if n.startswith("swap-")} == {"swap-board:p2", "swap-hand:chimera:head"}


def test_rule_1_swaps_with_the_own_hand_for_free():
    """Special rule 1: swap the element under the Helper with a hand card; free, scores nothing (Z8)."""
    s = position()
    play(s, "helper", "helper-at:head", "swap-hand:chimera:head")
    assert elements(s, 0) == {"head": "Chimera head", "tail": "Kraken tail"}
    assert sorted(hand(s, 0)) == ["Griffin head", "Unicorn body"]
    assert s.dark == [0, 0]
    assert s.points == (0, 0)


def test_a_swap_to_the_own_creature_scores_nothing():
    """Ruling Z8: putting the board's own creature on it by a swap earns no display point."""
    s = position(p1={"elements": {"head": "Chimera head"}, "hand": ["Griffin head"]})
    play(s, "helper", "helper-at:head", "swap-hand:griffin:head")
    assert elements(s, 0) == {"head": "Griffin head"}
    assert s.points == (0, 0)


def test_rule_1_is_not_possible_from_the_wizard_card():
    """Special rule 1 works only on the space under the Helper: from the Wizard card, no swaps."""
    s = position()
    play(s, "helper", "helper-at:wizard")
    assert not any(n.startswith("swap-") for n in legal(s))
    assert {"skip", "give:chimera:head", "give:unicorn:body"} == legal(s)


def test_rule_2_exchange_with_a_random_card_costs_one_dark_power():
    """Special rule 2: swap a hand card for a random card of another hand; costs 1 Dark Power."""
    s = position()
    play(s, "helper", "helper-at:wizard", "give:unicorn:body")
    assert legal(s) == {"exchange:p2", "take-card:unicorn:head", "take-card:unicorn:tail"} | {
        "take-card:chimera:left-ear"
    }
    play(s, "exchange:p2")
    assert s.is_chance_node()  # the card is taken at random
    assert sorted((a.name, p) for a, p in s.chance_outcomes()) == [
        ("card:chimera:tail", 0.5),
        ("card:griffin:body", 0.5),
    ]
    play(s, "card:chimera:tail")
    assert sorted(hand(s, 0)) == ["Chimera head", "Chimera tail"]
    assert sorted(hand(s, 1)) == ["Griffin body", "Unicorn body"]
    assert s.dark == [1, 0]


def test_rule_2_take_a_column_card_without_refill():
    """Special rule 2, Z9: discard a card, take any column card; no refill and no Dark Power."""
    s = position()
    deck = len(s.deck)
    play(s, "helper", "helper-at:head", "give:unicorn:body", "take-card:unicorn:tail")
    assert hand(s, 0) == ["Chimera head", "Unicorn tail"]
    assert s.view(None)["discard"] == ["Unicorn body"]
    assert column(s, 1) == ["Unicorn head"]
    assert column(s, 2) == ["Chimera left ear"]
    assert len(s.deck) == deck
    assert not s.is_chance_node()
    assert s.dark == [0, 0]
    assert s.view(0)["phase"] == "display elements"


def test_rule_2_needs_a_card_in_hand_and_a_target():
    """Special rule 2: it needs a hand card, and another player with cards or a column card."""
    s = position(p1={"hand": []})
    play(s, "helper", "helper-at:head")
    assert not any(n.startswith("give:") for n in legal(s))
    s = position(p2={"hand": []}, columns=[[], [], [], []])
    play(s, "helper", "helper-at:wizard")
    assert legal(s) == {"skip"}


def test_dark_power_from_a_swap_stops_at_three():
    """Action 3 and the Dark Power cap: a swap at 2 Dark Power brings the player to 3, not more."""
    s = position(p1={"dark_power": 2})
    play(s, "helper", "helper-at:head", "swap-board:p2")
    assert s.dark == [3, 0]


def complete_opponent():
    """Three players; player 2's board is complete (the end is on); player 1 is to act."""
    return zoo(
        {
            "players": 3,
            "boards": [1, 2, 3],
            "seats": [
                {"elements": {"head": "Griffin head"}, "hand": ["Griffin tail"]},
                {"elements": all_of("Kraken"), "hand": ["Phoenix tail"]},
                {"elements": {"head": "Phoenix head"}, "hand": ["Phoenix body"]},
            ],
            "first_player": 1,
            "end_triggered_by": 1,
            "turn_of": 0,
        }
    )


def test_a_complete_board_cannot_be_targeted_by_rule_1():
    """Action 3, Z9: the board of a player with all 9 elements cannot be swapped with."""
    s = complete_opponent()
    play(s, "helper", "helper-at:head")
    assert {n for n in legal(s) if n.startswith("swap-board:")} == {"swap-board:p3"}
    with pytest.raises(alaka.IllegalAction):
        s.apply("swap-board:p2")
    assert elements(s, 1)["head"] == "Kraken head"


def test_a_complete_board_protects_the_hand_from_rule_2():
    """Action 3, Z9: a player with all 9 elements cannot be picked for the random exchange."""
    s = complete_opponent()
    play(s, "helper", "helper-at:wizard", "give:griffin:tail")
    assert legal(s) == {"exchange:p3"}
    with pytest.raises(alaka.IllegalAction):
        s.apply("exchange:p2")
    assert hand(s, 1) == ["Phoenix tail"]


def test_a_swap_cannot_trigger_the_end():
    """Ruling Z10: a swap never fills a space, so a board of 8 stays at 8 and nothing ends."""
    s = zoo({"seats": [{"elements": all_of("Griffin", ("tail",)), "hand": ["Kraken head"]}, {}]})
    play(s, "helper", "helper-at:head", "swap-hand:kraken:head", "end")
    assert len(elements(s, 0)) == 8
    assert s.view(None)["end_triggered_by"] is None
    assert s.points == (0, 0)
