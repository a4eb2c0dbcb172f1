"""Alakazoo's game state: plain lists and ints, cheap to copy, mutated only by ``rules``.

Where things are (every card is in exactly one place; ``conservation`` checks it):
``deck`` (face down, unordered: a draw is a chance node), ``discard`` (face up), ``columns``,
``hands``, ``elements`` (displayed on boards) and ``box`` (creatures removed at setup).
Tokens: Magic Power on runes (``runes`` is a bit mask per player), stored on the Wizard card
(``stored``) or in ``magic_pool``; Dark Power with the players (``dark``) or in ``dark_pool``.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, Self

from alaka.core.phased import PhasedState
from alaka.core.protocol import CHANCE, TERMINAL, Action, Game, JsonDict
from alaka.games.alakazoo.actions import ZooAction, ZooActions, actions_for
from alaka.games.alakazoo.content import NUM_CARDS, NUM_TYPES, Components
from alaka.games.alakazoo.events import ZooEvent
from alaka.games.alakazoo.options import ZooOptions
from alaka.games.alakazoo.phases import CHANCE_PHASES, PH_BOARD, PH_DISPLAY, PH_OVER, PH_REMOVE


class FinalBonus(NamedTuple):
    """A player's final score (Z11), added to the points of the game."""

    #: Points for rows and columns of one creature or three different ones.
    lines: int
    #: The point for a board whose elements are all of its own creature.
    own_creature: int

    @property
    def total(self) -> int:
        return self.lines + self.own_creature


#: Helper position of a player who has not used action 3 yet.
HELPER_UNUSED = -2


class AlakazooState(PhasedState):
    """One Alakazoo position. See the module docstring for where things are kept."""

    __slots__ = (
        "acts",
        "after_overflow",
        "board",
        "box",
        "c",
        "columns",
        "dark",
        "dark_pool",
        "deal_index",
        "deck",
        "dice_left",
        "discard",
        "draws_left",
        "elements",
        "end_by",
        "excess",
        "exchange_from",
        "final_bonus",
        "first_player",
        "first_types",
        "give_card",
        "hands",
        "helper",
        "log",
        "magic_pool",
        "n",
        "opts",
        "pending",
        "phase",
        "player",
        "points",
        "refill_col",
        "resampled",
        "runes",
        "scenario_spec",
        "seen",
        "stored",
        "truncated",
        "turns",
    )

    opts: ZooOptions

    def __init__(self, game: Game, num_players: int, opts: ZooOptions) -> None:
        n = num_players
        self.game = game
        self.opts = opts
        self.c: Components = opts.components
        self.acts: ZooActions = actions_for(self.c)
        self.n = n
        self.board = [-1] * n
        self.runes = [0] * n
        self.stored = [0] * n
        self.elements = [[-1] * 9 for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.dark = [0] * n
        self.points = [0] * n
        self.helper = [HELPER_UNUSED] * n
        #: ``seen[v]``: bit mask of cards in other players' hands whose place seat v knows.
        self.seen = [0] * n
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.columns: list[list[int]] = [[], [], [], []]
        self.box: list[int] = []
        self.magic_pool = self.c.magic_power_tokens
        self.dark_pool = self.c.dark_power_tokens
        self.first_types = 0
        self.phase = PH_BOARD
        self.player = 0
        self.first_player = -1
        self.end_by = -1
        self.dice_left: list[int] = []
        self.pending: list[int] = []
        self.excess = 0
        self.after_overflow = PH_DISPLAY
        self.draws_left = 0
        self.deal_index = 0
        self.refill_col = 0
        self.give_card = -1
        self.exchange_from = -1
        self.turns = 0
        self.truncated = False
        self.resampled = False
        self.final_bonus: list[FinalBonus] = []
        self.scenario_spec: JsonDict | None = None
        self.log: list[ZooEvent] = []
        self.history = []
        self._legal_cache = None

    # -- protocol (the rest comes from PhasedState) ----------------------------------------------

    action_type: ClassVar[type[Action]] = ZooAction

    def current_player(self) -> int:
        # PhasedState's, with the deciding seat read directly: it is asked at every step.
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == PH_OVER:
            return TERMINAL
        return self.player

    def inventory(self) -> dict[str, Any]:
        if self.phase in (PH_BOARD, PH_REMOVE):
            return self._inventory(list(range(NUM_CARDS)))  # still in the box, before the deal
        cards = list(self.deck) + self.discard
        for column in self.columns:
            cards += column
        for q in range(self.n):
            cards += self.hands[q]
            cards += [card for card in self.elements[q] if card >= 0]
        for creature in self.box:
            cards += range(creature * NUM_TYPES, (creature + 1) * NUM_TYPES)
        return self._inventory(cards)

    def _inventory(self, cards: list[int]) -> dict[str, Any]:
        on_runes = sum(mask.bit_count() for mask in self.runes)
        return {
            "cards": sorted(cards),
            "magic power tokens": self.magic_pool + sum(self.stored) + on_runes,
            "dark power tokens": self.dark_pool + sum(self.dark),
        }

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.game = self.game
        new.opts = self.opts
        new.c = self.c
        new.acts = self.acts
        new.n = self.n
        new.board = self.board[:]
        new.runes = self.runes[:]
        new.stored = self.stored[:]
        new.elements = [e[:] for e in self.elements]
        new.hands = [h[:] for h in self.hands]
        new.dark = self.dark[:]
        new.points = self.points[:]
        new.helper = self.helper[:]
        new.seen = self.seen[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.columns = [col[:] for col in self.columns]
        new.box = self.box[:]
        new.magic_pool = self.magic_pool
        new.dark_pool = self.dark_pool
        new.first_types = self.first_types
        new.phase = self.phase
        new.player = self.player
        new.first_player = self.first_player
        new.end_by = self.end_by
        new.dice_left = self.dice_left[:]
        new.pending = self.pending[:]
        new.excess = self.excess
        new.after_overflow = self.after_overflow
        new.draws_left = self.draws_left
        new.deal_index = self.deal_index
        new.refill_col = self.refill_col
        new.give_card = self.give_card
        new.exchange_from = self.exchange_from
        new.turns = self.turns
        new.truncated = self.truncated
        new.resampled = self.resampled
        new.final_bonus = self.final_bonus[:]
        new.scenario_spec = self.scenario_spec
        new.log = self.log[:]
        new.history = self.history[:]
        new._legal_cache = self._legal_cache
        return new
