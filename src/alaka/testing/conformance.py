"""The conformance kit: checks every registered game must pass at every player count.

Each check plays seeded random games and raises :class:`ConformanceError` with the seed, the
step and what went wrong, so a failure can be replayed. The test suite runs them all
(``tests/test_conformance.py``); a new game gets them for free by registering.

What is checked:

- random playouts reach a terminal state within ``state.max_game_length()``;
- at every chance node the probabilities are positive and sum to 1, and the outcomes differ;
- legal actions are distinct, come from the game's action table and parse from their string;
- an illegal action raises ``IllegalAction`` and leaves the state exactly as it was;
- ``clone()`` is independent of the original;
- a search copy (``search_clone()``, ``resample(seat, rng, search=True)``) plays on exactly as
  a full copy: the same views and legal actions after the same actions (:func:`views`);
- ``record()`` -> ``replay_states`` rebuilds every intermediate state;
- views and records survive a JSON round trip;
- conservation: ``inventory()`` (every card and token) never changes;
- every view has the declared shape: the keys of :class:`~alaka.core.protocol.BaseView`, and
  the game's own view ``TypedDict`` where its entry names one (:func:`check_view_shape`);
- no leaks: ``resample(seat)`` gives a state with the same view and legal actions for that
  seat, yet really varies what the seat cannot see.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from alaka.core.errors import IllegalAction
from alaka.core.protocol import CHANCE, TERMINAL, Action, BaseView, Game, State
from alaka.core.records import replay_states
from alaka.core.registry import entry
from alaka.core.schema import SchemaError, check_json


class ConformanceError(AssertionError):
    """A game broke the protocol; the message says where (seed, step) and how."""


@dataclass(frozen=True)
class Step:
    """One step of a random playout: the state before the action, and the action."""

    index: int
    state: State
    player: int
    action: Action


def fingerprint(state: State, log: bool = False) -> str:
    """Everything observable about a state: every seat's view, the spectator's, the history.

    The event log is left out unless asked for: it only grows, so comparing it once at the end
    of a game is enough, and comparing it at every step would cost time quadratic in length.
    """
    since = 0 if log else None
    views = [state.view(seat, log_since=since) for seat in range(state.num_players)]
    views.append(state.view(None, log_since=since))
    return json.dumps(
        {"views": views, "history": list(state.history), "player": state.current_player()},
        sort_keys=True,
    )


def random_playout(
    game: Game, num_players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[Step]:
    """Play one seeded random game, yielding each state before its action (the state is live:
    clone it to keep it). The final state is yielded last with ``action`` set to the previous one."""
    rng = random.Random(seed)
    state = game.new_initial_state(num_players, **(options or {}))
    limit = state.max_game_length()
    index = 0
    while not state.is_terminal():
        if index > limit:
            raise ConformanceError(
                f"{game.name} {num_players}p seed {seed}: no end after {limit} actions "
                f"(the declared maximum game length)"
            )
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        yield Step(index, state, player, action)
        state.apply_action(action)
        index += 1


def play_on(state: State, rng: random.Random, steps: int) -> State:
    """Play ``state`` on (in place) for up to ``steps`` random actions, chance included."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def _fail(game: Game, n: int, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} {n}p seed {seed} step {step}: {message}")


