"""Alakazoo rulebook, Gameplay: the turn order and the Dark Power pass (ruling Z5)."""

from __future__ import annotations

from zoo_helpers import hand, legal, play, runes, zoo

from alaka.games.alakazoo.events import Passed

THREE = [1, 2, 3]


def test_the_dice_pass_to_the_left_after_a_turn():
    """Gameplay: after the turn the dice go to the next player, who begins their turn."""
    s = zoo({"players": 3, "boards": THREE, "turn_of": 0, "phase": "display"})
    play(s, "end")
    assert s.current_player() == 1
    assert s.view(None)["phase"] == "choose an action"
    s = zoo({"players": 3, "boards": THREE, "turn_of": 2, "phase": "display"})
    play(s, "end")
    assert s.current_player() == 0  # after the last seat comes the first again


def test_a_turn_is_one_of_the_three_actions():
    """Gameplay: with fewer than 3 Dark Power the player chooses action 1, 2 or 3."""
    s = zoo(
        {
            "seats": [{"hand": ["Griffin head"], "dark_power": 2}, {}],
            "columns": [["Kraken head"], [], ["Kraken tail"], []],
        }
    )
    names = legal(s)
    assert {n for n in names if n.startswith("roll:")} == {
        "roll:1",
        "roll:2",
        "roll:3",
        "roll:1+2",
        "roll:1+3",
        "roll:2+3",
        "roll:1+2+3",
    }
    assert {n for n in names if n.startswith("take:")} == {"take:1", "take:3"}
    assert "redraw" in names
    assert "helper" in names
    assert len(names) == 7 + 2 + 2


def test_three_dark_power_passes_the_whole_turn():
    """Gameplay, ruling Z5: a player starting a turn with 3 Dark Power passes, doing nothing."""
    s = zoo(
        {
            "players": 3,
            "boards": THREE,
            "seats": [{}, {"dark_power": 3, "hand": ["Griffin head"], "runes": ["head/1"]}, {}],
            "turn_of": 0,
            "phase": "display",
        }
    )
    play(s, "end")
    # Player 2 passed: the turn went straight on to player 3.
    assert s.current_player() == 2
    assert s.view(None)["phase"] == "choose an action"
    assert hand(s, 1) == ["Griffin head"]
    assert runes(s, 1) == {"head/1"}
    assert s.stored[1] == 1
    assert Passed(actor=1, private=0, returned=3) in s.log


def test_dark_power_returns_to_the_pool_after_the_pass():
    """Ruling Z5: after passing, the player's 3 Dark Power tokens go back to the pool."""
    s = zoo(
        {
            "players": 3,
            "boards": THREE,
            "seats": [{}, {"dark_power": 3}, {"dark_power": 1}],
            "turn_of": 0,
            "phase": "display",
        }
    )
    assert s.dark_pool == 12 - 4
    play(s, "end")
    assert s.dark == [0, 0, 1]
    assert s.dark_pool == 12 - 1
    # Player 2 plays normally on the next round.
    play(s, "roll:1", "die:rainbow", "store", "end", "roll:1", "die:rainbow", "store", "end")
    assert s.current_player() == 1
    assert "roll:1" in legal(s)


def test_dark_power_kept_after_the_pass_with_the_option():
    """Ruling Z5, option dark_power_after_pass=keep: the tokens stay and the player keeps passing."""
    s = zoo(
        {"seats": [{}, {"dark_power": 3}], "turn_of": 0, "phase": "display"},
        dark_power_after_pass="keep",
    )
    play(s, "end")
    assert s.dark == [0, 3]
    assert s.current_player() == 0  # player 2 passed and player 1 is on again
    assert s.turns == 3
    play(s, "roll:1", "die:rainbow", "store", "end")
    assert s.dark == [0, 3]
    assert s.current_player() == 0  # player 2 passes again


def test_two_dark_power_does_not_pass():
    """Gameplay: a player with fewer than 3 Dark Power (here 2) takes a normal turn."""
    s = zoo({"seats": [{}, {"dark_power": 2}], "turn_of": 0, "phase": "display"})
    play(s, "end")
    assert s.current_player() == 1
    assert s.dark == [0, 2]
    assert "roll:1" in legal(s)


def test_reaching_three_dark_power_mid_turn_does_not_end_the_turn():
    """Gameplay, Z5: Dark Power is checked when a turn starts; a third one mid-turn stops nothing."""
    s = zoo(
        {
            "seats": [
                {
                    "dark_power": 2,
                    "stored": 0,
                    "runes": ["left-ear/1", "right-hand/1", "tail/1", "head/1", "head/2"],
                    "hand": ["Griffin head"],
                },
                {},
            ],
        }
    )
    play(s, "roll:1+3", "die:red", "die:rainbow", "dark:red")
    assert s.dark[0] == 3
    assert "store" in legal(s)  # the second die is still resolved
    play(s, "store")
    assert "display:griffin:head" in legal(s)  # and the player may still display
    play(s, "display:griffin:head", "end", "roll:1", "die:rainbow", "store", "end")
    # Now player 1 starts a turn with 3 Dark Power: passes, returns them, player 2 is on.
    assert s.current_player() == 1
    assert s.dark == [0, 0]


def test_the_action_is_required():
    """Gameplay, ruling Z13: displays follow "one of the 3 actions": a player with fewer than 3
    Dark Power cannot end the turn, or display, without taking one."""
    s = zoo({"seats": [{"hand": ["Griffin head"], "runes": ["head/1", "head/2"]}, {}]})
    names = legal(s)
    assert "no-action" not in names
    assert "end" not in names
    assert not any(n.startswith("display:") for n in names)


def test_the_action_may_be_skipped_with_the_option():
    """Ruling Z13, option may_skip_action: a player may take no action; then they display
    nothing, even an element that is ready, and the turn passes on."""
    s = zoo(
        {"seats": [{"hand": ["Griffin head"], "runes": ["head/1", "head/2"]}, {}]},
        may_skip_action=True,
    )
    assert "no-action" in legal(s)
    play(s, "no-action")
    assert s.current_player() == 1
    assert s.view(None)["phase"] == "choose an action"
    assert hand(s, 0) == ["Griffin head"]
    assert runes(s, 0) == {"head/1", "head/2"}
    assert s.points == (0, 0)
    assert [e["text"] for e in s.view(None)["log"][-3:]] == [
        "Player 1 takes no action.",
        "Player 1 ends the turn.",
        "Turn 2: Player 2.",
    ]
