"""A third game, registered from the test suite alone (``tests/conftest.py``), works everywhere.

The conformance kit and the golden playthroughs cover it through the registry; this file drives
the command line (watch, arena, play, rules) and the library (play, replay), and checks that a
game without a heuristic is refused one with a clear error. The browser and the terminal in a
real pseudo-terminal are covered in ``tests/web/test_web_games.py`` and
``tests/ui/test_tui_play.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import alaka
from alaka.bots.registry import BotSpecError, bot_names, make_bot
from alaka.cli import app
from alaka.core.entry import MissingPart
from alaka.core.registry import entry

runner = CliRunner()


def test_the_game_is_listed_with_its_player_counts_and_rules() -> None:
    assert "guess" in alaka.games()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and "Guess" in listed.output
    rules = runner.invoke(app, ["rules", "guess"])
    assert rules.exit_code == 0 and "middle card" in rules.output


def test_watch_plays_a_whole_game_with_the_text_rendering() -> None:
    result = runner.invoke(app, ["watch", "guess", "--players", "3", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "right!" in result.output and "Result" in result.output


def test_the_arena_seats_random_and_search_bots(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = runner.invoke(
        app,
        ["arena", "guess", "--seats", "random,ismcts:iterations=50", "--games", "4", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 4
    for record in records:  # every arena game is a full record: it replays to its end
        assert alaka.replay(record).is_terminal()
        assert sorted(record["seats"]) == ["ismcts:iterations=50", "random"]
    # Guess declares no statistics, so nothing counts its turns: the length is in actions only.
    length = next(line for line in result.output.splitlines() if line.startswith("average length"))
    assert "actions;" in length and "turns" not in length


def test_asking_for_a_heuristic_it_lacks_is_one_clear_error() -> None:
    assert not entry("guess").has_heuristic
    assert bot_names("guess") == ("random", "ismcts", "python")
    with pytest.raises(BotSpecError, match="Guess has no heuristic; its bots are: random, ismcts"):
        make_bot("heuristic", "guess")
    with pytest.raises(BotSpecError, match="Guess has no heuristic"):
        make_bot("ismcts:rollout=heuristic", "guess")
    with pytest.raises(MissingPart):
        entry("guess").load_heuristic()
    # The command line refuses it before any game is played (main() prints it in one line).
    result = runner.invoke(app, ["arena", "guess", "--seats", "heuristic,random", "--games", "2"])
    assert isinstance(result.exception, BotSpecError)


def test_the_library_plays_and_replays_it_by_the_seed_rule() -> None:
    game = alaka.game("guess")
    final = alaka.play(game.new_initial_state(4), [alaka.RandomBot()] * 4, seed=9)
    again = alaka.replay(final.record())
    assert again.outcome() == final.outcome()
    assert alaka.play(game.new_initial_state(4), [alaka.RandomBot()] * 4, seed=9).record() == final.record()
