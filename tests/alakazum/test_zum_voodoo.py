"""Alakazum! rulebook, Voodoo Dolls: the window after every announced action and every Alakazum
(reading R22): the announcement names its targets, the first doll cancels, the action is spent,
cards are kept, the doll leaves."""

from __future__ import annotations

import pytest
from zum_helpers import box, hand, legal, level, levels, market, no_voodoo, phase, play, team, zum

#: Each kind of action as it is announced (its targets named), and the cards it needs in hand.
ACTIONS = {
    "market": (["market"], ["Combat potion +1"]),
    "food": (["food:food_gal_eus:GAL"], ["Pulpo / Marmitako"]),
    "broom": (["broom:broom", "broom-on:moura"], ["Broom"]),
    "fight": (["fight:fallera"], []),
    "spell": (["spell:training", "train:moura"], ["Magic hat 1"]),
}


def three_players(hand1, hand2=("Voodoo doll",), hand3=(), turn_of=0):
    return zum(
        {
            "seats": [
                {"team": ["Olentzero", "Moura"], "hand": list(hand1)},
                {"team": ["Penitente", "Fallera"], "hand": list(hand2)},
                {"team": ["Tió de Nadal", "Castanyera"], "hand": list(hand3)},
            ],
            "turn_of": turn_of,
        }
    )


@pytest.mark.parametrize("kind", list(ACTIONS))
def test_a_voodoo_doll_cancels_each_kind_of_action(kind):
    """Voodoo dolls, R22: a doll cancels a market, object, fight or magic action as it is announced;
    the action is spent, the player keeps the cards, and the doll leaves the game."""
    actions, cards = ACTIONS[kind]
    s = three_players(cards)
    before = (hand(s, 0), market(s), levels(s, 0), team(s, 1))
    play(s, *actions)
    assert s.current_player() == 1
    assert legal(s) == {"voodoo", "no-voodoo"}
    play(s, "voodoo")
    assert (hand(s, 0), market(s), levels(s, 0), team(s, 1)) == before
    assert phase(s) == "conjure an Alakazum?"  # the action is spent
    assert hand(s, 1) == []
    assert "voodoo_doll#1" in box(s)
    assert all(broom < 0 for broom in s.broom_of)  # no broom was given


def test_without_a_doll_the_action_goes_ahead():
    """Voodoo dolls, R22: when every opponent lets it pass, the action is carried out."""
    s = three_players(["Combat potion +1"])
    play(s, "market", "no-voodoo", "no-voodoo", "show:combat_potion_1")
    assert market(s)[0] == "combat_potion_1"
    assert "voodoo_doll#1" not in box(s)


def test_a_voodoo_doll_cancels_an_alakazum_before_any_enemy_is_uncovered():
    """Voodoo dolls, R22: an Alakazum is cancelled before an enemy is turned over; the player keeps
    the culture objects and amulets, and the turn is over."""
    s = zum(
        {
            "seats": [
                {
                    "team": [{"card": "Montserrat", "level": "C"}, "Sant Jordi"],
                    "hand": ["Barretina", "Multicolour amulet"],
                },
                {"team": ["Penitente"], "hand": ["Voodoo doll"]},
            ],
            "phase": "conjure",
        }
    )
    play(s, "conjure:CAT", "voodoo")
    assert hand(s, 0) == ["barretina", "multicolour_amulet"]
    assert not any(e["revealed"] for e in s.view(None)["enemies"])
    assert all(p < 0 for p in s.enemy_at)  # no enemy was even looked at
    assert s.player == 1 and phase(s) == "explore the forest"
    assert team(s, 0) == ["montserrat", "sant_jordi"]


def test_the_first_doll_cancels_and_no_doll_answers_a_doll():
    """Voodoo dolls, R22: the first opponent to play a doll cancels the action; the window closes,
    so no later doll (which could not cancel a doll anyway) is asked for."""
    s = three_players(["Combat potion +1"], ["Voodoo doll"], ["Voodoo doll"])
    play(s, "market", "voodoo")
    assert phase(s) == "conjure an Alakazum?"
    assert hand(s, 2) == ["voodoo_doll"]
    assert [b for b in box(s) if b.startswith("voodoo")] == ["voodoo_doll#1"]


def test_a_later_opponent_may_cancel_after_an_earlier_one_passes():
    """Voodoo dolls, R22: opponents are asked in turn order; a pass does not close the window."""
    s = three_players(["Combat potion +1"], [], ["Voodoo doll"])
    play(s, "market")
    assert s.current_player() == 1
    assert legal(s) == {"no-voodoo"}  # asked even without a doll
    play(s, "no-voodoo")
    assert s.current_player() == 2
    play(s, "voodoo")
    assert hand(s, 0) == ["combat_potion_1"]
    assert hand(s, 2) == []


def test_every_opponent_is_asked_in_turn_order():
    """Reading R22: the window asks each other player, from the announcer's left, doll or not."""
    s = three_players([], [], [], turn_of=1)
    play(s, "fight:olentzero")
    asked = []
    while phase(s) == "voodoo doll?":
        asked.append(s.current_player())
        play(s, "no-voodoo")
    assert asked == [2, 0]
    assert phase(s) == "choose a fighter"


