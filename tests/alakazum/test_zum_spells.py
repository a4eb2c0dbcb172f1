"""Alakazum! rulebook, Do magic: the seven spells of the magic scroll with their costs and
conditions, magic hats, very magical energy and overpaying (readings R12-R16, R25, R26, R31)."""

from __future__ import annotations

import pytest
from zum_helpers import (
    graveyard,
    hand,
    key,
    legal,
    level,
    levels,
    market,
    no_voodoo,
    phase,
    play,
    team,
    zum,
)

HATS_WORTH = {
    0: [],
    1: ["Magic hat 1"],
    2: ["Magic hat 2"],
    3: ["Magic hat 3"],
    4: ["Magic hat 3", "Magic hat 1"],
}
SPELL_COSTS = {
    "training": 1,
    "clairvoyance": 2,
    "forest_magic": 3,
    "levitation": 3,
    "revive": 4,
    "deja_vu": 4,
}


@pytest.mark.parametrize(("spell", "cost"), list(SPELL_COSTS.items()))
def test_each_spell_costs_its_magic_energy(spell, cost):
    """Magic scroll, R12: Training 1, Clairvoyance 2, Forest Magic 3, Levitation 3, Revive 4 and
    Déjà Vu 4: castable with hats worth the cost, not with one energy less."""
    for worth, castable in ((cost, True), (cost - 1, False)):
        s = zum({"seats": [{"team": ["Olentzero"], "hand": HATS_WORTH[worth]}, {"team": ["Penitente"]}]})
        assert (f"spell:{spell}" in legal(s)) is castable, worth


def test_the_hats_paid_go_to_the_market_pile():
    """Magic hats, R10, R31: the hats spent on a spell are discarded on top of the market pile."""
    s = zum(
        {"seats": [{"team": ["Olentzero"], "hand": ["Magic hat 3", "Magic hat 1"]}, {"team": ["Penitente"]}]}
    )
    below = market(s)
    play(s, "spell:revive", "revive:moura")
    no_voodoo(s)
    play(s, "pay:magic_hat_1", "pay:magic_hat_3")
    assert hand(s, 0) == []
    assert market(s) == ["magic_hat_3", "magic_hat_1", *below]


def test_overpaying_gives_no_change():
    """Final clarifications, R12, R31: a spell may be paid with more than it costs (a hat 3 for
    Training) and nothing comes back; the spell is cast as soon as the cost is covered."""
    s = zum(
        {"seats": [{"team": ["Olentzero"], "hand": ["Magic hat 3", "Magic hat 1"]}, {"team": ["Penitente"]}]}
    )
    play(s, "spell:training", "train:olentzero")
    no_voodoo(s)
    assert legal(s) == {"pay:magic_hat_3", "pay:magic_hat_1"}
    play(s, "pay:magic_hat_3")
    assert phase(s) == "conjure an Alakazum?"  # cast at once: no second hat is asked for
    assert level(s, "olentzero") == "B"
    assert hand(s, 0) == ["magic_hat_1"]


def test_very_magical_energy_pays_first_and_is_free():
    """Very magical, R12: each very magical character gives 1 energy for the do magic action, and
    they add up (Moura + Trasno pay Clairvoyance with no hat)."""
    s = zum({"seats": [{"team": ["Moura", "Trasno"], "hand": ["Magic hat 1"]}, {"team": ["Penitente"]}]})
    play(s, "spell:clairvoyance", "peek:1")
    no_voodoo(s)
    assert phase(s) == "an enemy is looked at"  # cast with no payment asked for
    assert hand(s, 0) == ["magic_hat_1"]


def test_maruxa_gives_two_energy():
    """Very magical, R12: Maruxa alone pays a cost of 2, but not 3."""
    s = zum({"seats": [{"team": ["Maruxa"]}, {"team": ["Penitente"]}]})
    spells = {n for n in legal(s) if n.startswith("spell:")}
    assert spells == {"spell:training", "spell:clairvoyance"}
    play(s, "spell:clairvoyance", "peek:1")
    no_voodoo(s)
    assert phase(s) == "an enemy is looked at"


