"""Alakazoo's printed data (boards, creatures, element types, dice), loaded from a data file.

The rulebook gives the rules and the box contents but not the printed data, so it lives in
``data/components.json``, each row marked ``confirmed``, ``inferred`` or ``assumed``. A designer
can point the ``components`` option at a variant file; it is validated the same way, and a bad
file gets one message naming the row and the field.

Numbering used everywhere in the engine:

- colours ``0..5`` in file order; :data:`RAINBOW` (6) is the Magic Power ring on the dice;
- element types and board spaces ``0..8``, row by row (space ``s`` holds type ``s``);
- runes ``0..17``: rune ``2*s`` and ``2*s + 1`` are the two runes of space ``s``;
- cards ``0..53``: card ``9*c + t`` is element type ``t`` of creature ``c``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from alaka.core.errors import ContentError

NUM_COLOURS: Final = 6
RAINBOW: Final = 6
NUM_TYPES: Final = 9
NUM_CREATURES: Final = 6
NUM_RUNES: Final = 18
NUM_CARDS: Final = NUM_CREATURES * NUM_TYPES
NUM_DICE: Final = 3
DIE_FACES: Final = 6
CONFIDENCE: Final = ("confirmed", "inferred", "assumed")
BUILTIN: Final = "components.json"


@dataclass(frozen=True, slots=True)
class Board:
    """One portal board: the creature it shows and the colour of each of its 18 runes."""

    number: int
    creature: int
    rune_colours: tuple[int, ...]
    #: For each colour, the runes of that colour on this board.
    runes_of_colour: tuple[tuple[int, ...], ...]
    confidence: str


@dataclass(frozen=True, slots=True, eq=False)
class Components:
    """All printed data the engine needs, validated. Compared and hashed by identity (cached)."""

    source: str
    colours: tuple[str, ...]
    element_types: tuple[str, ...]
    creatures: tuple[str, ...]
    creature_symbols: tuple[str, ...]
    boards: tuple[Board, ...]
    #: Dice sets by name; each die is its 6 faces as symbols (colour index or RAINBOW).
    dice_sets: dict[str, tuple[tuple[int, ...], ...]]
    magic_power_tokens: int
    dark_power_tokens: int
    confidence: dict[str, str]

    def symbol_name(self, symbol: int) -> str:
        return "rainbow" if symbol == RAINBOW else self.colours[symbol]

    def card_name(self, card: int) -> str:
        return f"{self.creatures[card // NUM_TYPES]} {self.element_types[card % NUM_TYPES]}"

    def card_key(self, card: int) -> str:
        """The card's part of a canonical action string, e.g. ``griffin:left-ear``."""
        creature = self.creatures[card // NUM_TYPES].lower().replace(" ", "-")
        return f"{creature}:{self.element_types[card % NUM_TYPES].replace(' ', '-')}"

    def rune_key(self, rune: int) -> str:
        """A rune's part of a canonical action string, e.g. ``head/2``."""
        return f"{self.element_types[rune // 2].replace(' ', '-')}/{rune % 2 + 1}"


class _Reader:
    """Walks the JSON with a path, so every error names the row and field that is wrong."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> ContentError:
        return ContentError(f"{self.source}: {where}: {message}")

    def field(self, row: Any, key: str, where: str) -> Any:
        if not isinstance(row, dict):
            raise self.fail(where, "expected an object")
        if key not in row:
            raise self.fail(where, f"missing field {key!r}")
        return row[key]

    def text(self, row: Any, key: str, where: str) -> str:
        value = self.field(row, key, where)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{where}.{key}", f"expected a non-empty text, got {value!r}")
        return value.strip()

    def number(self, row: Any, key: str, where: str) -> int:
        value = self.field(row, key, where)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(f"{where}.{key}", f"expected a whole number, got {value!r}")
        return value

    def confidence(self, row: Any, where: str) -> str:
        value = self.text(row, "confidence", where)
        if value not in CONFIDENCE:
            raise self.fail(f"{where}.confidence", f"must be one of {', '.join(CONFIDENCE)}, not {value!r}")
        return value

    def rows(self, data: Any, key: str, count: int) -> list[Any]:
        rows = self.field(data, key, "top level")
        if not isinstance(rows, list) or len(rows) != count:
            found = len(rows) if isinstance(rows, list) else type(rows).__name__
            raise self.fail(key, f"expected a list of {count} rows, found {found}")
        return rows


def parse_components(data: Any, source: str) -> Components:
    """Validate parsed JSON and build :class:`Components`."""
    r = _Reader(source)
    confidence: dict[str, str] = {}

    counts = r.field(data, "counts", "top level")
    confidence["counts"] = r.confidence(counts, "counts")
    magic = r.number(counts, "magic_power_tokens", "counts")
    dark = r.number(counts, "dark_power_tokens", "counts")
    if r.number(counts, "spell_dice", "counts") != NUM_DICE:
        raise r.fail("counts.spell_dice", f"the engine plays with {NUM_DICE} spell dice")

    colours_raw = r.rows(data, "colours", NUM_COLOURS)
    colours = tuple(str(c).strip() for c in colours_raw)
    if len(set(colours)) != NUM_COLOURS or "rainbow" in colours:
        raise r.fail("colours", "six different colour names are needed ('rainbow' is the dice's ring)")
    colour_index = {c: i for i, c in enumerate(colours)}

    types = []
    for i, row in enumerate(r.rows(data, "element_types", NUM_TYPES)):
        where = f"element_types[{i}]"
        types.append(r.text(row, "name", where))
        confidence[f"element type {types[-1]}"] = r.confidence(row, where)
        place = (r.number(row, "row", where), r.number(row, "column", where))
        if place != (i // 3 + 1, i % 3 + 1):
            raise r.fail(
                where,
                f"element types are listed row by row; expected row {i // 3 + 1} column {i % 3 + 1}",
            )
    if len(set(types)) != NUM_TYPES:
        raise r.fail("element_types", "element type names must differ")

    creatures, symbols = [], []
    for i, row in enumerate(r.rows(data, "creatures", NUM_CREATURES)):
        where = f"creatures[{i}]"
        creatures.append(r.text(row, "name", where))
        symbols.append(r.text(row, "symbol", where))
        confidence[f"creature {creatures[-1]}"] = r.confidence(row, where)
    if len({c.lower() for c in creatures}) != NUM_CREATURES:
        raise r.fail("creatures", "creature names must differ")

    boards = []
    for i, row in enumerate(r.rows(data, "boards", NUM_CREATURES)):
        where = f"boards[{i}]"
        number = r.number(row, "number", where)
        if number != i + 1:
            raise r.fail(f"{where}.number", f"boards are numbered in order; expected {i + 1}, got {number}")
        name = r.text(row, "creature", where)
        if name not in creatures:
            raise r.fail(f"{where}.creature", f"{name!r} is not one of the creatures")
        spaces = r.field(row, "spaces", where)
        if not isinstance(spaces, list) or len(spaces) != NUM_TYPES:
            raise r.fail(f"{where}.spaces", "expected 9 spaces of 2 rune colours each")
        runes: list[int] = []
        for s, pair in enumerate(spaces):
            if not isinstance(pair, list) or len(pair) != 2:
                raise r.fail(f"{where}.spaces[{s}]", "each space has exactly 2 runes")
            for k, colour in enumerate(pair):
                if colour not in colour_index:
                    raise r.fail(
                        f"{where}.spaces[{s}][{k}]",
                        f"{colour!r} is not a colour ({', '.join(colours)})",
                    )
                runes.append(colour_index[colour])
        by_colour = tuple(tuple(x for x in range(NUM_RUNES) if runes[x] == c) for c in range(NUM_COLOURS))
        conf = r.confidence(row, where)
        confidence[f"board {number}"] = conf
        boards.append(Board(number, creatures.index(name), tuple(runes), by_colour, conf))
    if len({b.creature for b in boards}) != NUM_CREATURES:
        raise r.fail("boards", "each board must show a different creature")

    dice_raw = r.field(data, "dice", "top level")
    if not isinstance(dice_raw, dict) or "default" not in dice_raw:
        raise r.fail("dice", "expected an object of dice sets with at least a 'default' set")
    dice_sets: dict[str, tuple[tuple[int, ...], ...]] = {}
    for set_name, dice in dice_raw.items():
        if not isinstance(dice, list) or len(dice) != NUM_DICE:
            raise r.fail(f"dice.{set_name}", f"a dice set has {NUM_DICE} dice")
        parsed = []
        for d, die in enumerate(dice):
            where = f"dice.{set_name}[{d}]"
            faces = r.field(die, "faces", where)
            if not isinstance(faces, list) or len(faces) != DIE_FACES:
                raise r.fail(f"{where}.faces", f"a die has {DIE_FACES} faces")
            symbols_of_die = []
            for f, face in enumerate(faces):
                if face == "rainbow":
                    symbols_of_die.append(RAINBOW)
                elif face in colour_index:
                    symbols_of_die.append(colour_index[face])
                else:
                    raise r.fail(f"{where}.faces[{f}]", f"{face!r} is not 'rainbow' or a colour")
            confidence[f"dice {set_name} {d + 1}"] = r.confidence(die, where)
            parsed.append(tuple(symbols_of_die))
        dice_sets[str(set_name)] = tuple(parsed)

    return Components(
        source=source,
        colours=colours,
        element_types=tuple(types),
        creatures=tuple(creatures),
        creature_symbols=tuple(symbols),
        boards=tuple(boards),
        dice_sets=dice_sets,
        magic_power_tokens=magic,
        dark_power_tokens=dark,
        confidence=confidence,
    )


@cache
def load_components(path: str = "") -> Components:
    """The built-in components (``path == ""``) or a variant file, validated and cached."""
    if not path:
        text = resources.files("alaka.games.alakazoo").joinpath("data", BUILTIN).read_text("utf-8")
        source = BUILTIN
    else:
        try:
            text = Path(path).read_text("utf-8")
        except OSError as error:
            raise ContentError(f"cannot read the components file {path!r}: {error.strerror}") from None
        source = path
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(f"{source}: not valid JSON (line {error.lineno}: {error.msg})") from None
    return parse_components(data, source)
