"""The phases of Alakazum!'s phase machine, and the small markers the state keeps between them.

Data only (plain integers, so the hot path compares ints): the state stores its ``phase`` and
the rules (:mod:`alaka.games.alakazum.rules`) decide what each one means. A decision is taken
by ``state.decider``; the :data:`CHANCE_PHASES` are chance nodes.
"""

from __future__ import annotations

from typing import Final

PH_DEAL: Final = 0  # chance: the opening deal, one card at a time
PH_FIRST: Final = 1  # chance: the starting player among those tied
PH_CHOOSE: Final = 2  # setup: choose an initial character
PH_EXPLORE_DRAW: Final = 3  # chance: a forest card while exploring
PH_FIGHTER: Final = 4  # a combat: choose the fighting character
PH_HELPER: Final = 5  # a combat: add a sociable character, or not
PH_COMBAT_DIE: Final = 6  # chance: a die combat value
PH_POTIONS: Final = 7  # a combat: combat potions (alternating in player combat)
PH_HYPNOSIS_ROLL: Final = 8  # chance: the hypnosis roll
PH_DIE_POTIONS: Final = 9  # a combat: die potions (and steal answers)
PH_GIVE: Final = 10  # a trap: choose a hand card to give away
PH_GIVE_TO: Final = 11  # a trap: choose who receives it
PH_HALLOWEEN: Final = 12  # Halloween: cards or a character
PH_SACRIFICE: Final = 13  # choose a character for the graveyard
PH_SANTA_ROLL: Final = 14  # chance: Santa Claus' die
PH_SANTA_PASS: Final = 15  # Santa Claus: pass the die
PH_ACTION: Final = 16  # choose (announce) an action
PH_VOODOO: Final = 17  # the voodoo window: each opponent in turn
PH_BROOM_ON: Final = 18  # the broom's character
PH_PAY: Final = 19  # pay a spell with hats
PH_TRAIN: Final = 20  # Training: the character to raise
PH_PEEK: Final = 21  # Clairvoyance: the face-down enemy to look at
PH_ENEMY: Final = 22  # chance: which enemy lies at the position being looked at
PH_FM_DRAW: Final = 23  # chance: Forest Magic's cards from the unknown deck
PH_FM_KEEP: Final = 24  # Forest Magic: the card to keep
PH_FM_PUT: Final = 25  # Forest Magic: the next card put back, from the top down
PH_LEVITATE: Final = 26  # Levitation: the caster's character
PH_SWAP_WITH: Final = 27  # Levitation: the character it changes places with
PH_REVIVE: Final = 28  # Revive: the graveyard character
PH_WITCH_TAKE: Final = 29  # Unlucky Witch: a card from the market pile
PH_CONJURE: Final = 30  # conjure an Alakazum, or end the turn
PH_REVEAL: Final = 31  # choose the face-down enemy to uncover
PH_OVER: Final = 32
PH_SHOW: Final = 33  # the market: the card to show (after the voodoo window)

CHANCE_PHASES: Final = frozenset(
    {PH_DEAL, PH_FIRST, PH_EXPLORE_DRAW, PH_COMBAT_DIE, PH_HYPNOSIS_ROLL, PH_SANTA_ROLL, PH_ENEMY, PH_FM_DRAW}
)
#: Chance phases that draw from the unknown forest deck.
DRAW_PHASES: Final = frozenset({PH_DEAL, PH_EXPLORE_DRAW, PH_FM_DRAW})
#: Chance phases that roll the die.
DIE_PHASES: Final = frozenset({PH_COMBAT_DIE, PH_HYPNOSIS_ROLL, PH_SANTA_ROLL})

# What comes after a forest encounter (combat or trap): ``state.cont``.
CONT_EXPLORE: Final = 0  # the explore phase ends: go on to the action
CONT_ACTION: Final = 1  # it came from Forest Magic: the action is done
# What a sacrifice is for: ``state.sacrifice_for``.
SAC_ENCOUNTER: Final = 0
SAC_CONJURE: Final = 1
# What happens after a face-down enemy is looked at: ``state.after_look``.
LOOK_PEEK: Final = 0
LOOK_REVEAL: Final = 1
