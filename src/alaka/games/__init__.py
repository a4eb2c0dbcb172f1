"""The games, one folder each. This package is also the function ``alaka.games()``.

Python binds a subpackage as an attribute of its parent, so once ``alaka.games.alakazoo`` is
imported, ``alaka.games`` *is* this package. To keep the documented call ``alaka.games()``
working, the package's module object is made callable: calling it lists the registered games.
"""

from __future__ import annotations

import sys
import types


class _CallableGamesPackage(types.ModuleType):
    def __call__(self) -> tuple[str, ...]:
        from alaka.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesPackage
