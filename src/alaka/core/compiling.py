"""The optional compiled build: which modules mypyc compiles, and which build is running.

``ALAKA_COMPILE=1 pip install .`` compiles the modules in :data:`COMPILED` with mypyc (a
compiler for typed Python) into C extensions; the pure-Python package is the default and the
fallback, and both play the same seeded games (a test compares them). The compiled modules are
the hot path: the protocol and the phase machine, the states, options, actions, events and rules
of both games (and Alakazoo's components, which its rules read at every step), and IS-MCTS.
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

#: The modules the compiled build compiles (setup.py reads this tuple).
COMPILED = (
    "alaka.core.protocol",
    "alaka.core.phased",
    "alaka.core.eventlog",
    "alaka.core.draws",
    "alaka.core.events",
    "alaka.core.values",
    "alaka.core.knowledge",
    "alaka.core.tuples",
    "alaka.games.alakazoo.actions",
    "alaka.games.alakazoo.content",
    "alaka.games.alakazoo.events",
    "alaka.games.alakazoo.options",
    "alaka.games.alakazoo.phases",
    "alaka.games.alakazoo.rules",
    "alaka.games.alakazoo.rules.cards",
    "alaka.games.alakazoo.rules.chance",
    "alaka.games.alakazoo.rules.dice",
    "alaka.games.alakazoo.rules.display",
    "alaka.games.alakazoo.rules.end",
    "alaka.games.alakazoo.rules.helper",
    "alaka.games.alakazoo.rules.hidden",
    "alaka.games.alakazoo.rules.preparation",
    "alaka.games.alakazoo.rules.table",
    "alaka.games.alakazoo.rules.turn",
    "alaka.games.alakazoo.state",
    "alaka.games.alakazum.actions",
    "alaka.games.alakazum.combat",
    "alaka.games.alakazum.events",
    "alaka.games.alakazum.layout",
    "alaka.games.alakazum.options",
    "alaka.games.alakazum.phases",
    "alaka.games.alakazum.rules",
    "alaka.games.alakazum.rules.action",
    "alaka.games.alakazum.rules.chance",
    "alaka.games.alakazum.rules.conjure",
    "alaka.games.alakazum.rules.fight",
    "alaka.games.alakazum.rules.hidden",
    "alaka.games.alakazum.rules.opening",
    "alaka.games.alakazum.rules.spells",
    "alaka.games.alakazum.rules.table",
    "alaka.games.alakazum.rules.traps",
    "alaka.games.alakazum.rules.turn",
    "alaka.games.alakazum.rules.voodoo",
    "alaka.games.alakazum.state",
    "alaka.bots.ismcts",
)


def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
    """mypyc's class attributes, for the compiler; nothing when the package runs."""
    return lambda cls: cls


def compiled_modules() -> list[str]:
    """Those of :data:`COMPILED` that are running as compiled extensions."""
    found = []
    for name in COMPILED:
        path = str(getattr(import_module(name), "__file__", "") or "")
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return found


def build() -> str:
    """Which build is running, in words (``alaka --version`` prints it)."""
    done = compiled_modules()
    if not done:
        return "pure Python"
    if len(done) == len(COMPILED):
        return f"compiled with mypyc: {len(done)} modules"
    return f"partly compiled with mypyc: {len(done)} of {len(COMPILED)} modules"
