"""docs/views.md names every view key and every log event kind with its fields and secrets."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_type_hints

import pytest

from alaka.core.events import event_kinds, field_names
from alaka.core.protocol import BaseView
from alaka.games.alakazoo.events import ZooEvent
from alaka.games.alakazoo.view import ZooFinalBonus, ZooPlayer, ZooRune, ZooView

DOC = Path(__file__).resolve().parents[1] / "docs" / "views.md"


def section(title: str) -> str:
    """The text of the ``## title`` section, up to the next ``## `` heading."""
    text = DOC.read_text("utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def named(text: str) -> set[str]:
    return set(re.findall(r"`([a-z_-]+)`", text))


def event_rows(text: str) -> dict[str, str]:
    """The rows of the events table, by the kind in their first cell."""
    rows = re.findall(r"^\| `([a-z-]+)` \| (?:the player|the table) \|(.*)$", text, re.MULTILINE)
    return dict(rows)


def test_the_shared_keys_are_listed_once_for_every_game() -> None:
    assert set(BaseView.__annotations__) <= named(section("What every view holds"))


@pytest.mark.parametrize("declared", [ZooView, ZooPlayer, ZooRune, ZooFinalBonus])
def test_every_alakazoo_view_key_is_documented(declared: type) -> None:
    own = set(get_type_hints(declared)) - (set(BaseView.__annotations__) if declared is ZooView else set())
    missing = own - named(section("Alakazoo"))
    assert not missing, f"docs/views.md does not explain {sorted(missing)}"


def test_every_alakazoo_event_kind_is_documented_with_its_fields_and_secrets() -> None:
    rows = event_rows(section("Alakazoo"))
    kinds = event_kinds(ZooEvent)
    assert sorted(rows) == sorted(kinds), "the events table and events.py list different kinds"
    for kind, event in kinds.items():
        row = rows[kind]
        fields = set(field_names(event))
        assert named(row.split("|")[0]) >= fields, f"{kind}: fields {sorted(fields)} not all in {row!r}"
        secret = set(re.findall(r"`([a-z_]+)` \(secret", row))
        assert secret == set(event.secret), f"{kind}: the row marks {secret} secret, the class {event.secret}"
