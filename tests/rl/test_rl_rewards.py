"""The Gymnasium environment's reward choices and opponent choices, checked against definitions
worked out here from the final state (not from the code under test)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_helpers import GAME_COUNTS

from alaka.core.protocol import Action, Outcome, State
from alaka.core.registry import entry
from alaka.rl.episode import EnvironmentArgumentError
from alaka.rl.gym import AlakaEnv, Mix, env_id
from alaka.rl.rewards import RewardRule, rank_value

NAMES = sorted({name for name, _ in GAME_COUNTS})


def episode(environment: AlakaEnv, seed: int) -> tuple[list[float], list[float], State]:
    """Seeded random legal play of the learning seat: each step's reward, phi (the heuristic's
    estimate of the seat's chance) at each of its decisions, and the final state."""
    environment.reset(seed=seed)
    evaluate = entry(environment.game.name).load_heuristic().evaluate
    rng = np.random.default_rng(seed)
    paid: list[float] = []
    phis: list[float] = []
    while True:
        state = environment.alaka_state
        phis.append(float(evaluate(state)[environment.seat]))
        action = int(rng.choice(np.flatnonzero(environment.action_masks())))
        _, reward, terminated, truncated, _ = environment.step(action)
        paid.append(float(reward))
        if terminated or truncated:
            return paid, phis, environment.alaka_state


def final(state: State) -> Outcome:
    outcome = state.outcome()
    assert outcome is not None
    return outcome


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_the_default_reward_is_still_the_win_share_at_the_end(name: str, players: int) -> None:
    for seed in range(3):
        paid, _, state = episode(AlakaEnv(name, players), seed)
        winners = final(state).winners
        seat = 0
        assert paid[:-1] == [0.0] * (len(paid) - 1)
        assert paid[-1] == (1 / len(winners) if seat in winners else 0.0)


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_rank_pays_the_share_of_seats_placed_below(name: str, players: int) -> None:
    """The places are the game's outcome ranking: by final score, except that the game's own
    winner comes first (an Alakazum's conjurer may have scored less than another seat)."""
    seen = set()
    for seed in range(6):
        environment = AlakaEnv(name, players, seat=None, reward="rank", opponents="random")
        paid, _, state = episode(environment, seed)
        seat = environment.seat  # drawn at reset, seeded
        outcome = final(state)
        place = next(i for i, group in enumerate(outcome.ranking) if seat in group)
        below = sum(len(group) for group in outcome.ranking[place + 1 :])
        tied = len(outcome.ranking[place]) - 1
        expected = (below + tied / 2) / (players - 1)
        assert paid[-1] == pytest.approx(expected)
        assert paid[:-1] == [0.0] * (len(paid) - 1)
        seen.add(expected)
    assert len(seen) > 1  # the seeds reach different places, so the check can tell them apart


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_margin_pays_the_lead_over_the_best_other_seat_over_the_largest_score(
    name: str, players: int
) -> None:
    for seed in range(3):
        paid, _, state = episode(AlakaEnv(name, players, seat=1, reward="margin"), seed)
        scores = final(state).scores
        others = [score for q, score in enumerate(scores) if q != 1]
        expected = (scores[1] - max(others)) / max(map(abs, scores))
        assert paid[-1] == pytest.approx(expected)
        assert -1.0 <= paid[-1] <= 1.0


@pytest.mark.parametrize("kind", ["win", "rank", "margin"])
def test_a_game_stopped_at_the_safety_limit_pays_nothing_at_the_end(kind: str) -> None:
    paid, _, state = episode(AlakaEnv("alakazum", 3, reward=kind, max_turns=2), 0)
    assert AlakaEnv("alakazum", 3).encoding.truncated(state)
    assert paid == [0.0] * len(paid)


def test_rank_values_share_tied_places() -> None:
    outcome = Outcome(winners=(1, 2), reason="", ranking=((1, 2), (0,), (3,)), scores=(3, 5, 5, 1))
    assert [rank_value(outcome, q) for q in range(4)] == pytest.approx([1 / 3, 5 / 6, 5 / 6, 0.0])
    everyone = Outcome(winners=(), reason="", ranking=((0, 1, 2),))
    assert [rank_value(everyone, q) for q in range(3)] == [0.5, 0.5, 0.5]


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
@pytest.mark.parametrize("gamma", [1.0, 0.9])
def test_shaping_is_the_change_of_the_heuristic_chance_and_telescopes(
    name: str, players: int, gamma: float
) -> None:
    weight = 0.5
    for seed in range(2):
        plain, _, _ = episode(AlakaEnv(name, players, reward="rank"), seed)
        shaped, phis, _ = episode(
            AlakaEnv(name, players, reward="rank", shaping=weight, shaping_gamma=gamma), seed
        )
        assert len(plain) == len(shaped)  # shaping changes what is paid, not how the game goes
        terms = [s - p for s, p in zip(shaped, plain, strict=True)]
        after = [*phis[1:], 0.0]  # phi of the finished game is 0
        assert terms == pytest.approx([weight * (gamma * b - a) for a, b in zip(phis, after, strict=True)])
        discounted = sum(gamma**t * term for t, term in enumerate(terms))
        assert discounted == pytest.approx(-weight * phis[0])
        assert any(abs(term) > 1e-9 for term in terms[:-1])  # signal before the end


