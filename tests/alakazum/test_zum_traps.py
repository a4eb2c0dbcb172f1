"""Alakazum! rulebook, Trap Cards: Black Friday's Discount, Halloween's Trick or Treat and Santa
Claus' Present, with all their choices (readings R18-R20); a trap leaves the game."""

from __future__ import annotations

from zum_helpers import box, graveyard, hand, legal, phase, play, team, zum

BLACK_FRIDAY = "Black Friday's Discount"
HALLOWEEN = "Halloween's Trick or Treat"
SANTA = "Santa Claus' Present"


def trapped(trap, team1, hand1=(), others=None):
    """Player 1 draws ``trap`` on the first explore draw; three players unless ``others`` says."""
    others = (
        others if others is not None else [{"team": ["Penitente"]}, {"team": ["Tió de Nadal", "Castanyera"]}]
    )
    return zum(
        {
            "seats": [{"team": list(team1), "hand": list(hand1)}, *others],
            "deck_top": [trap],
            "phase": "start",
        }
    )


FIVE_CARDS = ["Magic hat 1", "Magic hat 2", "Broom", "Steal potion", "Barretina"]


def test_black_friday_gives_half_rounded_down_one_card_at_a_time():
    """Black Friday, R18: with 5 cards (odd) 2 are given, each to the opponent the player picks."""
    s = trapped(BLACK_FRIDAY, ["Moura", "Olentzero"], FIVE_CARDS)
    assert phase(s) == "choose a card to give"
    assert legal(s) == {
        f"give:{k}" for k in ["magic_hat_1", "magic_hat_2", "broom", "steal_potion", "barretina"]
    }
    play(s, "give:broom")
    assert legal(s) == {"to:p2", "to:p3"}  # never oneself
    play(s, "to:p3", "give:barretina", "to:p2")
    assert hand(s, 0) == ["magic_hat_1", "magic_hat_2", "steal_potion"]
    assert hand(s, 1) == ["barretina"]
    assert hand(s, 2) == ["broom"]
    assert phase(s) == "do an action"  # the trap also ended the exploring


def test_black_friday_with_four_cards_gives_two():
    """Black Friday, R18: an even hand gives exactly half."""
    s = trapped(BLACK_FRIDAY, ["Moura"], FIVE_CARDS[:4])
    play(s, "give:magic_hat_1", "to:p2")
    assert phase(s) == "choose a card to give"
    play(s, "give:broom", "to:p2")
    assert hand(s, 0) == ["magic_hat_2", "steal_potion"]
    assert hand(s, 1) == ["broom", "magic_hat_1"]


def test_black_friday_does_not_affect_one_card_or_none():
    """Black Friday, R18: with 1 card or none the trap does nothing."""
    for cards in ([], ["Magic hat 1"]):
        s = trapped(BLACK_FRIDAY, ["Moura"], cards)
        assert phase(s) == "do an action"
        assert len(s.hands[0]) == len(cards)


def test_a_trap_leaves_the_game():
    """Trap cards, R10: after its effect the trap goes back to the box, not to the market or deck."""
    s = trapped(BLACK_FRIDAY, ["Moura"])
    assert "black_friday_discount#1" in box(s)
    assert all(not s.L.is_trap[p] for p in [*s.market, *s.deck_top])


def test_halloween_offers_cards_or_a_character():
    """Halloween, R19: the player chooses between giving half the hand and losing a character."""
    s = trapped(HALLOWEEN, ["Moura", "Olentzero"], FIVE_CARDS[:3])
    assert legal(s) == {"halloween:cards", "halloween:character"}
    play(s, "halloween:cards")
    assert legal(s) == {"give:magic_hat_1", "give:magic_hat_2", "give:broom"}
    play(s, "give:magic_hat_2", "to:p3")
    assert phase(s) == "do an action"  # 3 cards: 1 is given
    assert hand(s, 2) == ["magic_hat_2"]
    assert team(s, 0) == ["moura", "olentzero"]


def test_halloween_character_choice_sends_one_to_the_graveyard():
    """Halloween, R19: the player may instead send one of their characters (their choice) away."""
    s = trapped(HALLOWEEN, ["Moura", {"card": "Olentzero", "level": "C"}], FIVE_CARDS[:3])
    play(s, "halloween:character")
    assert legal(s) == {"sacrifice:moura", "sacrifice:olentzero"}
    play(s, "sacrifice:olentzero")
    assert team(s, 0) == ["moura"]
    assert graveyard(s)[-1] == "olentzero"
    assert s.view(None)["graveyard"][-1]["level"] == "A"
    assert len(s.hands[0]) == 3


