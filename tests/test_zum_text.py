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


def test_the_terminal_shows_a_decided_combat_as_it_was_fought() -> None:
    """The terminal's combat table shows the kept totals (1 against 1, not the defender's new 2),
    who won and why, and the hypnosis roll, until the next combat."""
    from alaka.ui.tui import render as tui

    state = G.scenario(
        {
            "seats": [
                {"team": ["Penitente", "Moura"]},
                {"team": ["Olentzero", "Fallera"], "hand": ["Die potion +1"]},
            ]
        }
    )
    for action in ("fight:olentzero", "no-voodoo", "fighter:penitente", "pass", "pass", "die:1"):
        state.apply(action)
    state.apply("potion-die:die_potion_1")
    for action in ("pass", "pass"):
        state.apply(action)
    shown = tui.plain(tui.view_table(state.view(0)))
    assert "The last combat: fight and hypnotise" in shown
    assert "Player 2 wins: a tie goes to the defender" in shown
    assert "The die shows 1 (2 with die potions): hypnotised" in shown
    rows = [line.split() for line in shown.splitlines() if line.strip().startswith("Player")]
    assert ["Player", "1", "Penitente", "AND", "A", "1"] in rows
    assert ["Player", "2", "Olentzero", "EUS", "A", "1"] in rows
