"""Digests of seeded games, clones and resamples, for comparing two builds of alaka.

Run:  python tests/fingerprints.py  ->  one JSON line: the build running and a digest per game
and player count. ``tests/test_builds.py`` runs it under the pure-Python package and under the
compiled one (README: the compiled build) and requires the same digests.

Each digest covers, for several seeds: the record of a whole game played through ``alaka.play``
by random, heuristic and IS-MCTS bots (so search copies and resamples are made along the way),
its outcome; and, at a few steps of the game, what every seat sees of a clone and of a search
copy after the same seeded random actions, and of a resample for each seat (with and without
``search``), with their legal actions.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import alaka
from alaka.bots.registry import make_bot
from alaka.core.compiling import build
from alaka.core.protocol import State
from alaka.core.registry import entry
from alaka.testing import conformance

SEEDS = 6
#: Steps of each game at which copies are made and played on.
CHECKED_STEPS = (20, 60, 120, 200, 300, 450)


def _shown(state: State) -> list[Any]:
    """Every seat's view and the spectator's (with the last events), and the legal actions."""
    size = int(state.view(None, log_since=None)["log_size"])
    since = max(0, size - 8)
    views = [state.view(seat, log_since=since) for seat in range(state.num_players)]
    views.append(state.view(None, log_since=since))
    return [views, [action.name for action in state.legal_actions()], state.current_player()]


def _play_on(state: State, seed: int, steps: int = 25) -> State:
    return conformance.play_on(state, random.Random(seed), steps)


def _copies(state: State, seed: int) -> list[Any]:
    seen: list[Any] = [_shown(_play_on(state.clone(), seed)), _shown(_play_on(state.search_clone(), seed))]
    for seat in range(state.num_players):
        for search in (False, True):
            resampled = state.resample(seat, random.Random(seed * 31 + seat), search=search)
            seen.append(_shown(_play_on(resampled, seed + seat)))
    return seen


def digest(name: str, players: int) -> str:
    game = alaka.game(name)
    # The game's own heuristic where its entry declares one (both built-in games do); random
    # play and search's default playouts stand in for it where not.
    guided = "heuristic" if entry(name).has_heuristic else "random"
    rollout = ",rollout=heuristic" if entry(name).has_heuristic else ""
    specs = ["random", guided, f"ismcts:iterations=12,depth=6{rollout}", "random", guided]
    hasher = hashlib.blake2b(digest_size=16)
    for seed in range(SEEDS):
        bots = [make_bot(spec, name) for spec in specs[:players]]
        copies: list[Any] = []

        def check(
            state: State, player: int, action: Any, seed: int = seed, copies: list[Any] = copies
        ) -> None:
            if len(state.history) in CHECKED_STEPS:
                copies.append(_copies(state, seed))

        final = alaka.play(game.new_initial_state(players), bots, seed=seed, on_action=check)
        outcome = final.outcome()
        result = {
            "record": final.record(),
            "outcome": outcome.to_json() if outcome else None,
            "copies": copies,
        }
        hasher.update(json.dumps(result, sort_keys=True).encode())
    return hasher.hexdigest()


def main() -> None:
    digests = {
        f"{name}-{n}p": digest(name, n) for name in alaka.games() for n in alaka.game(name).player_counts
    }
    print(json.dumps({"build": build(), "python": sys.version.split()[0], "digests": digests}))


if __name__ == "__main__":
    main()
