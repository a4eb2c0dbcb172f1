"""Alakazoo in words: every action a player can meet has a real label; a view renders as text."""

from __future__ import annotations

import random

import alaka
from alaka.core.protocol import CHANCE
from alaka.games.alakazoo import text

G = alaka.game("alakazoo")


def test_every_action_met_in_random_games_has_a_label_in_words() -> None:
    kinds_seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = G.new_initial_state(2 + seed % 3)
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in legal:
                label = G.label(state, action)
                assert label and label != action.name, action.name
                kinds_seen.add(action.kind)  # type: ignore[attr-defined]
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(legal[rng.randrange(len(legal))])
    assert len(kinds_seen) >= 22  # nearly every kind of action turned up


def test_labels_say_what_happens() -> None:
    state = G.scenario(
        {
            "boards": [1, 2],
            "seats": [{"hand": ["Griffin head"], "runes": ["head/1", "head/2"]}, {}],
            "columns": [["Kraken tail", "Unicorn head"], [], [], []],
            "turn_of": 0,
        }
    )
    labels = {a.name: G.label(state, a) for a in state.legal_actions()}
    assert labels["roll:1+3"] == "Action 1: roll dice 1 and 3"
    assert labels["roll:1+2+3"] == "Action 1: roll dice 1, 2 and 3"
    assert labels["take:1"] == "Action 2: take column 1 (Kraken tail, Unicorn head)"
    assert labels["helper"] == "Action 3: pay a stored token to use the Magic Helper"


def test_a_view_renders_boards_hand_and_columns() -> None:
    state = G.scenario(
        {
            "boards": [1, 2],
            "seats": [
                {"hand": ["Griffin head"], "runes": ["head/1"], "elements": {"tail": "Kraken tail"}},
                {},
            ],
            "columns": [["Unicorn head"], [], [], []],
        }
    )
    rendered = text.render(state.view(0))
    assert "Player 1: board 1 (Griffin)" in rendered
    assert "hand: Griffin head" in rendered
    assert "[Kraken tail]" in rendered
    assert "column 1: Unicorn head" in rendered
    assert "green*" in rendered  # board 1's head runes are green and blue; one holds a token
    assert "hand: Griffin head" not in text.render(state.view(1))
