"""Alakazum! rulebook: every worked example, played from a scenario with chance forced.

Dice and draws are forced by applying their chance outcomes (``die:1``, ``draw:castanyera``,
``enemy:halloween``). Where the rulebook gives no card, the catalogue card used is named in the
docstring with the printed stats that make the example's arithmetic hold.
"""

from __future__ import annotations

import pytest
from zum_helpers import hand, legal, level, levels, market, no_voodoo, phase, play, team, zum


def deck_size(state):
    return state.view(None)["deck_size"]


def test_uxia_explores_a_hand_card_then_a_character_and_stops():
    """Explore the forest, R2, Uxía's example: 3 characters mean up to 3 draws; the 1st is a hand card
    she keeps, the 2nd a character she must fight, and the 3rd is never drawn (Castanyera A has
    combat 0, so Olentzero A with 1 wins; a roll of 1 does not beat resistance 1)."""
    s = zum(
        {
            "seats": [{"team": ["Moura", "Olentzero", "Penitente"]}, {"team": ["Tió de Nadal"]}],
            "phase": "start",
        }
    )
    before = deck_size(s)
    assert s.draws_left == 3
    play(s, "draw:magic_hat_2")
    assert hand(s, 0) == ["magic_hat_2"]
    assert s.is_chance_node() and phase(s) == "explore the forest"  # she goes on drawing
    play(s, "draw:castanyera")
    assert phase(s) == "choose a fighter"
    assert legal(s) == {"fighter:moura", "fighter:olentzero", "fighter:penitente"}
    assert s.draws_left == 0
    play(s, "fighter:olentzero", "pass", "die:1", "pass")
    assert phase(s) == "do an action"  # the fight ended the exploring: no third draw
    assert deck_size(s) == before - 2
    assert hand(s, 0) == ["magic_hat_2"]


def test_jordi_hypnotises_the_castanyera_with_a_die_potion():
    """Potions, R6, Jordi's example: a roll of 1 does not beat the Castanyera's resistance 1, but a die
    potion +1 makes it 2 and she is hypnotised (Moura A, combat 1, beats Castanyera A, combat 0)."""
    s = zum(
        {
            "seats": [{"team": ["Moura"], "hand": ["Die potion +1"]}, {"team": ["Olentzero"]}],
            "deck_top": ["Castanyera"],
            "phase": "start",
        }
    )
    play(s, "fighter:moura", "pass")
    assert level(s, "moura") == "B"  # the winner goes up before rolling
    play(s, "die:1")
    assert legal(s) == {"potion-die:die_potion_1", "pass"}
    play(s, "potion-die:die_potion_1", "pass")
    assert levels(s, 0) == {"moura": "B", "castanyera": "A"}
    assert hand(s, 0) == []
    assert market(s)[0] == "die_potion_1"


def test_jordi_without_the_potion_fails_and_the_castanyera_goes_to_the_graveyard():
    """Potions, R6, Jordi's example the other way: the bare roll of 1 is not enough."""
    s = zum(
        {
            "seats": [{"team": ["Moura"], "hand": ["Die potion +1"]}, {"team": ["Olentzero"]}],
            "deck_top": ["Castanyera"],
            "phase": "start",
        }
    )
    play(s, "fighter:moura", "pass", "die:1", "pass")
    assert team(s, 0) == ["moura"]
    assert s.view(None)["graveyard"][-1]["card"] == "castanyera"
    assert hand(s, 0) == ["die_potion_1"]


def test_ana_and_pep_exchange_potions_and_pep_hypnotises_the_penitente():
    """Potions, R7, Ana and Pep's example: Penitente B (combat 1, resistance 1) attacks Dolçainer A
    (combat 1); double +1, double +1, +1, +2 make 3 against 4; both pass; the Dolçainer wins and
    goes to B; Pep rolls 1, plays his last die potion +1 for 2 and hypnotises the Penitente."""
    s = zum(
        {
            "seats": [
                {
                    "team": [{"card": "Penitente", "level": "B"}, "Moura"],
                    "hand": ["Double potion", "Combat potion +1"],
                },
                {
                    "team": ["Dolçainer", "Olentzero"],
                    "hand": ["Double potion", "Combat potion +2", "Die potion +1"],
                },
            ],
            "turn_of": 0,
        }
    )

    def totals():
        sides = s.view(None)["combat"]["sides"]
        return (sides[0]["total"], sides[1]["total"])

    play(s, "fight:dolcainer")
    no_voodoo(s)
    play(s, "fighter:penitente")
    assert totals() == (1, 1)  # a tie: Ana would be losing
    play(s, "potion-combat:double_potion")
    assert totals() == (2, 1)
    play(s, "potion-combat:double_potion")
    assert totals() == (2, 2)
    play(s, "potion-combat:combat_potion_1")
    assert totals() == (3, 2)
    play(s, "potion-combat:combat_potion_2")
    assert totals() == (3, 4)
    play(s, "pass", "pass")  # Ana, then Pep, play no more
    assert level(s, "dolcainer") == "B"
    assert s.current_player() == -1  # Pep's roll
    play(s, "die:1")
    assert s.current_player() == 1
    play(s, "potion-die:die_potion_1", "pass", "pass")
    assert team(s, 0) == ["moura"]
    assert levels(s, 1) == {"dolcainer": "B", "olentzero": "A", "penitente": "B"}  # it keeps its level
    assert hand(s, 1) == []  # that was Pep's last potion
    assert hand(s, 0) == []


