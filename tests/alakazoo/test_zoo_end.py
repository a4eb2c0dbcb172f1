"""Alakazoo rulebook, The End of the Game (reading Z10)."""

from __future__ import annotations

from zoo_helpers import all_of, legal, play, zoo

THREE = [1, 2, 3]
NINTH = {"hand": ["Griffin tail"], "runes": ["tail/1", "tail/2"], "stored": 0}


def almost(seat_of_griffin: int, first_player: int = 0, **seat_changes):
    """Three players; the Griffin board's owner has 8 elements and can display the 9th now."""
    boards = [2, 3, 4]
    boards[seat_of_griffin] = 1
    seats = [{}, {}, {}]
    seats[seat_of_griffin] = {"elements": all_of("Griffin", ("tail",)), **NINTH}
    for seat, changes in seat_changes.items():
        seats[int(seat[1]) - 1].update(changes)
    return zoo(
        {
            "players": 3,
            "boards": boards,
            "seats": seats,
            "first_player": first_player,
            "turn_of": seat_of_griffin,
            "phase": "display",
        }
    )


def quick_turn(s):
    """A plain turn: roll one die, store a rainbow, end."""
    play(s, "roll:1", "die:rainbow", "store", "end")


def test_the_ninth_element_earns_the_fastest_point():
    """The End: the player who places the 9th element at once gets 1 point for being fastest."""
    s = almost(0)
    play(s, "display:griffin:tail")
    # Own creature +1, first tail +1, fastest +1.
    assert s.points == (3, 0, 0)
    assert s.view(None)["end_triggered_by"] == 0
    assert s.view(None)["players"][0]["board_complete"] is True


def test_the_other_players_finish_the_round():
    """The End, Z10: after the 9th element the remaining players each have one more turn."""
    s = almost(0)
    play(s, "display:griffin:tail", "end")
    assert s.current_player() == 1
    assert "roll:1" in legal(s)
    quick_turn(s)
    assert s.current_player() == 2
    assert "roll:1" in legal(s)
    quick_turn(s)
    # Player 1 holds the first player figure: their turn is not played, the game is over.
    assert s.is_terminal()
    assert s.outcome() is not None


def test_a_middle_player_completing_ends_the_game_when_the_round_does():
    """The End, Z10: when player 2 of 3 completes, player 3 still plays, then the game ends."""
    s = almost(1)
    play(s, "display:griffin:tail", "end")
    assert s.current_player() == 2
    assert not s.is_terminal()
    quick_turn(s)
    assert s.is_terminal()


def test_the_player_before_the_first_player_completing_ends_the_game_at_once():
    """The End, Z10: when the player just before the first player completes, nobody plays again."""
    s = almost(2)
    play(s, "display:griffin:tail", "end")
    assert s.is_terminal()
    assert s.view(None)["phase"] == "game over"


def test_the_first_player_figure_decides_where_the_round_ends():
    """The End, Z10: the round ends before the holder of the first player figure, whoever that is."""
    s = almost(0, first_player=1)  # order: player 2, player 3, player 1
    play(s, "display:griffin:tail", "end")
    assert s.is_terminal()
    s = almost(1, first_player=1)
    play(s, "display:griffin:tail", "end")
    assert s.current_player() == 2
    quick_turn(s)
    assert s.current_player() == 0
    quick_turn(s)
    assert s.is_terminal()


def test_only_the_first_player_to_complete_gets_the_fastest_point():
    """The End, Z10: a later player who also completes the board in the last round gets no such point."""
    kraken_ninth = {
        "elements": all_of("Kraken", ("head",)),
        "hand": ["Kraken head"],
        "runes": ["head/1", "head/2"],
        "stored": 0,
    }
    s = zoo(
        {
            "players": 3,
            "boards": THREE,
            "seats": [{"elements": all_of("Griffin", ("tail",)), **NINTH}, kraken_ninth, {}],
            "turn_of": 0,
            "phase": "display",
        }
    )
    play(s, "display:griffin:tail", "end")
    assert s.points == (2, 0, 0)  # own creature +1, fastest +1 (player 2 showed a tail before)
    play(s, "roll:1", "die:rainbow", "store", "display:kraken:head")
    # Own creature +1; heads were displayed before; no fastest point.
    assert s.points == (2, 1, 0)
    assert s.view(None)["players"][1]["board_complete"] is True
    assert s.view(None)["end_triggered_by"] == 0


def test_a_pass_is_the_last_turn_of_a_player_too():
    """The End, Z5/Z10: a player who passes with 3 Dark Power in the last round has had their turn."""
    s = almost(0, p3={"dark_power": 3})
    play(s, "display:griffin:tail", "end")
    quick_turn(s)  # player 2; player 3 passes; player 1 would be next
    assert s.is_terminal()


def test_eight_elements_do_not_end_the_game():
    """The End: the game goes on until a 9th element is placed."""
    s = almost(0)
    play(s, "end")
    assert s.view(None)["end_triggered_by"] is None
    quick_turn(s)
    quick_turn(s)
    assert s.current_player() == 0
    assert not s.is_terminal()
