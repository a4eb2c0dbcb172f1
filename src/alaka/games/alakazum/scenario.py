"""Build any Alakazum! position from a small JSON-able spec (documented in docs/scenarios.md).

Every card must end up in one place. Forest cards the spec does not place make up the unknown,
shuffled forest deck (or, when the spec gives the ``deck``, go where used cards go: characters
to the graveyard, hand cards under the market pile, traps and voodoo dolls to the box); initial
characters not placed go to the graveyard; initial hand cards not placed go under the market
pile; final enemies not placed wait face down.

A position the rules could never reach is refused, as a bad name is: a voodoo doll in the market
pile (it leaves the game when used), a character or a hand card other than a doll in the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from alaka.core.errors import ScenarioError
from alaka.core.specs import check_keys, json_copy, require_list
from alaka.games.alakazum import rules
from alaka.games.alakazum.content import FINAL, FOREST, LEVELS
from alaka.games.alakazum.layout import Layout
from alaka.games.alakazum.options import resolve_options
from alaka.games.alakazum.state import AlakazumState

if TYPE_CHECKING:
    from alaka.games.alakazum.game import AlakazumGame

TOP_KEYS = {
    "players", "options", "seats", "market", "deck_top", "deck_top_known_by", "enemies",
    "graveyard", "box", "deck", "turn_of", "start_player", "phase", "turn",
}  # fmt: skip
SEAT_KEYS = {"team", "hand", "exchanges"}
CHARACTER_KEYS = {"card", "level", "broom"}
PHASES = {"start": None, "action": rules.PH_ACTION, "conjure": rules.PH_CONJURE}


class _Cards:
    """Hands out physical cards by name or key, each at most once."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.placed: dict[int, str] = {}
        self.by_name: dict[str, list[int]] = {}
        for pid, key in enumerate(layout.keys):
            self.by_name.setdefault(layout.name(pid).lower(), []).append(pid)
            self.by_name.setdefault(key.lower(), []).append(pid)
            self.by_name.setdefault(layout.catalogue.cards[layout.type_of[pid]].id, []).append(pid)

    def take(self, name: Any, where: str, want: str = "") -> int:
        if not isinstance(name, str) or name.strip().lower() not in self.by_name:
            raise ScenarioError(f"{where}: {name!r} is not a card of the catalogue")
        candidates = self.by_name[name.strip().lower()]
        if want == "character":
            candidates = [p for p in candidates if self.layout.is_character[p]]
        elif want == "hand":
            candidates = [p for p in candidates if self.layout.is_hand[p]]
        elif want == "enemy":
            candidates = [p for p in candidates if self.layout.card(p).deck == FINAL]
        elif want == "forest":
            candidates = [p for p in candidates if self.layout.card(p).deck == FOREST]
        if not candidates:
            raise ScenarioError(f"{where}: {name!r} is not a {want} card")
        free = [p for p in candidates if p not in self.placed]
        if not free:
            raise ScenarioError(
                f"{where}: every copy of {name!r} is already placed ({self.placed[candidates[0]]})"
            )
        self.placed[free[0]] = where
        return free[0]


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: expected true or false, got {value!r}")
    return value


def _box_card(cards: _Cards, name: Any, where: str) -> int:
    """A card out of the game: only a used trap or a used voodoo doll can be there (R10)."""
    pid = cards.take(name, where, "forest")
    layout = cards.layout
    if layout.is_character[pid]:
        raise ScenarioError(
            f"{where}: {layout.name(pid)} is a character, and characters never leave the game (graveyard?)"
        )
    if layout.is_hand[pid] and not layout.is_voodoo[pid]:
        raise ScenarioError(f"{where}: a used {layout.name(pid)} goes to the market pile, never to the box")
    return pid


