"""Alakazum! rulebook, Fighting and Hypnotising: forest combat, combat between players, die combat
values, sociable helpers, levels, potions and the steal potion (readings R4-R9, R24, R30)."""

from __future__ import annotations

from zum_helpers import graveyard, hand, key, legal, level, levels, market, no_voodoo, phase, play, team, zum


def totals(state):
    sides = state.view(None)["combat"]["sides"]
    return (sides[0]["total"], sides[1]["total"])


def forest(team_, card, hand_=()):
    """Player 1 meets ``card`` on their first explore draw."""
    return zum(
        {
            "seats": [{"team": list(team_), "hand": list(hand_)}, {"team": ["Tió de Nadal"]}],
            "deck_top": [card],
            "phase": "start",
        }
    )


def fight(attackers, defenders, hand1=(), hand2=()):
    """Player 1 attacks Player 2's first character (the fight is announced and let through)."""
    s = zum(
        {
            "seats": [
                {"team": list(attackers), "hand": list(hand1)},
                {"team": list(defenders), "hand": list(hand2)},
            ]
        }
    )
    play(s, f"fight:{key(s, s.teams[1][0])}")
    no_voodoo(s)
    return s


# -- combat against a forest character -----------------------------------------------------------


def test_forest_win_levels_up_and_a_roll_above_resistance_hypnotises_at_level_a():
    """Forest combat, R6: more combat points wins; the fighter goes up a level, then a roll above
    the forest character's resistance adds it to the team at level A (Olentzero 1 > Castanyera 0;
    2 > resistance 1)."""
    s = forest(["Olentzero"], "Castanyera")
    play(s, "fighter:olentzero", "pass")
    assert level(s, "olentzero") == "B"
    play(s, "die:2", "pass")
    assert levels(s, 0) == {"olentzero": "B", "castanyera": "A"}
    assert phase(s) == "do an action"


def test_forest_win_with_a_roll_not_above_resistance_sends_it_to_the_graveyard():
    """Forest combat, R6: a roll equal to the resistance does not hypnotise; the forest character
    goes to the graveyard at level A, and the winner keeps its new level."""
    s = forest(["Olentzero"], "Castanyera")
    play(s, "fighter:olentzero", "pass", "die:1", "pass")
    assert team(s, 0) == ["olentzero"]
    assert level(s, "olentzero") == "B"
    assert graveyard(s)[-1] == "castanyera"
    assert s.view(None)["graveyard"][-1]["level"] == "A"


def test_a_forest_character_fights_at_level_a():
    """Character levels, R6: a character from the forest always appears at level A (Sant Jordi A
    has combat 1, B would have 2; hypnosis is rolled against its A resistance 1)."""
    s = forest(["Olentzero", "Moura"], "Sant Jordi")
    play(s, "fighter:olentzero")
    combat = s.view(None)["combat"]
    assert combat["sides"][1]["fighter"]["level"] == "A"
    assert totals(s) == (1, 1)


def test_a_tie_with_a_forest_character_is_a_defeat():
    """Final clarifications, R5, R6: on equal points the forest character wins; it goes back into the
    reshuffled deck and the fighter goes to the graveyard at level A (Moura B 1 = Gegant A 1)."""
    s = forest([{"card": "Moura", "level": "B"}, "Olentzero"], "Gegant")
    size = s.view(None)["deck_size"]
    play(s, "fighter:moura", "pass")
    assert team(s, 0) == ["olentzero"]
    assert graveyard(s)[-1] == "moura"
    assert s.level[s.L.keys.index("moura")] == 0
    assert "gegant" in {key(s, p) for p in s.deck}
    assert s.view(None)["deck_size"] == size + 1
    assert phase(s) == "do an action"  # no roll after a defeat


def test_a_forest_defeat_reshuffles_a_known_deck_top():
    """Forest combat, R3: the deck is shuffled after a defeat, so a known top order is forgotten."""
    s2 = zum(
        {
            "seats": [{"team": ["Moura", "Olentzero"]}, {"team": ["Tió de Nadal"]}],
            "deck_top": ["Gegant", "Broom", "Magic hat 3"],
            "deck_top_known_by": [0],
            "phase": "start",
        }
    )
    assert [key(s2, p) for p in s2.deck_top] == ["magic_hat_3#1", "broom#1"]  # top = last
    play(s2, "fighter:moura", "pass")
    assert s2.deck_top == ()
    assert s2.top_known == 0
    assert {"broom#1", "magic_hat_3#1", "gegant"} <= {key(s2, p) for p in s2.deck}