def test_izaskun_fails_against_halloween_and_keeps_her_objects():
    """Culture objects, R21, Izaskun's example: 5 Catalan points on the table (Montserrat B 3 + Sant
    Jordi B 2) + Barretina 2 + amulet 1 = 8; Halloween has 9, so she fails, sends one of her
    Catalan characters (not her Galician Moura) to the graveyard and keeps both cards."""
    s = zum(
        {
            "seats": [
                {
                    "team": [
                        {"card": "Montserrat", "level": "B"},
                        {"card": "Sant Jordi", "level": "B"},
                        "Moura",
                    ],
                    "hand": ["Barretina", "Multicolour amulet"],
                },
                {"team": ["Olentzero"]},
            ],
            "phase": "conjure",
        }
    )
    assert s.view(0)["players"][0]["culture_on_table"]["CAT"] == 5
    assert "conjure:CAT" in legal(s)
    play(s, "conjure:CAT")
    assert s.conjure_total == 8
    no_voodoo(s)
    play(s, "reveal:2", "enemy:halloween")
    assert legal(s) == {"sacrifice:montserrat", "sacrifice:sant_jordi"}
    play(s, "sacrifice:sant_jordi")
    assert team(s, 0) == ["montserrat", "moura"]
    assert hand(s, 0) == ["barretina", "multicolour_amulet"]
    assert s.view(1)["enemies"][1] == {
        "position": 2,
        "revealed": True,
        "name": "Halloween",
        "culture_points": 9,
    }
    assert s.outcome() is None
    assert s.player == 1  # her turn is over


FIVE = ["Iker", "Empar", "Jordi", "Sabela", "Antonio"]


def five_players(sabela_has_two, turn_of):
    return zum(
        {
            "seats": [
                {"team": ["Moura", "Olentzero", "Penitente"]},  # Iker
                {"team": ["Tió de Nadal"]},  # Empar
                {"team": ["Senyor Pirotècnic", "Dolçainer", "Fallera"]},  # Jordi
                {"team": ["Castanyera", *(["Gegant"] if sabela_has_two else [])]},  # Sabela
                {"team": ["Trasno"]},  # Antonio
            ],
            "turn_of": turn_of,
        }
    )


def test_unlucky_witch_five_players_nobody_can_cast_it_at_first():
    """Rules for 5 players, R13, the example: with Iker and Jordi on 3 characters and the other three on
    1, only 2 players have more than Empar, Sabela or Antonio: nobody may cast Unlucky Witch."""
    can = {name: "spell:unlucky_witch" in legal(five_players(False, seat)) for seat, name in enumerate(FIVE)}
    assert can == dict.fromkeys(FIVE, False)


def test_unlucky_witch_five_players_after_sabela_gets_a_second_character():
    """Rules for 5 players, R13, the example: once Sabela has 2 characters, 3 players have more than
    Empar and Antonio, so they (and only they) may cast it."""
    can = {name: "spell:unlucky_witch" in legal(five_players(True, seat)) for seat, name in enumerate(FIVE)}
    assert can == {"Iker": False, "Empar": True, "Jordi": False, "Sabela": False, "Antonio": True}


def test_market_example_a_take_2_potion_takes_the_top_two_and_goes_on_top():
    """The market pile, R11, the example: showing a potion marked 2 (Combat potion +1) takes the 2
    highest cards whatever they are, and the potion is left on top."""
    s = zum(
        {
            "seats": [{"team": ["Olentzero"], "hand": ["Combat potion +1"]}, {"team": ["Penitente"]}],
            "market": ["Broom", "Magic hat 3", "Steal potion"],
        }
    )
    below = market(s)[2:]
    play(s, "market")
    no_voodoo(s)
    play(s, "show:combat_potion_1")
    assert hand(s, 0) == ["broom", "magic_hat_3"]
    assert market(s) == ["combat_potion_1", *below]
    assert phase(s) == "conjure an Alakazum?"


@pytest.mark.parametrize(
    ("team_", "hats", "payments", "left"),
    [
        (["Olentzero"], ["Magic hat 2", "Magic hat 1"], ["pay:magic_hat_2"], ["magic_hat_1"]),
        (
            ["Olentzero"],
            ["Magic hat 1", "Magic hat 1", "Magic hat 3"],
            ["pay:magic_hat_1", "pay:magic_hat_1"],
            ["magic_hat_3"],
        ),
        (["Moura"], ["Magic hat 1", "Magic hat 1"], ["pay:magic_hat_1"], ["magic_hat_1"]),
    ],
    ids=["one-hat-2", "two-hats-1", "very-magical-and-one-hat-1"],
)
def test_clairvoyance_payment_examples(team_, hats, payments, left):
    """Magic hats, R12, the examples: Clairvoyance costs 2, paid with one hat 2 or two hats 1; with one
    very magical character (Moura) in the team one hat 1 is enough."""
    s = zum({"seats": [{"team": team_, "hand": hats}, {"team": ["Penitente"]}]})
    play(s, "spell:clairvoyance", "peek:1")
    no_voodoo(s)
    for payment in payments[:-1]:
        play(s, payment)
        assert phase(s) == "pay the spell"
    play(s, payments[-1])
    assert phase(s) == "an enemy is looked at"  # paid: the spell is cast
    assert hand(s, 0) == left
    assert market(s)[: len(payments)] == [p.removeprefix("pay:") for p in reversed(payments)]
