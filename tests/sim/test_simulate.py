"""alaka simulate: runs are determined by their plan, streamed to Parquet, safe to stop and resume."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.sim import results
from alaka.sim.results import ResultsWriter, iter_rows, read_info, result_columns
from alaka.sim.runs import (
    BASE_LABEL,
    BatchJob,
    DoneGames,
    Row,
    SimulationError,
    game_seed,
    plan_run,
    play_batch,
    play_game,
)
from alaka.sim.scheduler import InlineBackend, ProcessBackend, run_batches
from alaka.sim.simulate import resumed_plan, simulate
from waits import PATIENCE

ZUM = alaka.game("alakazum")
ZOO = alaka.game("alakazoo")


def plan(game: alaka.Game = ZUM, games: int = 4, **kwargs: Any) -> Any:
    settings: dict[str, Any] = {"players": [2, 3], "seats": ["heuristic"], "options": {}, "seed": 5}
    settings.update(kwargs)
    return plan_run(game, games=games, **settings)


def comparable(rows: list[Row]) -> list[tuple[Any, ...]]:
    """Rows without the wall-clock time, in game order."""
    return sorted(tuple((k, str(v)) for k, v in row.items() if k != "seconds") for row in rows)


def test_a_plan_crosses_player_counts_with_every_combination_of_the_varied_options() -> None:
    p = plan(
        ZOO,
        players=[2, 4],
        vary=[("final_lines", ["complete", "partial"]), ("covered_runes", [True, False])],
        options={"dice": "alternative"},
    )
    keys = [c.key for c in p.configurations]
    assert keys == [
        (label, n)
        for label in (
            "final_lines=complete,covered_runes=true",
            "final_lines=complete,covered_runes=false",
            "final_lines=partial,covered_runes=true",
            "final_lines=partial,covered_runes=false",
        )
        for n in (2, 4)
    ]
    assert all(c.option_values()["dice"] == "alternative" for c in p.configurations)
    assert p.total == 8 * 4


def test_bot_specs_are_cycled_to_fill_each_table() -> None:
    p = plan(players=[3], seats=["random", "heuristic"])
    assert p.configurations[0].seats == ("random", "heuristic", "random")
    assert plan().configurations[0].label == BASE_LABEL


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": [9]}, "2 to 5 players, not 9"),
        ({"seats": ["wizard"]}, "no bot is called 'wizard'"),
        ({"vary": [("max_turns", [5]), ("max_turns", [6])]}, "--vary names an option twice"),
        ({"options": {"max_turns": 5}, "vary": [("max_turns", [6])]}, "both with -o and with --vary"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
    ],
)
def test_bad_settings_are_refused_before_any_game_is_played(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(alaka.AlakaError, match=message):
        plan(**settings)


def test_the_seed_of_a_game_depends_on_the_run_seed_the_index_and_the_player_count_only() -> None:
    p = plan(ZOO, vary=[("final_lines", ["complete", "partial"])])
    by_key = {c.key: c for c in p.configurations}
    two, three = by_key[("final_lines=complete", 2)], by_key[("final_lines=complete", 3)]
    other_variant = by_key[("final_lines=partial", 2)]
    seeds = {game_seed(5, i, two) for i in range(50)}
    assert len(seeds) == 50
    assert game_seed(5, 7, two) == game_seed(5, 7, two)
    assert game_seed(5, 7, two) != game_seed(6, 7, two)
    assert game_seed(5, 7, two) != game_seed(5, 7, three)
    # Variants of a sweep play the same deal: paired games.
    assert game_seed(5, 7, two) == game_seed(5, 7, other_variant)


def test_a_game_is_replayable_from_its_row() -> None:
    config = plan().configurations[1]
    row = play_game("alakazum", 5, config, 3)
    bots = [alaka.bots.registry.make_bot(spec, "alakazum") for spec in row["seats"]]  # type: ignore[attr-defined]
    again = alaka.play(ZUM.new_initial_state(3), bots, seed=row["seed"])
    assert list(again.outcome().scores) == row["scores"]
    assert row["first_player"] == again.start_player and row["turns"] == again.turns
    assert row["actions"] == len(again.history)
    # How it ended is a few kinds: the reason's words before the colon, the details left out.
    assert row["reason"] == again.outcome().reason
    assert row["ending"] == row["reason"].split(": ")[0] and ":" not in row["ending"]


def test_a_variant_that_never_matters_plays_identical_games() -> None:
    """The seed rule pairs the variants of a sweep: a safety limit never reached changes nothing,
    so every game's digest is the same under both values."""
    p = plan(vary=[("max_turns", [1000, 999])], games=6)
    rows = [row for job in jobs_of(p) for row in play_batch(job)]
    digests: dict[str, dict[tuple[int, int], str]] = {}
    for row in rows:
        digests.setdefault(row["label"], {})[(row["players"], row["index"])] = row["digest"]
    assert digests["max_turns=1000"] == digests["max_turns=999"]
    assert len(set(digests["max_turns=1000"].values())) == 12


