"""Shared glue for games written as a *phase machine* (both Alakazum! and Alakazoo).

Such a game keeps an integer ``phase`` in its state and a rules module of plain functions
(``legal_actions(s)``, ``apply(s, action)``, ...). :class:`PhasedState` turns that module into
the protocol's methods, and :class:`PhasedGame` builds states from validated options, so each
game writes only its rules, data, views and text.

The state holds data only: it reaches the behaviour through its game (``state.game``), whose
module imports the rules, the views and the text. So a game's ``state.py`` imports none of
them, and the rules, views and text import the state (for types only) without an import loop.
The game provides the rules (:attr:`PhasedGame.game_rules`, a :class:`GameRules` calling the
rules module's functions) and, for the protocol methods a state does not write itself,
:meth:`PhasedGame.view_of`, :meth:`PhasedGame.decision_of` and :meth:`PhasedGame.inventory_of`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import resources
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from alaka.core.compiling import mypyc_attr
from alaka.core.errors import SearchCopyError
from alaka.core.eventlog import EventLog
from alaka.core.protocol import CHANCE, TERMINAL, Action, ActionTable, Game, JsonDict, Outcome, State

StateT = TypeVar("StateT")


@mypyc_attr(allow_interpreted_subclasses=True)
class GameRules(Generic[StateT]):
    """A phase-machine game's rules as the states reach them: each game's rules package
    subclasses this with methods that call its functions (taking the state first), and its game
    names the one instance (:attr:`PhasedGame.game_rules`).

    An object rather than the rules module itself: in the compiled build (``alaka.core.compiling``)
    a method of a compiled class is called directly, where a module's function is looked up by
    name at every call, and these are called at every step.
    """

    def __init__(self, chance_phases: frozenset[int], over_phase: int) -> None:
        #: The phases where chance decides, and the phase of a finished game.
        self.chance_phases = chance_phases
        self.over_phase = over_phase

    def setup(self, s: StateT) -> None:
        raise NotImplementedError

    def legal_actions(self, s: StateT) -> tuple[Action, ...]:
        raise NotImplementedError

    def chance_outcomes(self, s: StateT) -> tuple[tuple[Action, float], ...]:
        raise NotImplementedError

    def sample_chance(self, s: StateT, rng: random.Random) -> Action:
        raise NotImplementedError

    def is_chance_outcome(self, s: StateT, action: Any) -> bool:
        raise NotImplementedError

    def apply(self, s: StateT, action: Any) -> None:
        raise NotImplementedError

    def outcome(self, s: StateT) -> Outcome | None:
        raise NotImplementedError

    def resample(self, s: StateT, new: StateT, seat: int, rng: random.Random) -> None:
        """Deal again, into ``new`` (a copy of ``s``), what ``seat`` cannot locate."""
        raise NotImplementedError

    def recount(self, s: StateT) -> None:
        """Work out again the running totals the state keeps (after it is built by hand)."""
        raise NotImplementedError

    def max_game_length(self, num_players: int, max_turns: int) -> int:
        raise NotImplementedError


class GameOptions(Protocol):
    """Resolved options: the raw values (recorded), the safety limit, the action table."""

    @property
    def values(self) -> dict[str, Any]: ...
    @property
    def max_turns(self) -> int: ...
    def action_table(self) -> ActionTable: ...


OptionsT = TypeVar("OptionsT", bound=GameOptions)


@mypyc_attr(allow_interpreted_subclasses=True)
class PhasedState(State, Generic[OptionsT]):
    """The protocol methods every phase-machine state shares, reaching the rules through the
    state's game (see the module docstring).

    The hot path is here: :meth:`apply_action` checks the action by identity against the cached
    legal actions, applies it through the rules and works out once who decides next, so that
    :meth:`current_player` is a read. The history is an :class:`~alaka.core.eventlog.EventLog`
    of action ids, like the log of events: a copy shares the actions played before it instead of
    copying them, so a copy costs the same early and late in a game. A search copy
    (:meth:`search_clone`, ``lean``) starts with an empty history, so it refuses a record.
    """

    __slots__ = ("_current", "_played", "lean", "n", "opts", "phase", "resampled", "rules", "scenario_spec")

    #: The game's action class (chance outcomes are checked against it).
    action_type: ClassVar[type[Action]]

    #: The game's rules, taken from the game when the state is made (the state holds them
    #: like its options: a reference, so that ``state.py`` imports no behaviour).
    rules: GameRules[Any]
    n: int
    phase: int
    opts: OptionsT
    scenario_spec: JsonDict | None
    #: A resampled state (a guess made for search): it has no true record.
    resampled: bool
    #: A search copy: its history holds only the actions since it was copied, so no record.
    lean: bool
    #: The seat to decide, CHANCE or TERMINAL: worked out once after every change.
    _current: int
    #: The history's own list (:meth:`EventLog.own`), which each action's id is appended to.
    _played: list[int]

    def __init__(
        self,
        game: Game,
        num_players: int,
        opts: OptionsT,
        source: PhasedState[OptionsT] | None,
        lean: bool,
    ) -> None:
        """A new state before setup, or (``source`` given) a copy of ``source``'s shared parts;
        a game's own constructor copies the rest."""
        self.game = game
        self.n = num_players
        self.opts = opts
        if source is None:
            if not isinstance(game, PhasedGame):
                raise TypeError(f"a phase-machine state needs a PhasedGame, not {type(game).__name__}")
            self.rules = game.game_rules
            self.phase = 0
            self._start_history(EventLog())
            self._legal_cache = None
            self.resampled = False
            self.lean = False
            self.scenario_spec = None
            self._current = CHANCE
            return
        self.rules = source.rules
        self.phase = source.phase
        self._start_history(EventLog() if lean else _ids(source).fork())
        self._legal_cache = source._legal_cache
        self.resampled = source.resampled
        self.lean = lean
        self.scenario_spec = source.scenario_spec
        self._current = source._current

    def _start_history(self, history: EventLog[int]) -> None:
        self.history = history
        self._played = history.own()

    #: The fields a new state takes from its options (a layout, an action table...): pickle
    #: leaves them out, since the blank state it starts from (:func:`_blank`) has them.
    option_fields: ClassVar[tuple[str, ...]] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        """For pickle: a blank state of the same game, players and options (the options are
        pickled by reference, see each game's ``options.py``), then its fields
        (:meth:`__setstate__`). Not pickle's default: in the compiled build, unpickling a
        compiled class runs its ``__init__`` without arguments."""
        return _blank, (type(self), self.game, self.n, self.opts), self.__getstate__()

    def __getstate__(self) -> dict[str, Any]:
        """Every field but those the blank state has already (the game, its rules, the options
        and :attr:`option_fields`) and the cached legal actions: they are the action table's
        own objects, which the rules recognise by identity, and pickle would copy them."""
        made = {"game", "rules", "n", "opts", "_legal_cache", *self.option_fields}
        return {
            name: getattr(self, name)
            for name in _field_names(type(self))
            if name not in made and hasattr(self, name)
        }

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)

    def _seat_to_decide(self) -> int:
        """The seat deciding now, outside chance and the end."""
        raise NotImplementedError

    def _who_decides(self) -> int:
        phase = self.phase
        rules = self.rules
        if phase in rules.chance_phases:
            return CHANCE
        if phase == rules.over_phase:
            return TERMINAL
        return self._seat_to_decide()

    def refresh(self) -> None:
        """Work out again what the state keeps to be quick (the rules' running totals, who
        decides, the cached legal actions) from its data: after a position is set up or built by
        hand, or its hidden cards dealt again."""
        self.rules.recount(self)
        self._legal_cache = None
        self._current = self._who_decides()

    def current_player(self) -> int:
        return self._current

    def is_terminal(self) -> bool:
        return self._current == TERMINAL

    def is_chance_node(self) -> bool:
        return self._current == CHANCE

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal_cache
        if legal is None:
            player = self._current
            if player >= 0:
                legal = self.rules.legal_actions(self)
            elif player == CHANCE:
                legal = tuple([a for a, _ in self.rules.chance_outcomes(self)])
            else:
                legal = ()
            self._legal_cache = legal
        return legal

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        if self._current != CHANCE:
            return ()
        return self.rules.chance_outcomes(self)

    def _legal(self) -> tuple[Action, ...]:
        return self.rules.legal_actions(self)

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        return self.rules.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        return self.rules.sample_chance(self, rng)

    def _is_legal(self, action: Action) -> bool:
        if self._current == CHANCE:
            return isinstance(action, self.action_type) and self.rules.is_chance_outcome(self, action)
        legal = self._legal_cache
        if legal is None:
            legal = self.legal_actions()
        # Legal actions are the action table's own objects, so the action played is almost always
        # one of them: find it by identity. ``in`` alone would call the dataclass ``__eq__``
        # (a field-by-field comparison) for every action before it; only an equal copy made
        # elsewhere needs that.
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def apply_action(self, action: Action) -> None:
        # The hot path: an action picked from the legal actions just asked for is found among
        # them by identity here; ``_is_legal`` does the rest (chance outcomes, equal copies).
        legal = self._legal_cache
        if legal is not None:
            for candidate in legal:
                if candidate is action:
                    break
            else:
                legal = None
        if legal is None and not self._is_legal(action):
            raise self._illegal(action)
        self._legal_cache = None
        self._played.append(action.id)
        self.rules.apply(self, action)
        self._current = self._who_decides()

    def _apply(self, action: Action) -> None:
        self.rules.apply(self, action)

    def _game(self) -> PhasedGame:
        game = self.game
        if not isinstance(game, PhasedGame):
            raise TypeError(f"a phase-machine state needs a PhasedGame, not {type(game).__name__}")
        return game

    def view(self, seat: int | None, log_since: int | None = 0) -> JsonDict:
        return self._game().view_of(self, seat, log_since)

    def decision(self) -> str:
        return self._game().decision_of(self)

    def inventory(self) -> dict[str, Any]:
        return self._game().inventory_of(self)

    def action_table(self) -> ActionTable:
        return self.opts.action_table()

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self)

    def returns(self) -> tuple[float, ...]:
        """1.0 for each winner (a shared win counts for each), else 0.0; all 0.0 before the end."""
        outcome = self.outcome()
        if outcome is None:
            return (0.0,) * self.n
        return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(self.n))

    def resample(self, seat: int, rng: random.Random, *, search: bool = False) -> State:
        """The rules deal again, into a copy (a search copy with ``search``), what ``seat``
        cannot locate."""
        new = self.search_clone() if search else self.clone()
        new.resampled = True
        self.rules.resample(self, new, seat, rng)
        new.refresh()
        return new

    def start_record(self) -> JsonDict:
        if self.scenario_spec is not None:
            return {"scenario": self.scenario_spec}
        return {"num_players": self.n, "options": dict(self.opts.values)}

    def record(self) -> JsonDict:
        if self.lean:
            raise SearchCopyError(
                f"this {self.game.title} state was copied for search and keeps only the actions since, "
                "so it has no record; ask the state it was copied from"
            )
        if self.resampled:
            raise ValueError("a resampled state is a guess made for search; it has no true record")
        return super().record()

    @property
    def num_players(self) -> int:
        return self.n

    def max_game_length(self) -> int:
        return self.rules.max_game_length(self.n, self.opts.max_turns)