def test_the_only_character_survives_a_forest_defeat():
    """Forest combat, R8: a lost fight does not take a player's only character."""
    s = forest(["Moura"], "Dimoni")
    play(s, "fighter:moura", "pass")
    assert team(s, 0) == ["moura"]
    assert "dimoni" in {key(s, p) for p in s.deck}


def test_a_character_on_a_broom_survives_a_forest_defeat():
    """Brooms, R6, R8: the character on a broom does not go to the graveyard after a lost fight."""
    s = forest([{"card": "Moura", "broom": True}, "Olentzero"], "Dimoni")
    play(s, "fighter:moura", "pass")
    assert team(s, 0) == ["moura", "olentzero"]
    assert "moura" not in graveyard(s)


def test_forest_potions_combat_first_then_die_after_the_roll():
    """Potions in forest combat, R6: combat potions are played before comparing, die potions only
    after the roll; a double potion may serve as either."""
    s = forest(["Moura"], "Dimoni", ["Combat potion +2", "Die potion +2", "Double potion"])
    play(s, "fighter:moura")
    assert legal(s) == {"potion-combat:combat_potion_2", "potion-combat:double_potion", "pass"}
    play(s, "potion-combat:combat_potion_2")  # 1 + 2 = 3 > Dimoni's 2
    assert totals(s) == (3, 2)
    assert s.current_player() == 0  # the explorer plays on until passing
    play(s, "pass", "die:1")
    assert legal(s) == {"potion-die:die_potion_2", "potion-die:double_potion", "pass"}
    play(s, "potion-die:double_potion", "pass")  # 1 + 1 = 2 > resistance 1
    assert team(s, 0) == ["moura", "dimoni"]
    assert hand(s, 0) == ["die_potion_2"]


def test_no_steal_potion_in_a_forest_combat():
    """Steal potion, R7: only used against another player's character, never in the forest."""
    s = forest(["Moura"], "Castanyera", ["Steal potion", "Combat potion +1"])
    play(s, "fighter:moura")
    assert legal(s) == {"potion-combat:combat_potion_1", "pass"}
    play(s, "pass", "die:6")
    assert legal(s) == {"pass"}


# -- combat values and sociable helpers ----------------------------------------------------------


def test_a_die_combat_value_is_rolled_when_the_combat_starts():
    """Final clarifications, R4: a character whose combat points are a die rolls them for that
    combat (Cascamorras rolls 5 against Olentzero's 1)."""
    s = fight(["Cascamorras", "Moura"], ["Olentzero", "Penitente"])
    play(s, "fighter:cascamorras")
    assert s.is_chance_node() and phase(s) == "roll a die combat value"
    play(s, "die:5")
    assert totals(s) == (5, 1)
    assert s.view(None)["combat"]["die_values"] == {"cascamorras": 5}


def test_a_forest_character_with_a_die_value_rolls_too():
    """R4: a forest character whose combat points are a die rolls when the fight starts (Nano 4)."""
    s = forest(["Olentzero"], "Nano")
    play(s, "fighter:olentzero", "die:4")
    assert totals(s) == (1, 4)


def test_a_sociable_character_adds_its_points_but_does_not_level_up():
    """Sociable, R4: one sociable character adds its combat points at its level; only the fighter
    goes up after a win (Moura 1 + Vicentica B 3 = 4 > Dimoni 2)."""
    s = forest(["Moura", {"card": "Vicentica", "level": "B"}, "Dolçainer"], "Dimoni")
    play(s, "fighter:moura")
    assert legal(s) == {"helper:vicentica", "helper:dolcainer", "no-helper"}
    play(s, "helper:vicentica")
    assert phase(s) == "combat potions"  # no second helper is asked for
    assert totals(s) == (4, 2)
    play(s, "pass", "die:1", "pass")
    assert levels(s, 0) == {"moura": "B", "vicentica": "B", "dolcainer": "A"}


