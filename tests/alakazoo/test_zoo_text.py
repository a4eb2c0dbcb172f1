"""Alakazoo in words: every action a player can meet has a real label; a view renders as text."""

from __future__ import annotations

import random

import alaka
from alaka.bots.registry import make_bot
from alaka.core.protocol import CHANCE
from alaka.games.alakazoo import text
from alaka.games.alakazoo.actions import ZooAction

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
                assert isinstance(action, ZooAction)
                kinds_seen.add(action.kind)
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


def _log_texts(state: alaka.State) -> list[str]:
    return [event["text"] for event in state.view(None)["log"]]


def test_one_card_over_the_limit_is_one_card() -> None:
    """Words: "1 card", never "1 cards"."""
    state = G.scenario(
        {
            "boards": [1, 2],
            "seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head", "Kraken tail"]}, {}],
            "columns": [["Unicorn head"], [], [], []],
        }
    )
    state.apply("take:1")
    assert "Player 1 is 1 card over the limit of 4 and takes 1 Dark Power." in _log_texts(state)


def test_tokens_over_the_limit_are_counted_in_words() -> None:
    runes = ["head/1", "head/2", "body/1", "body/2", "tail/1"]
    state = G.scenario({"boards": [1, 2], "seats": [{"runes": runes, "stored": 1}, {}]})
    for name in ("roll:1", "die:rainbow", "store"):
        state.apply(name)
    assert "Player 1 is 1 Magic Power token over the limit of 6 and takes 1 Dark Power." in _log_texts(state)


def test_no_dark_power_taken_is_explained_by_the_cap() -> None:
    """Words: a penalty that gives nothing says why (the player already has 3)."""
    spec = {
        "boards": [1, 2],
        "seats": [
            {"runes": ["head/1", "head/2", "body/1", "body/2", "tail/1"], "stored": 1, "dark_power": 2},
            {},
        ],
    }
    state = G.scenario(spec)
    for name in ("roll:1+2", "die:rainbow", "die:rainbow", "store", "return:wizard", "store"):
        state.apply(name)
    texts = _log_texts(state)
    assert "Player 1 is 1 Magic Power token over the limit of 6 and takes 1 Dark Power." in texts
    assert texts[-1] == (
        "Player 1 is 1 Magic Power token over the limit of 6 and already has 3 Dark Power, so takes none."
    )
    assert not any("takes 0" in line for line in texts)


def test_a_penalty_cut_by_the_cap_says_so() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Griffin head", "Griffin tail", "Kraken head"], "dark_power": 2}, {}],
        "columns": [["Chimera head", "Chimera tail", "Chimera body"], [], [], []],
        "options": {"limit_penalty": "one_per_excess"},
    }
    state = G.scenario(spec)
    state.apply("take:1")
    assert _log_texts(state)[-1] == (
        "Player 1 is 2 cards over the limit of 4 and takes 1 Dark Power, not 2: Dark Power stops at 3."
    )


def test_the_piles_and_the_safety_limit_count_in_words() -> None:
    state = G.scenario({"boards": [1, 2], "deck": ["Griffin head"], "seats": [{}, {}]})
    assert "deck: 1 card; discard pile: 35 cards" in text.render(state.view(0))
    short = G.new_initial_state(2, max_turns=1)
    alaka.play(short, [make_bot("random", "alakazoo")] * 2, seed=1)
    outcome = short.outcome()
    assert outcome is not None and outcome.reason == "stopped at the safety limit of 1 turn"
    assert "The game stops at the safety limit after 1 turn." in _log_texts(short)
