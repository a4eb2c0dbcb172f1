"""Alakazoo views: what each seat may see, checked independently of resample().

Two positions that differ only in the cards of another player's hand and the deck are built
directly from scenarios (not through resample), and must look identical to the seat.
"""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import alaka
from alaka.games.alakazoo.content import load_components

G = alaka.game("alakazoo")
C = load_components()
NAMES = [C.card_name(card) for card in range(54)]


def twin_positions(seed: int, players: int) -> tuple[dict[str, object], dict[str, object], list[str]]:
    """Two specs, equal but for the hands of seats 1.. and the deck (hidden from seat 0)."""
    rng = random.Random(seed)
    boards = rng.sample(range(1, 7), players)
    box_size = 4 - players
    shown = {C.creatures[b - 1] for b in boards}
    box = [k for k in C.creatures if k not in shown][:box_size]
    cards = [n for n in NAMES if n.split(" ")[0] not in box]
    rng.shuffle(cards)
    mine, columns, discard = cards[:3], [cards[3:5], cards[5:7], cards[7:8], []], cards[8:11]
    hidden = cards[11:]
    sizes = [rng.randint(0, 4) for _ in range(players - 1)]

    def spec(pool: list[str]) -> dict[str, object]:
        seats: list[dict[str, object]] = [{"hand": mine, "runes": ["head/1"]}]
        at = 0
        for size in sizes:
            seats.append({"hand": pool[at : at + size]})
            at += size
        return {"boards": boards, "box": box, "seats": seats, "columns": columns, "discard": discard}

    other = hidden[:]
    rng.shuffle(other)
    return spec(hidden), spec(other), mine


@given(seed=st.integers(0, 100_000), players=st.integers(2, 4))
def test_hidden_hands_and_deck_do_not_change_a_seats_view(seed: int, players: int) -> None:
    a_spec, b_spec, mine = twin_positions(seed, players)
    a, b = G.scenario(a_spec), G.scenario(b_spec)
    view_a, view_b = a.view(0), b.view(0)
    assert view_a["players"][0]["hand"] == mine
    assert view_a == view_b
    assert a.legal_actions() == b.legal_actions()
    # and the seat learns nothing of another hand: no card of it appears anywhere in the view
    text = json.dumps(a.view(0))
    for q in range(1, players):
        for card in a.hands[q]:
            assert C.card_name(card) not in text


def test_a_drawn_card_is_seen_by_its_drawer_only() -> None:
    state = G.scenario(
        {"boards": [1, 2], "seats": [{"hand": ["Griffin head"]}, {}], "turn_of": 0, "phase": "action"}
    )
    state.apply("redraw")
    state.apply("discard:griffin:head")
    state.apply("stop")
    state.apply("card:kraken:tail")
    mine = json.dumps(state.view(0))
    theirs = json.dumps(state.view(1))
    spectator = json.dumps(state.view(None))
    assert "Kraken tail" in mine
    assert "Kraken tail" not in theirs and "Kraken tail" not in spectator
    assert "Player 1 draws a card." in theirs


def test_an_exchange_is_seen_by_both_players_and_nobody_else() -> None:
    state = G.scenario(
        {
            "boards": [1, 2, 3],
            "seats": [{"hand": ["Griffin head"], "stored": 1}, {"hand": ["Kraken tail"]}, {}],
            "turn_of": 0,
        }
    )
    for text in ("helper", "helper-at:wizard", "give:griffin:head", "exchange:p2", "card:kraken:tail"):
        state.apply(text)
    for seat in (0, 1):
        assert "gives Griffin head to Player 2 and gets Kraken tail" in json.dumps(state.view(seat))
    for seat in (2, None):
        seen = json.dumps(state.view(seat))
        assert "Kraken tail" not in seen and "Griffin head" not in seen
        assert "exchanges a card for a random card of Player 2" in seen
