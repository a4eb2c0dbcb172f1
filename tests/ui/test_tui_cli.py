"""The ``play`` and ``replay`` commands' own checks (in process; the terminal tests run the program)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.core.errors import AlakaError

runner = CliRunner()


def test_help_lists_play_and_replay() -> None:
    result = runner.invoke(app, ["--help"])
    assert "play" in result.output and "replay" in result.output
    result = runner.invoke(app, ["play", "--help"])
    for option in ("--seats", "--players", "--seed", "--scenario", "--record", "--resume", "--option"):
        assert option in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play"], "name the game to play"),
        (["play", "chess"], "no game is called 'chess'"),
        (
            ["play", "alakazoo", "--players", "3", "--seats", "human,random"],
            "--players is 3 but --seats names 2",
        ),
        (["play", "alakazoo", "-o", "colour=red"], "unknown option 'colour'"),
        (["play", "--resume", "x.json", "--seats", "human,random"], "leave out --seats"),
        (["play", "--resume", "x.json", "--seed", "0"], "leave out --seed"),
        (["replay", "nowhere.json"], "cannot read the record 'nowhere.json'"),
    ],
)
def test_bad_settings_are_one_alaka_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert isinstance(result.exception, AlakaError), result.output
    assert message in str(result.exception)


def test_replay_checks_the_seat(tmp_path: Path) -> None:
    final = alaka.play(alaka.game("alakazoo").new_initial_state(2), [alaka.RandomBot()] * 2, seed=2)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(final.record()))
    result = runner.invoke(app, ["replay", str(path), "--seat", "3"])
    assert isinstance(result.exception, AlakaError)
    assert "--seat must be 1 to 2 for a 2-player game, not 3" in str(result.exception)
    # a plain library record (no seats) replays as a spectator; end of input quits
    result = runner.invoke(app, ["replay", str(path)], input="n\np\nq\n")
    assert result.exit_code == 0, result.output
    assert "Step 1 of" in result.output and "as a spectator sees it" in result.output
