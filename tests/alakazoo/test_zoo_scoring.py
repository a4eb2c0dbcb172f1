"""Alakazoo rulebook, Final Score (reading Z11) and the winner."""

from __future__ import annotations

from zoo_helpers import all_of, full_board, play, zoo

G, K, C = "Griffin", "Kraken", "Chimera"


def finish(p1_elements, p1_points=0, p2_points=0, **options):
    """End a 2-player game: player 2 (Kraken board, all Unicorn elements) completed in the last
    turn of the round; player 1 (Griffin board) has ``p1_elements``."""
    s = zoo(
        {
            "seats": [
                {"elements": p1_elements, "points": p1_points},
                {"elements": all_of("Unicorn"), "points": p2_points},
            ],
            "end_triggered_by": 1,
            "turn_of": 1,
            "phase": "display",
        },
        **options,
    )
    play(s, "end")
    assert s.is_terminal()
    return s


def bonus(s, seat=0):
    """(lines, own-creature point, total) of the final score."""
    b = s.final_bonus[seat]
    return b.lines, b.own_creature, b.total


def test_a_line_of_one_creature_scores_one():
    """Final Score 1: each row or column of three elements of one creature scores 1."""
    s = finish(full_board([[G, G, G], [G, G, G], [G, G, G]]))
    assert bonus(s) == (6, 1, 7)


def test_a_line_of_three_different_creatures_scores_one():
    """Final Score 2: each row or column of three different creatures scores 1."""
    s = finish(full_board([[G, G, G], [K, K, K], [C, C, C]]))
    # Three one-creature rows and three all-different columns; not all Griffin.
    assert bonus(s) == (6, 0, 6)


def test_two_of_one_creature_and_one_other_score_nothing():
    """Final Score 3: a line with two elements of one creature and one of another scores 0."""
    s = finish(full_board([[G, G, K], [G, G, G], [G, G, G]]))
    # Row 1 (G G K) and column 3 (K G G) score nothing; the other four lines score.
    assert bonus(s) == (4, 0, 4)


def test_the_own_creature_point():
    """Final Score 4, Z11: +1 when every element on the board is of the board's own creature."""
    s = finish(full_board([[G, G, G], [G, G, G], [G, G, K]]))
    assert bonus(s) == (4, 0, 4)
    s = finish(all_of("Griffin"))
    assert bonus(s) == (6, 1, 7)


def test_the_own_creature_point_needs_at_least_one_element():
    """Ruling Z11: an empty board earns no own-creature point."""
    s = finish({})
    assert bonus(s) == (0, 0, 0)


def test_the_own_creature_point_on_an_unfinished_board():
    """Ruling Z11: an unfinished board of only its own creature still earns the point."""
    s = finish({"head": "Griffin head", "tail": "Griffin tail"})
    assert bonus(s) == (0, 1, 1)


def test_final_points_range_from_0_to_7():
    """Final Score: a board earns from 0 to 7 final points; Unicorn on the Kraken board scores 6."""
    assert bonus(finish({}))[2] == 0
    best = finish(all_of("Griffin"))
    assert bonus(best)[2] == 7
    assert bonus(best, 1) == (6, 0, 6)


def test_unfinished_lines_do_not_count():
    """Ruling Z11: only complete rows and columns are checked; lines with a gap score 0."""
    s = finish(full_board([[G, G, G], [G, None, None], [G, None, K]]))
    # Row 1 and column 1 are complete and score; row 3 and column 3 have a gap.
    assert bonus(s) == (2, 0, 2)


def test_lines_of_two_count_with_the_option():
    """Ruling Z11, option final_lines=partial: lines with two elements are checked too."""
    s = finish(full_board([[G, G, G], [G, None, None], [G, None, K]]), final_lines="partial")
    # Also row 3 (G _ K) and column 3 (G _ K): two different creatures each.
    assert bonus(s) == (4, 0, 4)
    lone = finish(
        full_board([[G, None, None], [None, None, None], [None, None, None]]), final_lines="partial"
    )
    assert bonus(lone) == (0, 1, 1)  # a single element is not a line


def test_final_points_are_added_to_the_points_won():
    """Final Score: the final points are added to the points won during the game."""
    s = finish(full_board([[G, G, G], [G, G, G], [G, G, G]]), p1_points=5, p2_points=4)
    assert s.points == (5 + 7, 4 + 6)
    assert s.outcome().scores == (12, 10)


def test_most_points_wins():
    """Final Score: the player with the most points in total wins."""
    s = finish({}, p1_points=11, p2_points=4)
    outcome = s.outcome()
    assert s.points == (11, 10)
    assert outcome.winners == (0,)
    assert outcome.ranking == ((0,), (1,))
    assert outcome.reason == "most points"
    assert s.returns() == (1.0, 0.0)


def test_equal_totals_share_the_win():
    """Ruling Z11: players with equal totals share the win."""
    s = finish({}, p1_points=10, p2_points=4)
    outcome = s.outcome()
    assert s.points == (10, 10)
    assert outcome.winners == (0, 1)
    assert outcome.reason == "shared win on equal points"
    assert s.returns() == (1.0, 1.0)


def test_a_tie_for_first_shares_the_win_only_among_the_tied():
    """Ruling Z11: when two of three players tie for first, only those two share the win."""
    s = zoo(
        {
            "players": 3,
            "boards": [1, 2, 3],
            "seats": [
                {"points": 16},
                {"points": 9, "elements": all_of("Kraken")},
                {"points": 15},
            ],
            "end_triggered_by": 1,
            "first_player": 0,
            "turn_of": 2,
            "phase": "display",
        }
    )
    play(s, "end")
    assert s.points == (16, 16, 15)
    assert s.outcome().winners == (0, 1)
    assert s.outcome().ranking == ((0, 1), (2,))
    assert s.returns() == (1.0, 1.0, 0.0)
