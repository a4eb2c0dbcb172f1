"""The games: every package under ``alaka/games/`` that declares an ``ENTRY``, the games other
installed packages offer through the ``alaka.games`` entry-point group, and any registered by
a program with :func:`register`.

Importing this module loads no game; the entries are read the first time a game is asked for,
and a game's rules only when its :class:`~alaka.core.protocol.Game` is.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib import metadata

from alaka.core.entry import GameEntry
from alaka.core.errors import UnknownGame
from alaka.core.language import tr
from alaka.core.protocol import Game

#: Entry-point group under which an installed package can offer games (``name = module:ENTRY``).
ENTRY_POINT_GROUP = "alaka.games"

_registered: dict[str, GameEntry] = {}


def _check(entry: object, where: str) -> GameEntry:
    if not isinstance(entry, GameEntry):
        raise TypeError(f"{where} is not a GameEntry")
    return entry


@cache
def built_in() -> dict[str, GameEntry]:
    """The entries of the games under ``alaka/games/`` (read once): the games Alaka ships, whose
    declared modules the compiled build compiles (:mod:`alaka.core.compiling`)."""
    import alaka.games

    entries: dict[str, GameEntry] = {}
    for info in pkgutil.iter_modules(alaka.games.__path__, "alaka.games."):
        module = importlib.import_module(info.name)
        entry = getattr(module, "ENTRY", None)
        if entry is not None:
            entries[_check(entry, info.name + ".ENTRY").name] = entry
    return entries


@cache
def _found() -> dict[str, GameEntry]:
    """The built-in games and the installed packages' games, read once."""
    entries = dict(built_in())
    for point in metadata.entry_points(group=ENTRY_POINT_GROUP):
        entry = _check(point.load(), f"the entry point {point.value!r}")
        entries.setdefault(entry.name, entry)
    return entries


def register(entry: GameEntry) -> None:
    """Add a game (or replace a registered one of the same name), e.g. from a test suite."""
    _registered[_check(entry, repr(entry)).name] = entry
    game.cache_clear()


def unregister(name: str) -> None:
    """Remove a game added with :func:`register`."""
    _registered.pop(name, None)
    game.cache_clear()


def _entries() -> dict[str, GameEntry]:
    return {**_found(), **_registered}


def games() -> tuple[str, ...]:
    """Names of the registered games, sorted."""
    return tuple(sorted(_entries()))


def entry(name: str) -> GameEntry:
    """The entry of the game called ``name`` (:class:`UnknownGame` if there is none)."""
    found = _entries().get(name.strip().lower())
    if found is None:
        # TRANSLATORS: {name} is the game asked for, quoted; {games} the games' names, typed as they are.
        unknown = tr("no game is called {name}; the games are: {games}")
        raise UnknownGame(unknown.format(name=repr(name), games=", ".join(games())))
    return found


@cache
def game(name: str) -> Game:
    """The game registered under ``name`` (for example ``alaka.game("alakazoo")``)."""
    return entry(name).load_game()
