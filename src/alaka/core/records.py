"""Game records: JSON that rebuilds every intermediate state of a game exactly.

One format for every edge: ``state.record()`` (game, version, options or scenario, actions)
plus, for a played game, ``seats`` (a bot spec or ``"human"`` per seat) and ``seed`` (the seed
rule of :mod:`alaka.core.driver` makes them enough to go on with the game). The library, the
arena, the simulator, the terminal and the browser all write it, so any record can be resumed,
replayed in the terminal and opened as a browser replay. Edges may add keys of their own.

A record is data from anywhere (a file someone sent, a web request), so reading one never
does anything but rebuild a game: every malformed record is a :class:`RecordError` saying
what is wrong, and a record never makes Alaka open a file. A game played with a variant
content file (an option such as ``components`` or ``catalogue`` that names a file) records
that name, and replaying it reads the file only if the caller passes it explicitly
(``files={"components": path}``): the caller vouches for the file, not the record.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from alaka.core.errors import AlakaError, RecordError
from alaka.core.language import N_, tr
from alaka.core.protocol import Game, JsonDict, State
from alaka.core.registry import game

# TRANSLATORS: 'game' is the record's key, written as it is.
_NO_GAME = N_("a record is a JSON object with a 'game' name")
# TRANSLATORS: {number} counts the record's actions from 1; {text} the action as written, quoted;
# {error} why it cannot be played.
_NOT_REPLAYED = N_("action {number} of the record ({text}) cannot be replayed: {error}")

#: How deep a record's JSON may nest (a scenario's deepest spec is a few levels).
_DEPTH = 32


def _actions(record: Mapping[str, Any]) -> list[str]:
    if not isinstance(record, Mapping):
        raise RecordError(tr(_NO_GAME))
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        # TRANSLATORS: 'actions' is the record's key, written as it is.
        raise RecordError(tr("a record needs 'actions': a list of action strings"))
    return actions


def _check_json(value: object, where: str, depth: int = 0) -> None:
    """Refuse what JSON cannot hold (a record passed from Python may hold anything)."""
    if depth > _DEPTH:
        raise RecordError(f"{where}: nested more than {_DEPTH} levels deep")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(f"{where}: the key {key!r} is not a text (JSON keys are)")
            _check_json(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_json(item, where, depth + 1)
    elif value is not None and not isinstance(value, str | int | float | bool):
        raise RecordError(f"{where}: {type(value).__name__} is not JSON data")


def _with_files(
    g: Game, options: object, files: Mapping[str, str] | None, *, in_scenario: bool
) -> dict[str, Any]:
    """``options`` (the record's own, or its scenario's) with each option that names a file
    replaced by the caller's file for it; a :class:`RecordError` for one the caller did not pass."""
    if not isinstance(options, dict):
        # TRANSLATORS: 'options' is the record's key, written as it is.
        if in_scenario:
            raise RecordError(tr("the scenario's 'options' must be an object of option names and values"))
        raise RecordError(tr("the record's 'options' must be an object of option names and values"))
    given = dict(options)
    for parameter in g.parameters:
        named = given.get(parameter.name)
        if not parameter.is_path or not named:
            continue
        if files is None or parameter.name not in files:
            # TRANSLATORS: {option} is an option's name (catalogue, components), typed as it is;
            # {file} the file the record names, quoted; {key} the option's name, quoted. The
            # parenthesis shows how to pass the file, typed as it is.
            unread = tr(
                "this record plays with the {option} file {file}, and a record never makes Alaka read a"
                " file: pass the file yourself (files={{{key}: path}}, or alaka replay FILE --{option} PATH)"
            )
            raise RecordError(
                unread.format(option=parameter.name, file=repr(named), key=repr(parameter.name))
            )
        given[parameter.name] = files[parameter.name]
    return given