def test_the_fighter_cannot_also_be_its_own_helper():
    """Sociable, R4: a sociable character helps another character; it does not help itself."""
    s = forest(["Vicentica", "Moura"], "Dimoni")
    play(s, "fighter:vicentica")
    assert phase(s) == "combat potions"  # Moura is not sociable: nobody to ask
    assert totals(s) == (2, 2)


def test_the_defender_may_add_a_sociable_helper_too():
    """Sociable, R4: its points may go to a character attacking or defending (Penitente 1 + Joaldun 1
    = 2 against Olentzero's 1)."""
    s = fight(["Olentzero", "Moura"], ["Penitente", "Joaldun"])
    play(s, "fighter:olentzero")
    assert s.current_player() == 1
    assert legal(s) == {"helper:joaldun", "no-helper"}
    play(s, "helper:joaldun")
    assert totals(s) == (1, 2)


# -- combat against another player's character ---------------------------------------------------


def test_a_player_with_one_character_cannot_be_attacked():
    """Combat between players, R7: a player is never left without characters, so nobody may attack
    a team of one."""
    s = zum(
        {"seats": [{"team": ["Olentzero", "Moura"]}, {"team": ["Penitente"]}, {"team": ["Fallera", "Nano"]}]}
    )
    fights = {n for n in legal(s) if n.startswith("fight:")}
    assert fights == {"fight:fallera", "fight:nano"}


def test_the_attacker_wins_goes_up_and_hypnotises_with_a_roll_above_resistance():
    """Combat between players, R7: the attacker with more points goes up a level, then a roll above the
    defender's resistance at its level takes it, at its level (Dimoni 2 > Penitente B 1; 2 > 1)."""
    s = fight(["Dimoni", "Moura"], [{"card": "Penitente", "level": "B"}, "Olentzero"])
    play(s, "fighter:dimoni", "pass", "pass")
    assert level(s, "dimoni") == "B"
    play(s, "die:2", "pass", "pass")
    assert levels(s, 0) == {"dimoni": "B", "moura": "A", "penitente": "B"}
    assert team(s, 1) == ["olentzero"]
    assert phase(s) == "conjure an Alakazum?"


def test_the_attacker_wins_but_fails_the_roll():
    """Combat between players, R7: a roll not above the resistance leaves the defender where it is, but
    the attacker has gone up a level anyway (Dimoni 2 > Penitente B 1; a roll of 1 is not above 1)."""
    s = fight(["Dimoni", "Moura"], [{"card": "Penitente", "level": "B"}, "Olentzero"])
    play(s, "fighter:dimoni", "pass", "pass", "die:1", "pass", "pass")
    assert level(s, "dimoni") == "B"
    assert team(s, 1) == ["penitente", "olentzero"]


def test_a_tie_goes_to_the_defender_who_goes_up_and_rolls():
    """Final clarifications, R5: on equal points the defender wins, goes up a level and its player
    rolls to hypnotise the attacker (Olentzero 1 = Penitente 1; 2 > Olentzero's resistance 1)."""
    s = fight(["Olentzero", "Moura"], ["Penitente", "Fallera"])
    play(s, "fighter:olentzero", "pass", "pass")
    assert level(s, "penitente") == "B"
    assert level(s, "olentzero") == "A"
    play(s, "die:2")
    assert s.current_player() == 1  # the defending player may add die potions
    play(s, "pass", "pass")
    assert team(s, 0) == ["moura"]
    assert team(s, 1) == ["penitente", "fallera", "olentzero"]


def test_the_defender_wins_but_fails_the_roll():
    """Combat between players, R7: if the defender's roll is not enough, the attacker stays home."""
    s = fight(["Olentzero", "Moura"], ["Dimoni", "Fallera"])
    play(s, "fighter:olentzero", "pass", "pass", "die:1", "pass", "pass")
    assert level(s, "dimoni") == "B"
    assert team(s, 0) == ["olentzero", "moura"]


def test_the_attackers_last_character_is_never_hypnotised():
    """Character cards, R8: a player who would lose their last character keeps it."""
    s = fight(["Olentzero"], ["Dimoni", "Fallera"])
    play(s, "fighter:olentzero", "pass", "pass", "die:6", "pass", "pass")
    assert team(s, 0) == ["olentzero"]
    assert team(s, 1) == ["dimoni", "fallera"]
    assert level(s, "dimoni") == "B"