def test_a_spell_without_a_legal_effect_cannot_be_cast():
    """Reading R12: Training needs a character below level C, Revive a character in the graveyard,
    Levitation a character it may take."""
    s = zum(
        {
            "players": 2,
            "seats": [
                {
                    "team": [{"card": "Olentzero", "level": "C"}, "Moura", "Penitente"],
                    "hand": ["Magic hat 3", "Magic hat 2"],
                },
                {"team": ["Senyor Pirotècnic", "Tió de Nadal"]},
            ],
        }
    )
    assert graveyard(s) == []  # every initial character is in a team
    assert "spell:revive" not in legal(s)
    assert "spell:training" in legal(s)
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Olentzero", "level": "C"}], "hand": ["Magic hat 1"]},
                {"team": ["Moura"]},
            ]
        }
    )
    assert "spell:training" not in legal(s)
    # Levitation needs a character below C, without a broom, in another team or the graveyard.
    s = zum(
        {
            "seats": [
                {"team": ["Olentzero", "Moura", "Penitente"], "hand": ["Magic hat 3"]},
                {
                    "team": [
                        {"card": "Senyor Pirotècnic", "level": "C"},
                        {"card": "Tió de Nadal", "broom": True},
                    ]
                },
            ]
        }
    )
    assert graveyard(s) == []
    assert "spell:levitation" not in legal(s)


# -- Unlucky Witch -------------------------------------------------------------------------------


def test_unlucky_witch_needs_every_other_player_to_have_more_characters():
    """Unlucky Witch, R13: with 2 to 4 players it is cast only if all the others have more
    characters; one rival with as many is enough to forbid it."""
    spec = {
        "seats": [
            {"team": ["Moura"]},
            {"team": ["Olentzero", "Penitente"]},
            {"team": ["Tió de Nadal", "Dolçainer"]},
        ]
    }
    assert "spell:unlucky_witch" in legal(zum(spec))
    spec["seats"][2]["team"] = ["Tió de Nadal"]
    assert "spell:unlucky_witch" not in legal(zum(spec))


def test_unlucky_witch_keeps_any_two_market_cards_for_free():
    """Unlucky Witch, R13: it costs nothing and the player keeps the 2 cards they choose from
    anywhere in the market pile."""
    s = zum(
        {
            "seats": [{"team": ["Moura"]}, {"team": ["Olentzero", "Penitente"]}],
            "market": ["Broom", "Magic hat 3", "Steal potion"],
        }
    )
    play(s, "spell:unlucky_witch")
    no_voodoo(s)
    assert phase(s) == "Unlucky Witch: take a card"
    assert "take:double_potion" in legal(s)  # the bottom card too
    play(s, "take:double_potion", "take:steal_potion")
    assert hand(s, 0) == ["double_potion", "steal_potion"]
    assert market(s) == ["broom", "magic_hat_3", "magic_hat_1", "combat_potion_1", "die_potion_1"]
    assert phase(s) == "conjure an Alakazum?"


def test_unlucky_witch_takes_the_only_card_of_a_short_pile():
    """Reading R13: with 1 card in the market pile the spell takes that one; with none it cannot
    be cast."""
    seats = [
        {"team": ["Moura"], "hand": ["Magic hat 1", "Combat potion +1", "Die potion +1"]},
        {"team": ["Olentzero", "Penitente"]},
    ]
    s = zum({"seats": seats})
    play(s, "spell:unlucky_witch")
    no_voodoo(s)
    play(s, "take:double_potion")
    assert phase(s) == "conjure an Alakazum?"
    seats[1]["hand"] = ["Double potion"]
    assert "spell:unlucky_witch" not in legal(zum({"seats": seats}))


# -- Training, Clairvoyance ----------------------------------------------------------------------


