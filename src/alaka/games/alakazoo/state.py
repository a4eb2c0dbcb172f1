"""Alakazoo's game state: ints, tuples and lists, cheap to copy, changed only by ``rules``.

Where things are (every card is in exactly one place; ``conservation`` checks it):
``deck`` (face down, unordered: a draw is a chance node), ``discard`` (face up), ``columns``,
``hands``, ``elements`` (displayed on boards) and ``box`` (creatures removed at setup).
Tokens: Magic Power on runes (``runes`` is a bit mask per player), stored on the Wizard card
(``stored``) or in ``magic_pool``; Dark Power with the players (``dark``) or in ``dark_pool``.

What a copy costs: a copy (``clone``, and ``search_clone`` at every search simulation) copies
each list, about 30-50 ns apiece even compiled. So a field written a few times a game or once a
turn (the boards chosen, the box, the elements on the boards, the points, the Helpers, the
tokens stored on the Wizard card, who skipped an action, the final score) is an immutable tuple
that copies share; a write builds a new one (:mod:`alaka.core.tuples`, and mypy refuses any
other write). A field written at almost every step (hands, deck, discard, the tokens on runes, the
dice being resolved) stays a list: a new tuple at each write would cost the playouts more than
the copies save. The columns are a list of tuples: a column changes a card at a time (a new
tuple, as cheap as a list's append), and a copy copies one list, not five.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, NamedTuple

from alaka.core.eventlog import EventLog
from alaka.core.phased import PhasedState
from alaka.core.protocol import Action, Game
from alaka.games.alakazoo.actions import ZooAction, ZooActions, actions_for
from alaka.games.alakazoo.content import NUM_CARDS, NUM_TYPES, Components
from alaka.games.alakazoo.events import ZooEvent
from alaka.games.alakazoo.options import ZooOptions
from alaka.games.alakazoo.phases import PH_BOARD, PH_DISPLAY, PH_REMOVE


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
HELPER_UNUSED: Final = -2


class AlakazooState(PhasedState[ZooOptions]):
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
        "events",
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
        "pending",
        "player",
        "points",
        "refill_col",
        "runes",
        "seen",
        "skipped",
        "spaces",
        "stored",
        "truncated",
        "turns",
    )

    def __init__(
        self,
        game: Game,
        num_players: int,
        opts: ZooOptions,
        source: AlakazooState | None = None,
        lean: bool = False,
    ) -> None:
        """A new game before setup, or (``source`` given) a copy of ``source``: every list is
        copied, every tuple shared, the log is forked (shared, see :mod:`alaka.core.eventlog`),
        and a search copy (``lean``) starts an empty history (see :class:`PhasedState`)."""
        super().__init__(game, num_players, opts, source, lean)
        if source is not None:
            self._copy(source)
            return
        n = num_players
        self.c: Components = opts.components
        self.acts: ZooActions = actions_for(self.c)
        self.board: tuple[int, ...] = (-1,) * n
        self.runes = [0] * n
        self.stored: tuple[int, ...] = (0,) * n
        self.elements: tuple[tuple[int, ...], ...] = ((-1,) * 9,) * n
        #: Per seat, the bit mask of the spaces of its board that hold an element (kept up to
        #: date by the rules, worked out again by ``rules.recount``).
        self.spaces: tuple[int, ...] = (0,) * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.dark = [0] * n
        self.points: tuple[int, ...] = (0,) * n
        self.helper: tuple[int, ...] = (HELPER_UNUSED,) * n
        #: ``seen[v]``: bit mask of cards in other players' hands whose place seat v knows.
        self.seen = [0] * n
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.columns: list[tuple[int, ...]] = [(), (), (), ()]
        self.box: tuple[int, ...] = ()
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
        self.final_bonus: tuple[FinalBonus, ...] = ()
        #: Per seat, whether it took no action (``may_skip_action``): bit 0 in its latest turn,
        #: bit 1 in the turn before (the heuristic never skips twice in a row).
        self.skipped: tuple[int, ...] = (0,) * n
        self.log: EventLog[ZooEvent] = EventLog()
        #: The log's own list (:meth:`EventLog.own`): the rules append each event here, with a
        #: list's own ``append`` (the log's method would be one more Python call per event).
        self.events: list[ZooEvent] = self.log.own()

    def _copy(self, s: AlakazooState) -> None:
        """Copy the lists; share the tuples (immutable) and the log's past (forked)."""
        self.c = s.c
        self.acts = s.acts
        self.board = s.board
        self.runes = s.runes[:]
        self.stored = s.stored
        self.elements = s.elements
        self.spaces = s.spaces
        self.hands = [h[:] for h in s.hands]
        self.dark = s.dark[:]
        self.points = s.points
        self.helper = s.helper
        self.seen = s.seen[:]
        self.deck = s.deck[:]
        self.discard = s.discard[:]
        self.columns = s.columns[:]
        self.box = s.box
        self.magic_pool = s.magic_pool
        self.dark_pool = s.dark_pool
        self.first_types = s.first_types
        self.player = s.player
        self.first_player = s.first_player
        self.end_by = s.end_by
        self.dice_left = s.dice_left[:]
        self.pending = s.pending[:]
        self.excess = s.excess
        self.after_overflow = s.after_overflow
        self.draws_left = s.draws_left
        self.deal_index = s.deal_index
        self.refill_col = s.refill_col
        self.give_card = s.give_card
        self.exchange_from = s.exchange_from
        self.turns = s.turns
        self.truncated = s.truncated
        self.final_bonus = s.final_bonus
        self.skipped = s.skipped
        self.log = s.log.fork()
        self.events = self.log.own()

    # -- protocol (the rest comes from PhasedState) ----------------------------------------------

    option_fields: ClassVar[tuple[str, ...]] = ("c", "acts")
    action_type: ClassVar[type[Action]] = ZooAction

    def _seat_to_decide(self) -> int:
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

    def clone(self) -> AlakazooState:
        return AlakazooState(self.game, self.n, self.opts, self, self.lean)

    def search_clone(self) -> AlakazooState:
        return AlakazooState(self.game, self.n, self.opts, self, True)