def check_playout(game: Game, num_players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """Structural checks at every step of one random game; returns the final state."""
    table = None
    inventory = None
    last: State | None = None
    for step in random_playout(game, num_players, seed, options):
        state = step.state
        last = state
        if table is None:
            table = state.action_table()
            inventory = state.inventory()
        i = step.index
        if state.inventory() != inventory:
            raise _fail(
                game,
                num_players,
                seed,
                i,
                f"components created or lost: {state.inventory()} != {inventory}",
            )
        legal = state.legal_actions()
        if not legal:
            raise _fail(
                game,
                num_players,
                seed,
                i,
                f"no legal action at a non-terminal state ({state.decision()})",
            )
        if len(set(legal)) != len(legal):
            raise _fail(game, num_players, seed, i, "legal actions repeat")
        for action in legal:
            if table.actions[action.id] is not action and table.actions[action.id] != action:
                raise _fail(game, num_players, seed, i, f"{action} is not the table's action {action.id}")
            if state.action_from_string(action.name) != action:
                raise _fail(game, num_players, seed, i, f"{action.name!r} does not parse back")
        if step.player == CHANCE:
            outcomes = state.chance_outcomes()
            total = math.fsum(p for _, p in outcomes)
            if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
                raise _fail(game, num_players, seed, i, f"chance probabilities sum to {total}")
            if tuple(a for a, _ in outcomes) != legal:
                raise _fail(
                    game,
                    num_players,
                    seed,
                    i,
                    "legal_actions at a chance node differ from the outcomes",
                )
            if step.action not in legal:
                raise _fail(game, num_players, seed, i, f"sample_chance gave {step.action}, not an outcome")
        elif state.current_player() not in range(num_players):
            raise _fail(game, num_players, seed, i, f"current_player() is {state.current_player()}")
    if last is None:
        raise ConformanceError(f"{game.name}: a new game is already over")
    if last.current_player() != TERMINAL or last.outcome() is None:
        raise ConformanceError(f"{game.name} {num_players}p seed {seed}: the game ended without an outcome")
    if len(last.returns()) != num_players:
        raise ConformanceError(f"{game.name}: returns() must give one value per seat")
    if last.inventory() != inventory:
        raise ConformanceError(f"{game.name} {num_players}p seed {seed}: components lost by the end")
    return last


def _sampled_steps(
    game: Game, n: int, seed: int, every: int, options: dict[str, Any] | None = None
) -> Iterator[Step]:
    for step in random_playout(game, n, seed, options):
        if step.index % every == 0:
            yield step


def check_illegal_and_clone(
    game: Game, num_players: int, seed: int, every: int = 7, options: dict[str, Any] | None = None
) -> None:
    """An illegal action changes nothing; a clone is independent of its original.

    Independent both ways and in what nobody sees: at each sampled step one clone is kept, and a
    twin of it plays on at once with its own random numbers; once the original has played to the
    end (and the twins have played on), each kept clone plays on with the same random numbers
    and must end where its twin did. A game whose copies share a hidden place (the deck, say)
    with the original fails here even if every view agrees.
    """
    rng = random.Random(seed ^ 0x5EED)
    kept: list[tuple[int, State, float, str]] = []
    for step in _sampled_steps(game, num_players, seed, every, options):
        state = step.state
        dice = rng.random()
        kept.append(
            (step.index, state.clone(), dice, fingerprint(play_on(state.clone(), random.Random(dice), 20)))
        )
        table = state.action_table().actions
        legal = set(state.legal_actions())
        before = fingerprint(state)
        illegal = [a for a in rng.sample(table, min(len(table), 40)) if a not in legal]
        for action in illegal[:3]:
            try:
                state.apply_action(action)
            except IllegalAction as error:
                if not str(error):
                    raise _fail(game, num_players, seed, step.index, "IllegalAction has no message") from None
            else:
                raise _fail(game, num_players, seed, step.index, f"illegal {action} was accepted")
            if fingerprint(state) != before:
                raise _fail(game, num_players, seed, step.index, f"illegal {action} changed the state")
        copy = state.clone()
        copy.apply_action(step.action)
        if fingerprint(state) != before:
            raise _fail(game, num_players, seed, step.index, "acting on a clone changed the original")
        twin = state.clone()
        twin.apply_action(step.action)
        if fingerprint(twin) != fingerprint(copy):
            raise _fail(game, num_players, seed, step.index, "two clones diverged on the same action")
        lean = state.search_clone()
        lean.apply_action(step.action)
        if views(lean) != views(copy) or lean.legal_actions() != copy.legal_actions():
            raise _fail(game, num_players, seed, step.index, "a search copy diverged from a clone")
        if fingerprint(state) != before:
            raise _fail(game, num_players, seed, step.index, "acting on a search copy changed the original")
        again = lean.clone()
        if views(again) != views(lean) or not _refuses_a_record_like(again, lean):
            raise _fail(game, num_players, seed, step.index, "a copy of a search copy is not like it")
    for index, copy, dice, ended in kept:
        if fingerprint(play_on(copy, random.Random(dice), 20)) != ended:
            raise _fail(
                game, num_players, seed, index, "a clone changed when its original or a twin played on"
            )


def views(state: State, recent: int = 3) -> list[Any]:
    """Every seat's view and the spectator's, with the ``recent`` last events of the log (and
    its size): what a state shows, at a cost that does not grow with the game."""
    since = max(0, int(state.view(None, log_since=None)["log_size"]) - recent)
    return [state.view(seat, log_since=since) for seat in range(state.num_players)] + [
        state.view(None, log_since=since)
    ]


def _refuses_a_record_like(copy: State, lean: State) -> bool:
    """Whether ``copy`` gives a record exactly when ``lean`` does."""

    def records(state: State) -> bool:
        try:
            state.record()
        except ValueError:
            return False
        return True

    return records(copy) == records(lean)


def check_replay(game: Game, num_players: int, seed: int, options: dict[str, Any] | None = None) -> None:
    """``record()`` -> ``replay_states`` rebuilds every state; records and views are JSON."""
    prints: list[str] = []
    final: State | None = None
    for step in random_playout(game, num_players, seed, options):
        prints.append(fingerprint(step.state))
        final = step.state
    if final is None:
        raise ConformanceError(f"{game.name}: empty playout")
    prints.append(fingerprint(final, log=True))
    record = final.record()
    if json.loads(json.dumps(record)) != record:
        raise ConformanceError(f"{game.name}: the record does not survive JSON")
    states = list(replay_states(json.loads(json.dumps(record))))
    rebuilt = [fingerprint(s) for s in states[:-1]] + [fingerprint(states[-1], log=True)]
    if len(rebuilt) != len(prints):
        raise ConformanceError(
            f"{game.name} seed {seed}: replay made {len(rebuilt)} states, expected {len(prints)}"
        )
    for i, (a, b) in enumerate(zip(prints, rebuilt, strict=True)):
        if a != b:
            raise _fail(game, num_players, seed, i, "the replayed state differs from the played one")
    for seat in [*range(num_players), None]:
        view = final.view(seat)
        if json.loads(json.dumps(view)) != view:
            raise ConformanceError(f"{game.name}: the view of seat {seat} does not survive JSON")
    for index in range(0, len(states), max(1, len(states) // 25)):
        for seat in [*range(num_players), None]:
            check_view_shape(game, states[index].view(seat))


def check_view_shape(game: Game, view: dict[str, Any]) -> None:
    """The view has every key of :class:`BaseView` with its type, and the shape of the game's
    declared view type if its entry names one."""
    try:
        check_json({key: view.get(key) for key in BaseView.__annotations__}, BaseView)
        declared = entry(game.name).load_view_type()
        if declared is not None:
            check_json(view, declared)
    except SchemaError as error:
        raise ConformanceError(f"{game.name}: a view does not have its declared shape: {error}") from None


def state_after(
    game: Game, num_players: int, seed: int, steps: int, options: dict[str, Any] | None = None
) -> State:
    """The state of a seeded random game after ``steps`` actions (or its end)."""
    state: State | None = None
    for step in random_playout(game, num_players, seed, options):
        state = step.state
        if step.index >= steps:
            return state.clone()
    if state is None:
        raise ConformanceError(f"{game.name}: empty playout")
    return state.clone()  # the playout applied the last action: this is the final state


def check_resample(state: State, seat: int, rng: random.Random) -> bool:
    """``resample(seat)`` keeps the seat's view, its legal actions and every component.

    Returns whether the resampled state differs from the original for some other seat, which
    shows that hidden information was really varied (a resample that changed nothing would
    pass the view check trivially).
    """
    view = state.view(seat)
    legal = state.legal_actions() if state.current_player() == seat else None
    other = state.resample(seat, rng)
    if other.view(seat) != view:
        raise ConformanceError(
            f"{state.game.name}: resample({seat}) changed the seat's own view ({state.decision()})"
        )
    if legal is not None and other.legal_actions() != legal:
        raise ConformanceError(f"{state.game.name}: resample({seat}) changed the seat's legal actions")
    if other.inventory() != state.inventory():
        raise ConformanceError(f"{state.game.name}: resample({seat}) created or lost components")
    if state.view(seat) != view:
        raise ConformanceError(f"{state.game.name}: resample({seat}) changed the original state")
    # Play on from the resampled state: it must be a valid position.
    play_on(other, random.Random(rng.random()), 30)
    # A search copy deals the same world from the same random numbers.
    seed = rng.random()
    resampled = state.resample(seat, random.Random(seed))
    if views(state.resample(seat, random.Random(seed), search=True)) != views(resampled):
        raise ConformanceError(f"{state.game.name}: resample({seat}, search=True) dealt another world")
    return any(resampled.view(q) != state.view(q) for q in range(state.num_players) if q != seat)
