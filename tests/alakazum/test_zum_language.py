"""Alakazum!'s words go through the reader's catalogue: under a stand-in catalogue that wraps
every message, a decision, a label and an event's text come out wrapped; in English, as written."""

from __future__ import annotations

import gettext

import pytest

import alaka
from alaka.core import language
from alaka.core.language import speaking
from alaka.games.alakazum import events as E
from alaka.games.alakazum import text

G = alaka.game("alakazum")


class Wrapping(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return "<<" + message + ">>"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return "<<" + (msgid1 if n == 1 else msgid2) + ">>"


def _state():  # type: ignore[no-untyped-def]
    return G.scenario({"seats": [{"team": ["Moura"], "hand": ["Combat potion +1"]}, {"team": ["Olentzero"]}]})


def _words(state) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    s = state.s if hasattr(state, "s") else state
    labels = {a.name: G.label(state, a) for a in state.legal_actions()}
    return text.describe_decision(s), labels["no-action"], text.event_text(s, E.TurnEnds(0, 0), False)


def test_english_is_as_written() -> None:
    with speaking("en"):
        decision, label, event = _words(_state())
    assert label == "Do no action"
    assert event == "Player 1 ends the turn."
    assert decision.startswith("Player 1: ")


def test_the_words_are_looked_up_in_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language, "catalogue", lambda code: Wrapping())
    with speaking("es"):
        decision, label, event = _words(_state())
    assert label == "<<Do no action>>"
    assert event.startswith("<<") and event.endswith(">>") and "ends the turn." in event
    assert decision.startswith("<<") and decision.endswith(">>")
