"""Game records: JSON that rebuilds every intermediate state of a game exactly.

One format for every edge: ``state.record()`` (game, version, options or scenario, actions)
plus, for a played game, ``seats`` (a bot spec or ``"human"`` per seat) and ``seed`` (the seed
rule of :mod:`alaka.core.driver` makes them enough to go on with the game). The library, the
arena, the simulator, the terminal and the browser all write it, so any record can be resumed,
replayed in the terminal and opened as a browser replay. Edges may add keys of their own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from alaka.core.errors import AlakaError, RecordError
from alaka.core.protocol import JsonDict, State
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
        record = g.upgrade_record(record, version)
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


#: The seat spec of a person (any other seat spec is a bot spec).
HUMAN = "human"


def game_record(state: State, *, seats: Sequence[str], seed: int) -> JsonDict:
    """``state.record()`` with who sat where and the seed: the record every edge writes."""
    if len(seats) != state.num_players:
        raise ValueError(f"{len(seats)} seats for a {state.num_players}-player game")
    return {**state.record(), "seats": list(seats), "seed": seed}


def record_seats(record: Mapping[str, Any], num_players: int) -> list[str]:
    """The ``seats`` a record was played with, checked against its number of players."""
    seats = record.get("seats")
    if seats is None:
        raise RecordError("this record does not say who sat where (no 'seats'); it can be replayed only")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise RecordError("the record's 'seats' must be a list of 'human' or bot specs")
    if len(seats) != num_players:
        raise RecordError(f"the record has {len(seats)} seats for a {num_players}-player game")
    return list(seats)


def record_seed(record: Mapping[str, Any]) -> int | None:
    """The record's seed, or ``None`` if it has none (a malformed seed is a :class:`RecordError`)."""
    seed = record.get("seed")
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RecordError(f"the record's 'seed' must be a non-negative integer, not {seed!r}")
    return seed
