"""Shared helpers for the adapter tests: seeded positions of both games, every player count."""

from __future__ import annotations

import random
from collections.abc import Iterator

import alaka
from alaka.core.protocol import State
from alaka.rl.encoding import encoded_games
from alaka.testing import conformance

#: (game, players) for every registered game and player count.
GAME_COUNTS = [(name, n) for name in encoded_games() for n in alaka.game(name).player_counts]


def random_position(name: str, players: int, seed: int, steps: int, **options: object) -> State:
    """A position after up to ``steps`` random actions (chance drawn with the same seed)."""
    state = alaka.game(name).new_initial_state(players, **options)
    return conformance.play_on(state, random.Random(seed), steps)


def random_game(name: str, players: int, seed: int, **options: object) -> Iterator[State]:
    """Every position of a seeded random game, the last one finished."""
    state = alaka.game(name).new_initial_state(players, **options)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        yield conformance.play_on(state, rng, 1)
