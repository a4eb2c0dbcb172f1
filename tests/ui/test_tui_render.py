"""The tables drawn from a seat's view: what each seat sees, and nothing it may not."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest

import alaka
from alaka.core.choices import Choice
from alaka.core.protocol import CHANCE
from alaka.games.alakazoo import terminal
from alaka.ui.tui import render


def zum_scenario() -> alaka.State:
    return alaka.game("alakazum").scenario(
        {
            "seats": [
                {
                    "team": [{"card": "Moura", "level": "B", "broom": True}],
                    "hand": ["Voodoo doll", "Magic hat 2"],
                },
                {"team": ["Dolçainer"], "hand": ["Txapela"]},
            ],
            "enemies": [
                None,
                {"name": "Halloween", "seen_by": [0]},
                {"name": "Fast Food", "revealed": True},
                None,
                None,
            ],
            "graveyard": ["Kattalin"],
        }
    )


def test_alakazum_shows_your_team_hand_and_what_you_saw_but_not_others_hands() -> None:
    state = zum_scenario()
    mine = render.plain(render.view_table(state.view(0)))
    assert "Your team" in mine and "Moura" in mine and "broom" in mine
    assert "Your hand (2): Voodoo doll, Magic hat 2" in mine
    assert "Player 2" in mine and "Dolçainer" in mine
    assert "you saw Halloween" in mine
    assert "Fast Food (" in mine and "uncovered" in mine
    assert "Graveyard: Kattalin" in mine
    assert "Market pile (top first):" in mine and "Forest deck:" in mine
    assert "Txapela" not in mine  # Player 2's hand

    theirs = render.plain(render.view_table(state.view(1)))
    assert "Your hand (1): Txapela" in theirs
    assert "Voodoo doll" not in theirs and "Halloween" not in theirs

    spectator = render.plain(render.view_table(state.view(None)))
    assert "Txapela" not in spectator and "Voodoo doll" not in spectator and "Your team" not in spectator


def test_alakazoo_draws_your_board_as_a_grid_with_runes_tokens_and_elements() -> None:
    state = alaka.game("alakazoo").scenario(
        {
            "boards": [1, 4],
            "box": ["Unicorn", "Phoenix"],
            "seats": [
                {
                    "hand": ["Griffin head", "Kraken tail"],
                    "runes": ["head/1", "tail/2"],
                    "elements": {"body": "Griffin body"},
                },
                {"hand": ["Basilisk tail"], "dark_power": 2, "points": 3},
            ],
            "columns": [["Chimera head"], ["Kraken head", "Griffin left ear"], [], []],
        }
    )
    text = render.plain(render.view_table(state.view(0)))
    assert "Alakazoo - 2 players" in text and "Now: " in text  # the terminal's header
    assert "Your portal board: board 1" in text
    assert "Your hand (2): Griffin head, Kraken tail" in text
    assert "Griffin body" in text and "left ear" in text and "right leg" in text
    assert text.count(terminal.TOKEN) == 2 + 1  # two tokens on the board, one in the legend
    assert "Chimera head" in text and "column 4" in text
    assert "Player 2: board 4" in text and "Dark Power 2" in text
    assert "Basilisk tail" not in text  # Player 2's hand


def test_alakazoo_names_spaces_and_dice_faces_from_the_view_of_a_variant(tmp_path: Path) -> None:
    """The printed data comes through the view: a components file that renames a space and
    repaints a die is drawn as that file says, with no content read by the terminal."""
    text = resources.files("alaka.games.alakazoo").joinpath("data", "components.json").read_text("utf-8")
    data = json.loads(text)
    data["element_types"][0]["name"] = "left antenna"
    data["dice"]["default"][2]["faces"] = ["rainbow"] * 6
    path = tmp_path / "variant.json"
    path.write_text(json.dumps(data))
    state = alaka.game("alakazoo").new_initial_state(2, components=str(path))
    state.apply("board:1")
    state.apply("board:2")
    view = state.view(0)
    assert view["spaces"][:2] == ["left antenna", "head"]
    assert view["dice"][2] == ["rainbow"] * 6
    drawn = render.plain(render.view_table(view), width=200)
    assert "left antenna" in drawn and "left ear" not in drawn
    assert "die 3: rainbow, rainbow, rainbow, rainbow, rainbow, rainbow" in drawn


def test_the_terminal_draws_alakazoo_through_its_entry() -> None:
    """The table is the one the game's entry names, not a branch of the terminal."""
    from alaka.core.registry import entry

    assert entry("alakazoo").load_terminal_table() is terminal.table
    assert not hasattr(render, "alakazoo_table")


