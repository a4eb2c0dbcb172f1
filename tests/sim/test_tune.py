"""alaka tune: what can be searched, the goals, a search whose answer is known, variant files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.sim.results import iter_rows
from alaka.sim.runs import SimulationError
from alaka.sim.scheduler import InlineBackend
from alaka.sim.summary import Distribution, GroupSummary
from alaka.sim.tune import Objective, Tuner, parse_objective, parse_param, read_variant, write_variant

ZUM = alaka.game("alakazum")
ZOO = alaka.game("alakazoo")


def test_the_three_kinds_of_search_parameter() -> None:
    turns = parse_param(ZOO, "max_turns=10..20")
    assert (turns.option, turns.low, turns.high, turns.in_content) == ("max_turns", 10, 20, False)
    assert parse_param(ZOO, "final_lines").choices == ("complete", "partial")
    assert parse_param(ZOO, "covered_runes").choices == (True, False)
    assert parse_param(ZOO, "dice=default,alternative").choices == ("default", "alternative")
    enemy = parse_param(ZUM, "catalogue:cards[santa_claus].culture_points=10..16")
    assert (enemy.option, enemy.path, enemy.low, enemy.high) == (
        "catalogue",
        ("cards", "id=santa_claus", "culture_points"),
        10,
        16,
    )
    assert enemy.name == "catalogue:cards[santa_claus].culture_points"
    assert parse_param(ZOO, "components:counts.dark_power_tokens=8..16").path == (
        "counts",
        "dark_power_tokens",
    )


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (ZOO, "colour=1..2", "'colour' is not an option of Alakazoo"),
        (ZOO, "max_turns=20..10", "LOW <= HIGH"),
        (ZOO, "max_turns=a..b", "whole numbers"),
        (ZOO, "max_turns=0..5", "must be at least 1"),
        (ZOO, "final_lines=straight", "must be one of complete, partial"),
        (ZOO, "components=1..2", "search a value inside the file"),
        (ZOO, "limit_check:x=1..2", "'limit_check' names no content file"),
        (ZUM, "max_turns", "give the values"),
    ],
)
def test_bad_search_parameters_are_refused(game: alaka.Game, text: str, message: str) -> None:
    with pytest.raises(alaka.AlakaError, match=message):
        parse_param(game, text)


def group(players: int, wins_by_position: list[float], rounds: dict[int, int]) -> GroupSummary:
    g = GroupSummary("base", players, ())
    for position, wins in enumerate(wins_by_position):
        g.by_position[position].successes = wins
        g.by_position[position].n = 100
    g.rounds = Distribution()
    for value, count in rounds.items():
        g.rounds.counts[value] = count
    return g


def test_fair_is_the_rms_distance_of_the_position_win_rates_from_an_even_share() -> None:
    fair = parse_objective("fair")
    assert fair.measure([group(2, [50, 50], {10: 1})]) == 0
    # 60% and 40% against 50%: 10 points each way.
    assert fair.measure([group(2, [60, 40], {10: 1})]) == pytest.approx(10)
    # Two player counts: (10, 10) and (0, 0, 0) points: sqrt(200 / 5).
    assert fair.measure([group(2, [60, 40], {}), group(3, [100 / 3] * 3, {})]) == pytest.approx(40**0.5)


def test_rounds_is_the_distance_of_the_interpolated_median_from_the_target() -> None:
    # 10 games in round 7 and 10 in round 8: the median is where round 7 ends, 7.5.
    spread = group(2, [50, 50], {7: 10, 8: 10})
    assert spread.rounds.smooth_median == 7.5
    assert parse_objective("rounds=8").measure([spread]) == 0.5
    assert Objective("rounds", 7.5).measure([spread]) == 0
    with pytest.raises(SimulationError, match="fair or rounds=N"):
        parse_objective("rounds=soon")


def test_a_search_with_a_known_answer_finds_it(tmp_path: Path) -> None:
    """Two-player Alakazoo stopped by a safety limit of T turns always ends in round T/2 rounded
    up; asking for round 5 is answered by T = 9 or 10. Seven values and seven trials: the search
    tries each once."""
    tuner = Tuner(
        ZOO,
        [parse_param(ZOO, "max_turns=6..12")],
        [parse_objective("rounds=5")],
        players=[2],
        seats=["random"],
        options={},
        games=4,
        seed=3,
        workdir=tmp_path,
    )
    with InlineBackend() as backend:
        result = tuner.run(7, backend)
    # the box (the game's 2000, outside the range) is measured first, then each value once
    assert result.trials[0].values["max_turns"] == 2000
    assert sorted(r.values["max_turns"] for r in result.trials[1:]) == list(range(6, 13))
    assert result.best.score == 0
    # 9 and 10 both reach the goal; the search keeps the one nearer the game's own 2000.
    assert result.best.values["max_turns"] == 10
    assert result.best_options["max_turns"] == 10
    assert result.games_played == (1 + 7) * 4


def test_a_content_value_is_searched_in_a_copy_of_the_content_file(tmp_path: Path) -> None:
    tuner = Tuner(
        ZUM,
        [parse_param(ZUM, "catalogue:cards[santa_claus].culture_points=10..16")],
        [parse_objective("fair")],
        players=[3],
        seats=["heuristic"],
        options={},
        games=2,
        seed=0,
        workdir=tmp_path,
    )
    options = tuner.trial_options({"catalogue:cards[santa_claus].culture_points": 16}, "t")
    data = json.loads(Path(str(options["catalogue"])).read_text("utf-8"))
    santa = next(card for card in data["cards"] if card["id"] == "santa_claus")
    assert santa["culture_points"] == 16
    state = ZUM.new_initial_state(3, catalogue=options["catalogue"])
    enemies = [state.L.enemy(pid) for pid in state.L.final]
    assert next(e for e in enemies if e.id == "santa_claus").culture_points(3) == 16
    with pytest.raises(SimulationError, match="the value there is 'Santa Claus', not a whole number"):
        Tuner(
            ZUM,
            [parse_param(ZUM, "catalogue:cards[santa_claus].name=1..2")],
            [parse_objective("fair")],
            players=[3],
            seats=["heuristic"],
            options={},
            games=2,
            seed=0,
            workdir=tmp_path,
        )


def test_a_variant_file_carries_its_content_file_and_simulate_plays_it(tmp_path: Path) -> None:
    content = tmp_path / "work.json"
    catalogue = json.loads(
        (Path(alaka.__file__).parent / "games/alakazum/data/catalogue.json").read_text("utf-8")
    )
    content.write_text(json.dumps(catalogue), encoding="utf-8")
    variant = tmp_path / "out" / "v.json"
    variant.parent.mkdir()
    written = write_variant(variant, ZUM, {"catalogue": str(content), "max_turns": 500}, {"tuned": {}})
    assert written == [variant, tmp_path / "out" / "v-catalogue.json"]
    game, options = read_variant(variant)
    assert game is ZUM
    assert options == {"catalogue": str(tmp_path / "out" / "v-catalogue.json"), "max_turns": 500}
    out = tmp_path / "run.parquet"
    result = CliRunner().invoke(
        app, ["simulate", "alakazum", "--variant", str(variant), "--games", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    row = next(iter_rows(out))
    assert row["opt_catalogue"].endswith("v-catalogue.json") and row["opt_max_turns"] == 500
    with pytest.raises(SimulationError, match="is a variant of alakazum, not alakazoo"):
        read_variant(variant, ZOO)
    with pytest.raises(SimulationError, match="is not a variant file"):
        read_variant(content)


def test_tune_command_prints_the_best_and_writes_the_variant(tmp_path: Path) -> None:
    out = tmp_path / "best.json"
    result = CliRunner().invoke(
        app,
        [
            "tune",
            "alakazoo",
            "--param",
            "max_turns=8..11",
            "--objective",
            "rounds=5",
            "--players",
            "2",
            "--seats",
            "random",
            "--trials",
            "4",
            "--games",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    # the box (max_turns=2000, outside the range) first, 4 trials, then the box and 3 finalists
    # again on fresh games: 9 settings of 2 games
    assert "the box: max_turns=2000" in said
    assert "best of the box and 4 trials (18 games played)" in said
    assert "better beyond noise" in said
    data = json.loads(out.read_text("utf-8"))
    assert data["format"] == "alaka-variant/1" and data["options"]["max_turns"] in (9, 10)
    assert data["measured"]["rounds=5 (distance of the median round from 5)"] == 0


def _tuner(tmp_path: Path, param: str, objective: str = "fair", games: int = 6) -> Tuner:
    return Tuner(
        ZOO,
        [parse_param(ZOO, param)],
        [parse_objective(objective)],
        players=[2],
        seats=["random"],
        options={},
        games=games,
        seed=5,
        workdir=tmp_path,
    )


def test_the_box_is_the_first_trial_and_no_trial_is_spent_on_a_repeated_setting(tmp_path: Path) -> None:
    """Measured before: the search never tried the box, and repeated suggestions used 3 of 8 trials."""
    tuner = _tuner(tmp_path, "max_turns=1995..2002")
    with InlineBackend() as backend:
        result = tuner.run(5, backend)
    assert result.trials[0].values == {"max_turns": 2000} and result.trials[0].number == 0
    settings = [r.values["max_turns"] for r in result.trials]
    assert len(settings) == 5 and len(set(settings)) == 5


def test_a_setting_no_better_than_the_box_on_fresh_games_leaves_the_box(tmp_path: Path) -> None:
    """Random Alakazoo games end long before 1,995 turns: every setting plays the same games, so
    none beats the box beyond noise, and the box is what the search keeps."""
    tuner = _tuner(tmp_path, "max_turns=1995..2002")
    with InlineBackend() as backend:
        result = tuner.run(4, backend, finalists=2)
    assert [c.box for c in result.checks].count(True) == 1 and len(result.checks) == 3
    assert all(c.difference == 0 and c.difference_interval == (0.0, 0.0) for c in result.checks)
    assert result.winner is None
    assert result.best.values == {"max_turns": 2000} and result.best_options["max_turns"] == 2000


def test_the_finalists_are_played_again_on_fresh_games_with_intervals(tmp_path: Path) -> None:
    """The search's own games favour the luckiest setting; the re-check plays other seeds, the same
    for the box and every finalist (paired), and keeps a setting only beyond noise."""
    tuner = _tuner(tmp_path, "max_turns=6..12", objective="rounds=5", games=8)
    with InlineBackend() as backend:
        result = tuner.run(7, backend, finalists=2)
    box = next(c for c in result.checks if c.box)
    assert box.score > 50  # the box plays on to the end: far from round 5
    winner = result.winner
    assert winner is not None and winner.better_than_box
    assert winner.values["max_turns"] in (9, 10)
    low, high = winner.difference_interval
    assert low <= winner.difference <= high < 0
    assert winner.interval[0] <= winner.score <= winner.interval[1]
    assert result.games_played == (1 + 7 + 1 + 2) * 8
