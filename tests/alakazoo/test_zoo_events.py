"""Alakazoo's log: typed events read by name, one JSON form per event, secrets kept per seat."""

from __future__ import annotations

import json
import random

import pytest
from zoo_helpers import GAME, play, zoo

from alaka.core.events import event_kinds, field_names
from alaka.core.protocol import CHANCE
from alaka.games.alakazoo import events as ev
from alaka.games.alakazoo import text
from alaka.games.alakazoo.content import load_components

C = load_components()


def test_a_roll_and_its_placement_are_logged_as_named_events() -> None:
    s = zoo({"seats": [{}, {}], "turn_of": 0, "phase": "action"})
    before = len(s.log)
    play(s, "roll:1", "die:red")
    place = next(a for a in s.legal_actions() if a.name.startswith("place:red:"))
    s.apply_action(place)
    logged = s.log[before:]
    assert logged[:2] == [
        ev.Rolled(0, 0, dice=0b001),
        ev.DieRolled(0, 0, die=0, symbol=C.colours.index("red")),
    ]
    rune = text.rune_name(C, place.arg2)
    assert logged[2] == ev.Placed(0, 0, symbol=C.colours.index("red"), rune=place.arg2)
    assert s.view(1)["log"][-3:] == [
        {"kind": "roll", "seat": 0, "dice": [1], "text": "Player 1 rolls dice 1."},
        {"kind": "die", "seat": 0, "die": 1, "symbol": "red", "text": "Die 1 shows red."},
        {
            "kind": "place",
            "seat": 0,
            "symbol": "red",
            "rune": rune,
            "text": f"Player 1 puts the red result on the {rune}.",
        },
    ]


def test_a_secret_field_is_null_for_every_seat_that_may_not_see_it() -> None:
    s = zoo({"seats": [{"hand": ["Griffin head"]}, {}], "turn_of": 0, "phase": "action"})
    play(s, "redraw", "discard:griffin:head", "stop", "card:kraken:tail")
    kraken_tail = 9 * C.creatures.index("Kraken") + C.element_types.index("tail")
    assert s.log[-1] == ev.Drew(0, 0b01, card=kraken_tail)
    assert s.view(0)["log"][-1] == {
        "kind": "draw",
        "seat": 0,
        "card": "Kraken tail",
        "text": "Player 1 draws Kraken tail.",
    }
    for seat in (1, None):
        assert s.view(seat)["log"][-1] == {
            "kind": "draw",
            "seat": 0,
            "card": None,
            "text": "Player 1 draws a card.",
        }


def test_every_event_of_random_games_has_one_json_form_for_each_seat() -> None:
    """For every event, seat and spectator: ``kind``, ``seat``, the event's fields, ``text``;
    the secret fields are null exactly where the seat may not see them, and all is JSON."""
    kinds = event_kinds(ev.ZooEvent)
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_initial_state(2 + seed % 3)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(s.sample_chance(rng))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        for seat in [*range(s.num_players), None]:
            for event, entry in zip(s.log, s.view(seat)["log"], strict=True):
                assert kinds[entry["kind"]] is type(event)
                assert list(entry) == ["kind", "seat", *field_names(type(event)), "text"]
                assert entry["seat"] == (event.actor if event.actor >= 0 else None)
                for name in event.secret:
                    assert (entry[name] is None) == event.hidden_from(seat), (entry, seat)
                assert json.loads(json.dumps(entry)) == entry
                seen.add(entry["kind"])
    assert len(seen) >= 28  # nearly every kind turned up


def _sample(kind: type[ev.ZooEvent]) -> ev.ZooEvent:
    """An event of ``kind`` with plausible values (card 0, rune 1, seat 1, ...), by field name:
    the compiled build keeps no annotations to read the fields' types from."""
    values: dict[str, object] = {"cards": (0, 10), "creature_point": True, "first": True}
    return kind(0, 0, *[values.get(name, 1) for name in field_names(kind)])


@pytest.mark.parametrize("kind", sorted(event_kinds(ev.ZooEvent)))
def test_every_kind_has_words_and_a_json_form(kind: str) -> None:
    event = _sample(event_kinds(ev.ZooEvent)[kind])
    sentence = text.event_text(C, event, hidden=False)
    assert sentence.endswith(".") and "None" not in sentence
    entry = text.event_json(C, event, None)
    assert entry["kind"] == kind and entry["text"] == sentence
    json.dumps(entry)


def test_an_event_without_words_is_one_clear_error() -> None:
    class Unknown(ev.ZooEvent):
        """No ``kind``: it stays out of ``event_kinds`` (and so out of the other tests)."""

    with pytest.raises(TypeError, match="no words for the event"):
        text.event_text(C, Unknown(0, 0), hidden=False)
