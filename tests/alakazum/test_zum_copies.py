"""How an Alakazum! copy shares its lists (state.py's docstring): copied on the first write.

A copy shares the deck, the market, the hands, the levels and the totals with its original; the
first state of the two to change one of them takes a copy of it first, and the other keeps the
list it had. The conformance kit checks that copies stay apart in whole games; these tests check
the mechanism itself, on positions where the rules are about to change those lists.
"""

from __future__ import annotations

import random

import alaka
from alaka.games.alakazum.phases import PH_EXPLORE_DRAW
from alaka.games.alakazum.rules.table import own_deck, own_hand, own_level, own_market, own_totals
from alaka.games.alakazum.state import AlakazumState
from alaka.testing import conformance

ZUM = alaka.game("alakazum")
SHARED = ("deck", "deck_kinds", "market", "level", "totals")


def _state_before(phase: int, seed: int = 3) -> AlakazumState:
    """A random 3-player game, stopped the first time it reaches ``phase``."""
    rng = random.Random(seed)
    s = ZUM.new_initial_state(3)
    assert isinstance(s, AlakazumState)
    while s.phase != phase or s.turns < 2:
        conformance.play_on(s, rng, 1)
    return s


def test_a_copy_shares_the_lists_and_neither_state_owns_them() -> None:
    s = _state_before(PH_EXPLORE_DRAW)
    copy = s.clone()
    for name in SHARED:
        assert getattr(copy, name) is getattr(s, name), name
    assert all(mine is theirs for mine, theirs in zip(copy.hands, s.hands, strict=True))
    assert copy.hands is not s.hands  # the outer list is the copy's own: a hand is replaced in it
    assert s.owned == 0 and copy.owned == 0


def test_a_draw_in_the_copy_copies_the_deck_and_leaves_the_original_alone() -> None:
    s = _state_before(PH_EXPLORE_DRAW)
    deck, kinds, hand = list(s.deck), list(s.deck_kinds), list(s.hands[s.player])
    copy = s.clone()
    copy.apply_action(copy.sample_chance(random.Random(5)))  # the explorer draws a forest card
    assert copy.deck is not s.deck and len(copy.deck) == len(deck) - 1
    assert s.deck == deck and s.deck_kinds == kinds and s.hands[s.player] == hand
    assert s.deck_kinds is not copy.deck_kinds  # the counts go with the deck


def test_the_original_playing_on_leaves_the_copy_alone() -> None:
    s = _state_before(PH_EXPLORE_DRAW)
    copy = s.clone()
    before = {name: list(getattr(copy, name)) for name in SHARED}
    hands = [list(hand) for hand in copy.hands]
    rng = random.Random(9)
    for _ in range(60):  # draws, hands and the market change in the original
        if s.is_terminal():
            break
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert {name: list(getattr(copy, name)) for name in SHARED} == before
    assert [list(hand) for hand in copy.hands] == hands


def test_each_own_function_copies_once_then_writes_in_place() -> None:
    s = _state_before(PH_EXPLORE_DRAW)
    copy = s.clone()
    owners = ((own_deck, "deck"), (own_market, "market"), (own_level, "level"), (own_totals, "totals"))
    for own, name in owners:
        shared = getattr(s, name)
        mine = own(s)
        assert mine is not shared and mine == shared, name
        assert own(s) is mine, name  # owned now: no second copy
    shared_hand = s.hands[1]
    assert own_hand(s, 1) is not shared_hand and own_hand(s, 1) is s.hands[1]
    assert s.hands[0] is copy.hands[0]  # a hand nobody wrote is still shared
    assert copy.deck is not s.deck and copy.owned == 0  # the copy kept the lists it had
