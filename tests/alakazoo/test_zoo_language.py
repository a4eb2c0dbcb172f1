"""Alakazoo's words go through the catalogue: a fake language wraps every message."""

from __future__ import annotations

import gettext

import pytest

import alaka
from alaka.core import language
from alaka.core.language import speaking
from alaka.games.alakazoo import events as ev
from alaka.games.alakazoo import text
from alaka.games.alakazoo.actions import ZooAction
from alaka.games.alakazoo.state import AlakazooState

G = alaka.game("alakazoo")


class _Wrapped(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return "<<" + message + ">>"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return "<<" + (msgid1 if n == 1 else msgid2) + ">>"


@pytest.fixture
def wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language, "catalogue", lambda code: _Wrapped())


def test_text_goes_through_the_catalogue(wrapped: None) -> None:
    s = G.new_initial_state(2)
    assert isinstance(s, AlakazooState)
    actions = s.legal_actions()
    event = ev.TurnEnded(0, -1)
    english = (text.describe_decision(s), text.label(s, actions[0]), text.event_text(s.c, event, False))
    assert english[2] == "Player 1 ends the turn."
    with speaking("es"):
        decision = text.describe_decision(s)
        label = text.label(s, actions[0])
        said = text.event_text(s.c, event, False)
    assert decision.startswith("<<") and decision != english[0]
    assert label.startswith("<<") and isinstance(actions[0], ZooAction)
    assert said == "<<<<Player 1>> ends the turn.>>"
    again = (text.describe_decision(s), text.label(s, actions[0]), text.event_text(s.c, event, False))
    assert again == english
