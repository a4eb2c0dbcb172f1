"""Is every seat fair? One chi-square test of the whole turn order per configuration, corrected
for the false discovery rate across them, in the report's first lines (issue 33 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scipy import stats

from alaka.sim.fairness import seat_fairness
from alaka.sim.report import build_report, to_markdown
from alaka.sim.summary import GroupSummary


def group(players: int, wins_by_position: list[float], label: str = "base") -> GroupSummary:
    """A configuration whose games were won by the given positions (first player at seat 0)."""
    summary = GroupSummary(label, players, ())
    for position, wins in enumerate(wins_by_position):
        for _ in range(int(wins)):
            summary.add(
                {
                    "winners": [position],
                    "truncated": False,
                    "first_player": 0,
                    "seats": ["bot"] * players,
                    "scores": [0] * players,
                    "rounds": 1,
                    "turns": 1,
                    "decisions": 1,
                }
            )
    return summary


def test_an_even_turn_order_is_even_and_a_strong_first_seat_is_not() -> None:
    even, uneven = seat_fairness([group(4, [50, 50, 50, 50]), group(2, [140, 60])])
    assert even.even and even.statistic == 0 and even.p_value == 1
    assert not uneven.even
    # the numbers are SciPy's chi-square of the wins against an even split
    assert uneven.statistic == pytest.approx(stats.chisquare([140, 60]).statistic)
    assert uneven.p_value == pytest.approx(stats.chisquare([140, 60]).pvalue)


def test_the_verdicts_are_corrected_for_testing_many_configurations() -> None:
    """A gap that one test alone calls uneven (p about 0.03) is within chance among five tests."""
    lone = seat_fairness([group(2, [115, 85])])[0]
    assert lone.p_value < 0.05 and not lone.even
    many = seat_fairness([group(2, [115, 85])] + [group(n, [60] * n, f"c{n}") for n in (2, 3, 4, 5)])
    assert many[0].p_value == pytest.approx(lone.p_value)
    assert many[0].adjusted > 0.05 and many[0].even


def test_a_configuration_nobody_won_is_not_tested() -> None:
    assert seat_fairness([group(3, [0, 0, 0])]) == []


def test_the_report_opens_with_the_verdict(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from alaka.cli import app

    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "alakazoo",
            "--players",
            "2",
            "--seats",
            "heuristic,random",
            "--games",
            "30",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    text = to_markdown(build_report(out))
    sections = [line for line in text.splitlines() if line.startswith("## ")]
    assert sections[1] == "## Is every seat fair?"
    assert "chi-square" in text and "Benjamini-Hochberg" in text
