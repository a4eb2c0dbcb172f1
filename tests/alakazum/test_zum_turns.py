"""Alakazum! rulebook, Turn Phases: thrifty draws, exploring the forest, the one action, the
conjure phase and the turn passing left; the forest deck running out (readings R1-R3, R25)."""

from __future__ import annotations

import random

from zum_helpers import box, chance, hand, legal, market, no_voodoo, phase, play, team, zum


def deck_size(state):
    return state.view(None)["deck_size"]


def test_thrifty_characters_draw_from_the_market_before_exploring():
    """Thrifty, reading R1: at the start of the turn, one market card per thrifty character, from
    the top, before the first forest card (Tió de Nadal and Castanyera are thrifty)."""
    s = zum(
        {
            "seats": [{"team": ["Tió de Nadal", "Castanyera", "Moura"]}, {"team": ["Olentzero"]}],
            "market": ["Broom", "Steal potion", "Magic hat 3"],
            "phase": "start",
        }
    )
    assert hand(s, 0) == ["broom", "steal_potion"]
    assert market(s)[0] == "magic_hat_3"
    assert phase(s) == "explore the forest"
    assert s.draws_left == 3  # exploring comes after, one card per character


def test_thrifty_draws_stop_when_the_market_runs_short():
    """Reading R1: with fewer market cards than thrifty characters, only those are taken."""
    s = zum(
        {
            "seats": [
                {
                    "team": ["Tió de Nadal", "Castanyera"],
                    "hand": ["Magic hat 1", "Combat potion +1", "Die potion +1"],
                },
                {"team": ["Olentzero"], "hand": ["Double potion"]},
            ],
            "market": ["Broom"],
            "phase": "start",
        }
    )
    assert market(s) == []
    assert hand(s, 0) == ["broom", "combat_potion_1", "die_potion_1", "magic_hat_1"]


def test_cards_taken_from_the_face_up_market_are_known_to_everyone():
    """Reading R28: the market pile is face up, so a card a thrifty character takes from it is known
    to the other players (their guesses about the hand keep it); the rest of the hand is not."""
    s = zum(
        {
            "seats": [{"team": ["Castanyera"], "hand": ["Magic hat 1"]}, {"team": ["Olentzero"]}],
            "market": ["Broom"],
            "phase": "start",
        }
    )
    assert hand(s, 0) == ["broom", "magic_hat_1"]
    guesses = [hand(s.resample(1, random.Random(seed)), 0) for seed in range(8)]
    assert all("broom" in g for g in guesses)
    assert any("magic_hat_1" not in g for g in guesses)


def test_a_team_without_thrifty_characters_draws_nothing_from_the_market():
    """Thrifty, R1: only thrifty characters draw market cards."""
    s = zum({"seats": [{"team": ["Moura", "Olentzero"]}, {"team": ["Penitente"]}], "phase": "start"})
    assert hand(s, 0) == []
    assert len(market(s)) == 4


def test_exploring_draws_one_card_per_character():
    """Explore the forest, reading R2: as many cards as characters, one at a time; hand cards are
    kept and exploring goes on; after the last one the action phase begins."""
    s = zum({"seats": [{"team": ["Moura", "Olentzero"]}, {"team": ["Penitente"]}], "phase": "start"})
    before = deck_size(s)
    play(s, "draw:magic_hat_1")
    assert phase(s) == "explore the forest"
    play(s, "draw:barretina")
    assert phase(s) == "do an action"
    assert hand(s, 0) == ["barretina", "magic_hat_1"]
    assert deck_size(s) == before - 2


def test_a_single_character_explores_a_single_card():
    """Explore the forest, R2: a team of one draws one card."""
    s = zum({"seats": [{"team": ["Moura"]}, {"team": ["Penitente"]}], "phase": "start"})
    play(s, "draw:broom")
    assert phase(s) == "do an action"


def test_a_trap_stops_exploring_at_once():
    """Explore the forest, reading R2: a trap ends the drawing; it is faced and the phase is over."""
    s = zum(
        {
            "seats": [{"team": ["Moura", "Olentzero", "Penitente"]}, {"team": ["Tió de Nadal"]}],
            "phase": "start",
        }
    )
    play(s, "draw:black_friday_discount")  # no cards in hand: no effect
    assert phase(s) == "do an action"
    assert s.draws_left == 0
    assert hand(s, 0) == []


