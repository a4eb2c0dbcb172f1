"""The story of a turn (what the terminal shows since a person's last decision): a combat is told
in one line, its result's, that still says everything its steps said (issue 22: "combats
summarised")."""

from __future__ import annotations

from zum_helpers import key, no_voodoo, play, zum

import alaka
from alaka.bots.registry import make_bot
from alaka.games.alakazum.text import COMBAT_STEPS


def story_since(s, since):
    events = [e for e in s.view(0, log_since=since)["log"] if e["kind"] != "turn"]
    return s.game.story_lines(events)


def test_a_combat_between_players_is_told_in_its_results_line():
    """Olentzero attacks Penitente (helped by sociable Joaldun); potions go back and forth and a
    steal potion takes Player 1's latest: every step is in one line, then what followed."""
    s = zum(
        {
            "seats": [
                {"team": ["Olentzero", "Moura"], "hand": ["Combat potion +1", "Combat potion +2"]},
                {"team": ["Penitente", "Joaldun"], "hand": ["Steal potion"]},
            ]
        }
    )
    play(s, f"fight:{key(s, s.teams[1][0])}")
    no_voodoo(s)
    since = s.view(0)["log_size"]
    play(s, "fighter:olentzero", "helper:joaldun", "potion-combat:combat_potion_1", "pass")
    play(s, "potion-combat:combat_potion_2", "steal:steal_potion", "pass", "pass")
    lines = story_since(s, since)
    assert lines[0] == (
        "Combat: Olentzero 2 against Penitente with sociable Joaldun 2 (Player 1 played Combat "
        "potion +1; Player 1 played Combat potion +2; Player 2 stole Combat potion +2 with Steal "
        "potion): Penitente wins (a tie goes to the defender)."
    )
    assert not any("fights with" in line or "adds sociable" in line for line in lines)
    assert lines[1] == "Penitente goes up to level B."


def test_a_combat_still_being_fought_is_told_step_by_step():
    """At a potion decision there is no result yet: each step keeps its own line."""
    s = zum(
        {
            "seats": [
                {"team": ["Olentzero", "Moura"], "hand": ["Combat potion +1"]},
                {"team": ["Penitente", "Fallera"], "hand": ["Combat potion +2"]},
            ]
        }
    )
    play(s, f"fight:{key(s, s.teams[1][0])}")
    no_voodoo(s)
    since = s.view(0)["log_size"]
    play(s, "fighter:olentzero", "potion-combat:combat_potion_1")
    assert story_since(s, since) == [
        "Player 1 fights with Olentzero.",
        "Player 1 plays Combat potion +1 on the combat.",
    ]


def test_every_step_of_every_combat_is_in_the_story_of_seeded_games():
    """In whole games (2-5 players), the story has one line per event except the steps just before
    a combat's result, whose cards are all named in that result's line; steps with no result after
    them (die potions for the hypnosis roll) keep their own lines: nothing is left out."""
    folded = 0
    for seed in range(12):
        n = 2 + seed % 4
        s = alaka.game("alakazum").new_initial_state(n)
        alaka.play(
            s, [make_bot("heuristic" if seed % 2 else "random", "alakazum") for _ in range(n)], seed=seed
        )
        events = [e for e in s.view(0)["log"] if e["kind"] != "turn"]
        told = iter(s.game.story_lines(events))
        steps: list[dict] = []
        for event in events:
            if event["kind"] in COMBAT_STEPS:
                steps.append(event)
            elif event["kind"] == "combat-result" and steps:
                line = next(told)
                assert line.startswith("Combat: ") and line.endswith(f"wins ({event['reason']}).")
                for step in steps:
                    for name in (step.get("card"), step.get("stolen")):
                        assert name is None or str(name) in line, (step, line)
                folded += len(steps)
                steps = []
            else:
                for step in [*steps, event]:
                    assert next(told) == step["text"]
                steps = []
        assert [next(told) for step in steps] == [step["text"] for step in steps]
        assert next(told, None) is None
    assert folded > 100  # the games had combats with steps to fold
