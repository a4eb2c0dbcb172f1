"""Alakazoo rulebook, Displaying Fantastic Creature Elements (readings Z7 and Z8)."""

from __future__ import annotations

import pytest
from zoo_helpers import elements, hand, legal, play, runes, zoo

import alaka


def display_turn(p1=None, p2=None, **options):
    """Player 1 (Griffin board; player 2 has Kraken) has done an action and may display."""
    return zoo({"seats": [p1 or {}, p2 or {}], "phase": "display"}, **options)


def test_a_space_needs_both_runes_active():
    """Displaying, Z7: the space must have tokens on both of its runes."""
    s = display_turn({"hand": ["Griffin head"], "runes": ["head/1"]})
    assert legal(s) == {"end"}
    with pytest.raises(alaka.IllegalAction):
        s.apply("display:griffin:head")
    s = display_turn({"hand": ["Griffin head"], "runes": ["head/1", "head/2"]})
    assert legal(s) == {"display:griffin:head", "end"}


def test_the_two_tokens_go_back_to_the_pool():
    """Displaying, Z7: the two tokens of the space return to the common pool."""
    s = display_turn({"hand": ["Griffin head"], "runes": ["head/1", "head/2", "tail/1"]})
    pool = s.magic_pool
    play(s, "display:griffin:head")
    assert runes(s, 0) == {"tail/1"}
    assert s.magic_pool == pool + 2
    assert elements(s, 0) == {"head": "Griffin head"}
    assert hand(s, 0) == []


def test_any_creature_may_be_displayed_where_its_type_fits():
    """Displaying, Z7: an element of any creature goes on the space of its own type."""
    s = display_turn({"hand": ["Chimera tail"], "runes": ["tail/1", "tail/2"]})
    play(s, "display:chimera:tail")
    assert elements(s, 0) == {"tail": "Chimera tail"}


def test_an_element_goes_only_on_its_own_type():
    """Displaying: a head needs the head space; active runes on another space do not help."""
    s = display_turn({"hand": ["Griffin head", "Griffin tail"], "runes": ["tail/1", "tail/2"]})
    assert legal(s) == {"display:griffin:tail", "end"}
    with pytest.raises(alaka.IllegalAction):
        s.apply("display:griffin:head")
    assert hand(s, 0) == ["Griffin head", "Griffin tail"]


def test_an_occupied_space_takes_no_second_element():
    """Displaying, Z7: the space must be empty, even if its runes hold tokens."""
    s = display_turn(
        {"hand": ["Griffin head"], "elements": {"head": "Kraken head"}, "runes": ["head/1", "head/2"]},
        covered_runes=False,
    )
    assert legal(s) == {"end"}


def test_own_creature_scores_one_point():
    """Display points, Z8: +1 for an element of the creature shown on the player's own board."""
    s = display_turn(
        {"hand": ["Griffin head", "Chimera tail"], "runes": ["head/1", "head/2", "tail/1", "tail/2"]},
        {"elements": {"head": "Kraken head", "tail": "Unicorn tail"}},
    )
    play(s, "display:griffin:head")  # own creature, but heads were displayed before
    assert s.points == (1, 0)
    play(s, "display:chimera:tail")  # on no board in play, tails displayed before
    assert s.points == (1, 0)


def test_a_creature_on_another_players_board_scores_one_point():
    """Display points, Z8: "belongs to a Fantastic Creature shown on a Portal board": the
    Kraken of player 2's board scores for player 1 too."""
    s = display_turn(
        {"hand": ["Kraken tail"], "runes": ["tail/1", "tail/2"]},
        {"elements": {"tail": "Unicorn tail"}},
    )
    play(s, "display:kraken:tail")  # tails were displayed before: the creature point alone
    assert s.points == (1, 0)


def test_a_board_left_in_the_box_earns_no_creature_point():
    """Ruling Z8: only the boards in play count; with 4 players the Chimera's board (5) stays in
    the box, so a Chimera element scores no creature point though its cards are in the deck."""
    s = zoo(
        {
            "boards": [1, 2, 3, 4],
            "seats": [
                {"hand": ["Chimera tail"], "runes": ["tail/1", "tail/2"]},
                {"elements": {"tail": "Unicorn tail"}},
                {},
                {},
            ],
            "phase": "display",
        }
    )
    play(s, "display:chimera:tail")
    assert s.points == (0, 0, 0, 0)


