"""Explanations: every card, character, trait, spell, board, die... of a game, in plain words.

A game may declare a ``glossary`` part in its entry: a module with

- ``glossary(state) -> list[Explanation]``: everything a player may ask about, written from the
  content in use (a variant catalogue is explained as it is) and never from hidden information
  (the printed faces only; the state only says which content is in use);
- ``topics(state, action) -> list[str]``: the names of the explanations a legal action is about
  ("Portal board 3" for choosing it, "Die 1" for rolling it), so a menu can explain a choice.

:func:`glossary_of` loads it for a state (``None`` when the game has none); :meth:`Glossary.find`
looks a name up the way a person types it (any case, accents optional, a unique start is enough).
Everything is JSON-ready, so the terminal and the browser show the same words.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from alaka.core.registry import entry

if TYPE_CHECKING:
    from alaka.core.protocol import Action, State


class Explanation(TypedDict):
    """One thing explained (JSON)."""

    #: Its name as printed ("Double potion", "Portal board 3", "Die 2", "sociable").
    name: str
    #: What sort of thing it is ("hand card", "character", "trait", "spell", "board", "die", ...).
    kind: str
    #: One line saying what it is and does.
    summary: str
    #: More lines, each a short sentence or fact (may be empty).
    details: list[str]
    #: A small grid of short cells, first row a header when it has one (a character's numbers by
    #: level, a board's runes, a die's faces); empty when there is nothing to lay out.
    table: list[list[str]]
    #: Other names it is found by (a food on a food card, a culture's code).
    aliases: list[str]


def explained(
    name: str,
    kind: str,
    summary: str,
    details: list[str] | None = None,
    table: list[list[str]] | None = None,
    aliases: list[str] | None = None,
) -> Explanation:
    """An :class:`Explanation`, the lists left out being empty (how every game writes its own)."""
    return {
        "name": name,
        "kind": kind,
        "summary": summary,
        "details": details or [],
        "table": table or [],
        "aliases": aliases or [],
    }


def fold(text: str) -> str:
    """Case-folded, accents removed, spaces squeezed: how typed words and names are compared
    ("Tió de Nadal" is reached by typing ``tio de nadal``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class Glossary:
    """A game's explanations with lookup by name."""

    entries: tuple[Explanation, ...]
    _names: dict[str, list[int]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for index, item in enumerate(self.entries):
            for name in (item["name"], *item["aliases"]):
                found = self._names.setdefault(fold(name), [])
                if index not in found:
                    found.append(index)

    def find(self, text: str) -> list[Explanation]:
        """The explanations ``text`` names: a whole name or alias, else the names it is the start
        of, else the names it is part of (several when it is ambiguous, none when unknown)."""
        typed = fold(text)
        if not typed:
            return []
        for match in (
            lambda name: name == typed,
            lambda name: name.startswith(typed),
            lambda name: typed in name,
        ):
            hits: list[int] = []
            for name, indices in self._names.items():
                if match(name):
                    hits.extend(i for i in indices if i not in hits)
            if hits:
                return [self.entries[i] for i in sorted(hits)]
        return []

    def named(self, names: Sequence[str]) -> list[Explanation]:
        """The explanations with exactly these names (a topic list), in that order."""
        out: list[Explanation] = []
        for name in names:
            out.extend(self.entries[i] for i in self._names.get(fold(name), ()) if self.entries[i] not in out)
        return out


def glossary_of(state: State) -> Glossary | None:
    """The explanations of ``state``'s game and content, or ``None`` if the game declares none."""
    found = entry(state.game.name)
    if found.glossary is None:
        return None
    module = found.load_part("glossary")
    return Glossary(tuple(module.glossary(state)))


def topics_of(state: State, action: Action) -> list[str]:
    """The names of the explanations ``action`` is about (empty without a glossary)."""
    found = entry(state.game.name)
    if found.glossary is None:
        return []
    topics: list[str] = found.load_part("glossary").topics(state, action)
    return topics
