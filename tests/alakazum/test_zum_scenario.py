"""Alakazum! scenarios (docs/scenarios.md): every documented example runs; impossible positions,
bad specs and bad records are refused with the documented errors, never a crash; every card of
the box is in exactly one place."""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from zum_helpers import GAME, box, graveyard, legal, market, play, zum

import alaka
from alaka.core.errors import AlakaError, RecordError

DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"


def alakazum_examples() -> list[str]:
    """The Python examples of the Alakazum! part of docs/scenarios.md."""
    part = DOCS.read_text("utf-8").split("## Alakazum!", 1)[1]
    return re.findall(r"```python\n(.*?)```", part, flags=re.S)


def documented_specs() -> list[dict[str, Any]]:
    """The spec of every ``.scenario(...)`` call in those examples, read as data."""
    specs = []
    for code in alakazum_examples():
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "scenario":
                specs.append(ast.literal_eval(node.args[0]))
    return specs


def every_card_once(state: Any) -> bool:
    """Conservation: each physical card of the box is in exactly one place."""
    return state.inventory()["cards"] == list(range(len(state.L.keys)))


def test_the_docs_show_alakazum_examples():
    assert len(alakazum_examples()) >= 3
    assert len(documented_specs()) == len(alakazum_examples())


@pytest.mark.parametrize("number", range(len(alakazum_examples())))
def test_every_documented_example_runs(number):
    """docs/scenarios.md: each Alakazum! example runs as written (its own asserts included)."""
    exec(compile(alakazum_examples()[number], f"scenarios.md example {number + 1}", "exec"), {})


@pytest.mark.parametrize("spec", documented_specs(), ids=lambda spec: ",".join(sorted(spec)))
def test_every_documented_position_places_each_card_once(spec):
    assert every_card_once(GAME.scenario(spec))


def error_of(spec: dict[str, Any]) -> str:
    with pytest.raises(alaka.ScenarioError) as caught:
        zum(spec)
    return str(caught.value)


TWO = [{"team": ["Moura"]}, {"team": ["Olentzero"]}]


def test_a_voodoo_doll_in_the_market_pile_is_refused():
    """Voodoo dolls, R10: "This card can never go to the market pile", so no position has one there."""
    assert error_of({"seats": TWO, "market": ["Magic hat 1", "Voodoo doll"]}) == (
        "market[1]: a voodoo doll never goes to the market pile (a used one is in the box)"
    )


def test_used_dolls_and_traps_are_put_in_the_box():
    """Voodoo dolls and traps, R10: used ones return to the box; a scenario puts them there and
    nowhere else, so they cannot turn up again."""
    s = zum({"seats": TWO, "box": ["Voodoo doll", "Santa Claus' Present", "halloween_trick_or_treat"]})
    assert {"voodoo_doll#1", "santa_claus_present#1", "halloween_trick_or_treat#1"} <= set(box(s))
    assert not any(s.L.keys[p] == "voodoo_doll#1" for p in s.deck)
    assert every_card_once(s)
    play(s, "no-action", "end-turn")
    assert "draw:voodoo_doll" in {a.name for a, _ in s.chance_outcomes()}  # the other doll


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("Sant Jordi", "box[0]: Sant Jordi is a character, and characters never leave the game (graveyard?)"),
        ("Magic hat 2", "box[0]: a used Magic hat 2 goes to the market pile, never to the box"),
        ("Santa Claus", "box[0]: 'Santa Claus' is not a forest card"),
    ],
)
def test_only_dolls_and_traps_can_be_out_of_the_game(card, words):
    """Hand cards: used ones "go on top of the market pile ... they never disappear from the game";
    characters stay in a team or the graveyard; final enemies are placed with ``enemies``."""
    assert error_of({"seats": TWO, "box": [card]}) == words


def test_an_empty_forest_deck_is_one_spec():
    """Reading R3: with ``"deck": []`` every forest card placed nowhere else counts as used (here the
    characters go to the graveyard, the hand cards under the market pile, the traps and the other
    doll to the box); the first draw then ends the game with no winner."""
    s = zum(
        {
            "seats": [{"team": ["Maruxa"], "hand": ["Magic hat 1", "Voodoo doll"]}, {"team": ["Olentzero"]}],
            "deck": [],
        }
    )
    assert s.view(None)["deck_size"] == 0
    assert every_card_once(s)
    assert "dimoni" in graveyard(s) and "steal_potion" in market(s)
    assert {"voodoo_doll#2", "black_friday_discount#1"} <= set(box(s))
    assert "spell:forest_magic" not in legal(s)  # R12: nothing to look at (Maruxa 2 + a hat could pay)
    play(s, "no-action", "end-turn")
    assert s.is_terminal() and s.outcome().winners == ()