def test_training_raises_one_character_one_level():
    """Training: one of the player's characters goes up one level; one at C cannot be chosen."""
    s = zum(
        {
            "seats": [
                {"team": ["Moura", {"card": "Olentzero", "level": "B"}, {"card": "Penitente", "level": "C"}]},
                {"team": ["Fallera"]},
            ]
        }
    )
    play(s, "spell:training")
    assert legal(s) == {"train:moura", "train:olentzero"}
    play(s, "train:olentzero")
    no_voodoo(s)
    assert levels(s, 0) == {"moura": "A", "olentzero": "C", "penitente": "C"}


def test_clairvoyance_looks_at_an_enemy_privately_and_puts_it_back():
    """Clairvoyance, R26: the caster alone learns the enemy at the chosen place (drawn by chance
    when first looked at); it stays face down and can still be chosen."""
    s = zum({"seats": [{"team": ["Moura"], "hand": ["Magic hat 1"]}, {"team": ["Penitente"]}]})
    play(s, "spell:clairvoyance", "peek:4")
    no_voodoo(s)
    play(s, "pay:magic_hat_1")
    assert s.is_chance_node()
    play(s, "enemy:fast_food")
    assert s.view(0)["enemies"][3] == {
        "position": 4,
        "revealed": False,
        "name": "Fast Food",
        "culture_points": 8,
    }
    assert s.view(1)["enemies"][3] == {"position": 4, "revealed": False}
    assert s.view(None)["enemies"][3] == {"position": 4, "revealed": False}
    assert key(s, s.enemy_at[3]) == "fast_food"  # now fixed at that place
    assert phase(s) == "conjure an Alakazum?"


def test_an_enemy_already_looked_at_is_not_drawn_again():
    """Reading R26: once an enemy's identity is fixed at a place, a later look there shows the same
    card with no new draw (Player 2 had seen Santa Claus at place 3)."""
    s = zum(
        {
            "seats": [{"team": ["Maruxa"]}, {"team": ["Penitente"]}],
            "enemies": [None, None, {"name": "Santa Claus", "seen_by": [1]}, None, None],
        }
    )
    assert "name" not in s.view(0)["enemies"][2]
    play(s, "spell:clairvoyance", "peek:3")
    no_voodoo(s)
    assert not s.is_chance_node()
    assert s.view(0)["enemies"][2]["name"] == "Santa Claus"
    assert s.view(1)["enemies"][2]["name"] == "Santa Claus"


# -- Forest Magic --------------------------------------------------------------------------------


def forest_magic_position(**extra):
    spec = {
        "seats": [{"team": ["Maruxa", "Moura"], "hand": []}, {"team": ["Penitente"]}],
        "deck_top": ["Magic hat 1", "Broom", "Barretina", "Sant Jordi", "Steal potion", "Magic hat 2"],
    }
    spec.update(extra)
    s = zum(spec)
    play(s, "spell:forest_magic")
    no_voodoo(s)
    return s


def test_forest_magic_looks_at_six_keeps_one_and_puts_the_rest_back_in_order():
    """Forest Magic, R14: the first 6 forest cards are looked at; the caster keeps 1 and puts the
    other 5 back on top in the order they choose; the next explorer draws them in that order."""
    s = forest_magic_position()
    assert phase(s) == "Forest Magic: keep a card"
    assert s.view(0)["forest_magic"] == [
        "Magic hat 1",
        "Broom",
        "Barretina",
        "Sant Jordi",
        "Steal potion",
        "Magic hat 2",
    ]
    assert s.view(1)["forest_magic"] is None
    play(s, "keep:barretina")
    assert phase(s) == "Forest Magic: put the cards back"
    play(s, "put:magic_hat_2", "put:broom", "put:steal_potion", "put:sant_jordi", "put:magic_hat_1")
    assert hand(s, 0) == ["barretina"]
    assert s.view(0)["deck_top_known"] == [
        "Magic hat 2",
        "Broom",
        "Steal potion",
        "Sant Jordi",
        "Magic hat 1",
    ]
    assert s.view(1)["deck_top_known"] is None  # only the caster knows the order
    play(s, "end-turn")
    assert hand(s, 1) == ["magic_hat_2"]  # Player 2 (one character) draws the new top


