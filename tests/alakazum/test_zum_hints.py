"""Cost hints in the menu (issue 22): what a food raises, what the market gives, what a spell
does, a combat's totals and a conjure's odds, worked out from the position; the rules agree."""

from __future__ import annotations

from typing import Any

from zum_helpers import GAME, play, zum


def hint(state: Any, name: str) -> str | None:
    action = state.action_from_string(name)
    assert action in state.legal_actions()
    return GAME.hint(state, action)


def test_a_food_says_how_many_points_it_raises() -> None:
    state = zum(
        {
            "seats": [
                {"team": ["Senyor Pirotècnic", "Dolçainer"], "hand": ["Paella / Pa amb tomàquet"]},
                {"team": ["Olentzero"]},
            ],
            "turn_of": 0,
        }
    )
    # Senyor Pirotècnic and Dolçainer go from 1 point each at A to 3 each at C
    assert hint(state, "food:food_val_cat:VAL") == "+4 VAL points on your table"


def test_the_market_names_the_cards_it_gives() -> None:
    state = zum(
        {
            "seats": [{"team": ["Moura"], "hand": ["Magic hat 1"]}, {"team": ["Olentzero"]}],
            "market": ["Die potion +1", "Double potion", "Magic hat 2"],
            "turn_of": 0,
        }
    )
    play(state, "market", "no-voodoo")
    assert hint(state, "show:magic_hat_1") == "you take Die potion +1, Double potion"


def test_a_spell_says_what_it_does() -> None:
    state = zum(
        {"seats": [{"team": ["Moura"], "hand": ["Magic hat 2"]}, {"team": ["Olentzero"]}], "turn_of": 0}
    )
    assert hint(state, "spell:training") == "a character of yours goes up a level"


def test_a_potion_shows_the_combat_totals_it_makes() -> None:
    state = zum(
        {
            "seats": [{"team": ["Olentzero"], "hand": ["Combat potion +2"]}, {"team": ["Penitente"]}],
            "deck_top": ["Vicentica"],
            "turn_of": 0,
            "phase": "start",
        }
    )
    play(state, "fighter:olentzero")
    # Olentzero (combat 1 at A) against Vicentica (2): a potion of +2 turns it round
    assert hint(state, "potion-combat:combat_potion_2") == "3 against 2: you are ahead"
    assert hint(state, "pass") == "1 against 2: you are behind"


def test_a_conjure_compares_its_total_with_the_face_down_enemies() -> None:
    state = zum(
        {
            "seats": [
                {
                    "team": [
                        {"card": "Senyor Pirotècnic", "level": "C"},
                        {"card": "Vicentica", "level": "C"},
                        {"card": "Dolçainer", "level": "B"},
                    ]
                },
                {"team": ["Olentzero"]},
            ],
            "enemies": [None, {"name": "Fast Food", "revealed": True}, None, None, None],
            "players": 2,
            "turn_of": 0,
            "phase": "conjure",
        }
    )
    # 3 + 4 + 2 VAL points; with two players the enemies are worth 7, 8, 9, 9 and 13, and the
    # uncovered Fast Food cannot be uncovered again
    assert hint(state, "conjure:VAL") == (
        "9 beats 1 of 4 face-down enemies (7, 9, 9, 13); a failure costs a character"
    )
