"""Alakazum! rules: legal actions, chance outcomes and what each action does, one module per
chapter of the rulebook.

Where the rulebook (``shared/rules/000_...txt``) is found; ``Rn`` are the readings of
docs/rulings.md (numbered as in ``shared/content/alakazum-rulings.md``):

- Setup, rules for 2 and 5 players: final enemies by player count, the market pile, the
  opening deal with exchanges (R29), the starting player (R23), the initial characters .. :mod:`.opening`
- Sequence of play, turn phases: thrifty draws, 1. explore the forest (R1-R3, R25), the
  moves from one phase to the next, the end of a turn .................................... :mod:`.turn`
- Fighting and hypnotising characters, potions: forest combat (R4-R6) and player combat
  with the potion exchange and the steal potion (R7, R8, R24, R30), levels (R9) ........... :mod:`.fight`
- Trap cards (R18-R20, R32), and a character sent to the graveyard ......................... :mod:`.traps`
- 2. Do an action!: choosing and naming it, going to the market (R10, R11), foods (R17),
  brooms (R8), carrying it out ............................................................ :mod:`.action`
- Magic scroll, magic hats: the seven spells, their targets and payment (R12-R16, R31) .... :mod:`.spells`
- Voodoo dolls: an announcement names its targets, then the response window (R22) ......... :mod:`.voodoo`
- 3. Conjure an Alakazum! (R21), final enemies (R26), the end of the game and the ranking  :mod:`.conjure`

And the engine's own parts: what is on the table (owners, levels, culture totals, energy:
:mod:`.table`), chance nodes (:mod:`.chance`), conservation and information sets
with the decisions that may be taken back (:mod:`.hidden`, R33); the phases themselves are data
(:mod:`alaka.games.alakazum.phases`).

Each chapter declares the phases whose legal actions it lists (``LEGAL``) and the action kinds
it applies (``APPLY``); this package joins them into :func:`legal_actions` and :func:`apply`.
Chapters refer to each other as the rulebook's sections do (a forest combat ends the explore
phase, a failed Alakazum sends a character to the graveyard), so they import each other as
modules (``turn.action_done(s)``), which Python resolves whatever the import order.

The names other modules use (the heuristic, the views, the text, the scenarios, the tests) are
importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, TypeVar

from alaka.core.phased import GameRules
from alaka.core.protocol import Outcome
from alaka.games.alakazum.phases import (
    CHANCE_PHASES,
    CONT_ACTION,
    CONT_EXPLORE,
    DIE_PHASES,
    DRAW_PHASES,
    LOOK_PEEK,
    LOOK_REVEAL,
    PH_ACTION,
    PH_BROOM_ON,
    PH_CHOOSE,
    PH_COMBAT_DIE,
    PH_CONJURE,
    PH_DEAL,
    PH_DIE_POTIONS,
    PH_ENEMY,
    PH_EXPLORE_DRAW,
    PH_FIGHTER,
    PH_FIRST,
    PH_FM_DRAW,
    PH_FM_KEEP,
    PH_FM_PUT,
    PH_GIVE,
    PH_GIVE_TO,
    PH_HALLOWEEN,
    PH_HELPER,
    PH_HYPNOSIS_ROLL,
    PH_LEVITATE,
    PH_OVER,
    PH_PAY,
    PH_PEEK,
    PH_POTIONS,
    PH_REVEAL,
    PH_REVIVE,
    PH_SACRIFICE,
    PH_SANTA_PASS,
    PH_SANTA_ROLL,
    PH_SHOW,
    PH_SWAP_WITH,
    PH_TRAIN,
    PH_VOODOO,
    PH_WITCH_TAKE,
    SAC_CONJURE,
    SAC_ENCOUNTER,
)
from alaka.games.alakazum.rules import action, chance, conjure, fight, opening, spells, traps, turn, voodoo
from alaka.games.alakazum.rules.action import can_show, food_raises, showable
from alaka.games.alakazum.rules.chance import chance_outcomes, is_chance_outcome, sample_chance
from alaka.games.alakazum.rules.conjure import CONJURE_MINIMUM, outcome
from alaka.games.alakazum.rules.fight import combat_total, combat_value, die_total, stealable
from alaka.games.alakazum.rules.hidden import (
    choice_known,
    choice_public,
    inventory,
    known_to_all,
    resample,
    undo_safe,
)
from alaka.games.alakazum.rules.opening import HAND_SIZE, setup
from alaka.games.alakazum.rules.spells import (
    FOREST_MAGIC_CARDS,
    UNLUCKY_WITCH_CARDS,
    levitation_targets,
    spell_castable,
)
from alaka.games.alakazum.rules.table import (
    LEVEL_C,
    best_culture,
    can_lose,
    char,
    culture_total,
    culture_totals,
    distinct_kinds,
    enemy_points,
    energy,
    face_down,
    hats_energy,
    kinds_in_hand,
    own_level,
    owner_of,
    put_broom,
    recount,
    sacrifice_options,
)
from alaka.games.alakazum.rules.traps import SANTA_EXPLODES_BELOW
from alaka.games.alakazum.rules.turn import MAX_ACTIONS_PER_TURN, begin_actions, max_game_length, start_turn
from alaka.games.alakazum.rules.voodoo import named

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.actions import ZumAction
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState

_Handler = TypeVar("_Handler")


def _joined(tables: list[Mapping[int, _Handler]], what: str) -> dict[int, _Handler]:
    """The chapters' tables as one; two chapters claiming the same key is a bug."""
    joined: dict[int, _Handler] = {}
    for table in tables:
        for key, handler in table.items():
            if key in joined:
                raise RuntimeError(f"two chapters handle {what} {key}")
            joined[key] = handler
    return joined


