"""Alakazum!'s log as typed events: named fields, one JSON form, secret fields hidden per seat."""

from __future__ import annotations

import json
import random

import pytest
from zum_helpers import no_voodoo, play, zum

import alaka
from alaka.core.events import event_kinds, field_names
from alaka.core.protocol import CHANCE
from alaka.games.alakazum.events import ZumEvent

G = alaka.game("alakazum")
KINDS = event_kinds(ZumEvent)

#: The kinds the log had when its events were tuples: each keeps its name in the JSON form.
OLD_KINDS = {
    "announce", "broom", "cast", "choose", "combat-die", "combat-result", "conjure", "dealt",
    "end-turn", "enemy-removed", "exchange", "explore-hand", "fighter", "food", "forest-character",
    "forest-defeat", "forest-magic", "forest-magic-fight", "forest-magic-kept", "game-over", "give",
    "halloween-cards", "halloween-character", "helper", "hypnosis-roll", "hypnotised", "level-up",
    "levitation", "market", "no-action", "no-effect", "not-hypnotised", "pass-die", "pay", "peek",
    "potion", "protected", "reveal", "revive", "row-to-graveyard", "sacrifice", "santa-roll",
    "start-player", "steal", "thrifty", "train", "trap", "turn", "voodoo", "witch-take",
}  # fmt: skip


def test_every_kind_keeps_the_name_its_log_line_had() -> None:
    assert set(KINDS) == OLD_KINDS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_log_entry_is_its_event_with_named_fields_and_secrets_only_for_its_seats(players: int) -> None:
    """Whole random games: every entry of every seat's log is ``kind``, ``seat``, the event's own
    fields by name and ``text``; a secret field is ``None`` exactly for the seats it is hidden
    from (and the spectator), and shown to the others."""
    rng = random.Random(players)
    state = G.new_initial_state(players)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    secrets_seen = secrets_hidden = 0
    for seat in [*range(players), None]:
        log = state.view(seat)["log"]
        assert json.loads(json.dumps(log)) == log
        assert len(log) == len(state.log)
        for event, entry in zip(state.log, log, strict=True):
            kind = KINDS[entry["kind"]]
            assert type(event) is kind
            assert set(entry) == {"kind", "seat", "text", *field_names(kind)}
            assert entry["seat"] == (event.actor if event.actor >= 0 else None)
            for name in kind.secret:
                if event.hidden_from(seat):
                    assert entry[name] is None
                    secrets_hidden += 1
                else:
                    assert entry[name] is not None
                    secrets_seen += 1
    assert secrets_seen and secrets_hidden


def last(state: alaka.State, kind: str, seat: int | None = 0) -> dict[str, object]:
    return [entry for entry in state.view(seat)["log"] if entry["kind"] == kind][-1]


def test_a_combat_result_names_its_fighters_totals_and_winner_as_fought() -> None:
    """Ana's Penitente against Pep's Olentzero, 1 against 1: the defender wins the tie (R5) and
    goes up to B; the events say so by name, and the level the winner had when it fought."""
    s = zum({"seats": [{"team": ["Penitente", "Moura"]}, {"team": ["Olentzero", "Fallera"]}]})
    play(s, "fight:olentzero", "no-voodoo", "fighter:penitente", "pass", "pass")
    assert last(s, "combat-result") == {
        "kind": "combat-result",
        "seat": 0,
        "fighters": ["Penitente", "Olentzero"],
        "totals": [1, 1],
        "winner": "Olentzero",
        "reason": "a tie goes to the defender",
        "text": "Combat: Penitente 1 against Olentzero 1: Olentzero wins (a tie goes to the defender).",
    }
    level_up = last(s, "level-up")
    assert (level_up["seat"], level_up["card"], level_up["before"], level_up["after"]) == (
        1,
        "Olentzero",
        "A",
        "B",
    )


def test_an_announcement_is_sent_as_what_was_said() -> None:
    """R22: the action by its canonical string and the characters named, with their seats and
    levels as they stood (Castanyera from Player 3's team)."""
    s = zum(
        {
            "seats": [
                {"team": ["Olentzero", "Moura"], "hand": ["Magic hat 2"]},
                {"team": ["Penitente", "Fallera"]},
                {"team": ["Tió de Nadal", "Castanyera"]},
            ]
        }
    )
    play(s, "spell:levitation", "levitate:olentzero", "swap-with:castanyera")
    assert last(s, "announce", None)["announcement"] == {
        "action": "spell:levitation",
        "characters": [
            {"card": "Olentzero", "owner": 0, "level": "A"},
            {"card": "Castanyera", "owner": 2, "level": "A"},
        ],
        "position": None,
        "total": None,
    }


def test_clairvoyance_shows_the_enemy_only_to_its_caster() -> None:
    """Clairvoyance, R26: the peek names the position (counted from 1) for everyone, the enemy
    only for the caster."""
    s = zum(
        {
            "seats": [{"team": ["Moura", "Trasno"]}, {"team": ["Penitente"]}],
            "enemies": [None, {"name": "Halloween"}, None, None, None],
        }
    )
    play(s, "spell:clairvoyance", "peek:2")
    no_voodoo(s)
    mine = last(s, "peek", 0)
    assert (mine["position"], mine["card"]) == (2, "Halloween")
    for seat in (1, None):
        theirs = last(s, "peek", seat)
        assert (theirs["position"], theirs["card"]) == (2, None)
        assert theirs["text"] == "Player 1 looks at final enemy 2."
