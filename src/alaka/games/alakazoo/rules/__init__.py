"""Alakazoo's rules: legal actions, chance outcomes and what each action does, one module per
chapter of the rulebook.

Where the rulebook (``shared/rules/003_...txt``) is found; ``Zn`` are the readings of
docs/rulings.md:

- Preparation for the Game: boards and the starting token (Z1), the deck by player count,
  the deal of four cards and four columns of two, the first player ....................... :mod:`.preparation`
- Gameplay: the start of a turn, the pass with 3 Dark Power (Z5), one of the three actions
  (Z13), the end of a turn ............................................................... :mod:`.turn`
- 1 Action: choose and roll 1-3 dice, resolve them in any order: a rainbow anywhere or
  stored, a colour on a free rune of its colour, else Dark Power (Z3, Z4) ................. :mod:`.dice`
- 2 Action: take a column and refill left to right, a full column discarded (Z6), or
  discard and redraw; the 6-token and 4-card limits with their penalty (Z2) ............... :mod:`.cards`
- 3 Action: pay a stored token, place the Helper, special rules 1 and 2 with their Dark
  Power, complete boards out of reach (Z9) ................................................ :mod:`.helper`
- Displaying Fantastic Creature Elements: what may be displayed (Z7), the two display
  points (Z8), the fastest player's point (Z10) ........................................... :mod:`.display`
- The End of the Game (after the round, Z10) and Final Score: rows, columns and the own
  creature (Z11), the ranking ............................................................. :mod:`.end`

And the engine's own parts: what is on the table (spaces, tokens held, Dark Power, cards in and
out of hands: :mod:`.table`), chance nodes (:mod:`.chance`), information sets (:mod:`.hidden`);
the phases themselves are data (:mod:`alaka.games.alakazoo.phases`).

Each chapter declares the action kinds it applies (``APPLY``), which this package joins into
one table (``_HANDLERS``). The menus of the phases are :meth:`ZooRules.legal_actions`, written
in one method as every step asks them; it calls the chapters' longer menus. The chapters import
each other without a cycle: :mod:`.table` below all, :mod:`.end` under :mod:`.turn` under
:mod:`.preparation`; :mod:`.cards` (where every action settles the limits) under :mod:`.dice`
and :mod:`.helper`; :mod:`.chance` above the chapters whose cards it deals.

The names other modules use (the heuristic, the views, the text, the scenarios, the tests) are
importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from alaka.core.draws import below, pick
from alaka.core.phased import GameRules
from alaka.core.protocol import Action, Outcome
from alaka.games.alakazoo.actions import CARD, DIE, ZooAction
from alaka.games.alakazoo.content import NUM_CREATURES, NUM_TYPES
from alaka.games.alakazoo.phases import (
    CHANCE_PHASES,
    DRAW_PHASES,
    PH_ACTION,
    PH_BOARD,
    PH_CARDS_OVER,
    PH_DEAL,
    PH_DISPLAY,
    PH_EXCHANGE,
    PH_FIRST,
    PH_HELPER_AT,
    PH_HELPER_RULE,
    PH_HELPER_TARGET,
    PH_OVER,
    PH_REDRAW,
    PH_REDRAW_DRAW,
    PH_REFILL,
    PH_REMOVE,
    PH_RESOLVE,
    PH_ROLL,
    PH_TOKENS_OVER,
)
from alaka.games.alakazoo.rules import cards, chance, dice, display, helper, preparation, turn
from alaka.games.alakazoo.rules.cards import (
    MAX_CARDS,
    MAX_TOKENS,
    NEXT_END_ACTION,
    NEXT_REFILL,
    NEXT_RESOLVE,
    limit_penalty,
    return_actions,
)
from alaka.games.alakazoo.rules.chance import chance_outcomes, removable
from alaka.games.alakazoo.rules.dice import ALL_RUNES, COVERED, DICE_CHOSEN, free_runes, resolve_actions
from alaka.games.alakazoo.rules.display import creature_point_mask, displayable, scores_creature_point
from alaka.games.alakazoo.rules.end import LINES, final_bonus, outcome
from alaka.games.alakazoo.rules.helper import helper_rule_actions, rule2_targets
from alaka.games.alakazoo.rules.hidden import resample
from alaka.games.alakazoo.rules.preparation import DEAL, FULL_TABLE, max_game_length, setup
from alaka.games.alakazoo.rules.table import (
    ALL_SPACES,
    MAX_DARK,
    SPACE_RUNES,
    board_creature,
    complete,
    dark_gain,
    put_element,
    recount,
    spaces_shown,
    tokens_held,
)
from alaka.games.alakazoo.rules.turn import MAX_ACTIONS_PER_TURN, action_actions
from alaka.games.alakazoo.state import AlakazooState

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply


def _joined(tables: list[Mapping[int, Apply]]) -> dict[int, Apply]:
    """The chapters' tables as one; two chapters claiming the same action kind is a bug."""
    joined: dict[int, Apply] = {}
    for table in tables:
        for kind, handler in table.items():
            if kind in joined:
                raise RuntimeError(f"two chapters handle action kind {kind}")
            joined[kind] = handler
    return joined


#: The handler of each action kind (Final: the compiled build reads it without a lookup by name).
_HANDLERS: Final[dict[int, Apply]] = _joined(
    [preparation.APPLY, turn.APPLY, dice.APPLY, cards.APPLY, helper.APPLY, display.APPLY, chance.APPLY]
)


