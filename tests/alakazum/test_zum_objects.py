"""Alakazum! rulebook, actions a and b: going to the market (readings R10, R11, R28), foods (R17)
and brooms (R8). Brooms against combat, magic and a failed Alakazum are tested with those rules."""

from __future__ import annotations

import random

from zum_helpers import hand, legal, levels, market, no_voodoo, phase, play, zum

# -- go to the market ----------------------------------------------------------------------------


def test_the_market_takes_the_printed_number_from_the_top():
    """Go to the market, R11: a card marked 1 (Combat potion +2) takes only the top card."""
    s = zum(
        {
            "seats": [{"team": ["Moura"], "hand": ["Combat potion +2"]}, {"team": ["Penitente"]}],
            "market": ["Broom", "Magic hat 3"],
        }
    )
    play(s, "market")
    no_voodoo(s)
    play(s, "show:combat_potion_2")
    assert hand(s, 0) == ["broom"]
    assert market(s)[:2] == ["combat_potion_2", "magic_hat_3"]


def test_the_market_gives_fewer_cards_when_the_pile_is_short():
    """Reading R11: a take-2 card shown to a pile of 1 takes that one card, then goes on top."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura"], "hand": ["Magic hat 1", "Combat potion +1", "Die potion +1"]},
                {"team": ["Penitente"]},
            ]
        }
    )
    assert market(s) == ["double_potion"]
    play(s, "market")
    no_voodoo(s)
    assert legal(s) == {"show:magic_hat_1", "show:combat_potion_1", "show:die_potion_1"}
    play(s, "show:magic_hat_1")
    assert hand(s, 0) == ["combat_potion_1", "die_potion_1", "double_potion"]
    assert market(s) == ["magic_hat_1"]


def test_there_is_no_market_action_with_an_empty_pile():
    """Reading R11: going to the market needs at least one card in the pile."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura"], "hand": ["Magic hat 1", "Combat potion +1"]},
                {"team": ["Penitente"], "hand": ["Die potion +1", "Double potion"]},
            ]
        }
    )
    assert market(s) == []
    assert "market" not in legal(s)


def test_objects_and_amulets_can_be_shown_at_the_market_but_not_a_voodoo_doll():
    """Voodoo dolls, R10: a doll never goes to the market pile, so it cannot be shown there; any
    other hand card can, culture objects and amulets included."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura"], "hand": ["Voodoo doll", "Barretina", "Multicolour amulet"]},
                {"team": ["Penitente"]},
            ]
        }
    )
    play(s, "market")
    no_voodoo(s)
    assert legal(s) == {"show:barretina", "show:multicolour_amulet"}
    s = zum({"seats": [{"team": ["Moura"], "hand": ["Voodoo doll"]}, {"team": ["Penitente"]}]})
    assert "market" not in legal(s)  # nothing to show


def test_the_card_to_show_at_the_market_is_chosen_after_the_voodoo_window():
    """Reading R22, R28: "show a hand card" is part of doing the action, like paying for a spell,
    so the announcement says only "go to the market"; the card is chosen and shown once no doll
    cancelled it, and a cancelled market shows nothing."""
    spec = {
        "seats": [
            {"team": ["Moura"], "hand": ["Combat potion +2", "Magic hat 1"]},
            {"team": ["Penitente"], "hand": ["Voodoo doll"]},
        ],
        "market": ["Broom", "Magic hat 3"],
    }
    s = zum(spec)
    play(s, "market")
    assert s.view(1)["announced"] == "Player 1 announces: go to the market"
    assert s.view(1)["players"][0]["hand"] is None
    for seed in range(8):  # a rival's guesses of the hand still hold a card to show
        guess = s.resample(1, random.Random(seed))
        assert guess.view(1) == s.view(1)
        play(guess, "no-voodoo")
        assert guess.legal_actions()
    play(s, "no-voodoo")
    assert legal(s) == {"show:combat_potion_2", "show:magic_hat_1"}
    play(s, "show:combat_potion_2")
    assert market(s)[:2] == ["combat_potion_2", "magic_hat_3"]
    log = [e["text"] for e in s.view(1)["log"]]
    assert "Player 1 shows Combat potion +2 at the market and takes Broom." in log
    cancelled = zum(spec)
    play(cancelled, "market", "voodoo")
    told = " ".join(e["text"] for e in cancelled.view(1)["log"])
    assert "Combat potion" not in told and "Magic hat 1" not in told
    assert hand(cancelled, 0) == ["combat_potion_2", "magic_hat_1"]


def test_a_rival_guessing_an_announced_market_keeps_a_card_to_show():
    """Reading R22: a player who announced a market holds a card to show, so a rival's guess of a
    one-card hand never puts a voodoo doll there (the only card that cannot be shown)."""
    seats = [{"team": ["Moura"], "hand": ["magic_hat_1#1"]}, {"team": ["Penitente"]}]
    L = zum({"seats": seats}).L
    # Every other hand card lies face up in the market pile: Player 2 can only wonder whether
    # Player 1 holds the hat or one of the two dolls still in the forest deck.
    pile = [k for p, k in enumerate(L.keys) if p in L.forest and L.is_hand[p] and k[:-2] != "voodoo_doll"]
    s = zum({"seats": seats, "market": [k for k in pile if k != "magic_hat_1#1"]})
    play(s, "market", "no-voodoo")
    for seed in range(40):
        assert hand(s.resample(1, random.Random(seed)), 0) == ["magic_hat_1"]


# -- foods ---------------------------------------------------------------------------------------


def test_a_food_raises_every_character_of_its_culture_to_level_c():
    """Foods, R17: all the player's characters of the chosen culture go to level C, whatever their
    level; other cultures and multicolour characters do not move."""
    s = zum(
        {
            "seats": [
                {
                    "team": [
                        "Dolçainer",
                        {"card": "Fallera", "level": "B"},
                        {"card": "Vicentica", "level": "C"},
                        "Sant Jordi",
                        "Bruja Viajera",
                    ],
                    "hand": ["Paella / Pa amb tomàquet"],
                },
                {"team": ["Penitente"]},
            ]
        }
    )
    play(s, "food:food_val_cat:VAL")
    no_voodoo(s)
    assert levels(s, 0) == {
        "dolcainer": "C",
        "fallera": "C",
        "vicentica": "C",
        "sant_jordi": "A",
        "bruja_viajera": "A",
    }
    assert hand(s, 0) == []
    assert market(s)[0] == "food_val_cat"
    assert phase(s) == "conjure an Alakazum?"


def test_a_food_card_offers_its_two_foods():
    """Foods, R17: each card holds two cultures' foods and the player picks one of them."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura", "Sant Jordi"], "hand": ["Calçots / Empanada"]},
                {"team": ["Penitente"]},
            ],
        }
    )
    assert {n for n in legal(s) if n.startswith("food:")} == {
        "food:food_cat_gal:CAT",
        "food:food_cat_gal:GAL",
    }
    play(s, "food:food_cat_gal:GAL")
    no_voodoo(s)
    assert levels(s, 0) == {"moura": "C", "sant_jordi": "A"}