def test_a_character_on_a_broom_can_be_attacked_but_not_hypnotised():
    """Brooms, R7, R8: a broom character may be attacked (and fight), but never changes owner."""
    s = fight(["Dimoni", "Moura"], [{"card": "Penitente", "broom": True}, "Olentzero"])
    play(s, "fighter:dimoni", "pass", "pass", "die:6", "pass", "pass")
    assert level(s, "dimoni") == "B"
    assert team(s, 1) == ["penitente", "olentzero"]


def test_a_character_on_a_broom_can_fight():
    """Brooms, R8: the broom keeps the character at home, not out of combat."""
    s = fight([{"card": "Dimoni", "broom": True}, "Moura"], ["Penitente", "Olentzero"])
    assert legal(s) == {"fighter:dimoni", "fighter:moura"}
    play(s, "fighter:dimoni", "pass", "pass", "die:6", "pass", "pass")
    assert team(s, 0) == ["dimoni", "moura", "penitente"]


def test_the_potion_exchange_alternates_from_the_attacker_until_both_pass_in_a_row():
    """Potions between players, R7: one potion or a pass each in turn, the attacker first; a pass
    followed by a rival's potion does not end it; two passes in a row do."""
    s = fight(
        ["Olentzero", "Moura"],
        ["Penitente", "Fallera"],
        ["Combat potion +1", "Combat potion +2"],
        ["Combat potion +1", "Combat potion +3"],
    )
    play(s, "fighter:olentzero")
    assert s.current_player() == 0
    play(s, "pass")
    assert s.current_player() == 1
    play(s, "potion-combat:combat_potion_1")
    assert s.current_player() == 0 and phase(s) == "combat potions"
    play(s, "potion-combat:combat_potion_2")
    assert totals(s) == (3, 2)
    play(s, "pass")
    assert s.current_player() == 0  # one pass is not enough
    play(s, "potion-combat:combat_potion_1")
    play(s, "potion-combat:combat_potion_3")
    assert totals(s) == (4, 5)
    play(s, "pass", "pass")
    assert phase(s) == "the hypnosis roll"
    assert level(s, "penitente") == "B"


def test_die_potions_are_only_for_the_winner():
    """Potions between players, R7: only the player trying to hypnotise may add die potions; the
    loser can only pass (or steal)."""
    s = fight(
        ["Dimoni", "Moura"], ["Penitente", "Fallera"], ["Die potion +1"], ["Die potion +2", "Double potion"]
    )
    play(s, "fighter:dimoni", "pass", "pass", "die:1")
    assert s.current_player() == 0
    assert legal(s) == {"potion-die:die_potion_1", "pass"}
    play(s, "pass")
    assert s.current_player() == 1
    assert legal(s) == {"pass"}
    play(s, "pass")
    assert team(s, 1) == ["penitente", "fallera"]  # 1 is not above resistance 1


def test_a_steal_takes_the_rivals_last_potion_into_the_hand():
    """Steal potion, R7: it cancels the rival's most recent combat potion and puts it in the
    stealer's hand, who may play it in the same combat."""
    s = fight(
        ["Olentzero", "Moura"],
        ["Penitente", "Fallera"],
        ["Combat potion +1", "Combat potion +2"],
        ["Steal potion"],
    )
    play(s, "fighter:olentzero", "potion-combat:combat_potion_1", "pass")
    play(s, "potion-combat:combat_potion_2")
    assert totals(s) == (4, 1)
    assert "steal:steal_potion" in legal(s)
    play(s, "steal:steal_potion")
    assert totals(s) == (2, 1)  # the +2, the latest, is cancelled; the earlier +1 still counts
    assert hand(s, 1) == ["combat_potion_2"]
    play(s, "pass")
    play(s, "potion-combat:combat_potion_2")  # now it is Pep's
    assert totals(s) == (2, 3)


def test_a_steal_potion_cannot_be_stolen():
    """Steal potion, R7: a steal cannot be stolen; with only a steal of the rival in play there is
    nothing to take."""
    s = fight(
        ["Olentzero", "Moura"],
        ["Penitente", "Fallera"],
        ["Combat potion +2", "Steal potion"],
        ["Steal potion"],
    )
    play(s, "fighter:olentzero", "potion-combat:combat_potion_2", "steal:steal_potion")
    assert s.current_player() == 0
    assert legal(s) == {"pass"}  # the +2 is in Player 2's hand now: nothing of theirs to steal


