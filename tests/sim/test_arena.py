"""The arena is one setting of the simulator: the same games for a seed, the same rows plus the
game's record and each seat's time, the simulator's backends and seat rotation."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.core.records import replay_states
from alaka.sim.arena import GameResult, match_plan, play_match, run_match, summarize
from alaka.sim.runs import DETAIL, plan_run, play_batch, play_detailed_batch, play_game, seats_for
from alaka.sim.scheduler import InlineBackend, run_batches

SPECS = ["heuristic", "random", "random"]


def test_a_match_plays_the_games_of_the_simulator_run_with_the_same_seed_and_seats() -> None:
    arena = sorted(run_match("alakazoo", SPECS, 6, seed=4), key=lambda r: r.index)
    plan = plan_run(alaka.game("alakazoo"), players=[3], seats=SPECS, options={}, games=6, seed=4)
    with InlineBackend(play_batch) as backend:
        rows = sorted((row for rows in run_batches(plan, backend) for row in rows), key=lambda r: r["index"])
    assert [r.record["seed"] for r in arena] == [row["seed"] for row in rows]
    assert [r.seats for r in arena] == [seats_for(SPECS, i) for i in range(6)]
    assert [len(r.record["actions"]) for r in arena] == [row["actions"] for row in rows]
    assert [list(r.winners) for r in arena] == [row["winners"] for row in rows]
    assert [r.turns for r in arena] == [row["turns"] for row in rows]
    assert all(r.turns for r in arena)  # Alakazoo counts its turns


def test_a_detailed_row_is_the_simulator_row_plus_the_record_and_each_seats_time() -> None:
    config = match_plan(alaka.game("alakazum"), ["heuristic", "random"], 2, seed=8).configurations[0]
    plain = play_game("alakazum", 8, config, 1)
    detailed = play_game("alakazum", 8, config, 1, detail=True)
    assert set(detailed) == set(plain) | set(DETAIL)
    assert {k: v for k, v in detailed.items() if k not in DETAIL and k != "seconds"} == {
        k: v for k, v in plain.items() if k != "seconds"
    }
    assert sum(detailed["seat_decisions"]) == plain["decisions"]
    outcome = alaka.replay(detailed["record"]).outcome()
    assert outcome is not None and outcome.winners == tuple(plain["winners"])


def test_the_arena_on_worker_processes_writes_the_same_records(tmp_path: Path) -> None:
    def records(jobs: str) -> list[dict[str, object]]:
        out = tmp_path / f"{jobs}.jsonl"
        args = ["arena", "alakazoo", "--seats", "random,random", "-g", "4", "-s", "2", "-j", jobs]
        result = CliRunner().invoke(app, [*args, "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert "turns;" in result.output
        return sorted((json.loads(line) for line in out.read_text().splitlines()), key=str)

    assert records("1") == records("2")


def test_the_arena_refuses_an_address_without_ray() -> None:
    result = CliRunner().invoke(app, ["arena", "alakazoo", "--address", "auto", "--games", "1"])
    assert result.exit_code != 0
    assert "--address is for --backend ray" in str(result.exception)


def test_a_stopped_match_sums_up_the_games_it_played() -> None:
    plan = match_plan(alaka.game("alakazoo"), ["random", "random"], 20, seed=1)
    results: list[GameResult] = []
    with InlineBackend(play_detailed_batch) as backend:
        for result in play_match(plan, backend, stop=lambda: len(results) >= 3):
            results.append(result)
    assert len(results) == 3
    summary = summarize(results)
    assert summary.games == 3 and summary.bots["random"].games == 6
    assert summary.bots["random"].wins == sum(1 for r in results if r.winners)


def test_the_arena_counts_the_choices_and_their_processor_time_apart_from_forced_moves() -> None:
    """A forced move costs a bot nothing to find; the CPU ms per choice counts only decisions with
    more than one legal action (counted again here from each game's record), and processor time,
    which a shared machine's load does not swell."""
    results = list(run_match("alakazum", ["heuristic", "random"], 4, seed=2))
    for result in results:
        choices = [0, 0]
        for state in replay_states(result.record):
            seat = state.current_player()
            if seat >= 0 and len(state.legal_actions()) > 1:
                choices[seat] += 1
        assert list(result.choices) == choices
        assert all(0 < c < d for c, d in zip(result.choices, result.decisions, strict=True))
    for bot in summarize(results).bots.values():
        assert bot.choice_cpu_seconds > 0 and bot.cpu_ms_per_choice > 0
