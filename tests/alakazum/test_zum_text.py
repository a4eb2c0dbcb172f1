"""Alakazum! in words: every action a player meets has a real label; views render as text."""

from __future__ import annotations

import random
import re

import alaka
from alaka.core.protocol import CHANCE
from alaka.games.alakazum import text
from alaka.games.alakazum.actions import ZumAction

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
                    assert isinstance(action, ZumAction)
                    kinds_seen.add(action.kind)
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
    assert "Player 2: 1 hand card" in mine.splitlines()
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
    # each fighter with its combat, culture points and resistance as fought, then the kept total
    assert ["Player", "1", "Penitente", "AND", "A", "1/1/1", "1"] in rows
    assert ["Player", "2", "Olentzero", "EUS", "A", "1/1/1", "1"] in rows


#: Words a player must never read: "1 cards", internal names (``very_magical``, ``casteller#2``).
ODD_WORDS = re.compile(r"\b1 (hand )?cards\b|[a-z]_[a-z]|#\d")


def test_player_facing_words_have_no_internal_names_and_no_1_cards() -> None:
    """Every label, decision, log line and drawn table met in random games reads as words: "1 card",
    never "1 cards", and "very magical", never an internal name."""
    from alaka.ui.tui import render as tui

    seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = G.new_initial_state(2 + seed % 4)
        while not state.is_terminal():
            texts = [state.decision()]
            if state.current_player() != CHANCE:
                texts += [G.label(state, a) for a in state.legal_actions()]
            if len(state.history) % 25 == 0:
                view = state.view(len(state.history) % state.num_players)
                texts += [text.render(view), tui.plain(tui.view_table(view))]
            for words in texts:
                assert not ODD_WORDS.search(words), words
            seen += len(texts)
            legal = state.legal_actions()
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(legal[rng.randrange(len(legal))])
        final = state.view(0)
        for words in [e["text"] for e in final["log"]] + [
            text.render(final),
            tui.plain(tui.view_table(final)),
        ]:
            assert not ODD_WORDS.search(words), words
    assert seen > 5000


def test_one_of_a_thing_is_said_in_the_singular() -> None:
    state = G.scenario(
        {
            "seats": [
                {"team": ["Moura", "Olentzero"], "hand": ["Combat potion +2"]},
                {"team": ["Penitente"], "hand": ["Magic hat 1"]},
            ],
            "market": ["Broom"],
        }
    )
    assert "Player 2: 1 hand card" in text.render(state.view(0)).splitlines()
    state.apply("market")
    state.apply("no-voodoo")
    assert G.label(state, state.legal_actions()[0]) == "Show Combat potion +2 and take 1 card from the market"


def test_a_level_c_character_is_never_said_to_go_up_and_traits_read_as_words() -> None:
    """A food's label names only the characters it raises (Moura at C is left out), and a very
    magical character is described in words."""
    state = G.scenario(
        {
            "seats": [
                {"team": [{"card": "Moura", "level": "C"}, "Maruxa"], "hand": ["Pulpo / Marmitako"]},
                {"team": ["Penitente"]},
            ]
        }
    )
    labels = {a.name: G.label(state, a) for a in state.legal_actions()}
    assert labels["food:food_gal_eus:GAL"] == "Give Pulpo (GAL): Maruxa (A) to level C"
    drawn = text.render(state.view(0))
    assert "(very magical)" in drawn and "very_magical" not in drawn


def test_the_result_says_why_the_winner_won() -> None:
    """The result names the enemy beaten, the culture and the total (9 CAT against Fast Food's 8)."""
    state = G.scenario(
        {
            "seats": [
                {
                    "team": [{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "B"}],
                    "hand": ["Barretina"],
                },
                {"team": ["Olentzero"]},
            ],
            "phase": "conjure",
        }
    )
    for action in ("conjure:CAT", "no-voodoo", "reveal:2", "enemy:fast_food"):
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "an Alakazum beat Fast Food: 9 CAT points against 8"
    log = [e["text"] for e in state.view(None)["log"]]
    assert log[-1] == "Game over, Player 1 wins. An Alakazum beat Fast Food: 9 CAT points against 8."
    assert "Game over, Player 1 wins. An Alakazum beat Fast Food: 9 CAT points" in text.render(state.view(1))


def test_the_result_says_why_nobody_won_when_the_game_is_stopped() -> None:
    state = G.scenario(
        {
            "seats": [{"team": ["Moura"]}, {"team": ["Olentzero"]}],
            "options": {"max_turns": 1},
            "phase": "conjure",
        }
    )
    state.apply("end-turn")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ()
    assert outcome.reason == "the game stopped at the safety limit: turn 1"


def test_an_arena_tallies_games_by_how_they_ended() -> None:
    """The detailed result (the culture and the total) does not split an arena's tally: games are
    counted by what ended them, the text before the colon."""
    from alaka.sim.arena import run_match, summarize

    results = list(run_match("alakazum", ["heuristic", "heuristic"], 12, seed=5))
    reasons = summarize(results).reasons
    assert sum(reasons.values()) == 12
    assert len({r.reason for r in results}) > len(reasons)  # the details differ...
    assert all(":" not in how for how in reasons)  # ...the tally does not
    assert set(reasons) <= {
        f"an Alakazum beat {e}"
        for e in ("Black Friday", "Fast Food", "Halloween", "Santa Claus", "Saint Valentine")
    } | {
        "the forest deck ran out",
        "every final enemy is uncovered",
    }
