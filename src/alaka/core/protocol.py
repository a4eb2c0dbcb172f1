"""The game protocol every tool uses: games, states, actions, outcomes.

The vocabulary follows OpenSpiel so game-AI users feel at home: ``current_player``,
``legal_actions``, ``chance_outcomes``, ``apply_action``, ``clone``, ``returns``. Alaka adds
``view(seat)`` (the one door to what a seat may see), ``record()`` (JSON, replayable) and
``resample(seat, rng)`` (a full state consistent with a seat's view, for search).

Chance is explicit: dice, draws from a face-down deck and tie-breaks are chance nodes whose
outcomes are actions. Rules never call a random generator; drivers sample with an injected one.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Self

from alaka.core.compiling import mypyc_attr
from alaka.core.errors import IllegalAction, RecordError

# A module of its own, which is never compiled (mypyc compiles no protocol with overloads).
from alaka.core.history import ActionHistory as ActionHistory
from alaka.core.language import tr
from alaka.core.params import OptionValue, Parameter, validate_options
from alaka.core.values import rebuilt_by_fields

# The view's declared shape lives in a module of its own, which is never compiled: a compiled
# TypedDict loses its annotations, which the conformance kit reads.
from alaka.core.viewtypes import BaseView as BaseView
from alaka.core.viewtypes import OutcomeJson as OutcomeJson

#: ``current_player()`` at a chance node (OpenSpiel's kChancePlayerId).
CHANCE: Final = -1
#: ``current_player()`` once the game is over (OpenSpiel's kTerminalPlayerId).
TERMINAL: Final = -4

JsonDict = dict[str, Any]


# Games written in Python subclass it, also when this module is compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Action:
    """One move or chance outcome, with a stable integer id and a canonical string.

    Games build every distinct action once (a fixed table) and hand out those objects, so
    ``legal_actions()`` allocates nothing and ids can index an RL action mask.
    """

    id: int
    name: str

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        """For pickle: an equal action, built again from its fields (a dataclass's
        ``__match_args__``)."""
        return rebuilt_by_fields(self)


def ending_of(reason: str) -> str:
    """How a game ended, one of the game's few kinds: the reason's words before its colon
    ("an Alakazum beat Black Friday" of "an Alakazum beat Black Friday: 8 VAL points against
    7"; a reason without one is its own kind). Games word their reasons so, the details after
    the colon, so that results and the arena tally a few kinds instead of every wording."""
    return reason.split(": ", 1)[0]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: who won, why, and everyone's place."""

    winners: tuple[int, ...]
    reason: str
    #: Seats grouped by place, best first; seats sharing a place share a group.
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...] = field(default=())

    @property
    def ending(self) -> str:
        """How the game ended, one of the game's few kinds (:func:`ending_of` its reason)."""
        return ending_of(self.reason)

    def to_json(self) -> OutcomeJson:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "ranking": [list(group) for group in self.ranking],
            "scores": list(self.scores),
        }