def test_exploring_draws_a_known_top_first():
    """Reading R25: the deck is a known top (here from the scenario) over an unknown shuffled part;
    exploring takes the known top first, in order, and only then draws by chance."""
    s = zum(
        {
            "seats": [{"team": ["Moura", "Olentzero", "Penitente"]}, {"team": ["Tió de Nadal"]}],
            "deck_top": ["Magic hat 2", "Broom"],
            "phase": "start",
        }
    )
    assert hand(s, 0) == ["broom", "magic_hat_2"]
    assert s.is_chance_node() and s.draws_left == 1
    assert "draw:broom" in chance(s)  # the unknown part: any card still in it


def test_the_four_actions_are_offered_after_exploring():
    """Do an Action: go to the market, give an object (food or broom), fight and hypnotise, or do
    magic, or nothing at all."""
    s = zum(
        {
            "seats": [
                {
                    "team": ["Moura", "Olentzero"],
                    "hand": ["Combat potion +1", "Broom", "Pulpo / Marmitako"],
                },
                {"team": ["Penitente", "Fallera"]},
            ]
        }
    )
    names = legal(s)
    assert "market" in names
    assert {"food:food_gal_eus:GAL", "food:food_gal_eus:EUS", "broom:broom"} <= names
    assert {"fight:penitente", "fight:fallera"} <= names
    assert "spell:training" in names  # Moura's energy pays for it
    assert "no-action" in names


def test_the_action_is_optional():
    """Do an Action, R1: it is not mandatory; doing none goes straight to the conjure phase."""
    s = zum({"seats": [{"team": ["Moura"], "hand": ["Magic hat 1"]}, {"team": ["Penitente"]}]})
    play(s, "no-action")
    assert phase(s) == "conjure an Alakazum?"
    assert hand(s, 0) == ["magic_hat_1"]


def test_only_one_action_per_turn():
    """Do an Action, R1: after one action the turn moves on to the conjure phase."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura"], "hand": ["Combat potion +1", "Magic hat 1"]},
                {"team": ["Penitente"]},
            ],
        }
    )
    play(s, "market")
    no_voodoo(s)
    play(s, "show:combat_potion_1")
    assert phase(s) == "conjure an Alakazum?"
    assert legal(s) == {"end-turn"}


def test_the_turn_passes_to_the_left():
    """Sequence of play: after the conjure phase the player on the left (the next seat) begins a
    whole turn with the explore phase; the last seat passes to the first."""
    s = zum(
        {
            "seats": [{"team": ["Moura"]}, {"team": ["Olentzero", "Dolçainer"]}, {"team": ["Penitente"]}],
            "turn_of": 2,
            "phase": "conjure",
        }
    )
    play(s, "end-turn")
    assert s.player == 0
    assert phase(s) == "explore the forest"
    play(s, "draw:broom", "no-action", "end-turn")
    assert s.player == 1
    assert s.draws_left == 2


def test_the_forest_deck_running_out_ends_the_game_with_no_winner():
    """Reading R3: when a card must be drawn from an empty forest deck the invading traditions win;
    nobody wins and the players are ranked by their best culture total."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Vicentica", "level": "A"}], "hand": ["Voodoo doll"]},
                {"team": [{"card": "Sant Jordi", "level": "C"}], "hand": ["Voodoo doll"]},
            ],
            "deck": ["Black Friday's Discount"],  # the last forest card
            "phase": "start",
        }
    )
    play(s, "draw:black_friday_discount")  # no effect on a single card
    assert s.view(None)["deck_size"] == 0
    play(s, "no-action", "end-turn")  # Player 2 must draw from the empty deck
    assert s.is_terminal()
    result = s.outcome()
    assert result.winners == ()
    assert "forest deck ran out" in result.reason
    assert result.scores == (2, 3)  # Vicentica A: 2 VAL; Sant Jordi C: 3 CAT
    assert result.ranking == ((1,), (0,))
    assert team(s, 1) == ["sant_jordi"]
    assert "black_friday_discount#1" in box(s)
