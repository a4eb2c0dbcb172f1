"""The running totals Alakazum! keeps (rules/table.py): energy, culture points, deck counts.

The rules keep them up to date as cards move instead of adding them up at every menu; here
they are checked against the sums themselves, worked out from the cards where they are, after
every step of random games, after every resample, and in built positions.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import alaka
from alaka.games.alakazum import rules
from alaka.games.alakazum.content import CULTURES, HandCard
from alaka.games.alakazum.layout import hat_energy
from alaka.games.alakazum.rules.table import team_cultures
from alaka.games.alakazum.state import AlakazumState

ZUM = alaka.game("alakazum")


def _sums(s: AlakazumState) -> dict[str, Any]:
    """The totals as the rulebook defines them, from the cards alone (R12, R16, R21)."""
    L = s.L
    out: dict[str, Any] = {"energy": [], "hats": [], "cultures": [], "table": [], "with hand": []}
    for seat in range(s.n):
        team, hand = s.teams[seat], s.hands[seat]
        out["energy"].append(sum(L.character(pid).magic_energy for pid in team))
        cards = [card for card in map(L.card, hand) if isinstance(card, HandCard)]  # the deal: not all
        out["hats"].append(sum(hat_energy(card) for card in cards))
        present = {c for c in CULTURES for pid in team if L.character(pid).culture in (c, "MULTI")}
        out["cultures"].append(present)
        table = [
            sum(
                L.character(pid).culture_points[s.level[pid]]
                for pid in team
                if L.character(pid).culture in (c, "MULTI")
            )
            for c in CULTURES
        ]
        out["table"].append(table)
        objects = [
            sum(L.conjure[pid][i] for pid in hand) if c in present else 0 for i, c in enumerate(CULTURES)
        ]
        out["with hand"].append([a + b for a, b in zip(table, objects, strict=True)])
    out["deck"] = Counter(L.kind_of[pid] for pid in s.deck)
    return out


def _kept(s: AlakazumState) -> dict[str, Any]:
    """The same, read from the running totals."""
    return {
        "energy": [rules.energy(s, seat) for seat in range(s.n)],
        "hats": [rules.hats_energy(s, seat) for seat in range(s.n)],
        "cultures": [
            {c for i, c in enumerate(CULTURES) if team_cultures(s, seat) >> i & 1} for seat in range(s.n)
        ],
        "table": [rules.culture_totals(s, seat, hand=False) for seat in range(s.n)],
        "with hand": [rules.culture_totals(s, seat) for seat in range(s.n)],
        "deck": Counter({kind: count for kind, count in enumerate(s.deck_kinds) if count}),
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_running_totals_are_the_sums_after_every_step(players: int) -> None:
    changed = Counter[str]()
    for seed in range(3):
        rng = random.Random(seed)
        s = ZUM.new_initial_state(players)
        assert isinstance(s, AlakazumState)
        before = _sums(s)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randrange(len(legal))])
            now = _sums(s)
            assert _kept(s) == now, f"seed {seed}, after {s.history[-1]}"
            changed.update(key for key in now if now[key] != before[key])
            before = now
            if rng.random() < 0.05:
                seat = rng.randrange(players)
                resampled = s.resample(seat, rng, search=rng.random() < 0.5)
                assert isinstance(resampled, AlakazumState)
                assert _kept(resampled) == _sums(resampled)
    # Every total really moved in these games, so the comparison above tested each one.
    assert set(changed) == {"energy", "hats", "cultures", "table", "with hand", "deck"}


def test_a_built_position_starts_with_its_totals() -> None:
    s = ZUM.scenario(
        {
            "players": 2,
            "seats": [
                {"team": [{"card": "Maruxa", "level": "B"}, "Casteller"], "hand": ["Magic hat 2"]},
                {"team": ["Moura"], "hand": []},
            ],
            "phase": "start",
        }
    )
    assert isinstance(s, AlakazumState)
    assert _kept(s) == _sums(s)
    assert rules.energy(s, 0) == 2 and rules.hats_energy(s, 0) >= 2