def rank_by_score(scores: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Group seats by descending score; equal scores share a place."""
    groups: dict[int, list[int]] = {}
    for seat, score in enumerate(scores):
        groups.setdefault(score, []).append(seat)
    return tuple(tuple(groups[s]) for s in sorted(groups, reverse=True))


class ActionTable:
    """The fixed list of a game's distinct actions, with lookup by canonical string."""

    __slots__ = ("actions", "by_name")

    def __init__(self, actions: Sequence[Action]) -> None:
        for index, action in enumerate(actions):
            if action.id != index:
                raise ValueError(f"action {action.name!r} has id {action.id}, expected {index}")
        self.actions: tuple[Action, ...] = tuple(actions)
        self.by_name: dict[str, Action] = {a.name: a for a in actions}
        if len(self.by_name) != len(self.actions):
            raise ValueError("two actions share a canonical string")

    def __len__(self) -> int:
        return len(self.actions)

    def parse(self, text: str) -> Action:
        try:
            return self.by_name[text.strip()]
        except KeyError:
            raise IllegalAction(f"no action is written {text!r}") from None


# Games written in Python subclass it, also when this module is compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(abc.ABC):
    """A game position. Mutated in place by :meth:`apply_action`; copied by :meth:`clone`.

    Subclasses implement the rules (``_legal``, ``_chance``, ``_apply``, ...). This base keeps
    the parts every game shares: the legality check that leaves the state untouched, the
    history of action ids, and the record.
    """

    __slots__ = ("_legal_cache", "game", "history")

    game: Game
    #: The ids of the actions played so far, chance outcomes included, in order.
    history: ActionHistory
    _legal_cache: tuple[Action, ...] | None

    # -- what subclasses provide -------------------------------------------------------------

    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` or :data:`TERMINAL`."""

    @abc.abstractmethod
    def _legal(self) -> tuple[Action, ...]:
        """The legal actions of the seat to decide (not called at chance or terminal nodes)."""

    @abc.abstractmethod
    def _chance(self) -> tuple[tuple[Action, float], ...]:
        """The outcomes of the current chance node and their probabilities."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abc.abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    @abc.abstractmethod
    def returns(self) -> tuple[float, ...]:
        """One value per seat: 1.0 for each winner, 0.0 otherwise (all 0.0 before the end)."""

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abc.abstractmethod
    def view(self, seat: int | None, log_since: int | None = 0) -> JsonDict:
        """Everything ``seat`` may see (``None``: a spectator), as JSON-ready data.

        The view's ``log`` holds the events from number ``log_since`` on (all by default; none
        with ``None``), so a client can fetch only what is new; ``log_size`` counts them all.
        """

    @abc.abstractmethod
    def resample(self, seat: int, rng: random.Random, *, search: bool = False) -> State:
        """A full state that ``seat`` cannot tell from this one (same view).

        With ``search``, the result is a copy made for search, as :meth:`search_clone` makes.
        """

    @abc.abstractmethod
    def decision(self) -> str:
        """What is being decided now, in words (used in error messages and UIs)."""

    @abc.abstractmethod
    def action_table(self) -> ActionTable:
        """The table this state's actions come from (it may depend on the content options)."""

    @abc.abstractmethod
    def inventory(self) -> dict[str, Any]:
        """Every component wherever it is, for the conservation check: a card list (sorted) and
        token totals. It must be the same in every state of a game."""

    @abc.abstractmethod
    def start_record(self) -> JsonDict:
        """What replay needs to rebuild the first state: players, options or scenario."""

    # -- shared behaviour ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.returns())

    def max_game_length(self) -> int:
        """A safety bound on the actions of this game (its options may raise it)."""
        return self.game.max_game_length(self.num_players)

    def search_clone(self) -> Self:
        """A copy for search: it plays on exactly as :meth:`clone` would, but a game may leave
        out the history of actions, so that search, which copies a state at every simulation,
        does not copy a whole game's past each time. A game that does so refuses ``record()`` on
        such a copy (it would be wrong, not merely short), and copies of it are search copies
        too. This default keeps everything."""
        return self.clone()

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> tuple[Action, ...]:
        """Legal actions of the seat to decide; at a chance node, the possible outcomes."""
        legal = self._legal_cache
        if legal is None:
            player = self.current_player()
            if player == TERMINAL:
                legal = ()
            elif player == CHANCE:
                legal = tuple(a for a, _ in self._chance())
            else:
                legal = self._legal()
            self._legal_cache = legal
        return legal

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """``(outcome, probability)`` pairs at a chance node; empty elsewhere."""
        if self.current_player() != CHANCE:
            return ()
        return self._chance()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with its probability. Games may override for speed."""
        outcomes = self._chance()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def _is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now. Games may override with a cheaper exact test."""
        return action in self.legal_actions()

    def apply_action(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction` and changes nothing."""
        if not self._is_legal(action):
            raise self._illegal(action)
        self._legal_cache = None
        self.history.append(action.id)
        self._apply(action)

    def apply(self, text: str) -> None:
        """Apply the action written ``text`` (its canonical string)."""
        self.apply_action(self.action_from_string(text))

    def action_from_string(self, text: str) -> Action:
        try:
            return self.action_table().parse(text)
        except IllegalAction:
            raise self._illegal_text(text) from None

    def _illegal(self, action: Action) -> IllegalAction:
        legal = self.legal_actions()
        shown = ", ".join(a.name for a in legal[:40]) + (" ..." if len(legal) > 40 else "")
        who = self.current_player()
        seat = (
            "chance" if who == CHANCE else "nobody (the game is over)" if who == TERMINAL else f"seat {who}"
        )
        return IllegalAction(
            f"{action.name!r} is not legal now ({seat}: {self.decision()}); legal: {shown or 'none'}"
        )

    def _illegal_text(self, text: str) -> IllegalAction:
        legal = self.legal_actions()
        shown = ", ".join(a.name for a in legal[:40]) + (" ..." if len(legal) > 40 else "")
        return IllegalAction(f"no action is written {text!r} ({self.decision()}); legal: {shown}")

    def record(self) -> JsonDict:
        """The game so far as JSON: how it started and every action and chance outcome."""
        table = self.action_table().actions
        return {
            "game": self.game.name,
            "version": self.game.record_version,
            **self.start_record(),
            "actions": [table[i].name for i in self.history],
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} {self.decision()}>"


# Games written in Python subclass it, also when this module is compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(abc.ABC):
    """A registered game: its options, its action space and how to start or rebuild a state."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    record_version: ClassVar[int] = 1
    parameters: ClassVar[tuple[Parameter, ...]]
    #: The log event kind that starts a turn (its ``seat`` is the player whose turn it is), so
    #: that edges can tell the story of each turn (:mod:`alaka.core.story`); ``None``: the game
    #: has no turns to group by.
    turn_event: ClassVar[str | None] = None

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def validate_options(self, options: Mapping[str, object]) -> dict[str, OptionValue]:
        return validate_options(self.parameters, options)

    def check_players(self, num_players: object) -> int:
        """``num_players`` (the default if ``None``) if this game is for that many players; else
        an :class:`OptionError` (it may come from a file or a request: any value is checked)."""
        from alaka.core.errors import OptionError

        n = self.default_players if num_players is None else num_players
        if isinstance(n, bool) or not isinstance(n, int) or n not in self.player_counts:
            # TRANSLATORS: {game} is the game's title; {low} and {high} player counts; {n} what was
            # asked for, as written (a number, or quoted text).
            players = tr("{game} is for {low} to {high} players, not {n}")
            raise OptionError(
                players.format(game=self.title, low=self.min_players, high=self.max_players, n=repr(n))
            )
        return n

    @abc.abstractmethod
    def new_initial_state(self, num_players: int | None = None, **options: object) -> State:
        """A new game at its first decision or chance node."""

    @abc.abstractmethod
    def scenario(self, spec: Mapping[str, Any]) -> State:
        """A position built by hand from a JSON-able spec (see docs/scenarios.md)."""

    @abc.abstractmethod
    def action_table(self, **options: object) -> ActionTable:
        """The table of distinct actions (for the given content options)."""

    @abc.abstractmethod
    def max_game_length(self, num_players: int, **options: object) -> int:
        """A safety bound on the number of actions (decisions and chance) in one game."""

    @abc.abstractmethod
    def rules_summary(self) -> str:
        """The rules in brief, in the project's own words."""

    @abc.abstractmethod
    def render_view(self, view: JsonDict) -> str:
        """A seat's view as readable plain text (terminal UI, logs, ``alaka watch``)."""

    @abc.abstractmethod
    def label(self, state: State, action: Action) -> str:
        """The action as a player reads it in a menu, for the seat deciding in ``state``."""

    def hint(self, state: State, action: Action) -> str | None:
        """A one-line note of what a legal ``action`` costs or brings, worked out from ``state``
        for the seat deciding (``"2 over the hand limit: +1 Dark Power"``), or ``None``. Menus
        show it beside the label; it may use only what that seat may see."""
        return None

    def undo_safe(self, state: State, action: Action) -> bool:
        """Whether the decision ``action`` in ``state`` may be taken back (:mod:`alaka.core.undo`):
        it reveals nothing hidden to anyone, and what it does depends on nothing its seat cannot
        see. A game declares this conservatively; the default, ``False``, means no undo."""
        return False

    def choice_known(self, state: State, action: Action) -> bool:
        """Whether every seat can tell if the seat deciding in ``state`` had more than one legal
        action (:mod:`alaka.core.undo` stops only at such a choice, since an undo is seen by
        all). By default ``True``: a game whose menus depend on hidden cards says when not."""
        return True

    def story_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The log ``events`` (a view's entries, in order, none of them a turn event) told in
        lines: by default each event's ``text``. A game may tell a run of events in one line
        (Alakazum! tells a whole combat in its result's line) as long as the line says everything
        those events said, so a story is short and still leaves nothing out."""
        return [str(event["text"]) for event in events]

    def turn_of(self, state: State) -> int:
        """The number of turns begun in ``state`` (the view's ``turn``); undo never crosses it."""
        turn: int = state.view(None, log_since=None)["turn"]
        return turn

    def num_distinct_actions(self) -> int:
        return len(self.action_table())

    def action_from_string(self, text: str, **options: object) -> Action:
        return self.action_table(**options).parse(text)

    def upgrade_record(self, record: Mapping[str, Any], version: object) -> Mapping[str, Any]:
        """A record of an older ``version`` rewritten so that it replays as it was played, or a
        :class:`RecordError` if the game cannot (a game overrides this when its rules change)."""
        # TRANSLATORS: {version} and {current} are record format versions; {game} a game's name.
        older = tr("this record is version {version}; this Alaka reads {game} version {current}")
        raise RecordError(older.format(version=version, game=self.name, current=self.record_version))

    def state_from_start(self, start: Mapping[str, Any]) -> State:
        """Rebuild the first state of a record (inverse of ``State.start_record``)."""
        if "scenario" in start:
            return self.scenario(start["scenario"])
        options = start.get("options", {})
        if not isinstance(options, dict):
            # TRANSLATORS: 'options' is the record's key, written as it is.
            raise RecordError(tr("the record's 'options' must be an object"))
        return self.new_initial_state(start.get("num_players"), **options)
