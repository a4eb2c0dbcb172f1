"""Safe undo in Alakazum! (reading R33): a decision is taken back only when doing so tells
nobody anything, which in this game also means that whether it was a choice at all is public.
Each position is a scenario; an allowed undo is the replay of the shortened record, and a
refused one says which condition of the rule stops it."""

from __future__ import annotations

from typing import Any

import pytest
from zum_helpers import legal, zum

from alaka.core.undo import Step, UndoError, refusal, step, to_last_choice, undo, undoable


class Played:
    """A scenario position and what undo needs to know of every action applied to it."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.state = zum(spec)
        self.steps: list[Step] = []
        self.before: list[Any] = []

    def act(self, *names: str) -> Played:
        for name in names:
            action = self.state.action_from_string(name)
            self.before.append(self.state.clone())
            self.steps.append(step(self.state, action))
            self.state.apply_action(action)
        return self

    def back(self, seat: int = 0) -> int:
        """How many actions the seat's undo takes back now (to its latest real choice)."""
        return to_last_choice(self.state, self.steps, seat)

    def undone_is_the_replay(self, seat: int = 0) -> bool:
        """Take back to the latest real choice: the very position before it, for every seat."""
        count = self.back(seat)
        restored = undo(self.state, self.steps, seat, count)
        before = self.before[-count]
        seats = [None, *range(before.num_players)]
        return (
            restored.record() == before.record()
            and [restored.view(v) for v in seats] == [before.view(v) for v in seats]
            and legal(restored) == legal(before)
        )

    def refused(self, seat: int = 0) -> str:
        assert self.back(seat) == 0
        with pytest.raises(UndoError, match="nothing to take back") as error:
            undo(self.state, self.steps, seat)
        assert refusal(self.steps, self.state, seat) in str(error.value)
        return str(error.value)


HIDDEN = "showed or relied on something hidden"

#: Player 2 has a single character: nobody can be fought, so a fight is never a choice.
ALONE = {"team": ["Olentzero"]}


def test_a_spell_the_team_energy_pays_is_taken_back_before_its_target_is_named() -> None:
    """Moura's energy pays Training: choosing it says nothing about the hats in hand."""
    played = Played({"seats": [{"team": ["Moura", "Penitente"], "hand": ["Magic hat 1"]}, ALONE]})
    played.act("spell:training")
    assert played.back() == 1 and played.undone_is_the_replay()


def test_a_spell_paid_with_hats_is_never_taken_back() -> None:
    """Without energy, choosing Training tells the table the hand holds a hat: it stays chosen."""
    played = Played({"seats": [{"team": ["Penitente", "Casteller"], "hand": ["Magic hat 1"]}, ALONE]})
    played.act("spell:training")
    assert HIDDEN in played.refused()


def test_no_action_is_taken_back_when_the_menu_was_a_choice_anyone_could_see() -> None:
    """Player 2's two characters may be fought: everyone knows doing nothing was a choice."""
    played = Played(
        {"seats": [{"team": ["Penitente"], "hand": ["Magic hat 1"]}, {"team": ["Olentzero", "Moura"]}]}
    )
    played.act("no-action")
    assert undoable(played.steps, played.state, 0) == 1
    restored = undo(played.state, played.steps, 0)
    assert restored.record() == played.before[0].record()


def test_no_action_is_kept_when_only_the_hand_made_it_a_choice() -> None:
    """The food is the only other choice: going back to "no action" would tell Player 2 that
    Player 1 held something to do, so the undo would have to go back further, and there is
    nothing before it in this position."""
    played = Played({"seats": [{"team": ["Casteller"], "hand": ["food_cat_gal"]}, ALONE]})
    assert "no-action" in legal(played.state) and len(legal(played.state)) > 1
    played.act("no-action")
    assert played.steps[-1].choice and not played.steps[-1].known
    assert "only you knew your last decision was a choice" in played.refused()


def test_no_action_is_taken_back_when_everyone_saw_the_whole_hand() -> None:
    """The thrifty Casteller takes the food from the face-up market pile: the hand is public,
    so the menu is too."""
    played = Played(
        {
            "seats": [{"team": ["Casteller"]}, ALONE],
            "market": ["food_cat_gal"],
            "deck_top": ["black_friday_discount"],  # one card in hand: the trap does nothing
            "phase": "start",
        }
    )
    assert "no-action" in legal(played.state) and len(legal(played.state)) > 1
    played.act("no-action")
    assert undoable(played.steps, played.state, 0) == 1


#: Dimoni, met in the forest, fights with 2 and rolls no die: the combat goes straight to potions.
FOREST = {"deck_top": ["dimoni"], "phase": "start"}


