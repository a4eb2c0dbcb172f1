"""The optional compiled build: which modules mypyc compiles, and which build is running.

``ALAKA_COMPILE=1 pip install .`` compiles the modules of :func:`compiled_names` with mypyc (a
compiler for typed Python) into C extensions; the pure-Python package is the default and the
fallback, and both play the same seeded games (a test compares them). The compiled modules are
the hot path: the protocol and the phase machine, IS-MCTS, and the modules each built-in game's
entry declares (its states, options, actions, events and rules).
Modules that only tools read (views, text, scenarios, heuristics) stay Python. So do the view's
declared types (``viewtypes.py``), whose annotations a compiled ``TypedDict`` loses.

:func:`mypyc_attr` marks a compiled class that classes written in Python may subclass (a game
of one's own subclasses ``State``). To mypy, and so to mypyc, it is mypy_extensions' decorator
(``compiling.pyi`` says so); when the package runs, it is this function, which does nothing:
so ``alaka.core`` imports no third-party module, compiled or not.
"""

from __future__ import annotations

from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

#: Alaka's own modules the compiled build compiles; each built-in game adds those its entry
#: declares (``GameEntry.compiled``), so a new game is compiled without a change here.
CORE_COMPILED = (
    "alaka.core.protocol",
    "alaka.core.phased",
    "alaka.core.eventlog",
    "alaka.core.draws",
    "alaka.core.events",
    "alaka.core.values",
    "alaka.core.knowledge",
    "alaka.core.tuples",
)
#: Compiled after the games' modules (the search that plays them).
SEARCH_COMPILED = ("alaka.bots.ismcts",)


def compiled_names() -> tuple[str, ...]:
    """Every module the compiled build compiles (setup.py reads this): Alaka's own, and the
    built-in games' in the order of their names. The registry is imported here, not at the top,
    since the protocol it imports imports this module."""
    from alaka.core.registry import built_in

    games = built_in()
    declared = tuple(module for name in sorted(games) for module in games[name].compiled_modules)
    return CORE_COMPILED + declared + SEARCH_COMPILED


def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
    """mypyc's class attributes, for the compiler; nothing when the package runs."""
    return lambda cls: cls


def compiled_modules() -> list[str]:
    """Those of :func:`compiled_names` that are running as compiled extensions."""
    found = []
    for name in compiled_names():
        path = str(getattr(import_module(name), "__file__", "") or "")
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return found


def build() -> str:
    """Which build is running, in words (``alaka --version`` prints it)."""
    done = compiled_modules()
    if not done:
        return "pure Python"
    total = len(compiled_names())
    if len(done) == total:
        return f"compiled with mypyc: {len(done)} modules"
    return f"partly compiled with mypyc: {len(done)} of {total} modules"