def jobs_of(p: Any) -> list[BatchJob]:
    return [BatchJob(p.game, p.seed, c, tuple(range(p.games))) for c in p.configurations]


def test_the_rows_are_the_same_whatever_the_number_of_processes(tmp_path: Path) -> None:
    p = plan(games=5)
    with InlineBackend() as inline:
        simulate(p, tmp_path / "one.parquet", inline)
    with ProcessBackend(2) as processes:
        simulate(p, tmp_path / "two.parquet", processes)
    one, two = list(iter_rows(tmp_path / "one.parquet")), list(iter_rows(tmp_path / "two.parquet"))
    assert len(one) == 10
    assert comparable(one) == comparable(two)


def test_a_stopped_run_keeps_its_finished_games_and_resume_plays_only_the_rest(tmp_path: Path) -> None:
    p = plan(games=6)
    path = tmp_path / "run.parquet"
    finished: list[int] = []

    def progress(played: int) -> None:
        finished.append(played)

    with InlineBackend() as backend:
        report = simulate(p, path, backend, stop=lambda: len(finished) >= 5, progress=progress)
    assert report.stopped and report.written == 5
    first = list(iter_rows(path))
    assert len(first) == 5
    with InlineBackend() as backend:
        report = simulate(p, path, backend, resume=True)
    assert (report.played, report.written, report.stopped) == (7, 12, False)
    with InlineBackend() as backend:
        simulate(p, tmp_path / "whole.parquet", backend)
    assert comparable(list(iter_rows(path))) == comparable(list(iter_rows(tmp_path / "whole.parquet")))


def test_an_interrupted_run_keeps_every_game_finished_before_the_interrupt(tmp_path: Path) -> None:
    """A Ctrl-C that cannot wait (the second one) still leaves a readable file of the games done."""
    calls = []

    def interrupted(job: BatchJob) -> list[Row]:
        calls.append(job)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return play_batch(job)

    path = tmp_path / "run.parquet"
    with pytest.raises(KeyboardInterrupt), InlineBackend(interrupted) as backend:
        simulate(plan(games=6), path, backend)
    assert len(list(iter_rows(path))) == 3
    assert not (tmp_path / "run.parquet.partial").exists()


def test_the_games_done_are_marked_per_configuration() -> None:
    p = plan(games=3)
    done = DoneGames(p)
    done.add("base", 3, 2)
    done.add("base", 3, 2)
    assert len(done) == 1
    assert ("base", 3, 2) in done and ("base", 2, 2) not in done and ("base", 3, 0) not in done
    with pytest.raises(SimulationError, match="game 3 of 'base' with 3 players is not part of the run"):
        done.add("base", 3, 3)


def test_resume_can_raise_the_number_of_games_but_not_lower_it(tmp_path: Path) -> None:
    path = tmp_path / "run.parquet"
    with InlineBackend() as backend:
        simulate(plan(games=2), path, backend)
    bigger = resumed_plan(path, 3)
    assert bigger.total == 6
    with InlineBackend() as backend:
        assert simulate(bigger, path, backend, resume=True).played == 2
    assert read_info(path).plan.games == 3
    with pytest.raises(SimulationError, match="not lower it to 1"):
        resumed_plan(path, 1)


def test_a_results_file_is_not_overwritten_nor_resumed_by_another_run(tmp_path: Path) -> None:
    path = tmp_path / "run.parquet"
    with InlineBackend() as backend:
        simulate(plan(games=1), path, backend)
        with pytest.raises(SimulationError, match="exists; continue it with --resume"):
            simulate(plan(games=1), path, backend)
        with pytest.raises(SimulationError, match="holds another run"):
            simulate(plan(games=1, seed=6), path, backend, resume=True)


def test_a_game_that_fails_stops_the_run_naming_the_game_and_its_seed(tmp_path: Path) -> None:
    p = plan(games=1, players=[2])
    broken = replace(p.configurations[0], options=(("catalogue", "/nowhere.json"), ("max_turns", 1000)))
    with pytest.raises(SimulationError, match=r"game 0 of 'base' with 2 players \(seed \d+\) failed"):
        play_batch(BatchJob(p.game, p.seed, broken, (0,)))


def _dies_once(job: BatchJob) -> list[Row]:
    """Plays the batch, but the first batch to start kills its worker process instead."""
    marker = Path(os.environ["ALAKA_TEST_MARKER"])
    try:
        marker.touch(exist_ok=False)
    except FileExistsError:
        return play_batch(job)
    os._exit(1)


