"""alaka report on a known synthetic run: the numbers, intervals and verdicts a designer reads."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.sim.report import build_report, to_html, to_markdown, write_report
from alaka.sim.results import ResultsWriter
from alaka.sim.runs import SimulationError, plan_run
from alaka.sim.summary import Proportion, rate_difference
from waits import PATIENCE

ZOO = alaka.game("alakazoo")


def synthetic_row(config: Any, index: int, first_wins: bool, rounds: int) -> dict[str, Any]:
    """A 2-player Alakazoo game in which seat 0 (board Griffin) plays first and wins or loses."""
    winner = 0 if first_wins else 1
    row: dict[str, Any] = {
        "label": config.label,
        "players": 2,
        "index": index,
        "seed": index,
        "seats": ["heuristic", "heuristic"],
        "first_player": 0,
        "winners": [winner],
        "scores": [12, 10] if first_wins else [10, 12],
        "ranks": [1, 2] if first_wins else [2, 1],
        "reason": "most points",
        "ending": "most points",
        "truncated": False,
        "turns": 2 * rounds,
        "rounds": rounds,
        "decisions": 100,
        "actions": 300,
        "digest": f"{index:016x}",
        "board": ["Griffin", "Kraken"],
        "dark_power": index % 2,  # mean 0.5 in every configuration
        "passes": 0,
        "displays": 16,
        "creature_points": 6,
        "first_points": 9,
        "completed": index < 90,  # 90%
        "fastest_won": first_wins,
        "line_points": 4,
        "own_creature_points": 0,
        "over_limit": 3 if config.label == "final_lines=partial" else 1,
        "over_limit_discards": 3,
        **{f"seat_{name}": [1, 1] for name in ("dark_power", "passes", "displays", "creature_points")},
        **{f"seat_{name}": [2, 2] for name in ("first_points", "line_points", "over_limit")},
        "displayed": ["griffin:head", "kraken:tail"],
        "hand": ["", ""],
        "seconds": 0.01,
    }
    for name, value in config.options:
        row[f"opt_{name}"] = value
    return row


def sweep_plan(games: int, labels: tuple[str, ...] = ("complete", "partial")) -> Any:
    """A 2-player Alakazoo sweep of ``final_lines`` over ``labels``, ``games`` games each."""
    return plan_run(
        ZOO,
        players=[2],
        seats=["heuristic"],
        options={},
        vary=[("final_lines", list(labels))],
        games=games,
        seed=0,
    )


def synthetic_run(
    path: Path, first_wins: dict[str, int], labels: tuple[str, ...] = ("complete", "partial")
) -> None:
    """100 games per configuration; the first player wins ``first_wins[label]`` of them."""
    plan = sweep_plan(100, labels)
    with ResultsWriter(path, plan) as writer:
        for config in plan.configurations:
            wins = first_wins[config.label]
            writer.add(synthetic_row(config, i, i < wins, 10 + i % 5) for i in range(100))


@pytest.fixture
def sweep(tmp_path: Path) -> Path:
    path = tmp_path / "sweep.parquet"
    synthetic_run(path, {"final_lines=complete": 60, "final_lines=partial": 40})
    return path


def test_win_rates_by_turn_order_come_with_wilson_intervals(sweep: Path) -> None:
    # 60 of 100: Wilson's 95% interval is 50.2%-69.1%; 40 of 100: 30.9%-49.8%.
    text = to_markdown(build_report(sweep))
    assert (
        "| final_lines=complete, 2 players | 100 | 50.0% | 60.0% [50.2%, 69.1%] | 40.0% [30.9%, 49.8%] |"
        in text
    )
    assert (
        "| final_lines=partial, 2 players | 100 | 50.0% | 40.0% [30.9%, 49.8%] | 60.0% [50.2%, 69.1%] |"
        in text
    )


def test_a_sweep_gets_a_verdict_line_with_its_interval(sweep: Path) -> None:
    """The sweep's games are paired by seed: game i's first player wins under both readings for
    i < 40, under neither for i >= 60, and only under the first for the 20 between, so the
    paired differences are 20 times -1 and 80 zeros: mean -0.2, standard deviation 0.402, a
    standard error of 0.0402 and a 95% half-width of 7.9 points (Newcombe's unpaired interval
    for the same rates is 13.3 points wide each way)."""
    text = to_markdown(build_report(sweep))
    assert (
        "final_lines=partial changes the first-player win rate (2 players) from 60.0% to 40.0% "
        "± 7.9 points (95%, paired games)" in text
    )
    # Equal means are reported as unchanged, different ones as changed.
    assert "mean over_limit (2 players) from 1.00 to 3.00 ± 0.00 (95%, paired games)" in text
    assert "changes the mean dark_power" not in text
    assert (
        "| final_lines=partial vs final_lines=complete | 2 players | mean dark_power | 0.50 | 0.50 |" in text
    )


def test_newcombes_interval_matches_the_hand_computed_one() -> None:
    d = rate_difference("x", Proportion(60, 100), Proportion(40, 100))
    assert (round(d.low, 3), round(d.high, 3)) == (-0.328, -0.061)
    assert d.clear
    same = rate_difference("x", Proportion(50, 100), Proportion(50, 100))
    assert not same.clear and same.low < 0 < same.high


def test_lengths_statistics_and_boards_are_summed_up(sweep: Path) -> None:
    text = to_markdown(build_report(sweep))
    # rounds 10..14, 20 games each: median 12, 10% at 10 and 90% at 14, mean 12.
    assert "| final_lines=complete, 2 players | 12 | 10-14 | 12.00 [11.72, 12.28] | 24.0 | 100 |" in text
    assert "| final_lines=complete, 2 players | 90.0% [82.6%, 94.5%] |" in text  # completed: 90 of 100
    # The Griffin board is seat 0, which wins 60 games of 100 with the complete lines.
    assert "| final_lines=complete, 2 players | 60.0% [50.2%, 69.1%] | 40.0% [30.9%, 49.8%] |" in text


def test_a_baseline_file_is_compared_configuration_by_configuration(tmp_path: Path, sweep: Path) -> None:
    baseline = tmp_path / "baseline.parquet"
    synthetic_run(baseline, {"final_lines=complete": 50}, labels=("complete",))
    text = to_markdown(build_report(sweep, baseline))
    # 60 against 50 of 100: Newcombe's interval runs from -3.7 to +23.2 points, half-width 13.5:
    # wider than the 3 points looked for, so it cannot say "unchanged"; 100 x (13.47 / 3)^2 games.
    assert (
        "not enough games to tell whether sweep.parquet changes the first-player win rate (2 players): "
        "± 13.5 points is wider than the 3 points looked for (50.0% with baseline.parquet, 60.0% with "
        "sweep.parquet); about 2,017 games per configuration would tell" in text
    )
    # The baseline has one label, so the sweep's other label is compared with it too.
    assert (
        "sweep.parquet (final_lines=partial) changes the mean over_limit (2 players) from 1.00 to 3.00"
        in text
    )


def test_the_html_page_is_self_contained(sweep: Path) -> None:
    page = to_html(build_report(sweep))
    assert page.startswith("<!DOCTYPE html>")
    assert page.count('src="data:image/png;base64,') >= 10
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert "60.0% [50.2%, 69.1%]" in page


def test_a_file_of_another_game_is_no_baseline(tmp_path: Path, sweep: Path) -> None:
    other = tmp_path / "zum.parquet"
    plan = plan_run(alaka.game("alakazum"), players=[2], seats=["random"], options={}, games=1, seed=0)
    from alaka.sim.scheduler import InlineBackend
    from alaka.sim.simulate import simulate

    with InlineBackend() as backend:
        simulate(plan, other, backend)
    with pytest.raises(SimulationError, match="the baseline is a run of alakazum, not alakazoo"):
        build_report(sweep, other)


def test_report_command_writes_html_and_prints_markdown(tmp_path: Path, sweep: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["report", str(sweep)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "sweep.html").read_text("utf-8").startswith("<!DOCTYPE html>")
    result = runner.invoke(app, ["report", str(sweep), "--format", "md", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert "## Verdicts" in result.output
    write_report(sweep, tmp_path / "r.md", format="md")
    assert (tmp_path / "r.md").read_text("utf-8").startswith("# Alakazoo: balance report of sweep.parquet")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere.parquet"], "no results file at 'nowhere.parquet'"),
        (["pyproject.toml"], "is not a Parquet file"),
        (["x.parquet", "--format", "pdf"], "--format is html or md"),
        (["x.parquet", "-o", "-"], "only --format md can be printed"),
    ],
)
def test_report_refuses_bad_input_with_one_line(args: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "alaka", "report", *args], capture_output=True, text=True, timeout=PATIENCE
    )
    assert result.returncode == 2, result.stderr
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.stderr


def test_the_winning_margin_is_the_best_winners_score_less_the_best_other_seats(sweep: Path) -> None:
    """Every synthetic game ends 12 to 10: a margin of 2 in each configuration."""
    text = to_markdown(build_report(sweep))
    assert "margin (mean)" in text and "margin (median)" in text
    for label in ("final_lines=complete", "final_lines=partial"):
        line = next(row for row in text.splitlines() if row.startswith(f"| {label}, 2 players | 11.00"))
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[-1] == "2" and cells[-2].startswith("2.00")


def test_many_verdicts_are_corrected_together_for_the_false_discovery_rate() -> None:
    """A difference with p = 0.03 is a change alone; among ten, nine of them no change at all,
    Benjamini-Hochberg's adjusted p is ten times as large, and the line says there are not enough
    games to tell (its interval is wider than the effect looked for)."""
    from alaka.sim.summary import Comparison, Difference, GroupSummary
    from alaka.sim.verdicts import corrected

    group = GroupSummary("base", 2, ())
    error = 0.2 / 2.17  # a change of 0.2 at 2.17 standard errors: p about 0.03
    lone = Difference("m", "mean", 1.0, 1.2, 0.2 - 1.96 * error, 0.2 + 1.96 * error, 0.05, 100)
    assert 0.02 < lone.p_value < 0.04 and lone.clear
    noise = [Difference(f"n{k}", "mean", 1.0, 1.0, -1.0, 1.0, 10.0, 100) for k in range(9)]
    assert corrected([Comparison(group, group, "a", "b", [lone])])[0].differences[0].clear
    judged = corrected([Comparison(group, group, "a", "b", [lone, *noise])])[0].differences
    assert judged[0].adjusted == pytest.approx(10 * lone.p_value)
    assert not judged[0].clear and judged[0].too_few_games
    assert judged[0].games_needed == math.ceil(100 * (judged[0].margin / 0.05) ** 2)
    assert not any(d.clear or d.too_few_games for d in judged[1:])  # narrow enough to say unchanged


def test_a_sweep_pairs_its_games_by_seed_and_sees_what_unpaired_intervals_cannot(tmp_path: Path) -> None:
    """Two readings whose first player wins the same 200 of 400 games, and the second 8 more:
    a change of 2 points. Unpaired, Newcombe's interval (about ± 6.9 points) cannot tell it from
    nothing; paired by seed, the differences are 8 ones and 392 zeros, a standard error of 0.70
    points, so it is clear: 2.0 ± 1.4 points. The second reading's games are written in reverse
    order, so a pairing by position instead of by seed would find nonsense."""
    path = tmp_path / "paired.parquet"
    plan = sweep_plan(400)
    with ResultsWriter(path, plan) as writer:
        complete, partial = plan.configurations
        writer.add(synthetic_row(complete, i, i % 2 == 0, 10) for i in range(400))
        writer.add(synthetic_row(partial, i, i % 2 == 0 or i < 16, 10) for i in reversed(range(400)))
    text = to_markdown(build_report(path))
    assert (
        "final_lines=partial changes the first-player win rate (2 players) from 50.0% to 52.0% "
        "± 1.4 points (95%, paired games)" in text
    )
    unpaired = rate_difference("first-player win rate", Proportion(200, 400), Proportion(208, 400))
    assert not unpaired.clear and unpaired.too_few_games and round(100 * unpaired.margin, 1) == 6.9


def test_the_report_tallies_how_games_end_by_kind_not_by_their_every_wording(tmp_path: Path) -> None:
    """Reasons that differ only after their colon are one kind of ending: 30 of 100 games
    stopped at the safety limit, at two different turns, are one row at 30.0% (Wilson's 95%
    interval 21.9%-39.6%)."""
    path = tmp_path / "endings.parquet"
    plan = plan_run(ZOO, players=[2], seats=["heuristic"], options={}, vary=[], games=100, seed=0)
    (config,) = plan.configurations
    rows = [synthetic_row(config, i, i % 2 == 0, 10) for i in range(100)]
    for i, row in enumerate(rows[:30]):
        row["reason"] = f"the game stopped at the safety limit: turn {1000 + i % 2}"
        row["ending"] = "the game stopped at the safety limit"
    with ResultsWriter(path, plan) as writer:
        writer.add(rows)
    text = to_markdown(build_report(path))
    assert "| 2 players | the game stopped at the safety limit | 30 | 30.0% [21.9%, 39.6%] |" in text
    assert "| 2 players | most points | 70 | 70.0% [60.4%, 78.1%] |" in text
    assert "turn 1000" not in text


def test_a_variant_report_says_what_the_variant_changes_not_which_file_it_read(tmp_path: Path) -> None:
    """A catalogue with Black Friday at 8 culture points instead of 7: the report names that
    value, from the box and against a baseline run of the box, and not the file's path alone."""
    import json

    from alaka.sim.tune import builtin_content

    catalogue = json.loads(builtin_content(alaka.game("alakazum"), "catalogue").read_text("utf-8"))
    (friday,) = [card for card in catalogue["cards"] if card["id"] == "black_friday"]
    was = friday["culture_points"]
    friday["culture_points"] = was + 1
    variant = tmp_path / "friday.json"
    variant.write_text(json.dumps(catalogue), encoding="utf-8")
    runner = CliRunner()
    for out, options in (("variant.parquet", ["-o", f"catalogue={variant}"]), ("box.parquet", [])):
        command = ["simulate", "alakazum", "-n", "2", "--games", "2", "--out", str(tmp_path / out), *options]
        assert runner.invoke(app, command).exit_code == 0
    text = to_markdown(build_report(tmp_path / "variant.parquet", tmp_path / "box.parquet"))
    change = f"catalogue: Black Friday (cards[black_friday].culture_points): {was} → {was + 1}"
    assert f"What this run changes from the box: {change}." in text
    assert f"variant.parquet against box.parquet: {change}." in text
    # The same rules on both sides say so; and a file gone since the run is named, with why.
    same = to_markdown(build_report(tmp_path / "box.parquet", tmp_path / "box.parquet"))
    assert "box.parquet against box.parquet: no option (the same rules: only the games differ)." in same
    variant.unlink()
    gone = to_markdown(build_report(tmp_path / "variant.parquet"))
    assert f"catalogue: {variant} (cannot read" in gone


