"""The suite's own games (``tests/own_games.py``: Guess, hiding cards; Pile, hiding nothing),
registered from the test suite alone (``tests/conftest.py``), work everywhere.

The conformance kit and the golden playthroughs cover them through the registry; this file drives
the command line (watch, arena, simulate, report, rules) and the library (play, replay) on each,
and checks that a game without a heuristic is refused one with a clear error. The browser and the
terminal in a real pseudo-terminal are covered in ``tests/web/test_web_games.py`` and
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
from own_games import OWN_NAMES

runner = CliRunner()
#: Words of each game's rules summary and of its log in a watched game.
RULES_WORDS = {"guess": "middle card", "pile": "last counter"}
LOG_WORDS = {"guess": "right!", "pile": "0 left"}
each_game = pytest.mark.parametrize("name", OWN_NAMES)


@each_game
def test_the_game_is_listed_with_its_player_counts_and_rules(name: str) -> None:
    assert name in alaka.games()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and entry(name).title in listed.output
    rules = runner.invoke(app, ["rules", name])
    assert rules.exit_code == 0 and RULES_WORDS[name] in rules.output


@each_game
def test_watch_plays_a_whole_game_with_the_text_rendering(name: str) -> None:
    result = runner.invoke(app, ["watch", name, "--players", "3", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert LOG_WORDS[name] in result.output and "Result" in result.output


@each_game
def test_the_arena_seats_random_and_search_bots(name: str, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = runner.invoke(
        app,
        ["arena", name, "--seats", "random,ismcts:iterations=50", "--games", "4", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 4
    for record in records:  # every arena game is a full record: it replays to its end
        assert alaka.replay(record).is_terminal()
        assert sorted(record["seats"]) == ["ismcts:iterations=50", "random"]
    # The suite's games declare no statistics, so nothing counts their turns: lengths in actions only.
    length = next(line for line in result.output.splitlines() if line.startswith("average length"))
    assert "actions;" in length and "turns" not in length


@each_game
def test_asking_for_a_heuristic_it_lacks_is_one_clear_error(name: str) -> None:
    title = entry(name).title
    assert not entry(name).has_heuristic
    assert bot_names(name) == ("random", "ismcts", "python")
    with pytest.raises(BotSpecError, match=f"{title} has no heuristic; its bots are: random, ismcts"):
        make_bot("heuristic", name)
    with pytest.raises(BotSpecError, match=f"{title} has no heuristic"):
        make_bot("ismcts:rollout=heuristic", name)
    with pytest.raises(MissingPart):
        entry(name).load_heuristic()
    # The command line refuses it before any game is played (main() prints it in one line).
    result = runner.invoke(app, ["arena", name, "--seats", "heuristic,random", "--games", "2"])
    assert isinstance(result.exception, BotSpecError)


@each_game
def test_simulate_without_seats_plays_the_default_bot_and_report_reads_the_run(
    name: str, tmp_path: Path
) -> None:
    """No --seats: the game's usual bot (``default_bot``, as at a table) plays, where the game has
    no heuristic too; and the report of a game that keeps no scores says so instead of failing."""
    out = tmp_path / "run.parquet"
    result = runner.invoke(app, ["simulate", name, "--games", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "4 of 4 games" in " ".join(result.output.split())
    report = runner.invoke(app, ["report", str(out), "--format", "md", "-o", "-"])
    assert report.exit_code == 0, report.output
    said = " ".join(report.output.split())
    assert f"# {entry(name).title}: balance report" in said
    assert ("keeps no scores" in said) == (not entry(name).scores)
    assert ("mean score" in said) == entry(name).scores
    html = runner.invoke(app, ["report", str(out), "-o", str(tmp_path / "run.html")])
    assert html.exit_code == 0, html.output
    assert ("keeps no scores" in (tmp_path / "run.html").read_text("utf-8")) == (not entry(name).scores)


@each_game
def test_the_library_plays_and_replays_it_by_the_seed_rule(name: str) -> None:
    game = alaka.game(name)
    final = alaka.play(game.new_initial_state(4), [alaka.RandomBot()] * 4, seed=9)
    again = alaka.replay(final.record())
    assert again.outcome() == final.outcome()
    assert alaka.play(game.new_initial_state(4), [alaka.RandomBot()] * 4, seed=9).record() == final.record()
