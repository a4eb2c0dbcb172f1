"""Fighting and hypnotising characters: forest combat and player combat, with their potions.

The rulebook's "Fighting and Hypnotising Characters" and "Potions": a fighter and a sociable
helper per side (R4), die combat values rolled when the combat starts, combat potions (in player
combat in turns until both pass, R7; the steal potion, R7, R30), the comparison (ties to the
defender or the forest character, R5), the winner's level (R9), the hypnosis roll with die
potions against the loser's resistance, what happens to the loser (R6, R8), and the potions
going to the market pile when the combat ends (R24). A forest combat starts while exploring
(:mod:`.turn`) or from Forest Magic (:mod:`.spells`); a player combat is the fight-and-hypnotise
action (:mod:`.action`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import ZumAction
from alaka.games.alakazum.combat import (
    MORE_POINTS,
    TIE_TO_THE_DEFENDER,
    TIE_TO_THE_FOREST,
    Combat,
    CombatResult,
    PlayedPotion,
    PotionUse,
)
from alaka.games.alakazum.phases import (
    PH_COMBAT_DIE,
    PH_DIE_POTIONS,
    PH_FIGHTER,
    PH_HELPER,
    PH_HYPNOSIS_ROLL,
    PH_POTIONS,
)
from alaka.games.alakazum.rules import turn
from alaka.games.alakazum.rules.table import (
    can_lose,
    gain_public,
    join_team,
    kinds_in_hand,
    leave_team,
    level_up,
    own_level,
    own_market,
    take_from_hand,
    to_deck,
    to_graveyard,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState


def the_combat(s: AlakazumState) -> Combat:
    """The combat being fought (only called in a combat's phases)."""
    combat = s.combat
    if combat is None:
        raise RuntimeError(f"no combat is being fought in phase {s.phase}")
    return combat


def start_combat(s: AlakazumState, combat: Combat) -> None:
    """A new combat begins; the last one stops being shown."""
    s.combat = combat
    s.last_combat = None


def start_forest_combat(s: AlakazumState, pid: int, cont: int) -> None:
    """R4: a character met in the forest must be fought; ``cont`` says what comes after."""
    own_level(s)[pid] = 0
    s.cont = cont
    start_combat(s, Combat(True, s.player, pid, -1))
    s.events.append(E.ForestCharacter(s.player, 0, pid))
    s.phase = PH_FIGHTER
    s.decider = s.player


def start_player_combat(s: AlakazumState, target: int, defender: int) -> None:
    """The fight-and-hypnotise action: the attacker chooses a fighter against ``target``."""
    start_combat(s, Combat(False, s.player, target, defender))
    s.phase = PH_FIGHTER


# -- fighters and helpers ------------------------------------------------------------------------


def _legal_fighter(s: AlakazumState) -> tuple[Action, ...]:
    fighter = s.acts.fighter
    return tuple([fighter[pid] for pid in s.teams[s.decider]])


def helper_candidates(s: AlakazumState, combat: Combat, side: int) -> list[int]:
    seat, fighter, sociable = combat.owner[side], combat.fighter[side], s.L.sociable
    return [pid for pid in s.teams[seat] if pid != fighter and sociable[pid]]


def _legal_helper(s: AlakazumState) -> tuple[Action, ...]:
    combat = the_combat(s)
    side = combat.side_of(s.decider)
    helper = s.acts.helper
    out: list[Action] = [helper[pid] for pid in helper_candidates(s, combat, side)]
    out.append(s.acts.no_helper)
    return tuple(out)


def _apply_fighter(s: AlakazumState, action: ZumAction) -> None:
    combat = the_combat(s)
    combat.set_fighter(0, action.arg)
    s.events.append(E.Fighter(s.decider, 0, action.arg))
    _next_helper(s, combat, 0)


def _next_helper(s: AlakazumState, combat: Combat, side: int) -> None:
    """R4: each side may add one sociable character (public knowledge: skipped when none)."""
    while side < 2:
        if combat.owner[side] >= 0 and helper_candidates(s, combat, side):
            s.phase = PH_HELPER
            s.decider = combat.owner[side]
            return
        side += 1
    _start_combat_rolls(s, combat)


def _apply_helper(s: AlakazumState, action: ZumAction) -> None:
    combat = the_combat(s)
    side = combat.side_of(s.decider)
    if action.kind == A.HELPER:
        combat.set_helper(side, action.arg)
        s.events.append(E.Helper(s.decider, 0, action.arg))
    _next_helper(s, combat, side + 1)


# -- combat points -------------------------------------------------------------------------------


def _start_combat_rolls(s: AlakazumState, combat: Combat) -> None:
    """R4: a die combat value is rolled when the combat starts."""
    fighter, helper, level, rolls_die = combat.fighter, combat.helper, s.level, s.L.combat_die
    creature = fighter[1] if combat.forest else -1  # a forest character fights at level A
    rolls = [
        pid
        for pid in [fighter[0], helper[0], fighter[1], helper[1]]
        if pid >= 0 and rolls_die[pid][0 if pid == creature else level[pid]]
    ]
    combat.rolls = tuple(rolls)
    if rolls:
        s.phase = PH_COMBAT_DIE
    else:
        _start_potions(s, combat)


def combat_die_rolled(s: AlakazumState, value: int) -> None:
    """A die combat value is rolled (chance)."""
    combat = the_combat(s)
    pid = combat.rolls[0]
    combat.rolls = combat.rolls[1:]
    combat.values = {**combat.values, pid: value}
    s.events.append(E.CombatDie(-1, 0, pid, value))
    if not combat.rolls:
        _start_potions(s, combat)


def combat_value(s: AlakazumState, combat: Combat, pid: int, forest_character: bool) -> int:
    if pid < 0:
        return 0
    values = combat.values
    if pid in values:
        return values[pid]
    return s.L.combat_value[pid][0 if forest_character else s.level[pid]]


def combat_total(s: AlakazumState, combat: Combat, side: int) -> int:
    """R4: fighter + one sociable helper + this side's combat potions still in effect."""
    forest_character = combat.forest and side == 1
    total = combat_value(s, combat, combat.fighter[side], forest_character)
    total += combat_value(s, combat, combat.helper[side], False)
    seat = combat.owner[side]
    L = s.L
    for potion in combat.played:
        if potion.seat == seat and potion.in_effect and potion.use == "combat":
            total += L.combat_bonus[L.type_of[potion.card]]
    return total


def die_total(s: AlakazumState, combat: Combat) -> int:
    """The hypnosis roll plus the winner's die potions still in effect."""
    seat = combat.owner[combat.winner]
    L = s.L
    total = combat.roll
    for potion in combat.played:
        if potion.seat == seat and potion.in_effect and potion.use == "die":
            total += L.die_bonus[L.type_of[potion.card]]
    return total


# -- potions ---------------------------------------------------------------------------------------


def stealable(combat: Combat, seat: int, die_stage: bool = False) -> PlayedPotion | None:
    """R7: the rival's most recent active combat or die potion of this combat. Once the combat
    is decided (the die stage) only a die potion can be answered with a steal (R30)."""
    for potion in reversed(combat.played):
        if potion.seat != seat and potion.in_effect and potion.use != "steal":
            if die_stage and potion.use != "die":
                return None
            return potion
    return None


def _start_potions(s: AlakazumState, combat: Combat) -> None:
    combat.turn = combat.owner[0]
    combat.passes = 0
    s.phase = PH_POTIONS
    s.decider = combat.turn


def _legal_potions(s: AlakazumState) -> tuple[Action, ...]:
    """Combat potions (or double potions for combat); in player combat also a steal."""
    combat = the_combat(s)
    seat = s.decider
    L = s.L
    acts = s.acts
    out: list[Action] = []
    can_steal = not combat.forest and stealable(combat, seat) is not None
    combat_bonus, is_steal = L.combat_bonus, L.is_steal
    for kind in kinds_in_hand(s, seat):
        if combat_bonus[kind] > 0:
            out.append(acts.potion_combat[kind])
        elif can_steal and is_steal[kind]:
            out.append(acts.steal[kind])
    out.append(acts.pass_)
    return tuple(out)


def _legal_die_potions(s: AlakazumState) -> tuple[Action, ...]:
    """The winner may add die potions; the loser may answer with a steal (R7)."""
    combat = the_combat(s)
    seat = s.decider
    L = s.L
    acts = s.acts
    out: list[Action] = []
    winner_seat = combat.owner[combat.winner]
    die_bonus, is_steal = L.die_bonus, L.is_steal
    for kind in kinds_in_hand(s, seat):
        if seat == winner_seat:
            if die_bonus[kind] > 0:
                out.append(acts.potion_die[kind])
        elif is_steal[kind] and stealable(combat, seat, die_stage=True) is not None:
            out.append(acts.steal[kind])
    out.append(acts.pass_)
    return tuple(out)


def _play_potion(s: AlakazumState, combat: Combat, action: ZumAction, use: PotionUse) -> None:
    seat = s.decider
    pid = take_from_hand(s, seat, action.arg)
    combat.played += (PlayedPotion(seat, pid, use),)
    if use == "steal":
        target = stealable(combat, seat, die_stage=s.phase == PH_DIE_POTIONS)
        if target is None:
            raise RuntimeError("a steal potion was played with nothing to steal")
        # Cancelled: the stolen potion leaves the combat for the stealer's hand.
        cancelled = PlayedPotion(target.seat, target.card, target.use, in_effect=False)
        combat.played = tuple([cancelled if potion is target else potion for potion in combat.played])
        gain_public(s, seat, target.card)
        s.events.append(E.Stole(seat, 0, pid, target.card))
    else:
        s.events.append(E.PotionPlayed(seat, 0, pid, use))


#: What a potion action plays the potion for.
_USES: Final[dict[int, PotionUse]] = {A.POTION_COMBAT: "combat", A.POTION_DIE: "die", A.STEAL: "steal"}


def _apply_potion(s: AlakazumState, action: ZumAction) -> None:
    combat = the_combat(s)
    _play_potion(s, combat, action, _USES[action.kind])
    if combat.forest:
        return  # the explorer plays on until passing
    combat.passes = 0
    _other_turn(s, combat)


def _other_turn(s: AlakazumState, combat: Combat) -> None:
    combat.turn = combat.owner[1] if combat.turn == combat.owner[0] else combat.owner[0]
    s.decider = combat.turn


def _apply_pass(s: AlakazumState, action: ZumAction) -> None:
    """R7: the exchange ends when both have passed in a row (in forest combat, at once)."""
    combat = the_combat(s)
    combat.passes += 1
    if not combat.forest and combat.passes < 2:
        _other_turn(s, combat)
        return
    if s.phase == PH_POTIONS:
        _resolve_combat(s, combat)
    else:
        _resolve_hypnosis(s, combat)


# -- the result ------------------------------------------------------------------------------------


def _resolve_combat(s: AlakazumState, combat: Combat) -> None:
    """R5: more points wins; ties go to the defender or the forest character. The comparison is
    recorded as it was made, before the winner goes up a level."""
    totals = (combat_total(s, combat, 0), combat_total(s, combat, 1))
    winner = 0 if totals[0] > totals[1] else 1
    if totals[0] != totals[1]:
        reason = MORE_POINTS
    else:
        reason = TIE_TO_THE_FOREST if combat.forest else TIE_TO_THE_DEFENDER
    helpers, level = combat.helper, s.level
    fighters = (combat.fighter[0], combat.fighter[1])
    creature = fighters[1] if combat.forest else -1  # a forest character fights at level A
    cards = [fighters[0], helpers[0], fighters[1], helpers[1]]
    levels = tuple([(pid, 0 if pid == creature else level[pid]) for pid in cards if pid >= 0])
    combat.result = CombatResult(totals, fighters, levels, winner, reason)
    combat.winner = winner
    s.events.append(E.CombatDecided(combat.owner[0], 0, fighters, totals, fighters[winner], reason))
    if combat.forest and winner == 1:
        _forest_defeat(s, combat)
        return
    fighter = combat.fighter[winner]
    before = s.level[fighter]
    level_up(s, combat.owner[winner], fighter)
    s.events.append(E.LevelUp(combat.owner[winner], 0, fighter, before, s.level[fighter]))
    s.phase = PH_HYPNOSIS_ROLL


def hypnosis_rolled(s: AlakazumState, value: int) -> None:
    """The winner's hypnosis roll (chance); then die potions and steals may follow."""
    combat = the_combat(s)
    combat.roll = value
    winner_seat = combat.owner[combat.winner]
    s.events.append(E.HypnosisRoll(winner_seat, 0, value))
    combat.turn = winner_seat
    combat.passes = 0
    s.phase = PH_DIE_POTIONS
    s.decider = winner_seat


def _forest_defeat(s: AlakazumState, combat: Combat) -> None:
    """R6: the forest character goes back into the reshuffled deck; the fighter to the graveyard
    unless it is the only character or rides a broom."""
    p = combat.owner[0]
    creature = combat.fighter[1]
    to_deck(s, s.deck_top)
    s.deck_top = ()
    s.top_known = 0
    to_deck(s, (creature,))
    fighter = combat.fighter[0]
    lost = can_lose(s, p, fighter)
    if lost:
        to_graveyard(s, p, fighter)
    s.events.append(E.ForestDefeat(p, 0, creature, fighter, lost))
    _end_combat(s, combat)


def _resolve_hypnosis(s: AlakazumState, combat: Combat) -> None:
    """The roll (plus die potions) must exceed the loser's resistance at its level."""
    winner = combat.winner
    loser = 1 - winner
    target = combat.fighter[loser]
    level = 0 if combat.forest else s.level[target]
    resistance = s.L.resistance[target][level]
    total = die_total(s, combat)
    winner_seat = combat.owner[winner]
    if combat.forest:
        own_level(s)[target] = 0
        if total > resistance:
            join_team(s, winner_seat, target)
            combat.hypnosis = "hypnotised"
        else:
            s.graveyard += (target,)
            combat.hypnosis = "not hypnotised"
    else:
        loser_seat = combat.owner[loser]
        if total > resistance and can_lose(s, loser_seat, target):
            leave_team(s, loser_seat, target)
            join_team(s, winner_seat, target)
            combat.hypnosis = "hypnotised"
        elif total > resistance:
            combat.hypnosis = "protected"
        else:
            combat.hypnosis = "not hypnotised"
    if combat.hypnosis == "protected":
        s.events.append(E.Protected(combat.owner[loser], 0, target))
    elif combat.hypnosis == "hypnotised":
        s.events.append(E.Hypnotised(winner_seat, 0, target, total, resistance))
    else:
        s.events.append(E.NotHypnotised(winner_seat, 0, target, total, resistance))
    _end_combat(s, combat)


def _end_combat(s: AlakazumState, combat: Combat) -> None:
    """Potions still on the table go to the market pile in the order played (R10)."""
    for potion in combat.played:
        if potion.in_effect or potion.use == "steal":
            own_market(s).append(potion.card)
    forest = combat.forest
    s.last_combat = combat
    s.combat = None
    s.decider = s.player
    if forest:
        turn.after_encounter(s)
    else:
        turn.action_done(s)


LEGAL: dict[int, Legal] = {
    PH_FIGHTER: _legal_fighter,
    PH_HELPER: _legal_helper,
    PH_POTIONS: _legal_potions,
    PH_DIE_POTIONS: _legal_die_potions,
}
APPLY: dict[int, Apply] = {
    A.FIGHTER: _apply_fighter,
    A.HELPER: _apply_helper,
    A.NO_HELPER: _apply_helper,
    A.POTION_COMBAT: _apply_potion,
    A.POTION_DIE: _apply_potion,
    A.STEAL: _apply_potion,
    A.PASS: _apply_pass,
}