def test_forest_magic_keeping_a_character_means_fighting_it():
    """Forest Magic, R14: a kept character is fought at once as a forest combat; that is the action
    (Maruxa A 1 against Sant Jordi A 1 is a tie: the forest character wins)."""
    s = forest_magic_position()
    play(
        s,
        "keep:sant_jordi",
        "put:magic_hat_1",
        "put:broom",
        "put:barretina",
        "put:steal_potion",
        "put:magic_hat_2",
    )
    assert phase(s) == "choose a fighter"
    play(s, "fighter:maruxa", "pass")
    assert team(s, 0) == ["moura"]  # Maruxa lost and went to the graveyard
    assert "sant_jordi" in {key(s, p) for p in s.deck}
    assert s.deck_top == ()  # the lost fight reshuffled the deck
    assert phase(s) == "conjure an Alakazum?"


def test_forest_magic_keeping_a_trap_springs_it():
    """Reading R14: a kept trap is resolved at once, then the action is over."""
    s = forest_magic_position(
        deck_top=["Magic hat 1", "Santa Claus' Present", "Broom", "Barretina", "Steal potion", "Magic hat 2"]
    )
    play(
        s,
        "keep:santa_claus_present",
        "put:broom",
        "put:magic_hat_1",
        "put:barretina",
        "put:steal_potion",
        "put:magic_hat_2",
    )
    assert phase(s) == "Santa Claus' die"
    play(s, "die:1", "sacrifice:moura")
    assert team(s, 0) == ["maruxa"]
    assert "santa_claus_present#1" in {key(s, p) for p in s.box}
    assert phase(s) == "conjure an Alakazum?"


def test_forest_magic_draws_unknown_cards_by_chance():
    """Forest Magic, R25: cards below a known top come from the shuffled deck, one chance draw each."""
    s = forest_magic_position(deck_top=["Broom", "Magic hat 1"])
    assert s.is_chance_node() and phase(s) == "Forest Magic draws"
    play(s, "draw:barretina", "draw:nano", "draw:txapela", "draw:steal_potion")
    assert s.view(0)["forest_magic"] == [
        "Broom",
        "Magic hat 1",
        "Barretina",
        "Nano",
        "Txapela",
        "Steal potion",
    ]


def test_forest_magic_looks_at_fewer_cards_when_the_deck_is_short():
    """Reading R14: with fewer than 6 cards left the caster looks at all of them, keeps 1 and puts
    the rest back (here 2 cards: the deck's last broom and a magic hat 2)."""
    s = zum(
        {
            "seats": [{"team": ["Maruxa"], "hand": ["Magic hat 1"]}, {"team": ["Olentzero"]}],
            "deck": ["Voodoo doll", "broom#4", "magic_hat_2#4"],
            "phase": "start",
        }
    )
    play(s, "draw:voodoo_doll")  # Player 1 explores one of the last 3 cards
    assert s.view(None)["deck_size"] == 2
    play(s, "spell:forest_magic", "no-voodoo", "pay:magic_hat_1")
    assert phase(s) == "Forest Magic draws"
    play(s, "draw:broom", "draw:magic_hat_2")
    assert s.view(0)["forest_magic"] == ["Broom", "Magic hat 2"]
    play(s, "keep:broom", "put:magic_hat_2")
    assert hand(s, 0) == ["broom", "voodoo_doll"]
    assert s.view(0)["deck_top_known"] == ["Magic hat 2"]
    assert s.view(None)["deck_size"] == 1


def test_forest_magic_needs_a_card_in_the_deck():
    """Reading R12: with the forest deck empty Forest Magic has nothing to look at and cannot be
    cast, even when it can be paid (Maruxa 2 + a hat 1)."""
    s = zum(
        {
            "seats": [{"team": ["Maruxa"], "hand": ["Magic hat 1"]}, {"team": ["Olentzero"]}],
            "deck": ["Voodoo doll"],
            "phase": "start",
        }
    )
    play(s, "draw:voodoo_doll")  # the last forest card
    assert s.view(None)["deck_size"] == 0
    assert "spell:forest_magic" not in legal(s)
    assert "spell:clairvoyance" in legal(s)