def test_first_of_a_type_scores_one_point():
    """Display points, Z8: +1 to the first player in the game to display each element type."""
    s = display_turn(
        {"hand": ["Chimera head", "Chimera tail"], "runes": ["head/1", "head/2", "tail/1", "tail/2"]},
        {"elements": {"tail": "Kraken tail"}},
    )
    play(s, "display:chimera:head")  # the first head of the game
    assert s.points == (1, 0)
    play(s, "display:chimera:tail")  # player 2 showed a tail before
    assert s.points == (1, 0)
    assert s.view(None)["first_displays"] == ["head", "tail"]


def test_both_display_points_together():
    """Display points, Z8: an own-creature element of a new type scores 2."""
    s = display_turn({"hand": ["Griffin body"], "runes": ["body/1", "body/2"]})
    play(s, "display:griffin:body")
    assert s.points == (2, 0)


def test_the_first_of_a_type_point_goes_to_one_player_only():
    """Display points, Z8: once a type has been displayed, nobody else gets its first point."""
    s = display_turn(
        {"hand": ["Chimera body"], "runes": ["body/1", "body/2"]},
        {"hand": ["Unicorn body"], "runes": ["body/1", "body/2"]},
    )
    play(s, "display:chimera:body", "end", "roll:1", "die:rainbow", "store")
    play(s, "display:unicorn:body")
    assert s.points == (1, 0)


def test_any_number_of_elements_may_be_displayed_in_a_turn():
    """Displaying, Z7: after the action the player may display as many elements as they can."""
    active = ["head/1", "head/2", "body/1", "body/2", "tail/1", "tail/2"]
    s = display_turn({"hand": ["Griffin head", "Griffin body", "Griffin tail"], "runes": active, "stored": 0})
    play(s, "display:griffin:head", "display:griffin:body", "display:griffin:tail")
    assert elements(s, 0) == {"head": "Griffin head", "body": "Griffin body", "tail": "Griffin tail"}
    assert s.points == (6, 0)
    assert runes(s, 0) == set()


def test_displaying_may_be_put_off():
    """Displaying: the player may keep a displayable element for a later turn."""
    s = display_turn({"hand": ["Griffin head"], "runes": ["head/1", "head/2"]})
    play(s, "end")
    assert hand(s, 0) == ["Griffin head"]
    assert runes(s, 0) == {"head/1", "head/2"}
    assert s.points == (0, 0)
    assert s.current_player() == 1


def test_displays_come_after_the_action():
    """Displaying: elements are displayed after one of the three actions, not instead of it."""
    s = zoo({"seats": [{"hand": ["Griffin head"], "runes": ["head/1", "head/2"]}, {}]})
    assert not any(n.startswith("display:") for n in legal(s))
    with pytest.raises(alaka.IllegalAction):
        s.apply("display:griffin:head")
    play(s, "roll:1", "die:rainbow", "store")
    assert "display:griffin:head" in legal(s)


def test_a_display_completes_the_action_of_the_dice():
    """Displaying: tokens placed by this turn's dice can at once make a space displayable."""
    s = zoo({"seats": [{"hand": ["Griffin head"], "runes": ["head/1"]}, {}]})
    play(s, "roll:1", "die:blue", "place:blue:head/2")
    play(s, "display:griffin:head")
    assert elements(s, 0) == {"head": "Griffin head"}


def test_creature_point_for_the_own_board_only_with_the_option():
    """Ruling Z8, option creature_point=own_board: only the player's own creature scores."""
    p1 = {"hand": ["Kraken tail", "Griffin head"], "runes": ["tail/1", "tail/2", "head/1", "head/2"]}
    p2 = {"elements": {"tail": "Unicorn tail", "head": "Unicorn head"}}
    s = display_turn(p1, p2, creature_point="own_board")
    play(s, "display:kraken:tail")  # Kraken is on player 2's board, not player 1's
    assert s.points == (0, 0)
    play(s, "display:griffin:head")  # the own creature
    assert s.points == (1, 0)


def test_display_points_are_never_taken_back():
    """Ruling Z8: points earned by a display stay even when a swap takes the element away."""
    s = display_turn(
        {"hand": ["Griffin head"], "runes": ["head/1", "head/2"]},
        {"elements": {"tail": "Kraken tail"}, "hand": ["Kraken head"], "runes": ["head/1", "head/2"]},
    )
    play(s, "display:griffin:head", "end", "roll:1", "die:rainbow", "store", "display:kraken:head")
    assert s.points == (2, 1)
    play(s, "end", "roll:1", "die:rainbow", "store", "end")
    play(s, "helper", "helper-at:head", "swap-board:p1")
    assert elements(s, 1)["head"] == "Griffin head"
    assert s.points == (2, 1)
