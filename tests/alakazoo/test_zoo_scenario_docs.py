"""docs/scenarios.md's Alakazoo examples run, and bad specs or records never crash.

The examples are read from the page itself, so the page and the builder cannot drift apart.
A Hypothesis test then mutates the documented spec (and a record made from it) at random:
dropped keys, values of the wrong type, numbers out of range, unknown names, extra keys. Each
mutant must either build (or replay) or be refused with the project's error for bad input
(``alaka.AlakaError``, a ``ValueError``); a ``TypeError``, ``KeyError`` or ``AttributeError``
would be a crash the page promises never happens.
"""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alaka

PAGE = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
GAME = alaka.game("alakazoo")


def alakazoo_examples() -> list[str]:
    """The Python blocks of the page's Alakazoo section."""
    text = PAGE.read_text("utf-8")
    section = text.split("\n## Alakazoo\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def example_spec(code: str) -> dict[str, Any]:
    """The literal spec passed to ``.scenario(...)`` in an example."""
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "scenario":
            spec: dict[str, Any] = ast.literal_eval(node.args[0])
            return spec
    raise AssertionError("the example calls no scenario(...)")


EXAMPLES = alakazoo_examples()


def test_the_page_has_an_alakazoo_example() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("code", EXAMPLES)
def test_each_alakazoo_example_runs(code: str) -> None:
    namespace: dict[str, Any] = {}
    exec(compile(code, str(PAGE), "exec"), namespace)
    state = namespace["state"]
    assert state.elements[0][1] >= 0  # the example's display of the Griffin head happened
    assert alaka.replay(state.record()).view(None) == state.view(None)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a path of keys and indices (the root excluded)."""
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((*path, key))
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.append((*path, i))
            out.extend(_paths(item, (*path, i)))
    return out


#: Values of every JSON type, names that exist in another place or not at all, numbers out of range.
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["", "Griffin", "griffin:head", "Kraken tail", "head/1", "rainbow", "wizard", "body"]),
    st.sampled_from(["display", "action", "resolve", "own_board", "end_of_action", "nonsense"]),
    st.text(max_size=8),
    st.lists(st.integers(-2, 7), max_size=4),
    st.lists(st.text(max_size=6), max_size=3),
    st.dictionaries(st.text(max_size=6), st.integers(-1, 5), max_size=2),
)


@st.composite
def mutants(draw: st.DrawFn, original: dict[str, Any]) -> dict[str, Any]:
    value = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(value)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = value
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        how = draw(st.sampled_from(["drop", "replace", "add"]))
        if how == "drop":
            del parent[last]
        elif how == "replace":
            parent[last] = draw(JUNK)
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=6))] = draw(JUNK)
        else:
            parent.append(draw(JUNK))
    return value


SPEC = example_spec(EXAMPLES[0])
RECORD = {**GAME.scenario(SPEC).record(), "actions": ["display:griffin:head", "end", "roll:1", "die:red"]}


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=mutants(SPEC))
def test_a_mutated_spec_builds_or_is_refused_clearly(spec: dict[str, Any]) -> None:
    try:
        state = GAME.scenario(spec)
    except alaka.AlakaError as error:
        assert str(error)
        return
    state.legal_actions()  # a position that builds is a live one
    state.view(None)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=mutants(RECORD))
def test_a_mutated_record_replays_or_is_refused_clearly(record: dict[str, Any]) -> None:
    try:
        alaka.replay(record)
    except alaka.AlakaError as error:
        assert str(error)


def test_the_mutants_do_reach_the_builders_checks() -> None:
    """Guards the tests above: the mutants are not all refused at the first key."""
    refused: set[str] = set()
    for spec in [
        {**SPEC, "phase": ["display"]},
        {**SPEC, "first_displays": []},
        {**SPEC, "seats": [SPEC["seats"][0], {"hand": 7}]},
        {**SPEC, "options": {"creature_point": 1}},
    ]:
        with pytest.raises(alaka.AlakaError) as caught:
            GAME.scenario(spec)
        refused.add(str(caught.value).split(":")[0])
    assert len(refused) == 4
