"""Messages as they go on the wire: compact JSON text.

Every message the server sends passes through :func:`encode`, once per distinct message (a
broadcast shares one text among the clients told the same thing). Under load, writing JSON with
the standard library's encoder took a sixth of the server's time, so orjson writes it when it is
installed (it comes with the ``web`` extra); without it the standard library writes the same
JSON (the same values once read back: only the spelling of a float may differ).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from alaka.core.protocol import JsonDict


def encode_stdlib(message: JsonDict) -> str:
    """``message`` as compact JSON by the standard library (the fallback)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _fastest() -> tuple[str, Callable[[JsonDict], str]]:
    """The fastest encoder installed, and its library's name."""
    try:
        import orjson
    except ImportError:
        return "json", encode_stdlib
    dumps = orjson.dumps
    option = orjson.OPT_NON_STR_KEYS  # number keys become strings, as the standard library does

    def encode_orjson(message: JsonDict) -> str:
        """``message`` as compact JSON by orjson (several times faster than the standard library)."""
        return dumps(message, option=option).decode()

    return "orjson", encode_orjson


#: The library that writes the server's messages (``"orjson"`` or ``"json"``), and the function:
#: a message as the text sent on the wire (compact JSON; text stays as it is, not escaped).
LIBRARY, encode = _fastest()