def test_no_seat_ever_sees_another_seats_hand_cards_in_a_random_game() -> None:
    """Whole Alakazoo games: at every decision, each hand card a seat cannot see stays off its table."""
    game = alaka.game("alakazoo")
    rng = random.Random(5)
    state = game.new_initial_state(3)
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        steps += 1
        if steps % 7 == 0:
            for seat in range(3):
                view = state.view(seat, log_since=None)
                public = {card for column in view["columns"] for card in column} | set(view["discard"])
                for p in view["players"]:
                    public |= {e for e in p["elements"] if e}
                text = render.plain(render.view_table(view), width=200)
                text += render.plain(render.focus_view(view), width=80)
                for other in range(3):
                    if other == seat:
                        continue
                    for card in state.view(other, log_since=None)["players"][other]["hand"]:
                        if card not in public and card not in (view["players"][seat]["hand"] or []):
                            assert card not in text, (seat, other, card)
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_story_tells_every_event_under_its_turn() -> None:
    """Issue 22: nothing is dropped; each turn is a line naming whose it is, its events below."""
    events = [{"kind": "deal", "seat": 0, "text": "Player 1 is dealt a card."}]
    for turn in (1, 2):
        events.append({"kind": "turn", "seat": turn - 1, "turn": turn, "text": f"Turn {turn}."})
        events += [{"kind": "x", "seat": turn - 1, "text": f"event {turn}.{k}"} for k in range(12)]
    names = ["Player 1 (you)", "Player 2 (heuristic bot)"]
    text = render.plain(render.story(events, "turn", names, title="Since your last decision:"))
    lines = text.splitlines()
    assert lines[:3] == ["Since your last decision:", "Before the first turn", "  Player 1 is dealt a card."]
    assert lines[3] == "Turn 1: Player 1 (you)" and lines[16] == "Turn 2: Player 2 (heuristic bot)"
    assert all(f"  event {t}.{k}" in lines for t in (1, 2) for k in range(12))
    # a story that starts inside a turn names that turn
    later = render.plain(render.story(events[5:], "turn", names, title="x", start=5))
    assert later.splitlines()[1] == "Turn 1, continued"
    assert "(nothing new)" in render.plain(render.story([], "turn", names, title="x"))


def test_a_story_line_too_long_for_the_terminal_wraps_under_its_indent() -> None:
    """A long event wraps a little deeper than its first line, never back at the margin, and
    nothing of it is lost; a line that fits is left as it is."""
    said = "Combat: Dantzari 0 against Cascamorras 3 (Cascamorras rolled 3): Cascamorras wins."
    events = [
        {"kind": "turn", "seat": 0, "turn": 1, "text": "Turn 1."},
        {"kind": "x", "seat": 0, "text": said},
    ]
    events.append({"kind": "x", "seat": 0, "text": "Short."})
    lines = render.story_lines(events, "turn", ["Ana"], width=60)
    wrapped = lines[1].plain.splitlines()
    assert len(wrapped) == 2 and all(len(row) <= 60 for row in wrapped)
    assert wrapped[0].startswith("  Combat:") and wrapped[1].startswith("    ") and wrapped[1][4] != " "
    assert " ".join(row.strip() for row in wrapped) == said
    assert lines[2].plain == "  Short."
    # without a width (a file, a test) the line stays whole
    assert render.story_lines(events, "turn", ["Ana"])[1].plain == f"  {said}"


def test_long_menus_pair_short_choices_and_say_a_crowded_shared_hint_once() -> None:
    def choice(label: str, hint: str | None) -> Choice:
        return {"id": 0, "name": label, "label": label, "hint": hint, "topics": []}

    choices = [choice(f"Roll die {k}", None) for k in range(1, 4)]
    choices += [choice(f"Take column {k} (a, b, c)", "2 over the hand limit: +1 Dark Power") for k in (1, 2)]
    choices.append(choice("Take column 3 (a)", "fine"))
    wide = render.plain(render.choice_menu(choices, width=80), width=80)
    assert wide.splitlines() == [
        "  1) Roll die 1                           2) Roll die 2",
        "  3) Roll die 3",
        "  4) Take column 1 (a, b, c)  · 2 over the hand limit: +1 Dark Power",
        "  5) Take column 2 (a, b, c)  · 2 over the hand limit: +1 Dark Power",
        "  6) Take column 3 (a)  · fine",
    ]
    narrow = render.plain(render.choice_menu(choices, width=60), width=60)
    assert narrow.splitlines()[2:] == [
        "  4) Take column 1 (a, b, c)    5) Take column 2 (a, b, c)",
        "     · 4-5: 2 over the hand limit: +1 Dark Power",
        "  6) Take column 3 (a)  · fine",
    ]


