"""Training games keep their samples faithfully (issue 29): every decision's input is what the
deciding seat saw at that moment, and ``positions`` keeps a seeded few of a game's decisions
(NumPy only: no PyTorch needed)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from alaka.bots.learned import Features
from alaka.bots.registry import make_bot
from alaka.core.driver import Bot, play
from alaka.core.protocol import Action, State
from alaka.core.registry import game as get_game
from alaka.learn.selfplay import Samples, drawn_positions, play_training_game, unpack
from alaka.sim.runs import Configuration, Row, game_seed, seats_for


def configuration(game: str, players: int) -> Configuration:
    return Configuration("base", players, ("heuristic",) * players, ())


def samples_of(game: str, positions: int, index: int = 3) -> tuple[Row, Samples]:
    """Game ``index`` of heuristic self-play at 2 players, as a training game."""
    row = play_training_game(
        game, 11, configuration(game, 2), index, value_mix=1.0, hint=True, positions=positions
    )
    return row, unpack(row["samples"])


class _Watcher:
    """A seat's bot that notes the network's input at each of its real decisions, as it plays."""

    def __init__(self, bot: Bot, features: Features, seen: list[list[float]]) -> None:
        self.bot, self.features, self.seen = bot, features, seen

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        if len(state.legal_actions()) > 1:
            self.seen.append(self.features.of(state, seat))
        return self.bot.act(state, seat, rng)


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_every_sample_reads_what_its_seat_saw_when_it_decided(game: str) -> None:
    config = configuration(game, 2)
    row, samples = samples_of(game, positions=0)
    features = Features(game, hint=True)
    seen: list[list[float]] = []
    bots: list[Bot] = [_Watcher(make_bot(spec, game), features, seen) for spec in seats_for(config.seats, 3)]
    play(get_game(game).new_initial_state(2), bots, seed=game_seed(11, 3, config))
    assert row["decisions"] == len(samples) == len(seen) > 20
    assert np.array_equal(samples.features, np.asarray(seen, dtype=np.float16))


def test_positions_keeps_a_seeded_few_of_the_games_decisions() -> None:
    row, every = samples_of("alakazoo", positions=0)
    _, few = samples_of("alakazoo", positions=6)
    _, again = samples_of("alakazoo", positions=6)
    drawn = drawn_positions(int(row["decisions"]), 6, int(row["seed"]))
    assert len(few) == 6 and len(set(drawn)) == 6
    assert np.array_equal(few.features, every.features[drawn])
    assert np.array_equal(few.values, every.values[drawn])
    assert np.array_equal(few.features, again.features)
    # Each kept sample's legal actions are the full game's at that decision, renumbered.
    for k, d in enumerate(drawn):
        assert sorted(few.legal[few.legal[:, 0] == k, 1]) == sorted(every.legal[every.legal[:, 0] == d, 1])


def test_drawn_positions_keeps_everything_when_asked_for_as_many_or_none() -> None:
    assert drawn_positions(5, 0, 1) == [0, 1, 2, 3, 4]
    assert drawn_positions(5, 9, 1) == [0, 1, 2, 3, 4]
    assert drawn_positions(40, 4, 1) == drawn_positions(40, 4, 1) != drawn_positions(40, 4, 2)