def _seat(value: Any, where: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ScenarioError(f"{where}: expected a seat from 0 to {n - 1}, got {value!r}")
    return value


def build_scenario(game: AlakazumGame, spec: Mapping[str, Any]) -> AlakazumState:
    if not isinstance(spec, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    check_keys(spec, TOP_KEYS, "scenario")
    options = spec.get("options", {})
    if not isinstance(options, Mapping):
        raise ScenarioError("'options' must be an object of game options")
    opts = resolve_options(game.validate_options(options))
    seats = require_list(spec.get("seats"), "seats")
    n = game.check_players(spec.get("players", len(seats)))
    if len(seats) != n:
        raise ScenarioError(f"seats: give one entry per player ({n}), got {len(seats)}")
    layout = opts.layout
    s = AlakazumState(game, n, opts)
    cards = _Cards(layout)
    teams: list[tuple[int, ...]] = []
    exchanges: list[int] = []

    for q, seat_spec in enumerate(seats):
        where = f"seats[{q}]"
        if not isinstance(seat_spec, Mapping):
            raise ScenarioError(f"{where}: expected an object")
        check_keys(seat_spec, SEAT_KEYS, where)
        team = require_list(seat_spec.get("team", []), f"{where}.team")
        if not team:
            raise ScenarioError(f"{where}.team: a player always has at least one character")
        members: list[int] = []
        for i, entry in enumerate(team):
            at = f"{where}.team[{i}]"
            if isinstance(entry, str):
                entry = {"card": entry}
            if not isinstance(entry, Mapping) or set(entry) - CHARACTER_KEYS:
                raise ScenarioError(f"{at}: a character is a name or {{'card', 'level', 'broom'}}")
            pid = cards.take(entry.get("card"), at, "character")
            level = entry.get("level", "A")
            if not isinstance(level, str) or level not in LEVELS:
                raise ScenarioError(f"{at}.level: must be A, B or C, not {level!r}")
            rules.own_level(s)[pid] = LEVELS.index(level)
            if _flag(entry.get("broom", False), f"{at}.broom"):
                rules.put_broom(s, pid, cards.take("broom", f"{at}.broom", "hand"))
            members.append(pid)
        teams.append(tuple(members))
        s.hands[q] = [
            cards.take(x, f"{where}.hand[{i}]", "hand")
            for i, x in enumerate(require_list(seat_spec.get("hand", []), f"{where}.hand"))
        ]
        exchanged = seat_spec.get("exchanges", 0)
        if isinstance(exchanged, bool) or not isinstance(exchanged, int) or exchanged < 0:
            raise ScenarioError(f"{where}.exchanges: expected a whole number")
        exchanges.append(exchanged)
    s.teams, s.exchanges = tuple(teams), tuple(exchanges)

    market = [
        cards.take(x, f"market[{i}]", "hand")
        for i, x in enumerate(require_list(spec.get("market", []), "market"))
    ]
    for i, pid in enumerate(market):
        if layout.is_voodoo[pid]:
            raise ScenarioError(
                f"market[{i}]: a voodoo doll never goes to the market pile (a used one is in the box)"
            )
    graveyard = [
        cards.take(x, f"graveyard[{i}]", "character")
        for i, x in enumerate(require_list(spec.get("graveyard", []), "graveyard"))
    ]
    s.deck_top = tuple(
        reversed(
            [
                cards.take(x, f"deck_top[{i}]", "forest")
                for i, x in enumerate(require_list(spec.get("deck_top", []), "deck_top"))
            ]
        )
    )
    for i, q in enumerate(require_list(spec.get("deck_top_known_by", []), "deck_top_known_by")):
        s.top_known |= 1 << _seat(q, f"deck_top_known_by[{i}]", n)
    if s.top_known and not s.deck_top:
        raise ScenarioError("deck_top_known_by: there is no deck_top to know")
    boxed = [_box_card(cards, x, f"box[{i}]") for i, x in enumerate(require_list(spec.get("box", []), "box"))]
    deck_given = "deck" in spec
    deck = [
        cards.take(x, f"deck[{i}]", "forest")
        for i, x in enumerate(require_list(spec.get("deck", []), "deck"))
    ]

    in_play = [pid for pid in layout.final if layout.enemy(pid).culture_points(n) is not None]
    box = [pid for pid in layout.final if pid not in in_play] + boxed
    enemies = require_list(spec.get("enemies", [None] * len(in_play)), "enemies")
    if len(enemies) != len(in_play):
        raise ScenarioError(
            f"enemies: with {n} players there are {len(in_play)} final enemies, not {len(enemies)}"
        )
    enemy_at = [-1] * len(in_play)
    peeked = [0] * len(in_play)
    for i, entry in enumerate(enemies):
        if entry is None:
            continue
        if isinstance(entry, str):
            entry = {"name": entry}
        if not isinstance(entry, Mapping) or set(entry) - {"name", "revealed", "seen_by"}:
            raise ScenarioError(
                f"enemies[{i}]: an enemy is null (unknown), a name or {{'name', 'revealed', 'seen_by'}}"
            )
        pid = cards.take(entry.get("name"), f"enemies[{i}]", "enemy")
        if pid not in in_play:
            raise ScenarioError(f"enemies[{i}]: {layout.name(pid)} is not used with {n} players")
        enemy_at[i] = pid
        if _flag(entry.get("revealed", False), f"enemies[{i}].revealed"):
            s.revealed |= 1 << i
        for k, q in enumerate(require_list(entry.get("seen_by", []), f"enemies[{i}].seen_by")):
            peeked[i] |= 1 << _seat(q, f"enemies[{i}].seen_by[{k}]", n)
    s.enemy_at, s.peeked = tuple(enemy_at), tuple(peeked)
    s.enemy_pool = tuple(pid for pid in in_play if pid not in enemy_at)
    if not any(not s.revealed >> i & 1 for i in range(len(in_play))):
        raise ScenarioError("enemies: at least one final enemy must still be face down")

    placed = set(cards.placed)
    for pid in layout.initial_characters:
        if pid not in placed:
            graveyard.append(pid)
    under = [pid for pid in layout.initial_market if pid not in placed]
    rest = [pid for pid in layout.forest if pid not in placed]
    if deck_given:  # the deck is what the spec says; the other forest cards have been used
        s.deck = deck
        graveyard += [pid for pid in rest if layout.is_character[pid]]
        under += [pid for pid in rest if layout.is_hand[pid] and not layout.is_voodoo[pid]]
        box += [pid for pid in rest if layout.is_trap[pid] or layout.is_voodoo[pid]]
    else:
        s.deck = deck + rest
    s.graveyard, s.box = tuple(graveyard), tuple(box)
    s.market = list(reversed(under)) + list(reversed(market))
    s.start_player = _seat(spec.get("start_player", 0), "start_player", n)
    s.player = s.decider = _seat(spec.get("turn_of", s.start_player), "turn_of", n)
    turn = spec.get("turn", 1)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= opts.max_turns:
        raise ScenarioError(f"turn: expected a whole number from 1 to {opts.max_turns}")
    s.turns = turn
    phase = spec.get("phase", "action")
    if not isinstance(phase, str) or phase not in PHASES:
        raise ScenarioError(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}")
    s.scenario_spec = json_copy(spec)
    rules.recount(s)  # the rules below read the running totals
    if phase == "start":
        s.turns = turn - 1
        rules.start_turn(s, s.player)
    elif PHASES[phase] == rules.PH_ACTION:
        rules.begin_actions(s)
    else:
        s.phase = rules.PH_CONJURE
    return s