def _alike_run(path: Path, run: int) -> None:
    """Two configurations of 200 games each whose every number is drawn from one distribution
    (a variant that changes nothing), each game its own draw."""
    import random

    plan = sweep_plan(200)
    with ResultsWriter(path, plan) as writer:
        for config in plan.configurations:
            rows = []
            for i in range(200):
                draw = random.Random(f"{run}/{config.label}/{i}")
                row = synthetic_row(config, i, draw.random() < 0.5, draw.randint(8, 14))
                row["dark_power"] = draw.randint(0, 3)
                row["displays"] = draw.randint(12, 20)
                row["creature_points"] = draw.randint(0, 12)
                row["line_points"] = draw.randint(0, 8)
                row["completed"] = draw.random() < 0.9
                row["over_limit"] = draw.randint(0, 4)
                row["decisions"] = draw.randint(80, 120)
                rows.append(row)
            writer.add(rows)


def test_a_report_of_two_configurations_that_play_alike_flags_nothing_beyond_its_error_rate(
    tmp_path: Path,
) -> None:
    """A report compares dozens of measures between two configurations; when none differs, every
    test is a null one, and Benjamini-Hochberg at 5% keeps the chance that a report flags anything
    at 5%. Over 40 such reports at most 4 may (2 expected); at 5% each without the correction,
    most reports would flag something, which the same runs show."""
    from alaka.sim.results import iter_rows, read_info
    from alaka.sim.summary import summarize, sweep_comparisons
    from alaka.sim.verdicts import corrected

    reports = 40
    flagged = raw_flagged = tests = 0
    for run in range(reports):
        path = tmp_path / f"alike{run}.parquet"
        _alike_run(path, run)
        info = read_info(path)
        groups = summarize(iter_rows(path), info.stat_columns(), keeps_scores=True)
        comparisons = sweep_comparisons(groups)
        differences = [d for c in comparisons for d in c.differences if not math.isnan(d.p_value)]
        tests += len(differences)
        raw_flagged += any(d.p_value < 0.05 for d in differences)
        flagged += any(d.clear for c in corrected(comparisons) for d in c.differences)
    assert tests / reports >= 8  # enough tests per report for the correction to matter
    assert raw_flagged >= reports // 4
    assert flagged <= 4
