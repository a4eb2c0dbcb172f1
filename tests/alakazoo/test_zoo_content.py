"""Alakazoo's components file: the spec's stated properties, and clear errors for bad variants."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import alaka
from alaka.core.errors import ContentError
from alaka.games.alakazoo.content import RAINBOW, load_components, parse_components


def builtin() -> dict[str, Any]:
    text = resources.files("alaka.games.alakazoo").joinpath("data", "components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_counts_match_the_box() -> None:
    c = load_components()
    assert c.magic_power_tokens == 30
    assert c.dark_power_tokens == 12
    assert len(c.boards) == 6 and len(c.creatures) == 6 and len(c.element_types) == 9
    assert [len(d) for d in c.dice_sets["default"]] == [6, 6, 6]


def test_every_row_says_how_sure_it_is() -> None:
    c = load_components()
    assert set(c.confidence.values()) <= {"confirmed", "inferred", "assumed"}
    assert c.confidence["element type head"] == "confirmed"
    assert c.confidence["board 1"] == "assumed"


def test_rune_layouts_have_the_properties_the_spec_states() -> None:
    """Each colour 3 times a board, all six in every row and column, no space repeats a colour,
    and across the six boards every space sees each colour exactly twice."""
    c = load_components()
    per_space: list[Counter[int]] = [Counter() for _ in range(9)]
    for board in c.boards:
        colours = board.rune_colours
        assert Counter(colours) == {k: 3 for k in range(6)}
        for i in range(3):
            row = [colours[2 * s + k] for s in range(3 * i, 3 * i + 3) for k in (0, 1)]
            column = [colours[2 * s + k] for s in (i, i + 3, i + 6) for k in (0, 1)]
            assert sorted(row) == sorted(column) == list(range(6))
        for space in range(9):
            assert colours[2 * space] != colours[2 * space + 1]
        for rune in range(18):
            per_space[rune // 2][colours[rune]] += 1
    for counter in per_space:
        assert counter == {k: 2 for k in range(6)}


def test_board_k_shows_creature_k_and_the_dice_follow_the_spec() -> None:
    c = load_components()
    assert [b.creature for b in c.boards] == list(range(6))
    for die in c.dice_sets["default"]:
        assert die.count(RAINBOW) == 2
    colour_dice = Counter(sym for die in c.dice_sets["default"] for sym in set(die) if sym != RAINBOW)
    assert colour_dice == {k: 2 for k in range(6)}
    for die in c.dice_sets["alternative"]:
        assert die.count(RAINBOW) == 1 and len(set(die)) == 6


@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (
            lambda d: d["boards"][2]["spaces"][4].__setitem__(1, "pink"),
            r"boards\[2\]\.spaces\[4\]\[1\]: 'pink' is not a colour",
        ),
        (lambda d: d["boards"][0].pop("creature"), r"boards\[0\]: missing field 'creature'"),
        (
            lambda d: d["creatures"][3].__setitem__("confidence", "maybe"),
            r"creatures\[3\]\.confidence: must be one of",
        ),
        (lambda d: d["dice"]["default"][1]["faces"].pop(), r"dice\.default\[1\]\.faces: a die has 6 faces"),
        (
            lambda d: d["counts"].__setitem__("magic_power_tokens", -1),
            r"counts\.magic_power_tokens: expected a whole number",
        ),
        (
            lambda d: d["boards"][1]["spaces"][0].append("red"),
            r"boards\[1\]\.spaces\[0\]: each space has exactly 2 runes",
        ),
        (
            lambda d: d["boards"][5].__setitem__("creature", "Griffin"),
            r"boards: each board must show a different creature",
        ),
    ],
)
def test_a_bad_components_file_names_the_row_and_field(breakage: Any, message: str) -> None:
    data = builtin()
    breakage(data)
    with pytest.raises(ContentError, match=message):
        parse_components(data, "variant.json")


def test_a_variant_file_is_used_through_the_components_option(tmp_path: Path) -> None:
    data = builtin()
    data["creatures"][0]["name"] = "Hippogriff"
    data["boards"][0]["creature"] = "Hippogriff"
    path = tmp_path / "variant.json"
    path.write_text(json.dumps(data))
    g = alaka.game("alakazoo")
    state = g.new_initial_state(2, components=str(path))
    state.apply("board:1")
    assert state.view(0)["players"][0]["creature"] == "Hippogriff"
    assert any(a.name == "card:hippogriff:head" for a in g.action_table(components=str(path)).actions)


def test_missing_and_broken_files_get_one_line_errors(tmp_path: Path) -> None:
    g = alaka.game("alakazoo")
    with pytest.raises(ContentError, match="cannot read the components file"):
        g.new_initial_state(2, components=str(tmp_path / "nope.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    with pytest.raises(ContentError, match=r"broken.json: not valid JSON \(line 1"):
        g.new_initial_state(2, components=str(broken))
    with pytest.raises(alaka.OptionError, match="option 'dice' must be one of default, alternative"):
        g.new_initial_state(2, dice="loaded")