def test_a_steal_answers_a_die_potion():
    """Steal potion, R7: the loser may steal the winner's die potion after the roll."""
    s = fight(["Dimoni", "Moura"], ["Penitente", "Fallera"], ["Die potion +2"], ["Steal potion"])
    play(s, "fighter:dimoni", "pass", "pass", "die:1", "potion-die:die_potion_2")
    assert legal(s) == {"steal:steal_potion", "pass"}
    play(s, "steal:steal_potion")
    assert hand(s, 1) == ["die_potion_2"]
    assert s.current_player() == 0
    play(s, "pass", "pass")
    assert team(s, 1) == ["penitente", "fallera"]  # back to 1: not above resistance 1


def test_once_the_combat_is_decided_a_steal_answers_only_a_die_potion():
    """Reading R30: in the die stage the loser cannot steal the winner's combat potion any more
    (the combat is decided); only a die potion played on the roll can be answered."""
    s = fight(["Olentzero", "Moura"], ["Penitente", "Fallera"], ["Combat potion +2"], ["Steal potion"])
    play(s, "fighter:olentzero", "potion-combat:combat_potion_2", "pass", "pass")
    assert level(s, "olentzero") == "B"
    play(s, "die:6", "pass")
    assert legal(s) == {"pass"}
    play(s, "pass")
    assert hand(s, 1) == ["steal_potion"]
    assert team(s, 0) == ["olentzero", "moura", "penitente"]


def test_played_potions_go_to_the_market_in_the_order_played():
    """Reading R24: the potions still in play (and the steal potions) go on the market pile when
    the combat ends, the last one played on top; a stolen potion goes to the stealer's hand."""
    s = fight(
        ["Olentzero", "Moura"],
        ["Penitente", "Fallera"],
        ["Combat potion +1", "Combat potion +3"],
        ["Steal potion", "Combat potion +2", "Die potion +1"],
    )
    below = market(s)
    play(s, "fighter:olentzero", "potion-combat:combat_potion_1", "potion-combat:combat_potion_2")
    play(s, "potion-combat:combat_potion_3", "steal:steal_potion")
    assert totals(s) == (2, 3)
    assert market(s) == below  # nothing reaches the pile during the combat
    play(s, "pass", "pass", "die:1", "potion-die:die_potion_1", "pass", "pass")
    assert team(s, 1) == ["penitente", "fallera", "olentzero"]
    assert market(s) == ["die_potion_1", "steal_potion", "combat_potion_2", "combat_potion_1", *below]
    assert hand(s, 1) == ["combat_potion_3"]


def test_levels_never_go_above_c():
    """Character levels, R9: a character at level C that wins stays at C."""
    s = fight([{"card": "Dimoni", "level": "C"}, "Moura"], ["Penitente", "Fallera"])
    play(s, "fighter:dimoni", "pass", "pass", "die:1", "pass", "pass")
    assert level(s, "dimoni") == "C"


def test_a_character_going_to_the_graveyard_returns_to_level_a():
    """Character levels, R9: levels never go down, except in the graveyard, where it is level A."""
    s = forest([{"card": "Moura", "level": "C"}, "Olentzero"], "Aizkolaria")
    play(s, "fighter:moura", "pass")  # Moura C has 2, a tie with Aizkolaria's 2
    assert graveyard(s)[-1] == "moura"
    assert s.view(None)["graveyard"][-1]["level"] == "A"


def test_the_hypnosis_roll_uses_the_losers_level():
    """Combat between players, R7: the defender's resistance is read at its current level (Aizkolaria B
    has 3 combat; Penitente A resists 1, Penitente C 2: a roll of 2 takes only the A one)."""
    taken = {}
    for lvl in ("A", "C"):
        s = fight(
            [{"card": "Aizkolaria", "level": "B"}, "Moura"],
            [{"card": "Penitente", "level": lvl}, "Olentzero"],
        )
        play(s, "fighter:aizkolaria", "pass", "pass", "die:2", "pass", "pass")
        taken[lvl] = "penitente" in team(s, 0)
    assert taken == {"A": True, "C": False}


