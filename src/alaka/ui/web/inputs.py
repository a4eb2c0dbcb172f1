"""Reading what a visitor sends: JSON that is small, shallow and real text, or one clear refusal.

Python's JSON reader accepts more than a server wants from strangers: nesting deep enough to
exhaust the interpreter's recursion, integers of any length (whose conversion Python itself
refuses past 4,300 digits), ``NaN``, and ``"\\ud800"``, a lone surrogate that is not text at
all and that no page, file or JSON encoder can write back. :func:`parse_json` takes all of that
away at the door, so nothing behind it has to worry.
"""

from __future__ import annotations

import json
from typing import Any

from alaka.core.errors import AlakaError
from alaka.core.language import tr

#: The deepest nesting a request may have (the deepest the API uses is 3: seats in a list).
MAX_DEPTH = 8

#: The longest number a request may write (digits, sign, point and exponent): enough for any
#: seq or seat number, far from Python's 4,300-digit limit.
MAX_NUMBER = 20


class BadInput(AlakaError):
    """Input that is not the small JSON the server reads; the message says what is wrong."""


def _number(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        if len(text) > MAX_NUMBER:
            raise BadInput(tr("a number is at most {n} characters long").format(n=MAX_NUMBER))
        return kind(text)

    return parse


def _no_constant(text: str) -> None:
    raise BadInput(tr("{text} is not a JSON number").format(text=text))


def _check(value: object, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise BadInput(tr("the JSON is nested more than {n} levels deep").format(n=MAX_DEPTH))
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput(tr("the JSON holds text that is not valid Unicode (a lone surrogate)")) from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check(key, depth + 1)
            _check(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1)


def parse_json(data: str | bytes) -> Any:
    """``data`` read as JSON, or :class:`BadInput` saying why it is refused."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        value = json.loads(
            text, parse_int=_number(int), parse_float=_number(float), parse_constant=_no_constant
        )
    except UnicodeDecodeError as error:
        raise BadInput(
            # TRANSLATORS: {reason} is the decoder's own words, in English.
            tr("the text is not UTF-8 ({reason} at byte {byte})").format(
                reason=error.reason, byte=error.start
            )
        ) from None
    except json.JSONDecodeError as error:
        raise BadInput(
            # TRANSLATORS: {reason} is the JSON reader's own words, in English.
            tr("not JSON ({reason} at line {line} column {column})").format(
                reason=error.msg, line=error.lineno, column=error.colno
            )
        ) from None
    except RecursionError:
        raise BadInput(tr("the JSON is nested more than {n} levels deep").format(n=MAX_DEPTH)) from None
    _check(value, 0)
    return value