def test_a_potion_everyone_knows_of_and_a_pass_beside_it_are_taken_back() -> None:
    """Tió de Nadal takes the combat potion from the market pile in everyone's sight, so playing
    it shows nothing and passing is a choice all can see: the fighter, the potion and the pass
    (after which the forest character has won) are each taken back."""
    spec = {
        "seats": [{"team": ["tio_de_nadal", "Penitente"]}, ALONE],
        "market": ["combat_potion_1"],
        **FOREST,
    }
    played = Played(spec)
    played.act("fighter:penitente")
    assert legal(played.state) == {"potion-combat:combat_potion_1", "pass"}
    assert played.back() == 1 and played.undone_is_the_replay()
    played.act("potion-combat:combat_potion_1")
    assert played.back() == 1 and played.undone_is_the_replay()
    played.act("pass")  # forced now (the hand is empty): taken back with the potion
    assert played.back() == 2 and played.undone_is_the_replay()
    passed = Played(spec).act("fighter:penitente", "pass")  # 1 against 2: the forest wins
    assert passed.state.combat is None and passed.state.current_player() == 0
    assert passed.back() == 1 and passed.undone_is_the_replay()


def test_a_pass_with_a_potion_nobody_saw_goes_back_only_with_the_fighter() -> None:
    """Going back to the pass would tell Player 2 that Player 1 had a potion to play (and going
    past a forced one that they had none): the pass is taken back with the fighter, whatever the
    hand held."""
    for hand in (["combat_potion_2"], ["Magic hat 1"]):  # a choice, and a pass with no choice
        played = Played({"seats": [{"team": ["sant_jordi", "Penitente"], "hand": hand}, ALONE], **FOREST})
        played.act("fighter:penitente", "pass")
        assert played.state.current_player() == 0
        assert played.back() == 2 and played.undone_is_the_replay()


def test_a_pass_nobody_could_tell_was_a_choice_is_kept_after_a_roll() -> None:
    """Nano's combat value is rolled: once the die is cast, the pass after it (a choice only
    Player 1 knew of) cannot be taken back, and Player 1 is told why."""
    played = Played(
        {
            "seats": [{"team": ["sant_jordi", "Penitente"], "hand": ["combat_potion_2"]}, ALONE],
            "deck_top": ["nano"],
            "phase": "start",
        }
    )
    played.act("fighter:penitente", "die:6", "pass")
    assert played.state.current_player() == 0
    why = played.refused()
    assert "only you knew your last decision was a choice" in why and "a die was rolled before it" in why


def test_with_an_empty_hand_the_pass_is_forced_for_all_to_see_and_the_fighter_is_taken_back() -> None:
    """Nothing in hand: everyone knows the pass was forced, so the undo goes back over it to
    the fighter chosen."""
    played = Played({"seats": [{"team": ["sant_jordi", "Penitente"]}, ALONE], **FOREST})
    played.act("fighter:penitente")
    assert legal(played.state) == {"pass"}
    played.act("pass")
    assert played.state.current_player() == 0
    assert played.back() == 2 and played.undone_is_the_replay()


def test_an_announcement_is_never_taken_back_once_the_voodoo_window_asked_anyone() -> None:
    """Player 2 let the fight through (a doll or not): Player 1 has learnt that, so choosing the
    fighter afterwards cannot reach back to the announcement."""
    rival = {"team": ["Olentzero", "Moura"], "hand": ["Magic hat 1"]}  # a doll, for all Player 1 knows
    played = Played({"seats": [{"team": ["Penitente", "Casteller"]}, rival]})
    played.act("fight:moura", "no-voodoo")
    assert played.state.current_player() == 0 and len(legal(played.state)) > 1  # the fighter
    assert "another player was asked since your last decision" in played.refused()
    played.act("fighter:penitente")  # Player 1 plays potions first: the fighter, and no further
    assert undoable(played.steps, played.state, 0) == 1 and played.undone_is_the_replay()


@pytest.mark.parametrize(
    "where",
    [
        {"box": ["Voodoo doll", "Voodoo doll"], "hand": ["Magic hat 1"]},  # both dolls were used
        {"box": [], "hand": []},  # nothing in hand
    ],
)
def test_a_window_that_could_only_let_the_fight_through_is_crossed(where: dict[str, Any]) -> None:
    """Everyone knows Player 2 holds no doll: letting the fight through was forced for all to
    see and tells Player 1 nothing, so the fight itself is taken back from the fighter's choice."""
    rival = {"team": ["Olentzero", "Moura"], "hand": where["hand"]}
    played = Played({"seats": [{"team": ["Penitente", "Casteller"]}, rival], "box": where["box"]})
    played.act("fight:moura")
    assert legal(played.state) == {"no-voodoo"}
    played.act("no-voodoo")
    assert played.back() == 2 and played.undone_is_the_replay()
    played.act("fighter:penitente")
    assert played.back() == 1  # the fighter first; taking it back leads to the fight
    assert undoable(played.steps, played.state, 0) == 3


def test_a_refusal_says_which_condition_stops_it() -> None:
    played = Played(
        {"seats": [{"team": ["Penitente"], "hand": ["Magic hat 1"]}, {"team": ["Olentzero", "Moura"]}]}
    )
    assert "you have made no decision this turn yet" in played.refused()
    assert "it is not your decision now" in played.refused(seat=1)
