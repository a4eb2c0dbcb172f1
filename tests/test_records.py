"""Records are data: replaying one never opens a file the record names, and every malformed
record, whatever it holds, is a RecordError (never another exception)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.core.records import initial_state, replay_states

runner = CliRunner()


def _record(name: str, seed: int = 1) -> dict[str, Any]:
    final = alaka.play(alaka.game(name).new_initial_state(2), [alaka.RandomBot()] * 2, seed=seed)
    record: dict[str, Any] = json.loads(json.dumps(final.record()))
    return record


ZOO = _record("alakazoo")
ZUM = _record("alakazum")


@pytest.fixture
def no_file_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if anything reads a file through ``Path.read_text`` (as content loaders do)."""

    def refuse(self: Path, *args: object, **kwargs: object) -> str:
        raise AssertionError(f"{self} was read")

    monkeypatch.setattr(Path, "read_text", refuse)


@pytest.mark.parametrize(
    ("record", "option"),
    [
        ({**ZOO, "options": {**ZOO["options"], "components": "/dev/zero"}}, "components"),
        ({**ZUM, "options": {**ZUM["options"], "catalogue": "/etc/passwd"}}, "catalogue"),
        (
            {
                "game": "alakazoo",
                "scenario": {"players": 2, "options": {"components": "/dev/zero"}},
                "actions": [],
            },
            "components",
        ),
    ],
)
def test_a_record_naming_a_file_is_refused_without_reading_it(
    record: dict[str, Any], option: str, no_file_is_read: None
) -> None:
    """M6: ``"components": "/dev/zero"`` in a record ate memory until the OOM killer came."""
    with pytest.raises(alaka.RecordError, match=f"plays with the {option} file .* pass the file yourself"):
        alaka.replay(record)
    with pytest.raises(alaka.RecordError, match=option):
        next(replay_states(record))


def _variant_game(folder: Path) -> tuple[dict[str, Any], Path, alaka.State]:
    """A game played with a variant components file: its record, the file, the final state."""
    from alaka.games.alakazoo.content import BUILTIN

    data = json.loads(
        (Path(alaka.__file__).parent / "games" / "alakazoo" / "data" / BUILTIN).read_text(encoding="utf-8")
    )
    data["creatures"][0]["name"] = "Hippogriff"
    data["boards"][0]["creature"] = "Hippogriff"
    variant = folder / "variant.json"
    variant.write_text(json.dumps(data))
    g = alaka.game("alakazoo")
    played = alaka.play(g.new_initial_state(2, components=str(variant)), [alaka.RandomBot()] * 2, seed=3)
    return json.loads(json.dumps(played.record())), variant, played


def test_a_file_the_caller_passes_is_used(tmp_path: Path) -> None:
    record, variant, played = _variant_game(tmp_path)
    assert record["options"]["components"] == str(variant)
    with pytest.raises(alaka.RecordError):
        alaka.replay(record)
    again = alaka.replay(record, files={"components": str(variant)})
    assert again.view(None) == played.view(None)


def test_alaka_replay_reads_the_file_it_is_given_and_no_other(tmp_path: Path) -> None:
    record, variant, _ = _variant_game(tmp_path)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    refused = runner.invoke(app, ["replay", str(path)])
    assert isinstance(refused.exception, alaka.RecordError)
    assert "--components PATH" in str(refused.exception)
    shown = runner.invoke(app, ["replay", str(path), "--components", str(variant)], input="q\n")
    assert shown.exit_code == 0, shown.output
    assert "Step 0 of" in shown.output


def test_a_game_with_the_built_in_content_needs_no_file() -> None:
    assert alaka.replay(ZOO).is_terminal() and alaka.replay(ZUM).is_terminal()
    assert initial_state(ZOO).current_player() is not None


# -- anything at all -------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=12,
)
FIELDS = ["game", "version", "num_players", "options", "actions", "scenario"]
SCENARIO_KEYS = ["players", "options", "seats", "market", "deck_top", "enemies", "hands", "board", "dice"]


@st.composite
def mangled(draw: st.DrawFn) -> Any:
    """A real record with some fields replaced by any JSON, a scenario of any shape, or junk."""
    if draw(st.integers(0, 9)) == 0:
        return draw(JSON)
    record = dict(draw(st.sampled_from([ZOO, ZUM])))
    for field in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=3)):
        if field == "scenario" and draw(st.booleans()):
            keys = draw(st.lists(st.sampled_from(SCENARIO_KEYS), max_size=4, unique=True))
            record["scenario"] = {key: draw(JSON) for key in keys}
        else:
            record[field] = draw(JSON)
    if draw(st.booleans()) and isinstance(record.get("actions"), list):
        record["actions"] = record["actions"][: draw(st.integers(0, 6))]
    return record


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_every_malformed_record_is_a_record_error(record: Any) -> None:
    with contextlib.suppress(alaka.RecordError):
        alaka.replay(record)


@pytest.mark.parametrize(
    "record",
    [
        [],
        "alakazoo",
        {**ZOO, "options": {1: 2}},
        {**ZOO, "game": "chess"},
        {**ZOO, "version": True},
        {**ZOO, "num_players": "2"},
        {**ZOO, "options": {"components": object()}},
        {**ZUM, "scenario": {1: "x"}},
    ],
)
def test_records_from_python_that_json_cannot_hold_are_record_errors(record: Any) -> None:
    with pytest.raises(alaka.RecordError):
        alaka.replay(record)