def _start(g: Game, record: Mapping[str, Any], files: Mapping[str, str] | None) -> dict[str, Any]:
    """What the game rebuilds the first state from, checked for shape, files given by the caller."""
    if "scenario" in record:
        spec = record["scenario"]
        if not isinstance(spec, dict):
            # TRANSLATORS: 'scenario' is the record's key, written as it is.
            raise RecordError(tr("the record's 'scenario' must be an object (see docs/scenarios.md)"))
        if "options" in spec:
            spec = {**spec, "options": _with_files(g, spec["options"], files, in_scenario=True)}
        return {"scenario": spec}
    players = record.get("num_players")
    if isinstance(players, bool) or not isinstance(players, int):
        # TRANSLATORS: 'num_players' is the record's key, written as it is; {value} what it holds.
        players_wanted = tr("a record needs 'num_players': a whole number, not {value}")
        raise RecordError(players_wanted.format(value=repr(players)))
    options = _with_files(g, record.get("options", {}), files, in_scenario=False)
    return {"num_players": players, "options": options}


def initial_state(record: Mapping[str, Any], files: Mapping[str, str] | None = None) -> State:
    """The state a record starts from (see the module docstring for ``files``)."""
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
        raise RecordError(tr(_NO_GAME))
    _check_json(record, "the record")
    try:
        g = game(record["game"])
    except AlakaError as error:
        # TRANSLATORS: {error} says why (an unknown game's name, ...).
        raise RecordError(
            tr("the record's game cannot be played here: {error}").format(error=error)
        ) from None
    version = record.get("version", g.record_version)
    if isinstance(version, bool) or not isinstance(version, int):
        older = tr("this record is version {version}; this Alaka reads {game} version {current}")
        raise RecordError(older.format(version=repr(version), game=g.name, current=g.record_version))
    if version != g.record_version:
        record = g.upgrade_record(record, version)
    start = _start(g, record, files)
    try:
        return g.state_from_start(start)
    except RecordError:
        raise
    except AlakaError as error:
        # TRANSLATORS: {error} says what is wrong with the game's first position.
        raise RecordError(tr("the record's start is not valid: {error}").format(error=error)) from None


def replay_states(record: Mapping[str, Any], files: Mapping[str, str] | None = None) -> Iterator[State]:
    """Yield the first state and then a copy of the state after each recorded action."""
    actions = _actions(record)
    state = initial_state(record, files)
    yield state.clone()
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except AlakaError as error:
            raise RecordError(tr(_NOT_REPLAYED).format(number=number, text=repr(text), error=error)) from None
        yield state.clone()


def replay(record: Mapping[str, Any], files: Mapping[str, str] | None = None) -> State:
    """The state at the end of ``record`` (``alaka.replay``); ``files`` as in the module docstring."""
    actions = _actions(record)
    state = initial_state(record, files)
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except AlakaError as error:
            raise RecordError(tr(_NOT_REPLAYED).format(number=number, text=repr(text), error=error)) from None
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
        # TRANSLATORS: 'seats' is the record's key, written as it is.
        raise RecordError(tr("this record does not say who sat where (no 'seats'); it can be replayed only"))
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        # TRANSLATORS: 'seats' and 'human' are written as they are in the record.
        raise RecordError(tr("the record's 'seats' must be a list of 'human' or bot specs"))
    if len(seats) != num_players:
        # TRANSLATORS: {count} seats listed; {n} the game's number of players.
        seated = tr("the record has {count} seats for a {n}-player game")
        raise RecordError(seated.format(count=len(seats), n=num_players))
    return list(seats)


def record_seed(record: Mapping[str, Any]) -> int | None:
    """The record's seed, or ``None`` if it has none (a malformed seed is a :class:`RecordError`)."""
    seed = record.get("seed")
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        # TRANSLATORS: 'seed' is the record's key, written as it is; {value} what it holds.
        seed_wanted = tr("the record's 'seed' must be a non-negative integer, not {value}")
        raise RecordError(seed_wanted.format(value=repr(seed)))
    return seed
