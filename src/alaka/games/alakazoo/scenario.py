"""Build any Alakazoo position from a small JSON-able spec (documented in docs/scenarios.md).

Tests use scenarios to set up the rulebook's situations; the spec is stored in the record, so a
game started from a scenario replays exactly. Every card must end up in one place; cards the
spec does not place go to the deck (or, when the spec lists the deck, to the discard pile).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from alaka.core.errors import ScenarioError
from alaka.core.specs import check_keys, json_copy, require_list
from alaka.core.tuples import replaced
from alaka.games.alakazoo import rules
from alaka.games.alakazoo.actions import NUM_COLUMNS, WIZARD
from alaka.games.alakazoo.content import (
    NUM_CARDS,
    NUM_CREATURES,
    NUM_RUNES,
    NUM_TYPES,
    RAINBOW,
    Components,
)
from alaka.games.alakazoo.options import resolve_options
from alaka.games.alakazoo.state import HELPER_UNUSED, AlakazooState

if TYPE_CHECKING:
    from alaka.games.alakazoo.game import AlakazooGame

TOP_KEYS = {
    "players",
    "options",
    "boards",
    "box",
    "seats",
    "columns",
    "discard",
    "deck",
    "turn_of",
    "first_player",
    "phase",
    "dice",
    "end_triggered_by",
    "first_displays",
    "turn",
}
SEAT_KEYS = {"runes", "stored", "elements", "hand", "dark_power", "points", "helper"}
PHASES = {"action": rules.PH_ACTION, "resolve": rules.PH_RESOLVE, "display": rules.PH_DISPLAY}


class _Names:
    """Resolves the names a spec may use (cards, creatures, spaces, runes, colours)."""

    def __init__(self, c: Components) -> None:
        self.c = c
        self.cards: dict[str, int] = {}
        for card in range(NUM_CARDS):
            self.cards[c.card_name(card).lower()] = card
            self.cards[c.card_key(card).lower()] = card
        self.creatures = {name.lower(): k for k, name in enumerate(c.creatures)}
        self.spaces = {t.lower(): i for i, t in enumerate(c.element_types)}
        self.spaces.update({t.replace(" ", "-").lower(): i for i, t in enumerate(c.element_types)})
        self.runes = {c.rune_key(r).lower(): r for r in range(NUM_RUNES)}
        self.symbols = {c.symbol_name(sym): sym for sym in range(RAINBOW + 1)}

    def _find(self, table: Mapping[str, int], name: Any, what: str, where: str) -> int:
        if isinstance(name, str) and name.strip().lower() in table:
            return table[name.strip().lower()]
        examples = ", ".join(list(table)[:4])
        raise ScenarioError(f"{where}: {name!r} is not a {what} (for example: {examples})")

    def card(self, name: Any, where: str) -> int:
        return self._find(self.cards, name, "card", where)

    def creature(self, name: Any, where: str) -> int:
        return self._find(self.creatures, name, "creature", where)

    def space(self, name: Any, where: str) -> int:
        return self._find(self.spaces, name, "space (element type)", where)

    def rune(self, name: Any, where: str) -> int:
        return self._find(self.runes, name, "rune (written like 'head/1')", where)

    def symbol(self, name: Any, where: str) -> int:
        return self._find(self.symbols, name, "die symbol", where)


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(f"{where}: expected a whole number from {low} to {high}, got {value!r}")
    return value


def _check_last_round(s: AlakazooState) -> None:
    """Z10: once a board is complete, play goes on only until the first player's turn would
    come round again, so the seat to play must come after the one that completed (counting
    from the first player), or be that seat still displaying in the turn it completed."""

    def place(seat: int) -> int:
        return (seat - s.first_player) % s.n

    if s.player == s.end_by:
        if s.phase != rules.PH_DISPLAY:
            raise ScenarioError(
                "turn_of: the seat that completed its board (end_triggered_by) did so by a display, "
                "so its turn can only be at phase 'display'"
            )
    elif place(s.player) < place(s.end_by):
        raise ScenarioError(
            f"turn_of: the last round ended before seats[{s.player}] could play again (it runs from "
            f"end_triggered_by, seats[{s.end_by}], up to the seat before first_player, "
            f"seats[{s.first_player}]): the game would be over"
        )


def build_scenario(game: AlakazooGame, spec: Mapping[str, Any]) -> AlakazooState:
    if not isinstance(spec, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    check_keys(spec, TOP_KEYS, "scenario")
    options = spec.get("options", {})
    if not isinstance(options, Mapping):
        raise ScenarioError("'options' must be an object of game options")
    opts = resolve_options(game.validate_options(options))
    c = opts.components
    names = _Names(c)

    boards_raw = require_list(spec.get("boards"), "boards")
    n = game.check_players(spec.get("players", len(boards_raw)))
    if len(boards_raw) != n:
        raise ScenarioError(f"boards: give one board number per player ({n}), got {len(boards_raw)}")
    s = AlakazooState(game, n, opts)
    s.board = tuple(
        [_int(number, f"boards[{seat}]", 1, NUM_CREATURES) - 1 for seat, number in enumerate(boards_raw)]
    )
    if len(set(s.board)) != n:
        raise ScenarioError("boards: two players cannot share a portal board")
    shown = {c.boards[b].creature for b in s.board}

    if "box" in spec:
        box = [names.creature(k, f"box[{i}]") for i, k in enumerate(require_list(spec["box"], "box"))]
    else:
        box = [k for k in range(NUM_CREATURES) if k not in shown][: rules.FULL_TABLE - n]
    if len(box) != rules.FULL_TABLE - n or len(set(box)) != len(box):
        raise ScenarioError(
            f"box: with {n} players exactly {rules.FULL_TABLE - n} creatures are put back in the box"
        )
    for k in box:
        if k in shown:
            raise ScenarioError(f"box: {c.creatures[k]} is on a chosen board and cannot be put back")
    s.box = tuple(box)

    placed: dict[int, str] = {}

    def place(card: int, where: str) -> int:
        if card // NUM_TYPES in box:
            raise ScenarioError(f"{where}: {c.card_name(card)} belongs to a creature put back in the box")
        if card in placed:
            raise ScenarioError(f"{where}: {c.card_name(card)} is already at {placed[card]}")
        placed[card] = where
        return card

    seats = require_list(spec.get("seats", [{} for _ in range(n)]), "seats")
    if len(seats) != n:
        raise ScenarioError(f"seats: give one entry per player ({n}), got {len(seats)}")
    tokens = 0
    for q, seat_spec in enumerate(seats):
        where = f"seats[{q}]"
        if not isinstance(seat_spec, Mapping):
            raise ScenarioError(f"{where}: expected an object")
        check_keys(seat_spec, SEAT_KEYS, where)
        elements = seat_spec.get("elements", {})
        if not isinstance(elements, Mapping):
            raise ScenarioError(f"{where}.elements: expected an object of space -> card")
        for space_name, card_name in elements.items():
            space = names.space(space_name, f"{where}.elements")
            card = place(names.card(card_name, f"{where}.elements.{space_name}"), f"{where}.elements")
            if card % NUM_TYPES != space:
                raise ScenarioError(
                    f"{where}.elements.{space_name}: {c.card_name(card)} is not a {c.element_types[space]}"
                )
            rules.put_element(s, q, space, card)
        for i, rune_name in enumerate(require_list(seat_spec.get("runes", []), f"{where}.runes")):
            rune = names.rune(rune_name, f"{where}.runes[{i}]")
            if s.runes[q] >> rune & 1:
                raise ScenarioError(f"{where}.runes[{i}]: {rune_name!r} is listed twice")
            covering = s.elements[q][rune // 2]
            if opts.covered_runes and covering >= 0:
                raise ScenarioError(
                    f"{where}.runes[{i}]: {rune_name!r} is under the displayed {c.card_name(covering)}, "
                    "and covered runes take no tokens (option covered_runes)"
                )
            s.runes[q] |= 1 << rune
        hand = [
            place(names.card(x, f"{where}.hand[{i}]"), f"{where}.hand")
            for i, x in enumerate(require_list(seat_spec.get("hand", []), f"{where}.hand"))
        ]
        if len(hand) > rules.MAX_CARDS:
            raise ScenarioError(f"{where}.hand: a player holds at most {rules.MAX_CARDS} cards")
        s.hands[q] = hand
        s.stored = replaced(
            s.stored, q, _int(seat_spec.get("stored", 1), f"{where}.stored", 0, rules.MAX_TOKENS)
        )
        if rules.tokens_held(s, q) > rules.MAX_TOKENS:
            raise ScenarioError(f"{where}: a player holds at most {rules.MAX_TOKENS} Magic Power tokens")
        tokens += rules.tokens_held(s, q)
        s.dark[q] = _int(seat_spec.get("dark_power", 0), f"{where}.dark_power", 0, rules.MAX_DARK)
        s.points = replaced(s.points, q, _int(seat_spec.get("points", 0), f"{where}.points", 0, 999))
        helper = seat_spec.get("helper")
        if helper is None:
            s.helper = replaced(s.helper, q, HELPER_UNUSED)
        elif helper == "wizard":
            s.helper = replaced(s.helper, q, WIZARD)
        else:
            space = names.space(helper, f"{where}.helper")
            if s.elements[q][space] < 0:
                raise ScenarioError(f"{where}.helper: the Helper stands on a space with an element")
            s.helper = replaced(s.helper, q, space)
    s.magic_pool = c.magic_power_tokens - tokens
    s.dark_pool = c.dark_power_tokens - sum(s.dark)
    if s.magic_pool < 0 or s.dark_pool < 0:
        raise ScenarioError("more tokens are on the table than the box holds")

    columns = require_list(spec.get("columns", [[] for _ in range(NUM_COLUMNS)]), "columns")
    if len(columns) != NUM_COLUMNS:
        raise ScenarioError(f"columns: give {NUM_COLUMNS} columns (lists of cards)")
    for k, column in enumerate(columns):
        cards = [
            place(names.card(x, f"columns[{k}][{i}]"), f"columns[{k}]")
            for i, x in enumerate(require_list(column, f"columns[{k}]"))
        ]
        if len(cards) > rules.MAX_CARDS:
            raise ScenarioError(f"columns[{k}]: a column holds at most {rules.MAX_CARDS} cards")
        s.columns[k] = tuple(cards)
    s.discard = [
        place(names.card(x, f"discard[{i}]"), "discard")
        for i, x in enumerate(require_list(spec.get("discard", []), "discard"))
    ]
    rest = [card for card in range(NUM_CARDS) if card not in placed and card // NUM_TYPES not in box]
    if "deck" in spec:
        s.deck = [
            place(names.card(x, f"deck[{i}]"), "deck")
            for i, x in enumerate(require_list(spec["deck"], "deck"))
        ]
        leftover = [card for card in rest if card not in s.deck]
        if "discard" in spec and leftover:
            raise ScenarioError(
                f"{c.card_name(leftover[0])} is nowhere: when both the deck and the discard pile "
                "are given, every card must be placed"
            )
        s.discard.extend(leftover)
    else:
        s.deck = rest

    rules.recount(s)  # the rules below read the shown spaces
    displayed = 0
    for q in range(n):
        for space, card in enumerate(s.elements[q]):
            if card >= 0:
                displayed |= 1 << space
    first_types = spec.get("first_displays")
    if first_types is None:
        s.first_types = displayed
    else:
        for i, name in enumerate(require_list(first_types, "first_displays")):
            s.first_types |= 1 << names.space(name, f"first_displays[{i}]")
        missing = displayed & ~s.first_types
        if missing:
            kind = c.element_types[(missing & -missing).bit_length() - 1]
            raise ScenarioError(
                f"first_displays: a {kind} is displayed on a board, so its first-display point "
                f"is gone: list {kind!r} too"
            )

    s.first_player = _int(spec.get("first_player", 0), "first_player", 0, n - 1)
    s.player = _int(spec.get("turn_of", s.first_player), "turn_of", 0, n - 1)
    s.turns = _int(spec.get("turn", 1), "turn", 1, opts.max_turns)
    end_by = spec.get("end_triggered_by")
    s.end_by = -1 if end_by is None else _int(end_by, "end_triggered_by", 0, n - 1)
    if s.end_by >= 0 and not rules.complete(s, s.end_by):
        raise ScenarioError("end_triggered_by: that player's board is not complete")
    finished = [q for q in range(n) if rules.complete(s, q)]
    if s.end_by < 0 and finished:
        raise ScenarioError(
            f"end_triggered_by: seats[{finished[0]}] has a complete board, so the last round is on: "
            "give the seat that completed its board first"
        )

    phase_name = spec.get("phase", "action")
    if not isinstance(phase_name, str) or phase_name not in PHASES:
        raise ScenarioError(f"phase: must be one of {', '.join(PHASES)}, not {phase_name!r}")
    s.phase = PHASES[phase_name]
    if s.end_by >= 0:
        _check_last_round(s)
    dice = require_list(spec.get("dice", []), "dice")
    if s.phase == rules.PH_RESOLVE:
        if not 1 <= len(dice) <= 3:
            raise ScenarioError(
                "dice: the 'resolve' phase needs 1 to 3 rolled results, like ['red', 'rainbow']"
            )
        s.pending = [names.symbol(x, f"dice[{i}]") for i, x in enumerate(dice)]
    elif dice:
        raise ScenarioError("dice: rolled results are given only with phase 'resolve'")
    if s.phase == rules.PH_ACTION and s.dark[s.player] >= rules.MAX_DARK:
        raise ScenarioError("turn_of: a player with 3 Dark Power passes and has no action to choose")

    # Everyone saw every public arrival; a fresh scenario treats hands as private.
    s.scenario_spec = json_copy(spec)
    return s
