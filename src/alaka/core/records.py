"""Game records: JSON that rebuilds every intermediate state of a game exactly."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from alaka.core.errors import AlakaError, RecordError
from alaka.core.protocol import State
from alaka.core.registry import game


def _actions(record: Mapping[str, Any]) -> list[str]:
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("a record needs 'actions': a list of action strings")
    return actions


def initial_state(record: Mapping[str, Any]) -> State:
    """The state a record starts from."""
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
        raise RecordError("a record is a JSON object with a 'game' name")
    g = game(record["game"])
    version = record.get("version", g.record_version)
    if version != g.record_version:
        raise RecordError(
            f"this record is version {version}; this Alaka reads {g.name} version {g.record_version}"
        )
    try:
        return g.state_from_start(record)
    except RecordError:
        raise
    except AlakaError as error:
        raise RecordError(f"the record's start is not valid: {error}") from None


def replay_states(record: Mapping[str, Any]) -> Iterator[State]:
    """Yield the first state and then a copy of the state after each recorded action."""
    actions = _actions(record)
    state = initial_state(record)
    yield state.clone()
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except AlakaError as error:
            raise RecordError(
                f"action {number} of the record ({text!r}) cannot be replayed: {error}"
            ) from None
        yield state.clone()


def replay(record: Mapping[str, Any]) -> State:
    """The state at the end of ``record`` (``alaka.replay``)."""
    actions = _actions(record)
    state = initial_state(record)
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except AlakaError as error:
            raise RecordError(
                f"action {number} of the record ({text!r}) cannot be replayed: {error}"
            ) from None
    return state
