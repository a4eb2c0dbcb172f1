"""What a typed answer means at a menu: numbers, label starts, commands, and helpful problems."""

from __future__ import annotations

import pytest

from alaka.ui.tui.menu import Command, Pick, Problem, normalize, parse_choice

LABELS = [
    "Go to the market: show Magic hat 1, take 2 cards",
    "Go to the market: show Broom, take 1 card",
    "Give a broom to one of your characters",
    "Do magic: Training (costs 1)",
    "Do no action",
    "Choose Tió de Nadal for your team",
]
NAMES = ["market:magic_hat_1", "market:broom", "broom:broom", "spell:training", "no-action", "choose:tio"]


def test_a_number_picks_that_entry_counting_from_one() -> None:
    assert parse_choice("1", LABELS) == Pick(0)
    assert parse_choice("  6 ", LABELS) == Pick(5)


@pytest.mark.parametrize("typed", ["0", "7", "99", "100000000000000000000"])
def test_a_number_out_of_range_says_which_numbers_exist(typed: str) -> None:
    answer = parse_choice(typed, LABELS)
    assert isinstance(answer, Problem)
    assert answer.message == f"there is no choice {int(typed)}: type 1 to 6, the start of a choice, " + (
        "? for help, or quit"
    )
    assert "\n" not in answer.message


def test_a_unique_label_start_picks_it_in_any_case_with_spaces_squeezed() -> None:
    assert parse_choice("do m", LABELS) == Pick(3)
    assert parse_choice("DO   NO", LABELS) == Pick(4)
    assert parse_choice("give", LABELS) == Pick(2)


def test_accents_are_optional() -> None:
    assert parse_choice("choose tio", LABELS) == Pick(5)
    assert parse_choice("Choose Tió", LABELS) == Pick(5)
    assert normalize("  Tió  de\tNadal ") == "tio de nadal"


def test_an_ambiguous_start_lists_the_candidates() -> None:
    answer = parse_choice("go to", LABELS)
    assert isinstance(answer, Problem)
    assert answer.matches == (0, 1)
    assert answer.message == "'go to' is the start of 2 choices; type more, or a number:"
    answer = parse_choice("do", LABELS)
    assert isinstance(answer, Problem) and answer.matches == (3, 4)


def test_a_whole_label_wins_even_when_it_starts_another() -> None:
    labels = ["Pass", "Pass the die to Player 2"]
    assert parse_choice("pass", labels) == Pick(0)
    assert parse_choice("pass t", labels) == Pick(1)


def test_canonical_action_strings_are_accepted_in_full() -> None:
    assert parse_choice("spell:training", LABELS, NAMES) == Pick(3)
    assert isinstance(parse_choice("spell:train", LABELS, NAMES), Problem)


def test_nothing_matching_says_so_in_one_line() -> None:
    answer = parse_choice("xyzzy", LABELS)
    assert answer == Problem(
        "no choice starts with 'xyzzy': type 1 to 6, the start of a choice, ? for help, or quit"
    )
    assert parse_choice("", LABELS) == Problem("type 1 to 6, the start of a choice, ? for help, or quit")
    assert parse_choice("-1", LABELS) == Problem(
        "no choice starts with '-1': type 1 to 6, the start of a choice, ? for help, or quit"
    )
    assert parse_choice("x", ["Only"]) == Problem(
        "no choice starts with 'x': type 1, the start of a choice, ? for help, or quit"
    )


@pytest.mark.parametrize(
    ("typed", "command"),
    [
        ("?", "help"),
        ("help", "help"),
        ("quit", "quit"),
        ("QUIT", "quit"),
        ("exit", "quit"),
        ("undo", "undo"),
        ("table", "table"),
    ],
)
def test_commands_come_before_choices(typed: str, command: str) -> None:
    assert parse_choice(typed, LABELS) == Command(command)  # type: ignore[arg-type]


def test_no_label_either_game_writes_starts_with_a_command_word() -> None:
    """A command word must never hide a choice, so none may start a label."""
    import random

    import alaka
    from alaka.core.protocol import CHANCE

    for name in ("alakazoo", "alakazum"):
        game = alaka.game(name)
        for seed in range(3):
            state = game.new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.current_player() != CHANCE:
                    for action in legal:
                        label = normalize(game.label(state, action))
                        assert not label.startswith(("help", "quit", "exit", "undo", "table")), label
                state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