LONG_TOP = [
    "Magic hat 1",
    "Broom",
    "Barretina",
    "Sant Jordi",
    "Steal potion",
    "Magic hat 2",
    "Txapela",
    "Peineta",
]


def test_forest_magic_with_a_long_known_top_leaves_the_deeper_cards_in_place():
    """Forest Magic, R14, R25: only the first 6 cards are looked at; the deeper cards of a longer
    known top stay where they were, under the 5 put back, and no card is lost."""
    s = forest_magic_position(deck_top=LONG_TOP, deck_top_known_by=[0])
    assert len(s.inventory()["cards"]) == 104
    play(
        s,
        "keep:barretina",
        "put:broom",
        "put:magic_hat_1",
        "put:sant_jordi",
        "put:steal_potion",
        "put:magic_hat_2",
    )
    assert len(s.inventory()["cards"]) == 104
    top = [key(s, p) for p in reversed(s.deck_top)]
    assert top == [
        "broom#1",
        "magic_hat_1#1",
        "sant_jordi",
        "steal_potion#1",
        "magic_hat_2#1",
        "txapela",
        "peineta",
    ]
    assert s.view(0)["deck_top_known"] == [
        "Broom",
        "Magic hat 1",
        "Sant Jordi",
        "Steal potion",
        "Magic hat 2",
        "Txapela",
        "Peineta",
    ]


def test_forest_magic_does_not_reveal_deeper_cards_the_caster_never_saw():
    """Reading R25: the caster knows the order of the cards they put back, but not cards below
    them that they did not see; the engine then claims no known order for the caster."""
    s = forest_magic_position(deck_top=LONG_TOP)
    play(
        s,
        "keep:barretina",
        "put:broom",
        "put:magic_hat_1",
        "put:sant_jordi",
        "put:steal_potion",
        "put:magic_hat_2",
    )
    assert len(s.deck_top) == 7
    assert s.view(0)["deck_top_known"] is None
    assert s.view(1)["deck_top_known"] is None


# -- Levitation, Revive --------------------------------------------------------------------------


def test_levitation_swaps_with_another_players_character_each_keeping_its_level():
    """Levitation, R15: one of the player's characters changes places with a rival's character
    not at level C; both keep their levels."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Olentzero", "level": "C"}, "Moura"], "hand": ["Magic hat 3"]},
                {"team": [{"card": "Vicentica", "level": "B"}, {"card": "Kattalin", "level": "C"}]},
            ]
        }
    )
    play(s, "spell:levitation")
    assert legal(s) == {"levitate:olentzero", "levitate:moura"}  # a level C character of mine may go
    play(s, "levitate:olentzero")
    targets = legal(s)
    assert "swap-with:vicentica" in targets
    assert "swap-with:kattalin" not in targets  # level C
    play(s, "swap-with:vicentica")
    no_voodoo(s)
    play(s, "pay:magic_hat_3")
    assert levels(s, 0) == {"vicentica": "B", "moura": "A"}
    assert levels(s, 1) == {"olentzero": "C", "kattalin": "C"}


def test_levitation_swaps_with_a_graveyard_character():
    """Levitation, R15: the other character may come from the graveyard; the one given goes there
    at level A."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Olentzero", "level": "B"}, "Moura"], "hand": ["Magic hat 2"]},
                {"team": ["Fallera"]},
            ],
            "graveyard": ["Vicentica"],
        }
    )
    play(s, "spell:levitation", "levitate:olentzero", "swap-with:vicentica")
    no_voodoo(s)
    play(s, "pay:magic_hat_2")
    assert levels(s, 0) == {"vicentica": "A", "moura": "A"}
    assert "olentzero" in graveyard(s)
    assert level(s, "olentzero") == "A"


