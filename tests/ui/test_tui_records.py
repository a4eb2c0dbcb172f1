"""Saved games: where they go, that a write is all-or-nothing, and that alaka.replay reads them."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

import alaka
from alaka.core.errors import AlakaError, RecordError
from alaka.core.records import record_seats, record_seed
from alaka.ui.paths import saved_games_dir as data_dir
from alaka.ui.paths import tables_db
from alaka.ui.tui.records import (
    default_record_path,
    load_record,
    play_record,
    recorded_log_seen,
    save_record,
)

NOW = datetime(2024, 5, 17, 21, 30, 5)


def test_records_go_to_the_xdg_data_folder(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    assert data_dir(env) == tmp_path / "alaka" / "games"
    assert (
        default_record_path("alakazum", env=env, now=NOW)
        == tmp_path / "alaka/games/alakazum-20240517-213005.json"
    )


def test_without_xdg_or_with_a_relative_one_records_go_to_local_share() -> None:
    home = Path.home() / ".local" / "share" / "alaka" / "games"
    assert data_dir({}) == home
    assert data_dir({"XDG_DATA_HOME": "relative/dir"}) == home  # the XDG rule: ignore relative paths
    # The browser's tables sit beside the saved games, by the same rule.
    assert tables_db({}) == home.parent / "tables.sqlite3"


def test_a_new_default_name_never_reuses_an_existing_file(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    first = default_record_path("alakazoo", env=env, now=NOW)
    first.parent.mkdir(parents=True)
    first.write_text("{}")
    second = default_record_path("alakazoo", env=env, now=NOW)
    assert second.name == "alakazoo-20240517-213005-2.json"


def test_save_writes_the_file_and_replaces_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "game.json"
    save_record(path, {"game": "alakazoo", "actions": ["a"]})
    save_record(path, {"game": "alakazoo", "actions": ["a", "b"]})
    assert json.loads(path.read_text())["actions"] == ["a", "b"]
    assert os.listdir(path.parent) == ["game.json"]  # no temporary file left behind


def test_a_failed_save_leaves_the_previous_record_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_record(path, {"game": "alakazoo", "actions": ["a"]})
    before = path.read_text()
    with pytest.raises(TypeError):
        save_record(path, {"game": "alakazoo", "actions": [object()]})  # cannot be JSON

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(AlakaError, match=r"cannot write the record .*No space left on device"):
        save_record(path, {"game": "alakazoo", "actions": ["a", "b"]})
    assert path.read_text() == before
    assert os.listdir(tmp_path) == ["game.json"]


def test_an_interrupt_while_writing_leaves_the_previous_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_record(path, {"game": "alakazoo", "actions": ["a"]})

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_record(path, {"game": "alakazoo", "actions": ["a", "b"]})
    assert json.loads(path.read_text())["actions"] == ["a"]
    assert os.listdir(tmp_path) == ["game.json"]


def test_load_explains_what_is_wrong_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read the record .*missing\.json"):
        load_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="is not a JSON game record \\(line 1"):
        load_record(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(RecordError, match="needs a 'game' name"):
        load_record(bad)


def test_a_play_record_is_the_games_record_plus_seats_and_replays() -> None:
    state = alaka.game("alakazoo").new_initial_state(2)
    final = alaka.play(state, [alaka.RandomBot(), alaka.RandomBot()], seed=1)
    outcome = final.outcome()
    assert outcome is not None
    record = play_record(
        final,
        seats=["human", "random"],
        seed=1,
        log_seen={0: 12},
        started="2024-05-17T21:30:05",
        outcome=outcome.to_json(),
    )
    text = json.dumps(record)
    again = json.loads(text)
    assert again["seats"] == ["human", "random"] and again["seed"] == 1
    assert record_seats(again, 2) == ["human", "random"]
    assert recorded_log_seen(again) == {0: 12}
    assert alaka.replay(again).outcome() == outcome  # the extra keys are ignored


def test_seats_in_a_record_are_checked() -> None:
    with pytest.raises(RecordError, match="no 'seats'"):
        record_seats({"game": "alakazoo"}, 2)
    with pytest.raises(RecordError, match="2 seats for a 3-player game"):
        record_seats({"seats": ["human", "random"]}, 3)
    with pytest.raises(RecordError, match="must be a list"):
        record_seats({"seats": ["human", 3]}, 2)
    assert recorded_log_seen({"log_seen": {"0": 4, "x": 1, "1": -2}}) == {0: 4}


def test_a_records_seed_is_any_non_negative_integer() -> None:
    assert record_seed({"seed": 2**200}) == 2**200
    assert record_seed({}) is None
    for bad in (-1, True, "7", 1.5):
        with pytest.raises(RecordError, match="'seed' must be a non-negative integer"):
            record_seed({"seed": bad})


def test_a_variant_game_resumes_only_with_its_content_file_given_again(tmp_path: Path) -> None:
    """A record names its content file but never opens it (issue 17); --resume takes the file."""
    from importlib import resources

    from alaka.ui.tui.session import resume_game

    variant = tmp_path / "variant.json"  # the built-in boards, as a file of one's own
    variant.write_text(
        resources.files("alaka.games.alakazoo").joinpath("data", "components.json").read_text()
    )
    state = alaka.game("alakazoo").new_initial_state(2, components=str(variant))
    final = alaka.play(state, [alaka.RandomBot(), alaka.RandomBot()], seed=3)
    played = final.record()
    record = {**played, "actions": played["actions"][:40], "seats": ["human", "random"], "seed": 3}
    path = tmp_path / "variant-game.json"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError, match="components"):
        resume_game(str(path))
    setup = resume_game(str(path), files={"components": str(variant)})
    assert setup.state.history == final.history[:40]