def _blank(kind: type[PhasedState[Any]], game: Game, num_players: int, opts: Any) -> PhasedState[Any]:
    """A new state before setup, which an unpickled state starts from (:meth:`PhasedState.__reduce__`)."""
    return kind(game, num_players, opts, None, False)


def _field_names(kind: type) -> list[str]:
    """The fields of a state's class: the names in ``__slots__`` along its classes, or for a
    compiled class (which keeps no ``__slots__``) mypyc's list of its fields."""
    names: dict[str, None] = {}
    for cls in kind.__mro__:
        own = vars(cls)
        names.update(dict.fromkeys(own.get("__mypyc_attrs__", own.get("__slots__", ()))))
    names.pop("__dict__", None)
    return list(names)


def _ids(state: PhasedState[Any]) -> EventLog[int]:
    """The history of a phase-machine state, as the shared log it is (the protocol types it
    loosely; this typed view lets the compiled build call the log's methods directly)."""
    return cast(EventLog[int], state.history)


@mypyc_attr(allow_interpreted_subclasses=True)
class PhasedGame(Game):
    """A game whose states are :class:`PhasedState`: options resolved once, then the rules' setup."""

    #: The game's rules (its states reach them through their game).
    game_rules: ClassVar[GameRules[Any]]
    #: The package holding ``data/summary.md`` (the rules in brief).
    package: ClassVar[str]

    def view_of(self, state: Any, seat: int | None, log_since: int | None) -> JsonDict:
        """``state.view(seat, log_since)``, for a state that does not write its own."""
        raise NotImplementedError

    def decision_of(self, state: Any) -> str:
        """``state.decision()``, for a state that does not write its own."""
        raise NotImplementedError

    def inventory_of(self, state: Any) -> dict[str, Any]:
        """``state.inventory()``, for a state that does not write its own."""
        raise NotImplementedError

    def resolve_options(self, values: Mapping[str, Any]) -> GameOptions:
        """Load the content the options name and turn them into engine switches."""
        raise NotImplementedError

    def make_state(self, num_players: int, opts: Any) -> PhasedState[Any]:
        raise NotImplementedError

    def build_scenario(self, spec: Mapping[str, Any]) -> PhasedState[Any]:
        raise NotImplementedError

    def _options(self, options: Mapping[str, object]) -> Any:
        return self.resolve_options(self.validate_options(options))

    def new_initial_state(self, num_players: object = None, **options: object) -> PhasedState[Any]:
        n = self.check_players(num_players)
        state = self.make_state(n, self._options(options))
        self.game_rules.setup(state)
        state.refresh()
        return state

    def scenario(self, spec: Mapping[str, Any]) -> PhasedState[Any]:
        state = self.build_scenario(spec)
        state.refresh()
        return state

    def action_table(self, **options: object) -> ActionTable:
        table: ActionTable = self._options(options).action_table()
        return table

    def max_game_length(self, num_players: int, **options: object) -> int:
        return self.game_rules.max_game_length(num_players, self._options(options).max_turns)

    def rules_summary(self) -> str:
        return resources.files(self.package).joinpath("data", "summary.md").read_text("utf-8")
