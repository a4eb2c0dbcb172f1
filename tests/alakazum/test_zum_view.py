"""Alakazum!'s view: its declared shape, documented in docs/views.md, and the card faces it
carries so that no table needs the game's content."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

from zum_helpers import zum

import alaka
from alaka.core.events import event_kinds, field_names
from alaka.core.registry import entry
from alaka.games.alakazum.events import ZumEvent
from alaka.games.alakazum.view import ZumView

DOC = Path(__file__).parents[2] / "docs" / "views.md"


def alakazum_section() -> str:
    """The ``# Alakazum!`` part of docs/views.md (up to the next top-level heading)."""
    text = DOC.read_text("utf-8")
    start = text.index("# Alakazum!")
    end = text.find("\n# ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def typeddicts(declared: Any, found: dict[str, Any]) -> dict[str, Any]:
    """Every ``TypedDict`` reachable from ``declared``, by name."""
    if is_typeddict(declared):
        if declared.__name__ in found:
            return found
        found[declared.__name__] = declared
        for hint in get_type_hints(declared).values():
            typeddicts(hint, found)
    elif get_origin(declared) in (list, dict, Union) or get_args(declared):
        for arg in get_args(declared):
            typeddicts(arg, found)
    return found


def test_the_entry_names_the_view_type() -> None:
    assert entry("alakazum").load_view_type() is ZumView


def test_docs_views_lists_every_key_of_the_view_and_its_parts() -> None:
    section = alakazum_section()
    parts = typeddicts(ZumView, {})
    assert {"ZumView", "PlayerJson", "CharacterJson", "CombatJson", "PrintedHandCard"} <= set(parts)
    missing = sorted(
        f"{name}.{key}"
        for name, part in parts.items()
        for key in get_type_hints(part)
        if f"`{key}`" not in section
    )
    assert not missing, f"docs/views.md does not mention: {', '.join(missing)}"


def test_docs_views_lists_every_event_kind_with_its_fields_and_secrets() -> None:
    rows = {}
    for line in alakazum_section().splitlines():
        match = re.match(r"\| `([a-z-]+)` \|([^|]*)\|([^|]*)\|", line)
        if match:
            rows[match.group(1)] = (match.group(2), match.group(3))
    for kind, event in event_kinds(ZumEvent).items():
        assert kind in rows, f"docs/views.md has no row for the event {kind!r}"
        fields, secret = rows[kind]
        assert set(re.findall(r"`(\w+)`", fields)) == set(field_names(event)), kind
        assert set(re.findall(r"`(\w+)`", secret)) == set(event.secret), kind


def test_the_view_carries_the_printed_face_of_every_card_it_names() -> None:
    """A table shows a character's numbers at every level and a hand card's market number and
    effect: the view carries them (from the catalogue in use), for the cards its seat can see."""
    state = zum(
        {
            "seats": [
                {"team": [{"card": "Moura", "level": "B"}], "hand": ["Voodoo doll", "Magic hat 2"]},
                {"team": ["Dolçainer"], "hand": ["Barretina"]},
            ],
            "enemies": [None, {"name": "Halloween", "seen_by": [0]}, None, None, None],
            "market": ["Pulpo / Marmitako"],
        }
    )
    catalogue = state.L.catalogue
    moura = catalogue.card("moura")
    mine = state.view(0)["cards"]
    assert mine["Moura"] == {
        "type": "character",
        "culture": "GAL",
        "levels": [
            {"level": level, "combat": moura.combat[k], "culture_points": moura.culture_points[k]}
            | {"resistance": moura.resistance[k]}
            for k, level in enumerate("ABC")
        ],
        "traits": ["very_magical"],
        "magic_energy": 1,
    }
    assert mine["Magic hat 2"] == {
        "type": "hand",
        "key": "magic_hat_2",  # as the actions name it, so the table can offer it on the card
        "market_number": 1,
        "effect": {"type": "magic_hat", "energy": 2},
    }
    assert mine["Voodoo doll"] == {
        "type": "hand",
        "key": "voodoo_doll",
        "market_number": None,
        "effect": {"type": "voodoo_doll"},
    }
    assert mine["Pulpo / Marmitako"]["effect"] == {
        "type": "food",
        "foods": {"GAL": "Pulpo", "EUS": "Marmitako"},
    }
    assert mine["Halloween"] == {"type": "final_enemy", "culture_points": {"2": 9, "3": 9, "4": 9, "5": 9}}
    assert "Barretina" not in mine  # the other seat's hand
    theirs = state.view(1)["cards"]
    assert theirs["Barretina"]["effect"] == {"type": "culture_object", "culture": "CAT", "culture_points": 2}
    assert "Voodoo doll" not in theirs and "Halloween" not in theirs and "Moura" in theirs
    spectator = state.view(None)["cards"]
    assert not {"Voodoo doll", "Magic hat 2", "Barretina", "Halloween"} & set(spectator)


def test_every_view_of_random_games_has_the_declared_shape() -> None:
    """The conformance kit checks views against the entry's view type; here a few, by hand."""
    from alaka.testing.conformance import check_view_shape, state_after

    game = alaka.game("alakazum")
    for steps in (0, 40, 200, 10_000):
        state = state_after(game, 3, seed=steps, steps=steps)
        for seat in (0, 1, 2, None):
            check_view_shape(game, state.view(seat))
