"""The command line as a user meets it: output in words, one-line errors, exit codes."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from alaka.cli import app
from waits import PATIENCE

runner = CliRunner()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "alaka", *args], capture_output=True, text=True, timeout=PATIENCE
    )


def test_games_lists_alakazoo_with_its_player_counts() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "alakazoo" in result.output and "2-4" in result.output
    assert "alakazum" in result.output and "2-5" in result.output


def test_rules_prints_the_summary_and_every_option() -> None:
    result = runner.invoke(app, ["rules", "alakazoo"])
    assert result.exit_code == 0
    assert "ALAKAZOO - the rules in brief" in result.output
    for option in ("limit_check", "covered_runes", "dark_power_after_pass", "final_lines", "max_turns"):
        assert option in result.output


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_rules_fill_an_80_column_terminal(game: str) -> None:
    """The summary is wrapped at the terminal's width, not at the width it was written in: no
    line is longer than 80 columns, and no line ends mid-sentence where the next line's first
    word would still have fitted."""
    shown = subprocess.run(
        [sys.executable, "-m", "alaka", "rules", game],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1"},
    )
    assert shown.returncode == 0
    summary = shown.stdout.split("Options (")[0].splitlines()
    assert all(len(line) <= 80 for line in summary)
    for line, after in itertools.pairwise(summary):
        if not line.strip() or not after.strip() or after.startswith(" "):
            continue  # a paragraph or a list item starts
        if line.rstrip().endswith((".", ":")) and after[0].isupper():
            continue  # a new sentence may start a line of its own
        assert len(line.rstrip()) + 1 + len(after.split()[0]) > 80, (line, after)


def test_watch_tells_the_game_in_words_and_ends_with_the_result() -> None:
    result = runner.invoke(app, ["watch", "alakazoo", "--players", "3", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "Player 1 chooses portal board" in result.output
    assert "is the first player." in result.output
    assert "Result:" in result.output and "(winner)" in result.output
    # a spectator sees no dealt card
    assert "is dealt a card." in result.output


def test_watch_from_a_seat_shows_that_seats_cards() -> None:
    result = runner.invoke(app, ["watch", "alakazoo", "--seed", "4", "--seat", "1"])
    assert result.exit_code == 0
    assert "Player 1 is dealt " in result.output
    assert "Player 2 is dealt a card." in result.output


def test_the_same_seed_tells_the_same_game() -> None:
    first = runner.invoke(app, ["watch", "alakazoo", "--seed", "8"]).output
    again = runner.invoke(app, ["watch", "alakazoo", "--seed", "8"]).output
    assert first == again


def test_bad_input_gets_one_line_and_exit_code_2() -> None:
    for args, message in [
        (("watch", "chess"), "no game is called 'chess'"),
        (("watch", "alakazoo", "-o", "colour=red"), "unknown option 'colour'"),
        (("watch", "alakazoo", "-o", "max_turns=many"), "takes a whole number"),
        (("watch", "alakazoo", "--players", "9"), "2 to 4 players, not 9"),
        (("watch", "alakazoo", "--seat", "3"), "--seat must be 1 to 2"),
        (("rules", "nope"), "no game is called 'nope'"),
        (("watch", "alakazum", "--catalogue", "/nonexistent.json"), "cannot read"),
        (("watch", "alakazoo", "--catalogue", "x.json"), "--catalogue is not an option of Alakazoo"),
    ]:
        result = run(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert message in result.stderr.replace("\n", " ")
        assert "Traceback" not in result.stderr


def test_python_dash_m_alaka_shows_help() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("games", "rules", "watch"):
        assert command in result.stdout


def test_watch_plays_alakazum_to_its_end() -> None:
    result = runner.invoke(app, ["watch", "alakazum", "--players", "4", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "exchanged the most cards" in result.output
    assert "Result:" in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "alakazum", "--seed", "abc"], "error: --seed takes a whole number; see alaka play --help"),
        (["arena", "alakazoo", "--games", "0"], "error: --games must be at least 1; see alaka arena --help"),
        (["arena"], "error: missing argument 'GAME'; see alaka arena --help"),
        (["play", "alakazum", "--frob"], "error: no such option: --frob; see alaka play --help"),
        (["frob"], "error: no such command 'frob'; see alaka --help"),
        (["play", "alakazum", "--seats", "robot"], "error: seat 1 ('robot'): no bot is called 'robot'"),
    ],
)
def test_every_usage_error_is_one_line_with_exit_code_2(args: list[str], said: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.startswith(said)
    assert result.stderr.count("\n") == 1 and not result.stdout


def test_version_and_help_without_python_type_tags() -> None:
    import platform

    from alaka import __version__
    from alaka.cli import command
    from alaka.core import phased
    from alaka.core.compiling import compiled_names

    version = run("--version")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    # Which build runs, told apart here by where the phase machine was loaded from (the suite
    # runs on both builds; tests/test_builds.py compares them).
    compiled = not phased.__file__.endswith(".py")
    build = f"compiled with mypyc: {len(compiled_names())} modules" if compiled else "pure Python"
    assert version.returncode == 0 and version.stdout == f"alaka {__version__} ({build}; {python})\n"
    group = command()
    for name, sub in group.commands.items():
        text = sub.get_help(group.make_context("alaka", [name], resilient_parsing=True))
        assert not re.search(r"<(str|int|bool|float|list\[str\])>", text), f"alaka {name} --help: {text}"
        assert "Usage: alaka" in text