def test_a_batch_whose_worker_process_dies_is_played_again(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("ALAKA_TEST_MARKER", str(tmp_path / "died"))
    p = plan(games=3)
    with ProcessBackend(2, play=_dies_once) as backend:
        rows = [row for batch in run_batches(p, backend) for row in batch]
    assert (tmp_path / "died").exists()
    assert comparable(rows) == comparable([row for job in jobs_of(p) for row in play_batch(job)])


def test_rows_are_written_in_row_groups_as_they_come(tmp_path: Path) -> None:
    """Memory stays flat: rows go to disk a row group at a time, not all at the end."""
    import pyarrow.parquet as pq

    p = plan(games=7, players=[2])
    rows = play_batch(jobs_of(p)[0])
    path = tmp_path / "run.parquet"
    with ResultsWriter(path, p, row_group=3) as writer:
        for added, row in enumerate(rows, start=1):
            writer.add([row])
            assert writer.rows == added // 3 * 3  # on disk: every full row group
    assert pq.ParquetFile(path).metadata.num_row_groups == 3


@pytest.mark.parametrize("game", [ZUM, ZOO])
def test_the_results_are_a_table_for_pandas_polars_and_duckdb(tmp_path: Path, game: alaka.Game) -> None:
    import duckdb
    import pandas
    import polars

    path = tmp_path / "run.parquet"
    with InlineBackend() as backend:
        simulate(plan(game, games=3), path, backend)
    names = [c.name for c in result_columns(game)]
    frame = pandas.read_parquet(path)
    assert list(frame.columns) == names and len(frame) == 6
    assert polars.read_parquet(path).columns == names
    won = duckdb.sql(
        f"SELECT players, count(*) AS games, avg(len(winners)) AS w FROM '{path}' GROUP BY players ORDER BY 1"
    ).fetchall()
    assert [(n, games) for n, games, _ in won] == [(2, 3), (3, 3)]


@pytest.mark.parametrize("game", [ZUM, ZOO])
def test_the_schema_in_the_docs_lists_every_column(game: alaka.Game) -> None:
    doc = (Path(__file__).parents[2] / "docs" / "simulate.md").read_text("utf-8")
    for column in result_columns(game):
        if column.name.startswith("opt_"):
            continue
        assert f"| `{column.name}` |" in doc, column.name
    assert "| `opt_NAME` |" in doc


def test_the_file_tells_its_plan_and_what_its_columns_mean(tmp_path: Path) -> None:
    path = tmp_path / "run.parquet"
    p = plan(ZOO, games=1)
    with InlineBackend() as backend:
        simulate(p, path, backend)
    info = read_info(path)
    assert info.plan == p and info.rows == 2
    meanings = {c["name"]: c["meaning"] for c in info.columns}
    assert meanings["passes"] == "turns passed for holding 3 Dark Power (Z5)"
    assert next(c["name"] for c in info.stat_columns()) == "board"


def test_a_file_not_written_by_simulate_gets_one_clear_error(tmp_path: Path) -> None:
    import pyarrow
    import pyarrow.parquet as pq

    other = tmp_path / "other.parquet"
    pq.write_table(pyarrow.table({"x": [1]}), other)
    with pytest.raises(SimulationError, match="was not written by alaka simulate"):
        read_info(other)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(SimulationError, match="is not a Parquet file"):
        read_info(text)
    with pytest.raises(SimulationError, match="no results file"):
        read_info(tmp_path / "missing.parquet")
    assert results.FORMAT == "alaka-results/1"


# -- the command line ------------------------------------------------------------------------------


def test_simulate_writes_the_results_and_resume_raises_the_count(tmp_path: Path) -> None:
    out = tmp_path / "zoo.parquet"
    runner = CliRunner()
    args = ["simulate", "alakazoo", "--players", "2-3", "--games", "2"]
    args += ["--vary", "final_lines=complete,partial"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"8 of 8 games in {out}" in " ".join(result.output.split())  # a narrow terminal wraps lines
    result = runner.invoke(app, ["simulate", "--resume", str(out), "--games", "3"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "12 of 12 games" in said and "4 played now" in said
    labels = {(r["label"], r["players"]) for r in iter_rows(out, ["label", "players"])}
    assert labels == {(f"final_lines={v}", n) for v in ("complete", "partial") for n in (2, 3)}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["alakazoo", "--players", "two"], "--players takes a count, a range 2-5 or a list 2,4"),
        (["alakazoo", "--players", "2-7"], "2 to 4 players, not 5"),
        (["alakazoo", "--vary", "final_lines"], "--vary is written name=value1,value2"),
        (["alakazoo", "--vary", "final_lines=some"], "must be one of complete, partial"),
        (["alakazoo", "--backend", "spark"], "--backend is local or ray"),
        (["alakazoo", "--address", "auto"], "--address is for --backend ray"),
        (["--resume", "x.parquet", "--seed", "3"], "leave out --seed"),
        ([], "name the game"),
    ],
)
def test_simulate_refuses_bad_input_with_one_line(args: list[str], message: str) -> None:
    result = run_cli("simulate", *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr.replace("\n", " ")
    assert "Traceback" not in result.stderr


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "alaka", *args], capture_output=True, text=True, timeout=PATIENCE
    )