class ZooRules(GameRules[AlakazooState]):
    """The rules as the states reach them (see :class:`~alaka.core.phased.GameRules`)."""

    def setup(self, s: AlakazooState) -> None:
        setup(s)

    def legal_actions(self, s: AlakazooState) -> tuple[Action, ...]:
        """The menu of the phase. Written here, not in a function this method would call: in pure
        Python each call costs about 0.1 us, and these methods run at every step."""
        a = s.acts
        p = s.player
        phase = s.phase
        out: list[Action] = []  # filled by loops: in pure Python a comprehension is one more call
        if phase == PH_DISPLAY:
            shown = displayable(s, p, s.hands[p])
            if not shown:  # the usual menu: no list to build
                return (a.end,)
            display = a.display
            for card in shown:
                out.append(display[card])
            out.append(a.end)
            return tuple(out)
        if phase == PH_RESOLVE:
            return resolve_actions(s)
        if phase == PH_ACTION:
            return action_actions(s)
        if phase == PH_TOKENS_OVER:
            return return_actions(s)
        if phase in (PH_CARDS_OVER, PH_REDRAW):
            discard = a.discard
            for card in s.hands[p]:
                out.append(discard[card])
            if phase == PH_REDRAW and s.draws_left:
                out.append(a.stop)
            return tuple(out)
        if phase == PH_HELPER_AT:
            out = [a.helper_at_space[t] for t in range(NUM_TYPES) if s.elements[p][t] >= 0]
            out.append(a.helper_at_wizard)
            return tuple(out)
        if phase == PH_HELPER_RULE:
            return helper_rule_actions(s)
        if phase == PH_HELPER_TARGET:
            players, cards = rule2_targets(s)
            return tuple([a.exchange[q] for q in players] + [a.take_card[c] for c in cards])
        if phase == PH_BOARD:
            return tuple(a.board[b] for b in range(NUM_CREATURES) if b not in s.board)
        return ()

    def chance_outcomes(self, s: AlakazooState) -> tuple[tuple[Action, float], ...]:
        return chance_outcomes(s)

    def sample_chance(self, s: AlakazooState, rng: random.Random) -> Action:
        """Sample like :func:`chance_outcomes` without building the list (the playout hot path).

        ``rng.choice(cards)`` draws the very index ``cards[rng.randrange(len(cards))]`` would (both
        take one ``_randbelow(len)``), so seeded games are unchanged; it only skips the checks of
        ``randrange``. :func:`~alaka.core.draws.pick` and :func:`~alaka.core.draws.below` are
        ``rng.choice`` and ``rng.randrange`` without their Python calls.
        """
        a = s.acts
        phase = s.phase
        if phase in DRAW_PHASES:
            return a.card[pick(rng, s.deck)]
        if phase == PH_ROLL:
            return a.die[pick(rng, s.opts.dice[s.dice_left[0]])]
        if phase == PH_EXCHANGE:
            return a.card[pick(rng, s.hands[s.exchange_from])]
        if phase == PH_FIRST:
            return a.first[below(rng, s.n)]
        eligible = removable(s)
        return a.remove[pick(rng, eligible)]

    def is_chance_outcome(self, s: AlakazooState, action: ZooAction) -> bool:
        """Exact test of ``action in chance_outcomes`` without building them."""
        phase = s.phase
        kind = action.kind
        if phase in DRAW_PHASES:
            return kind == CARD and action.arg in s.deck and action is s.acts.card[action.arg]
        if phase == PH_ROLL:
            return (
                kind == DIE and action.arg in s.opts.dice[s.dice_left[0]] and action is s.acts.die[action.arg]
            )
        return action in s.legal_actions()

    def apply(self, s: AlakazooState, action: ZooAction) -> None:
        _HANDLERS[action.kind](s, action)

    def outcome(self, s: AlakazooState) -> Outcome | None:
        return outcome(s)

    def resample(self, s: AlakazooState, new: AlakazooState, seat: int, rng: random.Random) -> None:
        resample(s, new, seat, rng)

    def recount(self, s: AlakazooState) -> None:
        recount(s)

    def max_game_length(self, num_players: int, max_turns: int) -> int:
        return max_game_length(num_players, max_turns)


#: The one instance, which the game names (``AlakazooGame.game_rules``).
RULES: Final = ZooRules(CHANCE_PHASES, PH_OVER)


__all__ = [
    "ALL_RUNES",
    "ALL_SPACES",
    "CHANCE_PHASES",
    "COVERED",
    "DEAL",
    "DICE_CHOSEN",
    "DRAW_PHASES",
    "FULL_TABLE",
    "LINES",
    "MAX_ACTIONS_PER_TURN",
    "MAX_CARDS",
    "MAX_DARK",
    "MAX_TOKENS",
    "NEXT_END_ACTION",
    "NEXT_REFILL",
    "NEXT_RESOLVE",
    "PH_ACTION",
    "PH_BOARD",
    "PH_CARDS_OVER",
    "PH_DEAL",
    "PH_DISPLAY",
    "PH_EXCHANGE",
    "PH_FIRST",
    "PH_HELPER_AT",
    "PH_HELPER_RULE",
    "PH_HELPER_TARGET",
    "PH_OVER",
    "PH_REDRAW",
    "PH_REDRAW_DRAW",
    "PH_REFILL",
    "PH_REMOVE",
    "PH_RESOLVE",
    "PH_ROLL",
    "PH_TOKENS_OVER",
    "RULES",
    "SPACE_RUNES",
    "ZooRules",
    "action_actions",
    "board_creature",
    "chance_outcomes",
    "complete",
    "creature_point_mask",
    "dark_gain",
    "displayable",
    "final_bonus",
    "free_runes",
    "helper_rule_actions",
    "limit_penalty",
    "max_game_length",
    "outcome",
    "put_element",
    "recount",
    "removable",
    "resample",
    "resolve_actions",
    "return_actions",
    "rule2_targets",
    "scores_creature_point",
    "setup",
    "spaces_shown",
    "tokens_held",
]
