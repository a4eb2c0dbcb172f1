"""The conformance kit on Alakazoo with its readings switched: every option value at every
player count keeps the protocol (the default set is covered by test_conformance.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import alaka
from alaka.testing import conformance

GAME = alaka.game("alakazoo")

#: Each non-default reading on its own, and the old defaults of issue 15 together.
VARIANTS: dict[str, dict[str, Any]] = {
    "end-of-action": {"limit_check": "end_of_action"},
    "per-excess": {"limit_penalty": "one_per_excess"},
    "end-of-action-per-excess": {"limit_check": "end_of_action", "limit_penalty": "one_per_excess"},
    "own-board": {"creature_point": "own_board"},
    "may-skip": {"may_skip_action": True},
    "uncovered": {"covered_runes": False},
    "keep-dark": {"dark_power_after_pass": "keep", "max_turns": 300},
    "partial-lines": {"final_lines": "partial"},
    "old-defaults": {"limit_penalty": "one_per_excess", "creature_point": "own_board"},
}
CASES = [(name, n) for name in VARIANTS for n in GAME.player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]
#: The readings added or changed by issue 15 get the whole kit; the older ones (slow to replay,
#: as random games without covered runes run long) get the playouts and resampling.
NEW = ("end-of-action", "per-excess", "end-of-action-per-excess", "own-board", "may-skip", "old-defaults")
NEW_CASES = [(name, n) for name in NEW for n in GAME.player_counts]
NEW_IDS = [f"{name}-{n}p" for name, n in NEW_CASES]


def _options(name: str) -> dict[str, Any]:
    """A fresh copy: the kit must not see one test's changes in another."""
    return dict(VARIANTS[name])


def test_every_reading_option_is_covered() -> None:
    """Guards the list above: a new reading option must be added to it (or to the exempt list)."""
    exempt = {"dice", "components", "max_turns"}
    switched = {key for options in VARIANTS.values() for key in options}
    assert {p.name for p in GAME.parameters} - exempt <= switched


@pytest.mark.parametrize(("variant", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(2))
def test_random_playouts_end_and_keep_the_protocol(variant: str, players: int, seed: int) -> None:
    final = conformance.check_playout(GAME, players, seed, _options(variant))
    assert final.is_terminal()


@pytest.mark.parametrize(("variant", "players"), NEW_CASES, ids=NEW_IDS)
def test_illegal_actions_and_clones(variant: str, players: int) -> None:
    conformance.check_illegal_and_clone(GAME, players, seed=11, every=11, options=_options(variant))


@pytest.mark.parametrize(("variant", "players"), NEW_CASES, ids=NEW_IDS)
def test_records_replay(variant: str, players: int) -> None:
    conformance.check_replay(GAME, players, seed=23, options=_options(variant))


@pytest.mark.parametrize(("variant", "players"), CASES, ids=IDS)
def test_resample_keeps_the_seats_view(variant: str, players: int) -> None:
    for seed in range(3):
        state = conformance.state_after(GAME, players, seed, 40 + 60 * seed, _options(variant))
        conformance.check_resample(state, seed % players, random.Random(seed))


def test_the_skip_option_is_really_played() -> None:
    """Guards the kit runs above: with may_skip_action random games do take no action."""
    skipped = 0
    for seed in range(3):
        for step in conformance.random_playout(GAME, 2, seed, _options("may-skip")):
            skipped += step.action.name == "no-action"
    assert skipped > 0


def test_alakazoo_views_are_held_to_their_declared_type() -> None:
    """The entry names ZooView, so the kit refuses a view that drops, adds or retypes a key."""
    from alaka.core.registry import entry
    from alaka.games.alakazoo.view import ZooView

    assert entry("alakazoo").load_view_type() is ZooView
    state = GAME.new_initial_state(3)
    conformance.check_view_shape(GAME, state.view(0))
    dropped = state.view(0)
    del dropped["spaces"]
    added = {**state.view(0), "colour": "red"}
    retyped = state.view(0)
    retyped["players"][1]["stored"] = "1"
    for wrong, where in ((dropped, "lacks spaces"), (added, "does not declare colour"), (retyped, "stored")):
        with pytest.raises(conformance.ConformanceError, match=where):
            conformance.check_view_shape(GAME, wrong)