def test_names_with_brackets_are_text_not_markup() -> None:
    text = render.plain(render.menu(["Take [bold]this[/bold]", "Other"]))
    assert "1) Take [bold]this[/bold]" in text


def test_the_result_table_names_winners_and_scores() -> None:
    outcome = {"winners": [1], "reason": "most points", "ranking": [[1], [0]], "scores": [9, 12]}
    text = render.plain(render.outcome_table(outcome, ["Player 1 (you)", "Player 2 (heuristic bot)"]))
    assert "Result: most points" in text
    assert text.index("Player 2 (heuristic bot) (winner)") < text.index("Player 1 (you)")


def _places(table: str) -> list[str]:
    """The place column of a printed result table, top to bottom."""
    cells = [[c.strip() for c in line.split("│")] for line in table.splitlines() if "Player" in line]
    return [row[1] for row in cells if len(row) > 2]


def test_places_are_counted_in_competition_style() -> None:
    """Two players sharing second place are both second, and the next is fourth (1, 2, 2, 4)."""
    outcome = {"winners": [1], "reason": "most points", "ranking": [[1], [0, 2], [3]], "scores": [5, 9, 5, 1]}
    names = ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert _places(render.plain(render.outcome_table(outcome, names))) == ["1", "2", "2", "4"]
    assert render.standings([[0, 1], [2]]) == [(1, 0), (1, 1), (3, 2)]


def test_the_command_line_result_counts_places_the_same_way(capsys: pytest.CaptureFixture[str]) -> None:
    from alaka.cli import play
    from alaka.core.protocol import Outcome

    class Finished:
        def outcome(self) -> Outcome:
            return Outcome((0, 3), "shared win on equal points", ((0, 3), (1,), (2,)), (7, 5, 2, 7))

    play._print_outcome(Finished())  # type: ignore[arg-type]
    assert _places(capsys.readouterr().out) == ["1", "1", "3", "4"]


def test_a_long_menu_says_a_shared_start_once_and_can_move_or_leave_out_its_hints() -> None:
    """Eighteen placements of a rainbow result fit a small screen: the start they share is said
    once, the rest pair up; for a screen smaller still the hints become footnotes or go (with a
    line saying that ``? N`` tells them)."""

    def choice(label: str, hint: str | None) -> Choice:
        return {"id": 0, "name": label, "label": label, "hint": hint, "topics": []}

    spaces = [
        "left ear",
        "head",
        "right ear",
        "left hand",
        "body",
        "right hand",
        "left leg",
        "tail",
        "right leg",
    ]
    choices = [
        choice(f"Put the rainbow result on the {space} space, rune {rune} (grey)", None)
        for space in spaces
        for rune in (1, 2)
    ]
    choices.append(choice("Store the rainbow result on your Wizard card", "a 7th token goes over the limit"))
    lines = render.plain(render.choice_menu(choices, width=80), width=80).splitlines()
    assert lines[0] == "     Put the rainbow result on the ..."
    assert " ".join(lines[1].split()) == "1) left ear space, rune 1 (grey) 2) left ear space, rune 2 (grey)"
    assert len(lines) == 1 + 9 + 2  # the start, nine pairs, the Wizard card and its hint below
    footnoted = render.plain(render.choice_menu(choices, width=80, hints="footnotes"), width=80)
    assert footnoted.splitlines()[-1] == "     · 19: a 7th token goes over the limit"
    bare = render.plain(render.choice_menu(choices, width=80, hints="none"), width=80)
    assert "a 7th token" not in bare and bare.splitlines()[-1].endswith("? and its number")
    # Three short choices pair up anyway: saying their start once would only add a line.
    short = [choice(f"Roll die {k}", None) for k in (1, 2, 3)]
    assert "..." not in render.plain(render.choice_menu(short, width=80), width=80)