def test_halloween_with_one_character_leaves_only_the_cards():
    """Halloween, R19: a lone character cannot be lost, so only the cards choice is left."""
    s = trapped(HALLOWEEN, ["Moura"], FIVE_CARDS[:2])
    assert legal(s) == {"halloween:cards"}


def test_halloween_with_one_card_or_none_leaves_only_the_character():
    """Halloween, R19: with 1 card or none there is nothing to give, only a character."""
    s = trapped(HALLOWEEN, ["Moura", "Olentzero"], FIVE_CARDS[:1])
    assert legal(s) == {"halloween:character"}


def test_halloween_does_not_affect_one_character_with_one_card():
    """Halloween, R19: no effect on a player with 1 character and 1 card or none."""
    s = trapped(HALLOWEEN, ["Moura"], FIVE_CARDS[:1])
    assert phase(s) == "do an action"
    assert hand(s, 0) == ["magic_hat_1"]
    assert team(s, 0) == ["moura"]


def test_halloween_cannot_take_a_character_on_a_broom():
    """Halloween, R19: a broom-protected character is not a choice (nor, here, is any other)."""
    s = trapped(HALLOWEEN, [{"card": "Moura", "broom": True}, "Olentzero"], FIVE_CARDS[:1])
    play(s, "halloween:character")
    assert legal(s) == {"sacrifice:olentzero"}
    s = trapped(
        HALLOWEEN, [{"card": "Moura", "broom": True}, "Olentzero", {"card": "Fallera", "broom": True}]
    )
    play(s, "halloween:character", "sacrifice:olentzero")
    assert team(s, 0) == ["moura", "fallera"]


def test_halloween_without_any_possible_choice_has_no_effect():
    """Halloween, R19: with no card to give and every character on a broom, neither choice is
    possible and the trap does nothing."""
    s = trapped(HALLOWEEN, [{"card": "Moura", "broom": True}, {"card": "Olentzero", "broom": True}])
    assert phase(s) == "do an action"
    assert team(s, 0) == ["moura", "olentzero"]


def test_santa_claus_under_three_explodes_on_the_holder():
    """Santa Claus, R20: the drawer rolls; under 3 the present explodes and they send a character
    of their choice to the graveyard; the trap is over."""
    s = trapped(SANTA, ["Moura", "Olentzero"])
    assert s.is_chance_node() and phase(s) == "Santa Claus' die"
    play(s, "die:2")
    assert s.current_player() == 0
    assert legal(s) == {"sacrifice:moura", "sacrifice:olentzero"}
    play(s, "sacrifice:moura")
    assert team(s, 0) == ["olentzero"]
    assert phase(s) == "do an action"


def test_santa_claus_three_or_more_passes_the_die_to_anyone_else():
    """Santa Claus, R20, R32: 3 or more and the holder passes the die to any other player (back to
    the drawer too), who rolls again; here Player 3 rolls a 1 and loses a character of their
    choice."""
    s = trapped(SANTA, ["Moura", "Olentzero"])
    play(s, "die:3")
    assert s.current_player() == 0
    assert legal(s) == {"pass-die:p2", "pass-die:p3"}
    play(s, "pass-die:p3", "die:6")
    assert s.current_player() == 2
    assert legal(s) == {"pass-die:p1", "pass-die:p2"}  # back to the drawer is allowed
    play(s, "pass-die:p1", "die:4", "pass-die:p3", "die:1")
    assert s.current_player() == 2
    assert legal(s) == {"sacrifice:tio_de_nadal", "sacrifice:castanyera"}
    play(s, "sacrifice:castanyera")
    assert team(s, 2) == ["tio_de_nadal"]
    assert team(s, 0) == ["moura", "olentzero"]
    assert s.player == 0 and phase(s) == "do an action"


def test_santa_claus_does_not_affect_a_player_with_one_character():
    """Santa Claus, R20, R32: the die may be passed to a player with 1 character, but if it explodes there
    nothing is lost, and the trap ends."""
    s = trapped(SANTA, ["Moura", "Olentzero"])
    play(s, "die:5", "pass-die:p2", "die:1")
    assert team(s, 1) == ["penitente"]
    assert phase(s) == "do an action"
    assert s.current_player() == 0


def test_santa_claus_spares_a_lone_drawer():
    """Santa Claus, R20: a drawer with 1 character loses nothing when it explodes on them."""
    s = trapped(SANTA, ["Moura"])
    play(s, "die:1")
    assert team(s, 0) == ["moura"]
    assert phase(s) == "do an action"
