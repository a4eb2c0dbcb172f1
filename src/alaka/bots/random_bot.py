"""The uniform random bot: a baseline and the playout policy of the conformance kit."""

from __future__ import annotations

import random

from alaka.core.protocol import Action, State


class RandomBot:
    """Picks a legal action uniformly at random with the injected RNG."""

    name = "random"

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
