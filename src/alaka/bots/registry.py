"""Bots by name, with parameters: ``random``, ``heuristic``, ``ismcts:iterations=2000``.

A bot spec is ``name`` or ``name:key=value,key=value``. IS-MCTS takes ``iterations``,
``seconds``, ``c`` (exploration), ``depth`` (cut rollouts after this many decisions and score
with the game's evaluator; 0 = play to the end), ``rollout`` (``random`` or ``heuristic``),
``opponents`` (``tree``: other seats are searched too; ``heuristic``: they follow the game's
heuristic), ``bias`` (progressive bias towards the heuristic's choice; 0 = none), ``margin``
(keep the heuristic's move unless another beats it by this many standard errors; 0 = off),
``levels`` (the tree branches on at most this many decisions from the root; 0 = no limit),
``root`` (``tree``: the root's action comes from the tree; ``halving``: sequential halving over
paired simulations, see :mod:`alaka.bots.ismcts`), ``verify`` (in tree mode, with a
heuristic prior: the share of the budget kept to check the tree's choice against the
heuristic's move on paired simulations; 0 = off) and ``check`` (with ``verify``: ``disagree``
checks only a tree choice that is not the heuristic's; ``always`` then checks the tree's
runner-up instead).

``python:call=module:attribute`` (or ``call=agent.py:attribute``) plays a bot from outside
Alaka: an object with ``act(state, seat, rng)``, a class of such objects, or a policy function.
Only the command line offers it; the browser's tables take their fixed menu (:func:`bot_menu`).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, cast

from alaka.bots.heuristic_bot import HeuristicBot
from alaka.bots.ismcts import (
    ROOT_MODES,
    Evaluator,
    ISMCTSBot,
    Policy,
    random_policy,
    terminal_values,
)
from alaka.bots.random_bot import RandomBot
from alaka.core.driver import Bot
from alaka.core.entry import Heuristic, MissingPart
from alaka.core.errors import AlakaError
from alaka.core.language import ENGLISH, N_, speaking, tr
from alaka.core.registry import entry

if TYPE_CHECKING:
    from alaka.bots.learned import LearnedModel
    from alaka.core.protocol import Action, State


class BotSpecError(AlakaError):
    """A bot spec that names an unknown bot or gives a bad parameter."""


def _number(name: str, key: str, text: str, kind: type) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise BotSpecError(f"bot {name!r}: {key} takes a number, not {text!r}") from None
    return float(value)


def _random(game: str, params: dict[str, str]) -> Bot:
    if params:
        raise BotSpecError(f"bot 'random' takes no parameters, got {', '.join(params)}")
    return RandomBot()


def heuristic_for(game: str) -> Heuristic:
    """The heuristic of a game; a :class:`BotSpecError` naming the other bots if it has none."""
    try:
        return entry(game).load_heuristic()
    except MissingPart as missing:
        raise BotSpecError(f"{missing}; its bots are: {', '.join(bot_names(game))}") from None


def _heuristic(game: str, params: dict[str, str]) -> Bot:
    if params:
        raise BotSpecError(f"bot 'heuristic' takes no parameters, got {', '.join(params)}")
    return HeuristicBot(heuristic_for(game))


def _model(game: str, bot: str, weights: str | None) -> LearnedModel:
    """The learned model a bot spec asks for (the game's packaged weights, or ``weights=FILE``).
    Imported here, not above: NumPy is loaded only by a program that plays a learned bot."""
    from alaka.bots.learned import WeightsError, model_for

    try:
        return model_for(game, weights)
    except MissingPart as missing:
        raise BotSpecError(
            f"{missing}, so it has no {bot!r} bot; its bots are: {', '.join(bot_names(game))}"
        ) from None
    except WeightsError as error:
        raise BotSpecError(f"bot {bot!r}: {error}") from None


def _learned(game: str, params: dict[str, str]) -> Bot:
    known = {"weights", "temperature"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise BotSpecError(
            f"bot 'learned' has no parameter {unknown[0]!r}; it takes {', '.join(sorted(known))}"
        )
    temperature = _number("learned", "temperature", params.get("temperature", "0"), float)
    if temperature < 0:
        raise BotSpecError(f"bot 'learned': temperature is 0 or more, not {temperature}")
    from alaka.bots.learned import LearnedBot

    return LearnedBot(_model(game, "learned", params.get("weights")), temperature)


#: IS-MCTS parameters that only the classic search (rollouts, the heuristic as a guide) takes.
CLASSIC_ONLY = frozenset({"rollout", "depth", "bias", "margin", "levels", "root", "verify", "check"})
#: IS-MCTS parameters that only the learned guide takes.
GUIDED_ONLY = frozenset({"weights", "noise", "playout"})
#: IS-MCTS parameters that adjust the game's strongest set-up (its budget, its exploration).
SHARED = frozenset({"iterations", "seconds", "c", "opponents"})


def strongest_search(game: str) -> str | None:
    """The game's strongest measured search: the top of the ladder its entry declares, where
    that is an ``ismcts`` spec (docs/bots.md#levels); None for a game that declares none."""
    ladder = entry(game).levels
    top = ladder[-1] if ladder else None
    return top if top is not None and parse_spec(top)[0] == "ismcts" else None


def _ismcts(game: str, params: dict[str, str]) -> Bot:
    """``ismcts``: the game's strongest measured set-up (:func:`strongest_search`), its budget
    and exploration adjusted by ``iterations``, ``seconds``, ``c`` and ``opponents``. A spec that
    names a parameter of one search alone asks for that search from its own defaults:
    ``guide=learned`` (or ``weights``, ``noise``, ``playout``) the search guided by the learned
    policy and value, ``guide=none`` (or ``rollout``, ``depth``, ...) the classic search with
    random rollouts, the research baseline. A game that declares no strongest search gets the
    guided one where it ships weights, the classic one otherwise."""
    guide = params.pop("guide", None)
    strongest = strongest_search(game)
    if guide is None and strongest is not None and set(params) <= SHARED:
        preset = parse_spec(strongest)[1]
        if "seconds" in params:
            preset.pop("iterations", None)  # a time budget instead of the preset's count
        return _ismcts(game, {"guide": "none", **preset, **params})
    if guide is None:
        classic = bool(CLASSIC_ONLY & set(params))
        guide = "learned" if (entry(game).has_learned or "weights" in params) and not classic else "none"
    if guide == "learned":
        return _guided(game, params)
    if guide != "none":
        raise BotSpecError(f"bot 'ismcts': guide is 'learned' or 'none', not {guide!r}")
    wrong = sorted(GUIDED_ONLY & set(params))
    if wrong:
        raise BotSpecError(f"bot 'ismcts': {wrong[0]} goes with guide=learned")
    return _classic(game, params)


def _guided(game: str, params: dict[str, str]) -> Bot:
    known = {"iterations", "seconds", "c", "weights", "noise", "playout", "opponents"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise BotSpecError(
            f"bot 'ismcts' guided by the learned network has no parameter {unknown[0]!r}; "
            f"it takes {', '.join(sorted(known))} (guide=none for the classic search's)"
        )
    seconds = _number("ismcts", "seconds", params.get("seconds", "0"), float)
    iterations = int(
        _number("ismcts", "iterations", params.get("iterations", "0" if seconds else "200"), int)
    )
    c = _number("ismcts", "c", params.get("c", "1.5"), float)
    noise = _number("ismcts", "noise", params.get("noise", "0"), float)
    playout = int(_number("ismcts", "playout", params.get("playout", "0"), int))
    policy = heuristic_for(game).policy if playout and entry(game).has_heuristic else None
    if playout and policy is None:
        raise BotSpecError(f"{entry(game).title} has no heuristic to play a playout with")
    opponents = params.get("opponents", "tree")
    if opponents not in ("tree", "heuristic"):
        raise BotSpecError(f"bot 'ismcts': opponents is 'tree' or 'heuristic', not {opponents!r}")
    if opponents == "heuristic" and not entry(game).has_heuristic:
        raise BotSpecError(f"{entry(game).title} has no heuristic for opponents=heuristic")
    model_of_others = heuristic_for(game).policy if opponents == "heuristic" else None
    model = _model(game, "ismcts", params.get("weights"))
    from alaka.bots.guided import GuidedSearchBot

    try:
        return GuidedSearchBot(
            model,
            iterations=iterations,
            seconds=seconds,
            c=c,
            noise=noise,
            playout=playout,
            playout_policy=policy,
            opponents=model_of_others,
        )
    except ValueError as error:
        raise BotSpecError(f"bot 'ismcts': {error}") from None


def _classic(game: str, params: dict[str, str]) -> Bot:
    known = {
        "iterations",
        "seconds",
        "c",
        "depth",
        "rollout",
        "opponents",
        "bias",
        "margin",
        "levels",
        "root",
        "verify",
        "check",
    }
    unknown = sorted(set(params) - known)
    if unknown:
        raise BotSpecError(
            f"bot 'ismcts' has no parameter {unknown[0]!r}; it takes {', '.join(sorted(known))}"
        )
    rollout_name = params.get("rollout", "random")
    if rollout_name not in ("random", "heuristic"):
        raise BotSpecError(f"bot 'ismcts': rollout is 'random' or 'heuristic', not {rollout_name!r}")
    opponents_name = params.get("opponents", "tree")
    if opponents_name not in ("tree", "heuristic"):
        raise BotSpecError(f"bot 'ismcts': opponents is 'tree' or 'heuristic', not {opponents_name!r}")
    root = params.get("root", "tree")
    if root not in ROOT_MODES:
        modes = " or ".join(repr(mode) for mode in ROOT_MODES)
        raise BotSpecError(f"bot 'ismcts': root is {modes}, not {root!r}")
    bias = _number("ismcts", "bias", params.get("bias", "0"), float)
    margin = _number("ismcts", "margin", params.get("margin", "0"), float)
    depth = int(_number("ismcts", "depth", params.get("depth", "0"), int))
    seconds = _number("ismcts", "seconds", params.get("seconds", "0"), float)
    iterations = int(
        _number("ismcts", "iterations", params.get("iterations", "0" if seconds else "1000"), int)
    )
    c = _number("ismcts", "c", params.get("c", "0.7"), float)
    levels = int(_number("ismcts", "levels", params.get("levels", "0"), int))
    verify = _number("ismcts", "verify", params.get("verify", "0"), float)
    if iterations < 0 or seconds < 0 or (iterations == 0 and seconds == 0):
        raise BotSpecError("bot 'ismcts' needs iterations >= 1 or seconds > 0")
    evaluator: Evaluator = terminal_values
    rollout: Policy = random_policy
    opponent_policy: Policy | None = None
    prior: Policy | None = None
    if rollout_name == "heuristic" or depth or opponents_name == "heuristic" or bias or margin or verify:
        if not entry(game).has_heuristic:
            raise BotSpecError(
                f"{entry(game).title} has no heuristic, so 'ismcts' takes none of rollout=heuristic, "
                "opponents=heuristic, depth, bias, margin or verify there"
            )
        heuristic = heuristic_for(game)
        evaluator = heuristic.evaluate
        if rollout_name == "heuristic":
            rollout = heuristic.policy
        if opponents_name == "heuristic":
            opponent_policy = heuristic.policy
        if bias or margin or verify:
            prior = heuristic.policy
    try:
        return ISMCTSBot(
            iterations=iterations,
            seconds=seconds,
            c=c,
            depth=depth,
            rollout=rollout,
            evaluator=evaluator,
            opponent_policy=opponent_policy,
            prior=prior,
            bias=bias,
            margin=margin,
            levels=levels,
            root=root,
            verify=verify,
            check=params.get("check", "disagree"),
        )
    except ValueError as error:  # the bot checks its own ranges; say so as a spec error
        raise BotSpecError(f"bot 'ismcts': {error}") from None


class _PolicyBot:
    """A bare policy function ``(state, seat, rng) -> action`` as a bot."""

    def __init__(self, policy: Callable[[State, int, random.Random], Action]) -> None:
        self.policy = policy

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        return self.policy(state, seat, rng)


def _load_outside(target: str) -> object:
    """The object at ``module:attribute`` or ``path/to/file.py:attribute``."""
    where, sep, attribute = target.rpartition(":")
    if not sep or not where or not attribute.isidentifier():
        raise BotSpecError(f"bot 'python': call is module:attribute or file.py:attribute, not {target!r}")
    try:
        if where.endswith(".py"):
            path = Path(where).expanduser().resolve()
            if not path.is_file():
                raise BotSpecError(f"bot 'python': there is no file {where}")
            spec = importlib.util.spec_from_file_location(f"alaka_outside_{path.stem}", path)
            if spec is None or spec.loader is None:
                raise BotSpecError(f"bot 'python': {where} cannot be loaded as a module")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except BotSpecError:
        raise
    except Exception as error:  # the researcher's module itself fails: say where, not a traceback
        raise BotSpecError(
            f"bot 'python': {where} does not import: {type(error).__name__}: {error}"
        ) from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise BotSpecError(f"bot 'python': {where} has no {attribute!r}") from None


def _python(game: str, params: dict[str, str]) -> Bot:
    """A bot from outside Alaka (a researcher's agent), so it joins ``alaka arena`` in one command:
    ``call`` names an object with ``act(state, seat, rng)``, a class whose instances have it
    (made with no arguments), or a policy function ``(state, seat, rng) -> action``."""
    unknown = sorted(set(params) - {"call"})
    if unknown or "call" not in params:
        raise BotSpecError("bot 'python' takes one parameter, call=module:attribute (or file.py:attribute)")
    found = _load_outside(params["call"])
    if isinstance(found, type):
        try:
            found = found()
        except Exception as error:
            raise BotSpecError(
                f"bot 'python': {params['call']}() fails: {type(error).__name__}: {error}"
            ) from None
    return bot_from_object(found, params["call"])


def bot_from_object(found: object, name: str) -> Bot:
    """``found`` as a bot: itself if it has ``act(state, seat, rng)``, wrapped if it is a policy
    function ``(state, seat, rng) -> action``; :class:`BotSpecError` naming ``name`` otherwise.
    The ``python`` bot and the RL environments' in-process opponents (a learner's snapshots)
    both come through here."""
    act = getattr(found, "act", None)
    if callable(act):
        return cast("Bot", found)
    if callable(found):
        return _PolicyBot(cast("Callable[[State, int, random.Random], Action]", found))
    raise BotSpecError(f"bot 'python': {name} is neither a bot (with act) nor a function")


BOTS: dict[str, Callable[[str, dict[str, str]], Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "learned": _learned,
    "ismcts": _ismcts,
    "python": _python,
}


#: The names of the levels, weakest first: a game's ladder (:func:`level_specs`) takes as many
#: as it has bots.
LEVEL_NAMES = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"), N_("Master"))

#: What each kind of bot does, in a line (a message: translated where it is shown).
LEVEL_HELPS = {
    "random": N_("plays any legal move at random"),
    "heuristic": N_("plays by simple rules of thumb, at once"),
    "learned": N_("plays the move its trained network likes best, at once"),
}
#: What a search bot does, ``{n}`` its iterations.
SEARCH_HELP = N_("searches {n} possible futures before each move")


def level_help(spec: str) -> str:
    """What the bot ``spec`` of a table's menu does, in a line in the reader's language."""
    fixed = LEVEL_HELPS.get(spec)
    if fixed is not None:
        return tr(fixed)
    return tr(SEARCH_HELP).format(n=parse_spec(spec)[1].get("iterations", "?"))


def level_specs(game: str) -> tuple[str, ...]:
    """The bots a table offers for ``game`` by strength, weakest first: the ladder its entry
    declares (each level measured stronger than the one below, docs/bots.md#levels), or, for a
    game that declares none, random play, the heuristic where it has one and two budgets of
    search. A fixed menu, so no visitor can ask a server for an hour of search."""
    found = entry(game)
    if found.levels:
        return found.levels[: len(LEVEL_NAMES)]
    return (
        "random",
        *(("heuristic",) if found.has_heuristic else ()),
        "ismcts:iterations=300",
        "ismcts:iterations=1000",
    )


def bot_menu(game: str) -> tuple[str, ...]:
    """The bots a table offers for ``game``, the usual opponent (:func:`default_bot`) first, then
    the other levels from the weakest."""
    usual = default_bot(game)
    return (usual, *(spec for spec in level_specs(game) if spec != usual))


class BotLevel(NamedTuple):
    """A bot of the menu as people choose it: a strength level and what it does; ``spec`` is
    what the table runs."""

    spec: str
    level: str
    help: str


def bot_levels(game: str) -> tuple[BotLevel, ...]:
    """The bot menu of ``game`` from the weakest to the strongest, each with a plain name
    (:data:`LEVEL_NAMES`) and a line on what it does."""
    levels = []
    for name, spec in zip(LEVEL_NAMES, level_specs(game), strict=False):
        with speaking(ENGLISH):  # the names are ids (level_spec reads them): translated where shown
            what = level_help(spec)
        levels.append(BotLevel(spec, name, what))
    return tuple(levels)


def level_spec(game: str, text: str) -> str:
    """The bot spec of a level named on a command line (``hard``: the game's Hard level, as a
    table offers it), or ``text`` itself when it names no level."""
    wanted = text.strip().lower()
    if wanted not in (name.lower() for name in LEVEL_NAMES):
        return text
    levels = bot_levels(game)
    for level in levels:
        if level.level.lower() == wanted:
            return level.spec
    names = ", ".join(level.level for level in levels)
    # TRANSLATORS: {game} is the game's title; {levels} the levels' names, typed as they are
    # (Easy, Medium, Hard); {given} what was typed, quoted.
    wrong = tr("{game}'s bots have the levels {levels}, not {given}")
    raise BotSpecError(wrong.format(game=entry(game).title, levels=names, given=repr(text.strip())))


def default_bot(game: str) -> str:
    """The bot that fills a seat nobody named, or one a person left: strong and instant (the
    heuristic where the game has one, else random play)."""
    return "heuristic" if entry(game).has_heuristic else "random"


def bot_names(game: str) -> tuple[str, ...]:
    """The bots that can play ``game`` (``heuristic`` only where the game has one)."""
    missing = {"heuristic"} if not entry(game).has_heuristic else set()
    if not entry(game).has_learned:
        missing.add("learned")
    return tuple(name for name in BOTS if name not in missing)


#: A '/' that starts a bot's next parameter (``/name=``), in a spec typed where commas part seats.
_NEXT_PARAMETER = re.compile(r"/(?=\s*[A-Za-z_]\w*\s*=)")


def typed_spec(text: str) -> str:
    """A bot spec as typed on a command line that parts seats with commas (``--seats``): there a
    bot's parameters are parted with '/' (``ismcts:iterations=500/c=0.5``). Only a '/' that
    starts a parameter parts them, so a value may be a path: ``learned:weights=/tmp/w.npz``."""
    return _NEXT_PARAMETER.sub(",", text.strip())


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise BotSpecError(f"bot parameters are written key=value; got {part!r} in {spec!r}")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def make_bot(spec: str, game: str) -> Bot:
    """A bot from its spec, for a game (heuristics are per game)."""
    name, params = parse_spec(spec)
    if name not in BOTS:
        # TRANSLATORS: {name} is the bot given, quoted; {bots} the bots' names, typed as they are.
        unknown = tr("no bot is called {name}; the bots are: {bots}")
        raise BotSpecError(unknown.format(name=repr(name), bots=", ".join(bot_names(game))))
    return BOTS[name](game, params)