def test_a_known_deck_top_needs_a_deck_top():
    assert (
        error_of({"seats": TWO, "deck_top_known_by": [0]})
        == "deck_top_known_by: there is no deck_top to know"
    )


def test_a_deck_card_cannot_also_be_in_a_hand():
    assert "already placed" in error_of(
        {"seats": [{"team": ["Moura"], "hand": ["Barretina"]}, TWO[1]], "deck": ["Barretina"]}
    )


# -- bad specs and records: the documented errors, never a crash ---------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
NAMES = st.sampled_from(
    ["Moura", "moura", "casteller#2", "Voodoo doll", "Saint Valentine", "Santa Claus", "Magic hat 9",
     "Black Friday's Discount", "", "Broom", "Kattalin", "Halloween", "A", "D", "start", "conjure", "VAL"]
)  # fmt: skip


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: dictionary keys and list positions, nested."""
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += paths(inner, (*at, i))
    return found


@st.composite
def mutated_specs(draw: st.DrawFn) -> Any:
    """A documented spec with a few things broken: keys dropped, values of the wrong type, numbers
    out of range, unknown or misplaced card names, entries repeated."""
    spec: Any = copy.deepcopy(draw(st.sampled_from(documented_specs())))
    for _ in range(draw(st.integers(1, 3))):
        places = paths(spec)
        at = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["drop", "json", "json", "json", "name", "number", "repeat", "new-key"]))
        if not at:
            spec = draw(JSON) if how == "json" else spec
            continue
        parent = spec
        for step in at[:-1]:
            parent = parent[step]
        last = at[-1]
        if how == "drop":
            del parent[last]
        elif how == "json":
            parent[last] = draw(JSON)
        elif how == "name":
            parent[last] = draw(NAMES)
        elif how == "number":
            parent[last] = draw(st.integers(-5, 2000))
        elif how == "repeat" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
        elif how == "new-key" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["box", "deck", "players", "turn", "phase", "extra", "level"]))] = (
                draw(JSON | NAMES)
            )
    return spec


def built_or_refused(spec: Any) -> None:
    """Build ``spec``: it is either refused with one of the documented errors (ScenarioError, or
    the option or content error a bad option gives: all ValueErrors that say what is wrong), or it
    is a sound position, every card placed once, that can be played on."""
    try:
        state = GAME.scenario(spec)
    except AlakaError as error:
        assert isinstance(error, ValueError) and str(error)
        return
    assert every_card_once(state)
    for _ in range(3):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])


WRONG = [None, True, -1, 1.5, "x", "Voodoo doll", [], ["x"], {}, {"x": 1}]


@pytest.mark.parametrize("number", range(len(documented_specs())))
def test_every_value_of_the_documented_specs_replaced_by_a_wrong_one(number):
    """Each place of each documented spec in turn holds a value of a wrong type or meaning, or is
    dropped: never TypeError, KeyError or AttributeError."""
    spec = documented_specs()[number]
    for at in paths(spec)[1:]:
        for value in [*WRONG, "drop"]:
            broken = copy.deepcopy(spec)
            parent = broken
            for step in at[:-1]:
                parent = parent[step]
            if value == "drop":
                del parent[at[-1]]
            else:
                parent[at[-1]] = value
            built_or_refused(broken)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=mutated_specs())
def test_a_broken_spec_gives_the_documented_error_or_a_sound_position(spec):
    """docs/scenarios.md: the documented examples with a few things broken at random (keys
    dropped, wrong types, numbers out of range, unknown or misplaced names, repeated entries)."""
    built_or_refused(spec)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=mutated_specs(), actions=st.lists(st.text(max_size=12) | NAMES, max_size=3))
def test_a_broken_record_gives_a_record_error(spec, actions):
    """A game record with a broken scenario or unplayable actions raises RecordError saying which
    part is wrong."""
    record = {"game": "alakazum", "version": GAME.record_version, "scenario": spec, "actions": actions}
    try:
        alaka.replay(record)
    except RecordError as error:
        assert str(error)