def test_a_voodoo_doll_is_never_used_on_ones_own_turn():
    """Voodoo dolls, R22: the active player is not asked about their own action, doll or not."""
    s = three_players(["Voodoo doll", "Combat potion +1"], [], [])
    assert "voodoo" not in legal(s)
    play(s, "market")
    assert s.current_player() == 1
    play(s, "no-voodoo", "no-voodoo", "show:combat_potion_1")
    assert phase(s) == "conjure an Alakazum?"
    assert "voodoo_doll" in hand(s, 0)


def test_a_cancelled_spell_costs_no_hats():
    """Reading R22: the doll comes before payment, so the hats stay in the caster's hand."""
    s = three_players(["Magic hat 3"])
    play(s, "spell:levitation", "levitate:olentzero", "swap-with:penitente", "voodoo")
    assert hand(s, 0) == ["magic_hat_3"]
    assert phase(s) == "conjure an Alakazum?"


def test_a_doll_cancels_one_of_the_deja_vu_actions():
    """Voodoo dolls, R16, R22: each Déjà Vu action is announced on its own; a doll spends only the
    one it cancels."""
    s = zum(
        {
            "seats": [
                {"team": ["Maruxa", "Moura"], "hand": ["Magic hat 1", "Combat potion +1"]},
                {"team": ["Penitente", "Fallera"], "hand": ["Voodoo doll"]},
            ]
        }
    )
    play(s, "spell:deja_vu", "no-voodoo", "pay:magic_hat_1")
    play(s, "market", "voodoo")
    assert phase(s) == "do an action"
    assert s.view(0)["actions_left"] == 1
    play(s, "spell:training", "train:maruxa")
    no_voodoo(s)
    assert level(s, "maruxa") == "B"
    assert phase(s) == "conjure an Alakazum?"


#: What the table hears for each action (Player 1: Olentzero and Moura; Player 2: Penitente and
#: Fallera; Player 3: Tió de Nadal and Castanyera; Senyor Pirotècnic in the graveyard).
ANNOUNCEMENTS = {
    "market": (["market"], ["Combat potion +1"], "go to the market"),
    "food": (["food:food_gal_eus:GAL"], ["Pulpo / Marmitako"], "give Pulpo to the GAL characters"),
    "broom": (["broom:broom", "broom-on:moura"], ["Broom"], "give a broom to Moura (A)"),
    "fight": (["fight:fallera"], [], "fight and hypnotise Player 2's Fallera (A)"),
    "training": (["spell:training", "train:moura"], [], "cast Training on Moura (A)"),
    "clairvoyance": (["spell:clairvoyance", "peek:2"], ["Magic hat 1"], "cast Clairvoyance on final enemy 2"),
    "forest magic": (["spell:forest_magic"], ["Magic hat 2"], "cast Forest Magic"),
    "levitation": (
        ["spell:levitation", "levitate:olentzero", "swap-with:castanyera"],
        ["Magic hat 2"],
        "cast Levitation: Olentzero (A) for Player 3's Castanyera (A)",
    ),
    "revive": (
        ["spell:revive", "revive:senyor_pirotecnic"],
        ["Magic hat 3"],
        "cast Revive on Senyor Pirotècnic from the graveyard",
    ),
    "deja vu": (["spell:deja_vu"], ["Magic hat 3"], "cast Déjà Vu"),
}


@pytest.mark.parametrize("kind", list(ANNOUNCEMENTS))
def test_an_announcement_names_its_targets_before_the_voodoo_window(kind):
    """Voodoo dolls, R22: an action is announced as a player would say it aloud (the spell and its
    target, the broom's character, the food's culture, the fought character), before the window,
    so every opponent decides on a doll knowing it; nothing is paid or shown yet."""
    actions, cards, words = ANNOUNCEMENTS[kind]
    s = three_players(cards, [], ["Voodoo doll"])
    before = hand(s, 0)
    play(s, *actions)
    assert phase(s) == "voodoo doll?" and s.current_player() == 1
    said = f"Player 1 announces: {words}"
    assert s.decision() == f"Player 2: play a voodoo doll? {said}"
    for seat in (0, 1, 2, None):
        view = s.view(seat)
        assert view["announced"] == said
        entry = view["log"][-1]
        assert (entry["kind"], entry["seat"], entry["text"]) == ("announce", 0, f"{said}.")
        assert entry["announcement"]["action"] == actions[0]
    assert hand(s, 0) == before  # nothing paid, shown or given yet
    play(s, "no-voodoo")
    assert s.current_player() == 2  # Player 3 hears the same and holds a doll
    assert legal(s) == {"voodoo", "no-voodoo"}


def test_a_spell_does_what_its_announcement_named():
    """Reading R22: once no doll came, the spell is paid and does what was named, with no choice
    left; the log keeps the announcement as it was said (Moura was at level A then)."""
    s = three_players(["Magic hat 1"])
    play(s, "spell:training", "train:olentzero")
    no_voodoo(s)
    assert level(s, "olentzero") == "B"  # Moura's energy paid: nothing else to choose
    assert phase(s) == "conjure an Alakazum?"
    texts = [e["text"] for e in s.view(2)["log"]]
    assert "Player 1 announces: cast Training on Olentzero (A)." in texts
    assert texts[-1] == "Player 1 trains Olentzero to level B."
    s = three_players(["Magic hat 2"])
    play(s, "spell:levitation", "levitate:moura", "swap-with:penitente")
    no_voodoo(s)
    assert legal(s) == {"pay:magic_hat_2"}
    play(s, "pay:magic_hat_2")
    assert team(s, 0) == ["olentzero", "penitente"]
    assert team(s, 1) == ["moura", "fallera"]