def test_the_shaping_does_not_change_the_observations() -> None:
    plain = AlakaEnv("alakazoo", 3)
    shaped = AlakaEnv("alakazoo", 3, shaping=1.0)
    a, _ = plain.reset(seed=5)
    b, _ = shaped.reset(seed=5)
    assert np.array_equal(a, b)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"reward": "score"}, "reward must be one of win, rank, margin, not 'score'"),
        ({"shaping": -1.0}, "shaping is a weight of 0 or more"),
        ({"shaping": float("nan")}, "shaping is a weight of 0 or more"),
        ({"shaping_gamma": 0.0}, r"shaping_gamma is a discount in \(0, 1\]"),
        ({"shaping_gamma": 1.5}, r"shaping_gamma is a discount in \(0, 1\]"),
        ({"opponents": ["heuristic"]}, "opponents needs one opponent or 2"),
        ({"opponents": 3}, "an opponent is a bot spec, a Mix"),
        ({"opponents": Mix("random", 3)}, "an opponent is a bot spec, a Mix"),
    ],
)
def test_bad_arguments_say_what_is_wrong(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(EnvironmentArgumentError, match=message):
        AlakaEnv("alakazoo", 3, **arguments)


def test_a_mix_needs_choices_and_no_nested_mix() -> None:
    with pytest.raises(EnvironmentArgumentError, match="at least one"):
        Mix()
    with pytest.raises(EnvironmentArgumentError, match="not other Mixes"):
        Mix("random", Mix("heuristic"))


def test_margin_and_shaping_refuse_a_game_without_scores_or_heuristic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    import alaka.rl.rewards as rewards

    bare = dataclasses.replace(entry("alakazoo"), scores=False, heuristic=None)
    monkeypatch.setattr(rewards, "entry", lambda name: bare)
    with pytest.raises(EnvironmentArgumentError, match="reward='margin' needs scores"):
        RewardRule.for_game("alakazoo", "margin")
    with pytest.raises(EnvironmentArgumentError, match="shaping needs the game's heuristic"):
        RewardRule.for_game("alakazoo", "win", shaping=0.1)
    # Without scores, "rank" is the win share.
    rule = RewardRule.for_game("alakazoo", "rank")
    paid, _, state = episode(AlakaEnv("alakazoo", 3), 0)
    assert rule.final(state, 0, truncated=False) == paid[-1]


def drawn_over(environment: AlakaEnv, seeds: range) -> list[tuple[str, ...]]:
    draws = []
    for seed in seeds:
        environment.reset(seed=seed)
        draws.append(environment.drawn)
    return draws


def test_a_mix_draws_each_seat_anew_each_episode_and_repeats_with_the_seed() -> None:
    make = lambda: AlakaEnv("alakazoo", 3, opponents=Mix("random", "heuristic"))  # noqa: E731
    draws = drawn_over(make(), range(12))
    assert set(draws) == {(a, b) for a in ("random", "heuristic") for b in ("random", "heuristic")}
    assert drawn_over(make(), range(12)) == draws
    # The same seed plays the same episode, opponents included.
    assert episode(make(), 7)[0] == episode(make(), 7)[0]
    assert make().reset(seed=7)[0].tolist() == make().reset(seed=7)[0].tolist()


def test_fixed_opponents_are_drawn_from_nothing() -> None:
    environment = AlakaEnv("alakazoo", 3, opponents=["random", "heuristic"])
    assert drawn_over(environment, range(3)) == [("random", "heuristic")] * 3


class Snapshot:
    """A frozen policy of the learner: here, the first legal action; counts its decisions."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        self.seats.append(seat)
        return state.legal_actions()[0]


def test_snapshots_play_the_other_seats_and_can_be_added_between_rollouts() -> None:
    calls: list[int] = []

    def earliest(state: State, seat: int, rng: random.Random) -> Action:
        calls.append(seat)
        return state.legal_actions()[-1]

    environment = AlakaEnv("alakazum", 3, seat=0, opponents=earliest)
    episode(environment, 0)
    assert set(calls) == {1, 2}
    snapshot = Snapshot()
    environment.set_opponents([snapshot, Mix("random", snapshot)])
    draws = drawn_over(environment, range(8))
    assert {d[0] for d in draws} == {"Snapshot"} and {d[1] for d in draws} == {"random", "Snapshot"}
    environment.set_opponents(snapshot)
    episode(environment, 1)
    assert set(snapshot.seats) == {1, 2}


@pytest.mark.parametrize("name", NAMES)
def test_check_env_passes_with_a_shaped_reward_and_a_mix(name: str) -> None:
    environment = gymnasium.make(
        env_id(name),
        num_players=3,
        reward="margin",
        shaping=1.0,
        shaping_gamma=0.99,
        opponents=Mix("random", "heuristic"),
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment.unwrapped)
    assert [str(w.message) for w in caught] == []
