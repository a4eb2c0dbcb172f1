"""Copies made for search: they share the log, copy no history, refuse a record, and search
code makes them (IS-MCTS, the heuristic bot and the OpenSpiel adapter)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import alaka
from alaka.bots.heuristic_bot import HeuristicBot
from alaka.bots.ismcts import ISMCTSBot
from alaka.bots.registry import heuristic_for
from alaka.core.errors import SearchCopyError
from alaka.core.protocol import Action, State
from alaka.games.alakazoo.state import AlakazooState
from alaka.testing import conformance

NAMES = ["alakazoo", "alakazum"]


def _mid_game(name: str, players: int = 3, steps: int = 150) -> State:
    state = conformance.state_after(alaka.game(name), players, seed=5, steps=steps)
    assert not state.is_terminal()
    return state


@pytest.mark.parametrize("name", NAMES)
def test_a_search_copy_keeps_no_history_shares_the_log_and_refuses_a_record(name: str) -> None:
    state = _mid_game(name)
    lean = state.search_clone()
    assert lean.history == [] and len(state.history) > 100
    assert lean.view(0) == state.view(0)  # the whole log, shared with the original
    with pytest.raises(SearchCopyError, match="copied for search"):
        lean.record()
    with pytest.raises(SearchCopyError):
        lean.clone().record()  # a copy of a search copy is one too
    assert state.clone().record() == state.record()


@pytest.mark.parametrize("name", NAMES)
def test_a_search_copy_plays_on_like_a_clone(name: str) -> None:
    state = _mid_game(name)
    lean, full = state.search_clone(), state.clone()
    rng = random.Random(3)
    for _ in range(120):
        if full.is_terminal():
            break
        assert lean.legal_actions() == full.legal_actions()
        legal = full.legal_actions()
        action = full.sample_chance(rng) if full.is_chance_node() else legal[rng.randrange(len(legal))]
        full.apply_action(action)
        lean.apply_action(action)
    assert conformance.views(lean, recent=200) == conformance.views(full, recent=200)
    assert len(lean.history) == len(full.history) - len(state.history)


@pytest.mark.parametrize("name", NAMES)
def test_a_clone_shares_the_history_so_far_and_each_copy_goes_on_alone(name: str) -> None:
    """A clone's history starts with the game's actions (shared, not copied), and the actions
    played after the copy, in the original, the copy or a copy of the copy, stay each their own."""
    state = _mid_game(name, steps=60)
    before = list(state.history)
    copy = state.clone()
    assert list(copy.history) == before and copy.history == state.history
    rng = random.Random(4)

    def play(s: State, k: int) -> list[int]:
        for _ in range(k):
            legal = s.legal_actions()
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randrange(len(legal))])
        return list(s.history)

    mine = play(state, 15)
    theirs = play(copy, 15)
    grandchild = copy.clone()
    later = play(grandchild, 10)
    assert mine[: len(before)] == theirs[: len(before)] == later[: len(before)] == before
    assert list(state.history) == mine and list(copy.history) == theirs  # untouched by the others
    assert later[: len(theirs)] == theirs and len(later) == len(theirs) + 10
    assert grandchild.history[-1] == later[-1] and len(grandchild.history) == len(later)
    assert alaka.replay(grandchild.record()).history == grandchild.history


@pytest.mark.parametrize("name", NAMES)
def test_a_search_resample_deals_the_same_world_and_refuses_a_record(name: str) -> None:
    state = _mid_game(name)
    full = state.resample(1, random.Random(9))
    lean = state.resample(1, random.Random(9), search=True)
    assert conformance.views(lean) == conformance.views(full)
    with pytest.raises(SearchCopyError):
        lean.record()


def test_the_kit_catches_a_search_copy_that_plays_differently(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conformance kit compares search copies with clones, step by step."""

    def forgetful(self: AlakazooState) -> AlakazooState:
        copy = self.clone()
        copy.stored = (0,) * self.n  # loses the tokens stored on the Wizard card
        return copy

    monkeypatch.setattr(AlakazooState, "search_clone", forgetful)
    with pytest.raises(conformance.ConformanceError, match="search copy"):
        conformance.check_illegal_and_clone(alaka.game("alakazoo"), 2, seed=11)


class _Watcher:
    """A heuristic (or rollout policy) that notes whether each state it is given is a search copy."""

    def __init__(self, name: str) -> None:
        self.inner = heuristic_for(name)
        self.lean: list[bool] = []

    def policy(self, state: State, seat: int, rng: random.Random) -> Action:
        self.lean.append(_is_search_copy(state))
        return self.inner.policy(state, seat, rng)

    def evaluate(self, state: State) -> Any:
        self.lean.append(_is_search_copy(state))
        return self.inner.evaluate(state)


def _is_search_copy(state: State) -> bool:
    try:
        state.record()
    except SearchCopyError:
        return True
    return False


@pytest.mark.parametrize("name", NAMES)
def test_search_bots_think_on_search_copies(name: str) -> None:
    state = _mid_game(name, players=2, steps=60)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(random.Random(1)) if state.is_chance_node() else legal[0])
    seat = state.current_player()
    watcher = _Watcher(name)
    HeuristicBot(watcher).act(state, seat, random.Random(2))  # type: ignore[arg-type]
    ISMCTSBot(iterations=8, depth=4, rollout=watcher.policy, evaluator=watcher.evaluate).act(
        state, seat, random.Random(2)
    )
    assert watcher.lean and all(watcher.lean)
