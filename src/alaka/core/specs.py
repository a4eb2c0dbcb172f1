"""Small helpers for reading hand-written specs (scenarios): clear errors that name the key."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from alaka.core.errors import ScenarioError
from alaka.core.protocol import JsonDict


def require_list(value: Any, where: str) -> list[Any]:
    """``value`` if it is a list, else a :class:`ScenarioError` naming ``where``."""
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list, got {value!r}")
    return value


def json_copy(spec: Mapping[str, Any]) -> JsonDict:
    """A deep copy of a spec made of plain JSON types (specs go into game records)."""
    try:
        copied: JsonDict = json.loads(json.dumps(spec))
    except (TypeError, ValueError) as error:
        raise ScenarioError(f"a scenario must be plain JSON data: {error}") from None
    return copied


def check_keys(spec: Mapping[str, Any], known: set[str], where: str = "") -> None:
    """Reject the first unknown key, listing the known ones."""
    unknown = sorted(set(spec) - known)
    if unknown:
        at = f"{where}: " if where else ""
        raise ScenarioError(f"{at}unknown key {unknown[0]!r}; known keys: {', '.join(sorted(known))}")
