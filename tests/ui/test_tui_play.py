"""``alaka play`` and ``alaka replay`` as a person meets them: the real program in a terminal."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pexpect
import pytest
from tui_helpers import PROMPT, Spawn, finish, menu

import alaka
from alaka.bots.registry import make_bot


def unique_prefix(label: str, labels: list[str]) -> str:
    """The shortest start of ``label`` that no other label shares, as a person would type it."""
    for size in range(1, len(label) + 1):
        start = label[:size].lower()
        if start.strip() and sum(other.lower().startswith(start) for other in labels) == 1:
            return start
    raise AssertionError(f"{label!r} has no unique start among {labels}")


def test_a_game_against_bots_shows_the_table_and_takes_numbers_and_label_starts(
    spawn: Spawn, tmp_path: Path
) -> None:
    child = spawn("play", "alakazum", "--seed", "11", "--record", "game.json")
    child.expect("Player 2 \\(heuristic bot\\), Player 3 \\(heuristic bot\\)")
    child.expect(PROMPT)
    screen = child.before
    for part in ("Alakazum! · turn 0 · Player 1: choose an initial character", "Your team", "Your hand ("):
        assert part in screen
    assert "Since your last decision:" in screen and "exchanged the most cards" in screen
    child.sendline("table")  # the whole table
    child.expect(PROMPT)
    for part in ("Other players", "Final enemies: 1: face down", "Market pile (top first):", "Forest deck:"):
        assert part in child.before
    screen = child.before
    # by the start of a label, in lower case
    choices = menu(screen)
    labels = list(choices.values())
    target = labels[-1]
    child.sendline(unique_prefix(target, labels))
    chosen = re.match(r"Choose (.+) for your team", target)
    assert chosen is not None
    child.expect(PROMPT)
    assert f"Player 1 chooses {chosen.group(1)}." in child.before
    # by number
    number = next(iter(menu(child.before)))
    child.sendline(str(number))
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Saved .*game.json")
    assert finish(child) == 0
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["seats"] == ["human", "heuristic", "heuristic"]
    assert record["seed"] == 11
    assert alaka.replay(record).current_player() == 0


def test_bad_input_gets_one_line_and_the_same_question_again(spawn: Spawn) -> None:
    child = spawn("play", "alakazum", "--seed", "11", "--record", "game.json")
    child.expect(PROMPT)
    count = int(child.match.group(2))

    def answer(text: str) -> list[str]:
        child.sendline(text)
        child.expect(PROMPT)
        assert int(child.match.group(2)) == count  # the same question
        lines = [line for line in child.before.splitlines() if line.strip()]
        assert lines[0].strip() == text  # the terminal's echo of what was typed
        assert "Traceback" not in child.before
        return lines[1:]

    assert answer("xyzzy") == [
        f"no choice starts with 'xyzzy': type 1 to {count}, the start of a choice, ? for help, or quit"
    ]
    assert answer("99") == [
        f"there is no choice 99: type 1 to {count}, the start of a choice, ? for help, or quit"
    ]
    assert answer("0")[0].startswith("there is no choice 0")
    ambiguous = answer("choose")
    assert ambiguous[0] == f"'choose' is the start of {count} choices; type more, or a number:"
    listed = menu("\n".join(ambiguous[1:]))
    assert sorted(listed) == list(range(1, count + 1))
    assert all("Choose " in label for label in listed.values())
    assert answer("undo") == [
        "Nothing to take back: you have made no decision this turn yet; only your own decisions of "
        "this turn can be, before anyone else acts and before anything hidden is drawn, rolled or shown."
    ]
    summary = answer("rules")
    assert summary[0] == "ALAKAZUM! WITCHES AND TRADITIONS - the rules in brief"
    assert any(line.startswith("Player 1, your choices (") for line in summary)
    assert answer("?")[0].startswith("Choose by number, or by typing the start of a choice")
    child.sendline("QUIT")
    child.expect("Saved ")
    assert finish(child) == 0


def test_quit_then_resume_goes_on_with_the_same_seats(spawn: Spawn, tmp_path: Path) -> None:
    child = spawn("play", "alakazoo", "--seed", "2", "--record", "zoo.json")
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Continue with: alaka play --resume zoo.json")
    assert finish(child) == 0
    saved = json.loads((tmp_path / "zoo.json").read_text())
    assert saved["seats"] == ["human", "heuristic"] and "outcome" not in saved

    child = spawn("play", "--resume", "zoo.json")
    child.expect(f"Resuming zoo.json after {len(saved['actions'])} actions")
    child.expect("Player 1 \\(you\\), Player 2 \\(heuristic bot\\)")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendeof()  # Ctrl-D saves and stops too
    child.expect("Saved ")
    assert finish(child) == 0
    resumed = json.loads((tmp_path / "zoo.json").read_text())
    assert resumed["actions"][: len(saved["actions"])] == saved["actions"]
    assert len(resumed["actions"]) > len(saved["actions"])
    assert resumed["seats"] == saved["seats"] and resumed["seed"] == 2
    assert alaka.replay(resumed).current_player() == 0


def test_ctrl_c_at_a_question_saves_and_exits_without_a_traceback(spawn: Spawn, tmp_path: Path) -> None:
    child = spawn("play", "alakazoo", "--seed", "5", "--record", "zoo.json")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted. Every move so far is saved in zoo.json")
    assert finish(child) == 130
    assert "Traceback" not in (child.before or "")
    assert alaka.replay(json.loads((tmp_path / "zoo.json").read_text())).current_player() == 0


def test_a_whole_alakazoo_game_to_the_result(spawn: Spawn, tmp_path: Path) -> None:
    child = spawn("play", "alakazoo", "--seats", "human,heuristic", "--seed", "4", "--record", "full.json")
    decisions = 0
    while child.expect([PROMPT, "Step through it with: alaka replay full.json"]) == 0:
        child.sendline("1")
        decisions += 1
        assert decisions < 300
    assert "Result: most points" in child.before and "(winner)" in child.before
    assert "The game is over." in child.before
    assert finish(child) == 0
    record = json.loads((tmp_path / "full.json").read_text())
    final = alaka.replay(record)
    assert final.is_terminal()
    assert record["outcome"] == final.outcome().to_json()  # type: ignore[union-attr]


def test_hot_seat_clears_the_screen_and_asks_to_pass_the_device(spawn: Spawn) -> None:
    child = spawn(
        "play", "alakazoo", "--seats", "human,human", "--seed", "1", "--record", "hot.json", term="xterm"
    )
    child.expect("Pass the device to Player 1, then press Enter")
    assert "\x1b[2J" in child.before  # the screen was cleared first
    child.expect("Player 1, press Enter when ready")
    child.sendline("")
    child.expect(PROMPT)
    assert child.match.group(1) == "1"
    child.sendline("1")
    child.expect("Pass the device to Player 2, then press Enter")
    assert "\x1b[2J" in child.before
    child.expect("Player 2, press Enter when ready")
    child.sendline("")
    child.expect(PROMPT)
    assert child.match.group(1) == "2"
    child.sendline("1")
    # Player 2 may go on (the first player is drawn by chance); the device changes hands
    # only when the other person is to decide.
    while child.expect([PROMPT, "Pass the device to Player (\\d)"]) == 0:
        assert child.match.group(1) == "2"
        child.sendline("1")
    assert "\x1b[2J" in child.before
    assert child.match.group(1) == "1"
    child.expect("press Enter when ready")
    child.sendline("quit")
    child.expect("Saved ")
    assert finish(child) == 0


def test_replay_steps_forward_and_back_from_a_seat(spawn: Spawn, tmp_path: Path) -> None:
    state = alaka.game("alakazoo").new_initial_state(2)
    final = alaka.play(state, [make_bot("heuristic", "alakazoo"), alaka.RandomBot()], seed=3)
    record = {**final.record(), "seats": ["human", "random"]}
    (tmp_path / "done.json").write_text(json.dumps(record))
    child = spawn("replay", "done.json", "--seat", "1")
    child.expect("Player 1 \\(human\\), Player 2 \\(random bot\\)")
    child.expect(r"Step 0 of (\d+), as Player 1 sees it")
    last = int(child.match.group(1))
    child.expect(r"Step 0/\d+ \[n/p/number/t/q\]: ")
    assert "Player 1 chooses a portal board" in child.before

    def key(text: str, step: int) -> None:
        child.sendline(text)
        child.expect(f"Step {step} of {last}, as Player 1 sees it")
        child.expect(f"Step {step}/{last} ")

    key("", 1)
    key("n", 2)  # both boards chosen, then the deal: seen from seat 1's side
    assert "Player 1 is dealt " in child.before and "Player 2 is dealt a card." in child.before
    key("p", 1)
    key("7", 7)
    # a step shows the decision's short focus; t draws the whole table of the same step
    assert "Player 1 resolves the dice" in child.before and "The spell dice's faces" not in child.before
    child.sendline("t")
    child.expect("The spell dice's faces")
    child.expect(f"Step 7/{last} ")
    child.sendline(str(last + 5))
    child.expect(f"there is no step {last + 5}: the steps are 0 to {last}")
    key(str(last), last)
    assert "This is the last step: the end of the game." in child.before
    assert "Result: most points" in child.before
    child.sendline("n")
    child.expect("already at the last step")
    child.sendline("q")
    assert finish(child) == 0


def test_play_and_replay_errors_are_one_line(spawn: Spawn, tmp_path: Path) -> None:
    (tmp_path / "taken.json").write_text("{}")
    for args, message in [
        (("play", "alakazoo", "--seats", "human,wizard"), "no bot is called 'wizard'"),
        (("play", "alakazoo", "--record", "taken.json"), "'taken.json' already exists"),
        (("replay", "missing.json"), "cannot read the record 'missing.json'"),
    ]:
        child = spawn(*args)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 2, args
        assert message in child.before and "Traceback" not in child.before
        assert len([line for line in child.before.splitlines() if line.strip()]) == 1


def test_a_game_another_package_offers_plays_in_the_terminal(
    spawn: Spawn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test suite's third game, found as an installed package's ``alaka.games`` entry point
    (a dist-info folder on the path), played by a person against a random bot to its end."""
    site = tmp_path / "site"
    dist = site / "guess_game-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: guess-game\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[alaka.games]\nguess = guess_game:ENTRY\n")
    games = Path(__file__).parents[1] / "games"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(games)]))
    child = spawn("play", "guess", "--seats", "human,random", "--seed", "3", "--record", "guess.json")
    child.expect("Player 2 \\(random bot\\)")
    while child.expect([PROMPT, "Result: "]) == 0:
        assert "named so far" in child.before  # the game's own text rendering of the view
        child.sendline("1")
    assert finish(child) == 0
    record = json.loads((tmp_path / "guess.json").read_text())
    assert record["game"] == "guess" and record["seats"] == ["human", "random"]
