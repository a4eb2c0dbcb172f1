"""Build script. By default the package is pure Python; with ``ALAKA_COMPILE=1`` the modules
listed in ``alaka.core.compiling.COMPILED`` are compiled with mypyc (README: the compiled build).
"""

from __future__ import annotations

import os
import runpy
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

    compiled = runpy.run_path(str(HERE / "src" / "alaka" / "core" / "compiling.py"))["COMPILED"]
    return list(mypycify([_source(name) for name in compiled], group_name="alaka", opt_level="3"))


setup(ext_modules=_extensions())