def test_multicolour_characters_never_go_up_with_food():
    """Foods, R17: multicolour characters are not raised by any food."""
    for food, culture, own in (("food_val_cat", "VAL", "Dolçainer"), ("food_eus_and", "AND", "Costalero")):
        s = zum({"seats": [{"team": ["Gato Negro", "Moura", own], "hand": [food]}, {"team": ["Penitente"]}]})
        play(s, f"food:{food}:{culture}")
        no_voodoo(s)
        assert levels(s, 0)["gato_negro"] == "A"
        assert levels(s, 0)["moura"] == "A"


def test_a_food_that_would_change_nothing_is_not_offered():
    """Foods, R17 with R12: a food raises "your characters of that culture" to level C; with none of
    that culture below C (none at all, only multicolour ones, or all at C already) it would change
    nothing and is not offered, as a spell without effect is not."""
    s = zum(
        {
            "seats": [
                {
                    "team": ["Gato Negro", {"card": "Moura", "level": "C"}, "Sant Jordi"],
                    "hand": ["Calçots / Empanada", "Paella / Pa amb tomàquet", "Pulpo / Marmitako"],
                },
                {"team": ["Penitente"]},
            ]
        }
    )
    foods = {n for n in legal(s) if n.startswith("food:")}
    assert foods == {"food:food_cat_gal:CAT", "food:food_val_cat:CAT"}  # only Sant Jordi can rise
    play(s, "food:food_val_cat:CAT")
    no_voodoo(s)
    assert levels(s, 0) == {"gato_negro": "A", "moura": "C", "sant_jordi": "C"}


def test_only_one_food_per_action():
    """Give objects: one food or broom card per action, then the action is over."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura", "Olentzero"], "hand": ["Pulpo / Marmitako", "Pintxos / Gazpacho"]},
                {"team": ["Penitente"]},
            ]
        }
    )
    play(s, "food:food_gal_eus:GAL")
    no_voodoo(s)
    assert levels(s, 0) == {"moura": "C", "olentzero": "A"}
    assert legal(s) == {"end-turn"}


# -- brooms --------------------------------------------------------------------------------------


def test_a_broom_goes_under_a_character_for_the_rest_of_the_game():
    """Brooms, R8: the broom is put under a character of the player's choice and stays there; it does
    not go to the market pile."""
    s = zum({"seats": [{"team": ["Moura", "Olentzero"], "hand": ["Broom"]}, {"team": ["Penitente"]}]})
    before = market(s)
    play(s, "broom:broom")
    assert legal(s) == {"broom-on:moura", "broom-on:olentzero"}
    play(s, "broom-on:olentzero")
    no_voodoo(s)
    assert [c["broom"] for c in s.view(1)["players"][0]["team"]] == [False, True]
    assert hand(s, 0) == []
    assert market(s) == before
    assert phase(s) == "conjure an Alakazum?"


def test_a_character_takes_only_one_broom():
    """Brooms, R8: a character already on a broom gets no second one; with every character on a
    broom the broom action is not offered."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Moura", "broom": True}, "Olentzero"], "hand": ["Broom"]},
                {"team": ["Penitente"]},
            ]
        }
    )
    play(s, "broom:broom")
    assert legal(s) == {"broom-on:olentzero"}
    s = zum(
        {"seats": [{"team": [{"card": "Moura", "broom": True}], "hand": ["Broom"]}, {"team": ["Penitente"]}]}
    )
    assert "broom:broom" not in legal(s)
