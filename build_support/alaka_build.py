"""The build backend: setuptools', plus mypyc when ``ALAKA_COMPILE=1`` asks for the compiled build.

pip builds a package in a fresh environment holding only what the backend asks for; this
wrapper asks for mypy (which brings mypyc) only when compiling, so the default pure-Python build
needs nothing more than setuptools. setup.py does the compiling.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook this module does not change)

#: The mypyc the compiled build is made and tested with.
MYPYC = "mypy==2.4.1"


def compiling() -> bool:
    return os.environ.get("ALAKA_COMPILE", "") not in ("", "0")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        # setuptools would run setup.py to find its own needs, and setup.py needs mypyc first:
        # it has none of its own (setup_requires is not used).
        return [MYPYC]
    required: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return required


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        raise SystemExit(
            "ALAKA_COMPILE=1 builds an installed package (pip install .), not an editable one: "
            "compiled modules would shadow the sources you edit"
        )
    required: list[str] = build_meta.get_requires_for_build_editable(config_settings)
    return required
