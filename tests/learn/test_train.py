"""alaka train (issue 29): a smoke run of seconds (real training is the command's own job, with
its results committed), seeded runs that reproduce, a stopped run that resumes, the report."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from needs import need

try:
    import torch  # noqa: F401
except ImportError:  # pragma: no cover - the train extra is installed in CI
    HAVE_TORCH = False
else:
    HAVE_TORCH = True

from alaka.bots.learned import read_weights


@pytest.fixture(autouse=True)
def _torch() -> None:
    need(None if HAVE_TORCH else "PyTorch is not installed (the train extra: pip install 'alaka[train]')")


def tiny(game: str = "alakazoo", **more: object) -> object:
    from alaka.learn.train import TrainSettings

    settings = {
        "game": game,
        "players": (2,),
        "generations": 2,
        "games": 3,
        "first_games": 6,
        "iterations": 4,
        "eval_games": 2,
        "hidden": 16,
        "layers": 1,
        "epochs": 1,
        "seed": 5,
    }
    return TrainSettings(**{**settings, **more})  # type: ignore[arg-type]


def run(folder: Path, settings: object, stop_after: int | None = None, resume: bool = False) -> object:
    from alaka.learn.train import local_backend, train

    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return stop_after is not None and calls["n"] > stop_after

    return train(
        settings,  # type: ignore[arg-type]
        folder,
        command="alaka train alakazoo (test)",
        make_backend=local_backend(1),
        progress=lambda task, done, total: None,
        stop=stop,
        resume=resume,
    )


def arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {name: data[name] for name in data.files}


def test_a_smoke_run_writes_weights_a_report_and_the_strength_of_each_generation(tmp_path: Path) -> None:
    state = run(tmp_path / "run", tiny())
    folder = tmp_path / "run"
    assert [g.evaluated for g in state.generations] == [True, True]  # type: ignore[attr-defined]
    for k in (0, 1):
        network = read_weights(folder / f"weights-{k}.npz")
        assert network.meta["generation"] == k and network.meta["game"] == "alakazoo"
        assert network.meta["command"] == "alaka train alakazoo (test)"
    assert read_weights(folder / "best.npz").meta["game"] == "alakazoo"
    kept = json.loads((folder / "run.json").read_text())
    first = kept["generations"][0]
    assert set(first["strength"]) == {"heuristic 2p"} and first["strength"]["heuristic 2p"]["games"] == 2
    assert set(kept["generations"][1]["strength"]) == {"heuristic 2p", "previous best 2p"}
    assert first["losses"]["train_policy"] and first["samples"] > 0
    report = (folder / "report.md").read_text()
    assert "| 0 (best) |" in report and "heuristic 2p" in report


def test_the_same_seed_trains_the_same_weights(tmp_path: Path) -> None:
    settings = tiny(generations=1)
    run(tmp_path / "a", settings)
    run(tmp_path / "b", settings)
    a, b = arrays(tmp_path / "a" / "weights-0.npz"), arrays(tmp_path / "b" / "weights-0.npz")
    assert a.keys() == b.keys()
    for name in a:
        if name != "meta":
            assert np.array_equal(a[name], b[name]), name


def test_a_stopped_run_keeps_its_games_and_resumes_to_the_same_weights(tmp_path: Path) -> None:
    settings = tiny(generations=1)
    run(tmp_path / "whole", settings)
    stopped = run(tmp_path / "parts", settings, stop_after=2)
    assert not stopped.generations[0].played  # type: ignore[attr-defined]
    assert list((tmp_path / "parts" / "gen-0").glob("*.npz"))  # the finished batches are kept
    run(tmp_path / "parts", settings, resume=True)
    a, b = arrays(tmp_path / "whole" / "weights-0.npz"), arrays(tmp_path / "parts" / "weights-0.npz")
    for name in a:
        if name != "meta":
            assert np.array_equal(a[name], b[name]), name


def test_a_folder_with_a_run_is_not_overwritten(tmp_path: Path) -> None:
    from alaka.learn.train import TrainingError

    run(tmp_path / "run", tiny(generations=1))
    with pytest.raises(TrainingError, match="already holds a training run"):
        run(tmp_path / "run", tiny(generations=1))
    with pytest.raises(TrainingError, match="no training run to resume"):
        run(tmp_path / "empty", tiny(generations=1), resume=True)
