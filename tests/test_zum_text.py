"""Alakazum! in words: every action a player meets has a real label; views render as text."""

from __future__ import annotations

import random

import alaka
from alaka.core.protocol import CHANCE
from alaka.games.alakazum import text

G = alaka.game("alakazum")


def test_every_action_met_in_random_games_has_a_label_in_words() -> None:
    kinds_seen = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = G.new_initial_state(2 + seed % 4)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player() != CHANCE:
                for action in legal:
                    label = G.label(state, action)
                    assert label and label != action.name, action.name
                    kinds_seen.add(action.kind)  # type: ignore[attr-defined]
                state.apply_action(legal[rng.randrange(len(legal))])
            else:
                state.apply_action(state.sample_chance(rng))
    assert len(kinds_seen) >= 30  # most kinds of decision turned up


def test_the_market_label_says_what_is_shown_and_taken() -> None:
    state = G.scenario(
        {
            "seats": [{"team": ["Moura"], "hand": ["Combat potion +1"]}, {"team": ["Olentzero"]}],
            "market": ["Magic hat 1", "Die potion +1", "Double potion"],
        }
    )
    labels = {a.name: G.label(state, a) for a in state.legal_actions()}
    assert labels["market"] == "Go to the market (the card to show is chosen after the voodoo window)"
    assert labels["no-action"] == "Do no action"
    state.apply("market")
    state.apply("no-voodoo")
    labels = {a.name: G.label(state, a) for a in state.legal_actions()}
    assert labels == {"show:combat_potion_1": "Show Combat potion +1 and take 2 cards from the market"}


def test_a_seat_sees_its_hand_and_only_the_size_of_the_others() -> None:
    state = G.scenario(
        {
            "seats": [
                {"team": ["Moura"], "hand": ["Barretina", "Magic hat 2"]},
                {"team": ["Olentzero"], "hand": ["Voodoo doll"]},
            ],
        }
    )
    mine = text.render(state.view(0))
    assert "hand: Barretina, Magic hat 2" in mine
    assert "Voodoo doll" not in mine
    assert "Player 2: 1 hand cards" in mine
    assert "Moura GAL level A" in mine
    spectator = text.render(state.view(None))
    assert "Barretina" not in spectator and "Voodoo doll" not in spectator
