"""Build script. By default the package is pure Python; with ``ALAKA_COMPILE=1`` the modules
named by ``alaka.core.compiling.compiled_names()`` (Alaka's own and those each built-in game's
entry declares) are compiled with mypyc (README: the compiled build).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def _source(module: str) -> str:
    path = HERE / "src" / Path(*module.split("."))
    return str(path / "__init__.py" if path.is_dir() else path.with_suffix(".py"))


def _extensions() -> list[object]:
    if os.environ.get("ALAKA_COMPILE", "") in ("", "0"):
        return []
    from mypyc.build import mypycify

    # The sources being built, not an installed Alaka: their registry reads the games' entries
    # (standard library only, so the build environment needs nothing more).
    sys.path.insert(0, str(HERE / "src"))
    from alaka.core.compiling import compiled_names

    compiled = compiled_names()
    return list(mypycify([_source(name) for name in compiled], group_name="alaka", opt_level="3"))


setup(ext_modules=_extensions())