# -- what the table sees of a decided combat -----------------------------------------------------


def test_a_decided_combat_keeps_the_totals_it_was_fought_with():
    """Final clarifications, R5: a tie goes to the defender, who goes up a level at once; the view
    and the log keep the totals that were compared (1 against 1), not the winner's new points
    (Olentzero B has 2), with the fighters at the levels they fought at and why the winner won."""
    s = fight(["Penitente", "Moura"], ["Olentzero", "Fallera"])
    play(s, "fighter:penitente", "pass", "pass")
    assert level(s, "olentzero") == "B"
    combat = s.view(None)["combat"]
    assert totals(s) == (1, 1)
    assert combat["sides"][1]["fighter"]["level"] == "A"
    assert (combat["winner"], combat["reason"], combat["over"]) == (1, "a tie goes to the defender", False)
    texts = [e["text"] for e in s.view(0)["log"]]
    assert "Combat: Penitente 1 against Olentzero 1: Olentzero wins (a tie goes to the defender)." in texts
    assert texts[-1] == "Olentzero goes up to level B."


def test_the_last_combat_stays_in_view_until_the_next_one():
    """Combat against a forest character, R6: after the combat the table still shows how it went
    (the totals fought, the winner and why, each potion, the hypnosis roll and its result) until
    the next combat begins (Olentzero 1 + potion 1 = 2 against Castanyera 0, then B with 2)."""
    s = zum(
        {
            "seats": [{"team": ["Olentzero"], "hand": ["Combat potion +1"]}, {"team": ["Tió de Nadal"]}],
            "deck_top": ["Castanyera", "Broom", "Dimoni"],
            "phase": "start",
        }
    )
    play(s, "fighter:olentzero", "potion-combat:combat_potion_1", "pass", "die:2", "pass")
    assert team(s, 0) == ["olentzero", "castanyera"]
    combat = s.view(1)["combat"]
    assert combat["over"] is True
    assert totals(s) == (2, 0)
    assert combat["sides"][0]["fighter"]["level"] == "A"  # as it fought; it is at B now
    assert (combat["winner"], combat["reason"]) == (0, "more combat points")
    assert combat["potions"] == [{"seat": 0, "card": "Combat potion +1", "as": "combat", "in_effect": True}]
    assert (combat["roll"], combat["die_total"], combat["hypnosis"]) == (2, 2, "hypnotised")
    play(s, "no-action", "end-turn")  # Player 2 explores the broom
    assert phase(s) == "do an action" and s.player == 1
    assert s.view(None)["combat"] == combat
    play(s, "no-action", "end-turn")  # Player 1 explores Dimoni: a new combat
    combat = s.view(None)["combat"]
    assert (combat["over"], combat["winner"], combat["roll"], combat["potions"]) == (False, None, None, [])
    assert combat["sides"][1]["fighter"]["name"] == "Dimoni"
    play(s, "fighter:olentzero")
    assert totals(s) == (2, 2)  # Olentzero B now fights with 2


def test_a_lost_forest_combat_shows_the_forest_won_the_tie():
    """Final clarifications, R5, R6: on a tie the forest character wins; the table is shown that
    it did and why, after the fighter has gone to the graveyard (Moura B 1 = Gegant A 1)."""
    s = forest([{"card": "Moura", "level": "B"}, "Olentzero"], "Gegant")
    play(s, "fighter:moura", "pass")
    combat = s.view(None)["combat"]
    assert (combat["over"], combat["winner"], combat["reason"]) == (
        True,
        -1,
        "a tie goes to the forest character",
    )
    assert totals(s) == (1, 1)
    assert combat["sides"][0]["fighter"]["level"] == "B"  # it fought at B; it is in the graveyard now
    assert combat["roll"] is None and combat["hypnosis"] is None


def test_a_level_c_winner_is_not_said_to_go_up():
    """Character levels, R9: a winner already at level C stays there, and the log says so."""
    s = fight([{"card": "Dimoni", "level": "C"}, "Moura"], ["Penitente", "Fallera"])
    play(s, "fighter:dimoni", "pass", "pass")
    texts = [e["text"] for e in s.view(None)["log"]]
    assert texts[-1] == "Dimoni stays at level C, the highest."
    assert not any("goes up to level C" in t for t in texts)
