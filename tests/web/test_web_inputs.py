"""What a visitor sends is read by one function that refuses, with a reason, whatever Python's
JSON reader would accept but a server should not: deep nesting, huge numbers, non-text."""

from __future__ import annotations

import pytest

from alaka.ui.web.inputs import MAX_DEPTH, BadInput, parse_json


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2), "nested"),
        ('{"seq": ' + "9" * 5000 + "}", "at most"),
        ('{"seq": 1' + "0" * 30 + ".5}", "at most"),
        ('{"seq": NaN}', "not a JSON number"),
        ('{"name": "\\ud800"}', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
        ("{'single': 'quotes'}", "not JSON"),
        (b'{"name": "\xff"}', "not UTF-8"),
    ],
)
def test_what_the_server_will_not_read_is_refused_with_a_reason(text: str | bytes, reason: str) -> None:
    with pytest.raises(BadInput, match=reason):
        parse_json(text)


def test_ordinary_json_is_read_as_it_is() -> None:
    text = '{"game": "alakazoo", "seats": [{"kind": "human", "name": "Zoë 🦉"}], "seq": 12, "x": -1.5e3}'
    assert parse_json(text) == {
        "game": "alakazoo",
        "seats": [{"kind": "human", "name": "Zoë 🦉"}],
        "seq": 12,
        "x": -1500.0,
    }
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == [[[[[[[[]]]]]]]]
