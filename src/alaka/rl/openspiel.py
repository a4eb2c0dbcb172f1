"""Both games as OpenSpiel games: ``import alaka.rl.openspiel`` registers them with ``pyspiel``.

After the import, ``pyspiel.load_game("alaka_alakazoo(players=3)")`` works like any OpenSpiel
game, and every game option is a game parameter (``alaka_alakazoo(players=4,final_lines=partial)``).

How the games look to OpenSpiel:

- sequential, explicit stochastic chance (dice, draws and tie-breaks are chance nodes whose
  outcomes are action ids, as in the engine), imperfect information, terminal rewards;
- general-sum: the returns are *win shares* (a winner gets 1, the winners of a shared win split
  1, everyone else 0), and a game stopped at the safety limit gives everyone 0;
- actions are the engine's ids, ``0..num_distinct_actions()-1``; chance outcomes share that id
  space, so ``max_chance_outcomes()`` is the same number;
- ``observation_tensor`` / ``information_state_tensor`` come from the game's encoding
  (``alaka/games/<game>/encoding.py``), built from ``view(player)`` alone;
- ``observation_string`` is the game's text rendering of the player's view;
  ``information_state_string`` adds a digest of everything the player has seen, event by
  event, so two states share it exactly when the player cannot tell them apart (IS-MCTS keys
  its nodes by it);
- ``resample_from_infostate`` is the engine's ``resample`` (so OpenSpiel's ``ISMCTSBot`` runs);
- serialisation writes the game record (JSON) and reads it back with ``alaka.replay``.

:class:`AlakaBot` lets any Alaka bot (``"heuristic"``, ``"ismcts:iterations=200"``) play in
OpenSpiel's ``evaluate_bots``; :class:`HeuristicEvaluator` gives OpenSpiel's MCTS and IS-MCTS
the game's position evaluator instead of random rollouts.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import alaka
from alaka.bots.ismcts import win_shares
from alaka.bots.registry import heuristic_for, make_bot
from alaka.core.driver import Bot
from alaka.core.encoding import ViewEncoding
from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE, TERMINAL, Game, JsonDict, State
from alaka.rl.encoding import LogCursor, encoded_games, for_game, recent_view

#: OpenSpiel's name of an Alaka game: ``alaka_`` and the game's name.
PREFIX = "alaka_"
#: The parameter that holds the number of players (OpenSpiel's usual name).
PLAYERS = "players"


class OpenSpielError(AlakaError):
    """A request the OpenSpiel adapter cannot serve (an observation type it does not provide)."""


def short_name(game: Game) -> str:
    return f"{PREFIX}{game.name}"


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel description of an Alaka game, with its options as parameters."""
    parameters: dict[str, Any] = {PLAYERS: game.default_players}
    parameters.update({p.name: p.default for p in game.parameters})
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Alaka {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class AlakaGame(pyspiel.Game):  # type: ignore[misc]
    """An Alaka game for one player count and set of options, as a ``pyspiel.Game``.

    Each game is registered as a subclass naming it (:func:`register`): OpenSpiel keeps the
    registered factory until the interpreter exits, and a class is safe to keep so long where
    a closure is not (a closure there aborts the interpreter at exit).
    """

    #: The Alaka name of the game (set by each registered subclass).
    alaka_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.alaka_game = alaka.game(self.alaka_name)
        params = dict(params or {})
        players = params.pop(PLAYERS, self.alaka_game.default_players)
        self.num_seats = self.alaka_game.check_players(players)
        #: The game's options (OpenSpiel hands over every parameter, defaults included).
        self.options: dict[str, Any] = params
        #: Tensors and strings of the first position. OpenSpiel's C++ side asks for a tensor's
        #: shape by encoding a new first position before every tensor it reads, so those are
        #: kept once for the game.
        self.first_position: dict[tuple[object, ...], Any] = {}
        self.encoding: ViewEncoding = for_game(self.alaka_game)(self.num_seats, **self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.encoding.num_actions,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.alaka_game.max_game_length(self.num_seats, **self.options),
        )
        super().__init__(game_type(self.alaka_game), info, {PLAYERS: self.num_seats, **params})

    def new_initial_state(self) -> AlakaState:
        state = AlakaState(self, self.alaka_game.new_initial_state(self.num_seats, **self.options))
        state._engine.fresh = True
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> AlakaObserver:
        return AlakaObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Engine:
    """Holds the engine's state inside a ``pyspiel.State``.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them; this holder makes the first the engine's cheap ``clone()`` and the second
    the game record (replayed on loading), instead of copying the whole object graph.
    """

    __slots__ = ("cursor", "digests", "fresh", "seen", "state")

    def __init__(
        self, state: State, digests: dict[int | None, tuple[int, str]] | None = None, fresh: bool = False
    ) -> None:
        self.state = state
        #: A new game's first position, untouched: all such positions are alike.
        self.fresh = fresh
        #: How long the log was when last read (a resample has the same log length).
        self.cursor = LogCursor()
        #: Per seat (None: a spectator): how many log events are folded into the history
        #: digest, and the digest.
        self.digests: dict[int | None, tuple[int, str]] = digests or {}
        #: Tensors and strings already made for this position (OpenSpiel asks more than once);
        #: emptied by every action.
        self.seen: dict[tuple[object, ...], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        twin = _Engine(self.state.clone(), dict(self.digests), self.fresh)
        twin.cursor.size = self.cursor.size
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        try:
            record = self.state.record()
        except ValueError:  # a resampled state has no record: pickle the engine's objects
            return (_Engine, (self.state,))
        return (_replayed, (json.dumps(record),))


def _replayed(record: str) -> _Engine:
    return _Engine(alaka.replay(json.loads(record)))


class AlakaState(pyspiel.State):  # type: ignore[misc]
    """A position of an Alaka game, as a ``pyspiel.State``. ``alaka_state`` is the engine's."""

    def __init__(self, game: AlakaGame, state: State) -> None:
        super().__init__(game)
        self._engine = _Engine(state)

    @property
    def alaka_state(self) -> State:
        """The engine's state (``alaka.State``): read it, do not change it behind OpenSpiel."""
        return self._engine.state

    def current_player(self) -> int:
        player = self._engine.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(action.id for action in self._engine.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((action.id, p) for action, p in self._engine.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self._engine.state
        state.apply_action(state.action_table().actions[action])
        self._engine.seen.clear()
        self._engine.fresh = False

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._engine.state.action_table().actions[action].name)

    def is_terminal(self) -> bool:
        return self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        return list(win_shares(self._engine.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AlakaState:
        """A state ``player_id`` cannot tell from this one, from the engine's ``resample``; the
        sampler (a callable giving a float in [0, 1)) seeds the engine's random generator."""
        rng = random.Random(int(probability_sampler() * 2**53))
        twin: AlakaState = self.clone()
        seen = self._engine.digests.get(player_id)
        twin._engine = _Engine(self._engine.state.resample(player_id, rng, search=True))
        if seen is not None:  # the player's log is the same in both, so is its digest
            twin._engine.digests[player_id] = seen
        twin._engine.cursor.size = self._engine.cursor.size
        return twin

    @property
    def log_cursor(self) -> LogCursor:
        """How far this position's log was last read (it only grows)."""
        return self._engine.cursor

    def made(self, key: tuple[object, ...], make: Callable[[], Any]) -> Any:
        """``make()``, kept for this position: OpenSpiel often asks twice for the same tensor."""
        engine = self._engine
        seen = self.get_game().first_position if engine.fresh else engine.seen
        if key not in seen:
            seen[key] = make()
        return seen[key]

    def history_digest(self, player: int | None) -> tuple[int, str]:
        """How many log events ``player`` (None: a spectator) has seen and a digest of all of
        them, in order.

        Each new event is folded into the previous digest, so only events since the last call
        are fetched from the engine; the result depends only on the events, not on when they
        were read.
        """
        engine = self._engine
        size, digest = engine.digests.get(player, (0, ""))
        view = engine.state.view(player, log_since=size)
        for event in view["log"]:
            line = json.dumps(event, sort_keys=True, ensure_ascii=False)
            digest = hashlib.blake2b(f"{digest}\n{line}".encode(), digest_size=16).hexdigest()
        size = int(view["log_size"])
        engine.digests[player] = (size, digest)
        return size, digest

    def __str__(self) -> str:
        """Every seat's view (without the log), one after another: all anyone can see."""
        state = self._engine.state
        game = state.game
        return "\n\n".join(
            game.render_view(state.view(seat, log_since=None)) for seat in range(state.num_players)
        )


def _view_json(view: JsonDict) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True, ensure_ascii=False)


class AlakaObserver:
    """OpenSpiel's observer for an Alaka game (``make_py_observer``).

    ``perfect_recall=True`` is the information state, otherwise the observation. Private
    information is a single player's (``view(player)``) or nobody's (``view(None)``: what a
    spectator sees); all players' at once is not offered, since no seat ever sees that.
    """

    def __init__(
        self, game: AlakaGame, iig_obs_type: pyspiel.IIGObservationType, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise OpenSpielError(f"Alaka observers take no parameters, got {', '.join(params)}")
        if not iig_obs_type.public_info:
            raise OpenSpielError("Alaka observers always include public information (public_info=True)")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise OpenSpielError("Alaka observers show one player's private information or none, not all")
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        self._recall = bool(iig_obs_type.perfect_recall)
        self._encoding = game.encoding
        layout = (
            self._encoding.information_state_layout if self._recall else self._encoding.observation_layout
        )
        self.tensor = np.zeros(layout[-1].stop, np.float32)
        self.dict = {piece.name: self.tensor[piece.start : piece.stop] for piece in layout}

    def _seat(self, player: int) -> int | None:
        return None if self._public_only else player

    def set_from(self, state: AlakaState, player: int) -> None:
        seat = self._seat(player)
        made = state.made(("tensor", self._recall, seat), lambda: self._values(state, seat))
        self.tensor[:] = made

    def _values(self, state: AlakaState, seat: int | None) -> list[float]:
        engine = state.alaka_state
        if self._recall:
            view = recent_view(engine, seat, self._encoding.history_events, state.log_cursor)
            return self._encoding.information_state(view)
        return self._encoding.observation(engine.view(seat, log_since=None))

    def string_from(self, state: AlakaState, player: int) -> str:
        made: str = state.made(
            ("string", self._recall, self._seat(player)), lambda: self._string(state, player)
        )
        return made

    def _string(self, state: AlakaState, player: int) -> str:
        engine_state = state.alaka_state
        view = engine_state.view(self._seat(player), log_since=None)
        text = str(engine_state.game.render_view(view))
        if not self._recall:
            return text
        size, digest = state.history_digest(self._seat(player))
        whole = hashlib.blake2b(f"{_view_json(view)}\n{digest}".encode(), digest_size=16).hexdigest()
        return f"{text}\n[{size} events seen; information state {whole}]"


class AlakaBot(pyspiel.Bot):  # type: ignore[misc]
    """An Alaka bot (by spec: ``random``, ``heuristic``, ``ismcts:...``) as an OpenSpiel bot.

    It decides on the engine's state through the bot's own ``act``, which reads only what the
    seat may see; the seed makes its choices repeatable.
    """

    def __init__(self, game: AlakaGame, player_id: int, spec: str = "heuristic", seed: int = 0) -> None:
        super().__init__()
        self._bot: Bot = make_bot(spec, game.alaka_game.name)
        self._player = player_id
        self._rng = random.Random(seed)

    def step(self, state: AlakaState) -> int:
        return int(self._bot.act(state.alaka_state, self._player, self._rng).id)

    def restart_at(self, state: AlakaState) -> None:
        del state

    def inform_action(self, state: AlakaState, player_id: int, action: int) -> None:
        del state, player_id, action

    def provides_policy(self) -> bool:
        return False


class HeuristicEvaluator:
    """OpenSpiel's MCTS ``Evaluator`` interface over the game's heuristic evaluator: each
    seat's estimated chance to win (win shares at the end) and a uniform prior."""

    def __init__(self, game: AlakaGame) -> None:
        self._evaluate = heuristic_for(game.alaka_game.name).evaluate

    def evaluate(self, state: AlakaState) -> np.ndarray[Any, np.dtype[np.float64]]:
        engine_state = state.alaka_state
        if engine_state.is_terminal():
            return np.asarray(win_shares(engine_state), dtype=np.float64)
        return np.asarray(self._evaluate(engine_state), dtype=np.float64)

    def prior(self, state: AlakaState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's own Python IS-MCTS bot, unchanged but for the ``restart_at`` that
    ``evaluate_bots`` calls and that bot leaves out (it keeps no state between moves, so there
    is nothing to restart): shipped here so a researcher need not write the subclass."""

    def restart_at(self, state: pyspiel.State) -> None:
        del state


#: The registered game classes, by Alaka name.
GAME_CLASSES: dict[str, type[AlakaGame]] = {}


def register() -> None:
    """Register every Alaka game with OpenSpiel (done on import; calling again is harmless)."""
    known = set(pyspiel.registered_names())
    for name in encoded_games():
        game = alaka.game(name)
        if name not in GAME_CLASSES:
            title = "".join(part.capitalize() for part in name.split("_"))
            made = type(f"{title}Game", (AlakaGame,), {"alaka_name": name, "__module__": __name__})
            # A module attribute, so that pickle finds the class of a pickled game by its name.
            globals()[made.__name__] = made
            GAME_CLASSES[name] = made
        if short_name(game) not in known:
            pyspiel.register_game(game_type(game), GAME_CLASSES[name])


def load(name: str, num_players: int | None = None, **options: object) -> AlakaGame:
    """``pyspiel.load_game`` for an Alaka game by its Alaka name, with options as keywords."""
    game = alaka.game(name)
    params: dict[str, Any] = dict(options)
    if num_players is not None:
        params[PLAYERS] = num_players
    loaded: AlakaGame = pyspiel.load_game(short_name(game), params)
    return loaded


register()
__all__ = ["AlakaBot", "AlakaGame", "AlakaObserver", "AlakaState", "HeuristicEvaluator", "load"]