def test_levitation_neither_gives_nor_takes_a_broom_character():
    """Brooms, R15: a character on a broom never leaves its player, not even by magic."""
    s = zum(
        {
            "seats": [
                {"team": [{"card": "Olentzero", "broom": True}, "Moura"], "hand": ["Magic hat 2"]},
                {"team": [{"card": "Vicentica", "broom": True}, "Fallera"]},
            ]
        }
    )
    play(s, "spell:levitation")
    assert legal(s) == {"levitate:moura"}
    play(s, "levitate:moura")
    swaps = {n.removeprefix("swap-with:") for n in legal(s)}
    assert "vicentica" not in swaps
    assert "fallera" in swaps


def test_revive_brings_a_graveyard_character_back_at_level_a():
    """Revive, R12: a character of the graveyard joins the player's team at level A."""
    s = zum(
        {
            "seats": [{"team": ["Olentzero"], "hand": ["Magic hat 3", "Magic hat 1"]}, {"team": ["Fallera"]}],
            "graveyard": ["Kattalin"],
        }
    )
    play(s, "spell:revive")
    assert "revive:kattalin" in legal(s)
    play(s, "revive:kattalin")
    no_voodoo(s)
    play(s, "pay:magic_hat_3", "pay:magic_hat_1")
    assert levels(s, 0) == {"olentzero": "A", "kattalin": "A"}
    assert "kattalin" not in graveyard(s)


# -- Déjà Vu -------------------------------------------------------------------------------------


def test_deja_vu_gives_two_more_actions_with_fresh_energy_and_no_second_deja_vu():
    """Déjà Vu, R16: after it the player does 2 actions; very magical energy is whole again for
    each, and neither may be another Déjà Vu."""
    s = zum(
        {
            "seats": [
                {"team": ["Maruxa", "Moura"], "hand": ["Magic hat 1", "Magic hat 3", "Combat potion +1"]},
                {"team": ["Penitente", "Fallera"]},
            ]
        }
    )
    play(s, "spell:deja_vu")
    no_voodoo(s)
    play(s, "pay:magic_hat_1")  # 3 energy from Maruxa and Moura + 1
    assert phase(s) == "do an action"
    assert s.view(0)["actions_left"] == 2
    assert "spell:deja_vu" not in legal(s)  # 3 + the hat 3 could pay it
    play(s, "spell:clairvoyance", "peek:1")
    no_voodoo(s)
    play(s, "enemy:halloween")  # paid by the 3 energy alone
    assert s.view(0)["actions_left"] == 1
    assert "spell:deja_vu" not in legal(s)
    play(s, "spell:training", "train:maruxa")
    no_voodoo(s)
    assert hand(s, 0) == ["combat_potion_1", "magic_hat_3"]  # energy again: no hat paid
    assert phase(s) == "conjure an Alakazum?"


def test_deja_vu_actions_may_be_any_actions():
    """Déjà Vu, R16: the two actions are phase-2 actions of any kind (here a market and a fight)."""
    s = zum(
        {
            "seats": [
                {"team": ["Maruxa", "Moura"], "hand": ["Magic hat 1", "Combat potion +1"]},
                {"team": ["Penitente", "Fallera"]},
            ]
        }
    )
    play(s, "spell:deja_vu")
    no_voodoo(s)
    play(s, "pay:magic_hat_1", "market")
    no_voodoo(s)
    play(s, "show:combat_potion_1")
    assert phase(s) == "do an action"
    play(s, "fight:fallera")
    no_voodoo(s)
    assert phase(s) == "choose a fighter"


def test_a_new_turn_allows_deja_vu_again():
    """Déjà Vu, R16: the ban on a second Déjà Vu lasts only for the turn it was cast."""
    s = zum(
        {
            "seats": [
                {"team": ["Maruxa", "Moura"], "hand": ["Magic hat 1", "Magic hat 1"]},
                {"team": ["Penitente"]},
            ]
        }
    )
    play(s, "spell:deja_vu")
    no_voodoo(s)
    play(s, "pay:magic_hat_1", "no-action")
    assert phase(s) == "conjure an Alakazum?"
    play(s, "end-turn", "draw:broom", "no-action", "end-turn")  # Player 2's turn
    play(s, "draw:broom", "draw:broom")  # Player 1 explores again
    assert "spell:deja_vu" in legal(s)
