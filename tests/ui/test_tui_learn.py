"""Issue 22 as a person meets it: the real program in terminals of 80x24 and 120x40.

The story of each turn, explanations, compact screens, cost hints, a hot seat that hides, and
undo; each test plays the way a person would, by typing at the prompt.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest
from tui_helpers import PROMPT, Spawn, finish, menu, start_alaka

import alaka
from alaka.games.alakazum.text import COMBAT_STEPS
from needs import need
from waits import PATIENCE

SIZES = [(80, 24), (120, 40)]
SIZE_IDS = ["80x24", "120x40"]


def flat(text: str) -> str:
    """Text with every run of whitespace (the terminal's wrapping too) made one space."""
    return " ".join(text.split())


def saved(folder: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / name).read_text())
    return data


def sized(folder: Path, size: tuple[int, int], *args: str) -> pexpect.spawn:
    columns, lines = size
    return start_alaka(folder, *args, columns=columns, lines=lines)


def decision_block(text: str, title: str) -> str:
    """The decision screen at the end of ``text``: from its header line to the prompt."""
    head = text.rfind(f"{title} · turn")
    if head < 0:
        head = text.rfind(" players - turn ")
    return text[text.rfind("\n", 0, head) + 1 :]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_each_decision_tells_the_whole_story_since_the_last_one_turn_by_turn(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Every event since the person's last decision is on the screen, under its turn's line (the
    record, saved after every action, says which events those are): each in its own line, or,
    for a combat's steps, in the line of its result, which names every card they played."""
    child = sized(tmp_path, size, "play", "alakazum", "--seed", "11", "--record", "g.json")
    for _ in range(8):
        child.expect(PROMPT)
        shown = flat(child.before)
        record = saved(tmp_path, "g.json")
        state = alaka.replay(record)
        since = record["log_seen"].get("0", 0)
        events = state.view(0, log_since=since)["log"]
        assert events, "something happened since the last decision"
        told = [event for event in events if event["kind"] != "turn"]
        for line in state.game.story_lines(told):
            assert flat(line) in shown, line
        for event in events:
            if event["kind"] == "turn":
                who = f"Player {event['seat'] + 1} ({'you' if event['seat'] == 0 else 'heuristic bot'})"
                assert f"Turn {event['turn']}: {who}" in shown
            elif event["kind"] in COMBAT_STEPS:  # told in its combat's line (above)
                assert flat(str(event["card"])) in shown, event
        assert "earlier events" not in shown and "earlier lines" not in shown  # nothing left out
        child.sendline("1")
    child.sendline("quit")
    assert finish(child) == 0


def test_log_pages_through_the_whole_game(spawn: Spawn, tmp_path: Path) -> None:
    child = sized(tmp_path, (80, 24), "play", "alakazum", "--seed", "11", "--record", "g.json")
    for _ in range(4):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("log")
    child.expect(PROMPT)
    last = re.search(r"The log, page (\d+) of (\d+)", child.before)
    assert last is not None and last.group(1) == last.group(2)
    pages = int(last.group(2))
    assert pages > 1
    log = alaka.replay(saved(tmp_path, "g.json")).view(0)["log"]
    assert flat(log[-1]["text"]) in flat(child.before)
    child.sendline("log 1")
    child.expect(PROMPT)
    first = flat(child.before)
    assert f"The log, page 1 of {pages}" in first and "Before the first turn" in first
    assert flat(log[0]["text"]) in first
    child.sendline("log 99")
    child.expect(PROMPT)
    assert f"there is no page '99' of the log: pages 1 to {pages}" in child.before
    # every page together holds every event of the game so far
    told = ""
    for page in range(1, pages + 1):
        child.sendline(f"log {page}")
        child.expect(PROMPT)
        told += flat(child.before)
    assert all(flat(event["text"]) in told for event in log if event["kind"] != "turn")
    child.sendline("quit")
    assert finish(child) == 0


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_info_explains_cards_and_choices_and_rules_says_how_to_win(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    child = sized(tmp_path, size, "play", "alakazum", "--seed", "11", "--record", "g.json")
    child.expect(PROMPT)
    # the five initial characters come with their numbers
    assert re.search(r"Initial characters\s+cult\s+lvl\s+cmb\s+cul\s+res", child.before)
    assert re.search(r"Moura\s+GAL\s+A\s+1\s+1\s+0\s+very magical", child.before)

    def ask(typed: str) -> str:
        child.sendline(typed)
        child.expect(PROMPT)
        assert "Traceback" not in child.before
        return flat(child.before)

    double = ask("info double potion")
    assert "Double potion (double potion)" in double and "your choice when you play it" in double
    assert "Pinta fallera (culture object)" in ask("? pinta fallera")
    assert "+2 points when you conjure an Alakazum in Valencian (VAL)" in flat(child.before)
    tio = ask("? tio")  # accents optional
    assert "Tió de Nadal (character)" in tio and "Level C: combat 2, culture points 3, resistance 4" in tio
    training = ask("info training")
    assert "Training (spell)" in training and "Costs 1 magic energy" in training
    first = menu(child.before).get(1) or ""
    choice = ask("info 1")
    assert "1) Choose" in choice and "(character)" in choice and first.split(" for ")[0][7:] in choice
    assert "nothing is called 'xyzzy'" in ask("info xyzzy")
    hats = ask("? magic hat")  # a few: each explained
    assert all(f"Magic hat {k} (magic hat)" in hats for k in (1, 2, 3))
    potions = ask("? potion")  # many: named, to type more
    assert "'potion' could be: Combat potion +1, Die potion +1, Double potion, Combat potion +2" in potions
    rules = ask("rules")
    assert "Goal: gather 8 or more culture points of one culture" in rules
    child.sendline("quit")
    assert finish(child) == 0


def test_opponents_teams_show_their_numbers_at_an_action(tmp_path: Path) -> None:
    child = sized(tmp_path, (80, 24), "play", "alakazum", "--seed", "11", "--record", "g.json")
    while True:
        child.expect(PROMPT)
        if "do an action" in child.before:
            break
        child.sendline("1")
    block = decision_block(child.before, "Alakazum!")
    state = alaka.replay(saved(tmp_path, "g.json"))
    for p in state.view(0)["players"][1:]:
        for c in p["team"]:
            numbers = f"{c['combat']}/{c['culture_points']}/{c['resistance']}"
            assert f"{c['name']} {c['culture']} {c['level']} {numbers}" in flat(block)
    child.sendline("quit")
    assert finish(child) == 0


@pytest.mark.parametrize(("game", "seed"), [("alakazum", "11"), ("alakazoo", "3")])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_whole_game_fits_the_screen(tmp_path: Path, game: str, seed: str, size: tuple[int, int]) -> None:
    """Each decision's screen, from its header to the prompt, fits the terminal, at 80x24 too
    (a rainbow die with the whole board free offers 19 choices: their shared start is said once);
    no header or column is cut short; the player's own board or team is on it."""
    lines = size[1]
    child = sized(tmp_path, size, "play", game, "--seed", seed, "--record", "g.json")
    title = "Alakazum!" if game == "alakazum" else "Alakazoo"
    decisions = 0
    while child.expect([PROMPT, "Step through it with"], timeout=PATIENCE) == 0:
        block = decision_block(child.before, title)
        choices = int(child.match.group(2))
        assert block.count("\n") + 1 <= lines, f"{choices} choices:\n{block}"
        assert "…" not in child.before  # Rich's mark of a cut cell or header
        if f"{title} · turn 0" not in block or "Your board" in block:
            assert ("Your board" in block) or ("Your team" in block), block
        child.sendline("1")
        decisions += 1
        assert decisions < 300
    assert finish(child) == 0


def test_boards_and_dice_are_shown_when_chosen_and_menus_warn_of_costs(tmp_path: Path) -> None:
    child = sized(tmp_path, (80, 24), "play", "alakazoo", "--seed", "4", "--record", "z.json")
    child.expect(PROMPT)
    block = decision_block(child.before, "Alakazoo")
    for number in range(1, 7):
        assert f"Portal board {number}" in block
    assert re.search(r"red/yel\s+gree/blu\s+grey/bro", block)  # board 1's first row of runes
    child.sendline("1")
    child.expect(PROMPT)
    block = flat(decision_block(child.before, "Alakazoo"))
    assert "Die 1: rainbow x2 red yellow blue grey" in block
    assert "Die 2: rainbow x2 yellow green grey brown" in block
    assert "over the hand limit of 4: +1 Dark Power" in block  # taking a column with a full hand
    child.sendline("quit")
    assert finish(child) == 0


def test_undo_takes_back_a_die_placed_but_not_a_roll(tmp_path: Path) -> None:
    child = sized(tmp_path, (80, 24), "play", "alakazoo", "--seed", "4", "--record", "z.json")
    child.expect(PROMPT)
    child.sendline("1")  # portal board 1
    child.expect(PROMPT)
    child.sendline("action 1: roll dice 1 and 2")
    child.expect(PROMPT)
    assert "resolves the dice" in child.before
    child.sendline("undo")  # the dice are rolled: chance, never taken back
    child.expect(PROMPT)
    assert "Nothing to take back" in child.before
    before = saved(tmp_path, "z.json")["actions"]
    count = int(child.match.group(2))
    child.sendline("1")
    child.expect(PROMPT)
    placed = saved(tmp_path, "z.json")["actions"]
    assert len(placed) == len(before) + 1
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Taken back: Put the" in child.before
    assert int(child.match.group(2)) == count  # the same question as before
    assert saved(tmp_path, "z.json")["actions"] == before  # the record is the shorter game
    child.sendline("quit")
    assert finish(child) == 0


def test_forced_choices_are_not_announced_and_the_result_has_no_player_to_play(tmp_path: Path) -> None:
    child = sized(tmp_path, (120, 40), "play", "alakazum", "--seed", "11", "--record", "g.json")
    decisions = 0
    while child.expect([PROMPT, "Step through it with"], timeout=PATIENCE) == 0:
        assert "(the only choice)" not in child.before
        child.sendline("1")
        decisions += 1
    end = child.before
    assert "Result:" in end
    child.sendline("")
    assert finish(child) == 0
    table = end[end.rfind("Other players") :]
    assert "(to play)" not in table


TMUX = shutil.which("tmux")


def test_hot_seat_leaves_no_hand_in_the_scrollback(tmp_path: Path) -> None:
    """Two people at one terminal (tmux, 80x24, with a scrollback): when the device is passed,
    scrolling back shows no hand; after the game nothing of it is in the scrollback either."""
    # Skipped only on a developer's machine without tmux; CI (ALAKA_REQUIRE_ALL) installs it.
    need(None if TMUX else "tmux is not installed (apt-get install tmux): the scrollback is read through it")
    socket = str(tmp_path / "tmux.sock")
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "FORCE_COLOR", "NO_COLOR")}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), PYTHONIOENCODING="utf-8", TERM="xterm")
    play = "-m alaka play alakazoo --seats human,human --seed 1 --record hot.json"
    command = f"cd {tmp_path} && {sys.executable} {play}"

    def tmux(*args: str) -> str:
        done = subprocess.run(
            [TMUX or "tmux", "-S", socket, *args], env=env, capture_output=True, text=True, timeout=PATIENCE
        )
        return done.stdout

    def screen_and_scrollback() -> str:
        return tmux("capture-pane", "-p", "-t", "hot", "-S", "-")

    def wait_for(text: str) -> str:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            shown = screen_and_scrollback()
            if text in shown:
                return shown
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never showed:\n{screen_and_scrollback()}")

    def last_line() -> tuple[str, str]:
        """The screen with its scrollback, once its last line asks something."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            shown = screen_and_scrollback()
            lines = [line for line in shown.splitlines() if line.strip()]
            if lines and (
                lines[-1].endswith("(or type quit):") or re.search(r"choice \[1-\d+\]:$", lines[-1])
            ):
                return shown, lines[-1]
            time.sleep(0.2)
        raise AssertionError(f"no question on the screen:\n{screen_and_scrollback()}")

    tmux("new-session", "-d", "-s", "hot", "-x", "80", "-y", "24", command + "; sleep 30")
    try:
        hands_seen = passes_after_a_hand = 0
        for _ in range(60):
            shown, question = last_line()
            if question.endswith("(or type quit):"):
                assert "Your hand" not in shown, shown  # nobody scrolls up to the last person's hand
                passes_after_a_hand += hands_seen > 0
                if passes_after_a_hand == 3:
                    break
                tmux("send-keys", "-t", "hot", "Enter")
            else:
                hands_seen += "Your hand" in shown  # the hand is there in its owner's turn
                tmux("send-keys", "-t", "hot", "1", "Enter")
            time.sleep(0.3)
        assert passes_after_a_hand == 3
        tmux("send-keys", "-t", "hot", "quit", "Enter")
        shown = wait_for("Continue with: alaka play --resume hot.json")
        assert "Your hand" not in shown  # the game's screens are gone with the alternate screen
    finally:
        tmux("kill-server")
