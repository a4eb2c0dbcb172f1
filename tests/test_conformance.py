"""The conformance kit on every registered game at every player count."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import alaka
from alaka.core.entry import WINNER_RETURNS
from alaka.core.registry import entry
from alaka.testing import conformance

CASES = [(name, n) for name in alaka.games() for n in alaka.game(name).player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]
SEEDS = range(4)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_and_keep_the_protocol(name: str, players: int, seed: int) -> None:
    """Playouts end within the declared length; chance sums to 1; nothing created or lost."""
    final = conformance.check_playout(alaka.game(name), players, seed)
    assert final.is_terminal()
    assert final.outcome() is not None


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_illegal_actions_change_nothing_and_clones_are_independent(name: str, players: int) -> None:
    conformance.check_illegal_and_clone(alaka.game(name), players, seed=11)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_record_replays_every_state_and_json_round_trips(name: str, players: int) -> None:
    conformance.check_replay(alaka.game(name), players, seed=23)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 900), seat=st.integers(0, 3))
def test_resample_keeps_the_seats_view(name: str, players: int, seed: int, steps: int, seat: int) -> None:
    """Any state, any seat: a resampled state looks the same to that seat and is playable."""
    state = conformance.state_after(alaka.game(name), players, seed, steps)
    conformance.check_resample(state, seat % players, random.Random(seed))


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_resample_varies_exactly_what_the_entry_says_is_hidden(name: str, players: int) -> None:
    """Guards the test above: for a game whose entry declares hidden information, resampling must
    change what other seats see, or it proves nothing; for a game of perfect information it must
    change nothing, since there is nothing to guess."""
    game = alaka.game(name)
    varied = 0
    for seed in range(6):
        # Mid-game, wherever that is for this game: at the end there may be nothing hidden.
        length = sum(1 for _ in conformance.random_playout(game, players, seed))
        state = conformance.state_after(game, players, seed, min(60, length // 2))
        varied += conformance.check_resample(state, 0, random.Random(seed))
    if entry(name).hidden_information:
        assert varied >= 4
    else:
        assert varied == 0, f"{name} declares perfect information, yet a resample changed another seat's view"


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_outcomes_have_scores_exactly_when_the_entry_says_so(name: str, players: int) -> None:
    """The report counts and plots scores only for a game whose entry declares them, so the
    declaration must match what its outcomes hold."""
    for seed in range(3):
        outcome = conformance.check_playout(alaka.game(name), players, seed).outcome()
        assert outcome is not None
        assert bool(outcome.scores) == entry(name).scores, f"{name}: scores {outcome.scores}"


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_returns_follow_the_protocols_rule_where_the_entry_says_so(name: str, players: int) -> None:
    """A game whose entry describes its returns as the protocol's (``WINNER_RETURNS``) gives 1 to
    each winner and 0 to the others; a game that says more is held to its own tests."""
    if entry(name).returns != WINNER_RETURNS:
        return
    for seat_seed in range(3):
        final = conformance.check_playout(alaka.game(name), players, seat_seed)
        outcome = final.outcome()
        assert outcome is not None
        assert final.returns() == tuple(float(seat in outcome.winners) for seat in range(players))


def test_the_kit_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The leak check fails on a game whose view shows another seat's hand."""
    from alaka.games.alakazoo import view as zoo_view

    original = zoo_view._player

    def leaky(s, q, seat):  # type: ignore[no-untyped-def]
        shown = original(s, q, seat)
        shown["hand"] = [s.c.card_name(card) for card in s.hands[q]]
        return shown

    monkeypatch.setattr(zoo_view, "_player", leaky)
    state = conformance.state_after(alaka.game("alakazoo"), 2, 1, 40)
    with pytest.raises(conformance.ConformanceError, match="own view"):
        for seed in range(5):
            conformance.check_resample(state, 0, random.Random(seed))


def test_the_kit_catches_lost_components(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conservation check fails if a discarded card vanishes."""
    from alaka.games.alakazoo import rules
    from alaka.games.alakazoo.actions import DISCARD

    original = rules._HANDLERS[DISCARD]

    def lossy(s, action):  # type: ignore[no-untyped-def]
        original(s, action)
        s.discard.pop()

    monkeypatch.setitem(rules._HANDLERS, DISCARD, lossy)
    with pytest.raises(conformance.ConformanceError, match="created or lost"):
        for seed in range(10):
            conformance.check_playout(alaka.game("alakazoo"), 2, seed)