#: Final, as every table read at every step: the compiled build then reads it without a lookup
#: by name (tests may still change what it holds).
_LEGAL: Final[dict[int, Legal]] = _joined(
    [opening.LEGAL, fight.LEGAL, traps.LEGAL, action.LEGAL, spells.LEGAL, voodoo.LEGAL, conjure.LEGAL],
    "phase",
)
_APPLY: Final[dict[int, Apply]] = _joined(
    [
        chance.APPLY,
        opening.APPLY,
        turn.APPLY,
        fight.APPLY,
        traps.APPLY,
        action.APPLY,
        spells.APPLY,
        voodoo.APPLY,
        conjure.APPLY,
    ],
    "action kind",
)


def legal_actions(s: AlakazumState) -> tuple[Action, ...]:
    handler = _LEGAL.get(s.phase)
    return handler(s) if handler is not None else ()


def apply(s: AlakazumState, action: ZumAction) -> None:
    _APPLY[action.kind](s, action)


class ZumRules(GameRules["AlakazumState"]):
    """The rules as the states reach them (see :class:`~alaka.core.phased.GameRules`)."""

    def setup(self, s: AlakazumState) -> None:
        setup(s)

    def legal_actions(self, s: AlakazumState) -> tuple[Action, ...]:
        # As legal_actions(s) without a call more at every step: asked only when a player
        # decides, and every decision phase has its chapter's handler.
        return _LEGAL[s.phase](s)

    def chance_outcomes(self, s: AlakazumState) -> tuple[tuple[Action, float], ...]:
        return chance_outcomes(s)

    def sample_chance(self, s: AlakazumState, rng: random.Random) -> Action:
        return sample_chance(s, rng)

    def is_chance_outcome(self, s: AlakazumState, action: ZumAction) -> bool:
        return is_chance_outcome(s, action)

    def apply(self, s: AlakazumState, action: ZumAction) -> None:
        _APPLY[action.kind](s, action)

    def outcome(self, s: AlakazumState) -> Outcome | None:
        return outcome(s)

    def resample(self, s: AlakazumState, new: AlakazumState, seat: int, rng: random.Random) -> None:
        resample(s, new, seat, rng)

    def recount(self, s: AlakazumState) -> None:
        recount(s)

    def max_game_length(self, num_players: int, max_turns: int) -> int:
        return max_game_length(num_players, max_turns)


#: The one instance, which the game names (``AlakazumGame.game_rules``).
RULES: Final = ZumRules(CHANCE_PHASES, PH_OVER)


__all__ = [
    "CHANCE_PHASES",
    "CONJURE_MINIMUM",
    "CONT_ACTION",
    "CONT_EXPLORE",
    "DIE_PHASES",
    "DRAW_PHASES",
    "FOREST_MAGIC_CARDS",
    "HAND_SIZE",
    "LEVEL_C",
    "LOOK_PEEK",
    "LOOK_REVEAL",
    "MAX_ACTIONS_PER_TURN",
    "PH_ACTION",
    "PH_BROOM_ON",
    "PH_CHOOSE",
    "PH_COMBAT_DIE",
    "PH_CONJURE",
    "PH_DEAL",
    "PH_DIE_POTIONS",
    "PH_ENEMY",
    "PH_EXPLORE_DRAW",
    "PH_FIGHTER",
    "PH_FIRST",
    "PH_FM_DRAW",
    "PH_FM_KEEP",
    "PH_FM_PUT",
    "PH_GIVE",
    "PH_GIVE_TO",
    "PH_HALLOWEEN",
    "PH_HELPER",
    "PH_HYPNOSIS_ROLL",
    "PH_LEVITATE",
    "PH_OVER",
    "PH_PAY",
    "PH_PEEK",
    "PH_POTIONS",
    "PH_REVEAL",
    "PH_REVIVE",
    "PH_SACRIFICE",
    "PH_SANTA_PASS",
    "PH_SANTA_ROLL",
    "PH_SHOW",
    "PH_SWAP_WITH",
    "PH_TRAIN",
    "PH_VOODOO",
    "PH_WITCH_TAKE",
    "RULES",
    "SAC_CONJURE",
    "SAC_ENCOUNTER",
    "SANTA_EXPLODES_BELOW",
    "UNLUCKY_WITCH_CARDS",
    "apply",
    "begin_actions",
    "best_culture",
    "can_lose",
    "can_show",
    "chance_outcomes",
    "char",
    "choice_known",
    "choice_public",
    "combat_total",
    "combat_value",
    "culture_total",
    "culture_totals",
    "die_total",
    "distinct_kinds",
    "enemy_points",
    "energy",
    "face_down",
    "food_raises",
    "hats_energy",
    "inventory",
    "is_chance_outcome",
    "kinds_in_hand",
    "known_to_all",
    "legal_actions",
    "levitation_targets",
    "max_game_length",
    "named",
    "outcome",
    "own_level",
    "owner_of",
    "put_broom",
    "recount",
    "resample",
    "sacrifice_options",
    "sample_chance",
    "setup",
    "showable",
    "spell_castable",
    "start_turn",
    "stealable",
    "undo_safe",
]
