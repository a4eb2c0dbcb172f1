"""Alakazum! as numbers: a seat's view as a fixed-size tensor, for learning agents.

The tensor is built from ``state.view(seat)`` alone, one function per part of the view, so it
carries nothing the seat may not see, and a change to one part of the view (the combat, the
voodoo window) touches one function. Seats are absolute (``p1`` is block 0, as in the action
strings); blocks of seats a smaller game does not have stay zero, so every player count has
the same size. Characters on the table are named by their physical card (``casteller#2``) as
in the view and the actions; hand cards by name (copies are interchangeable). ``docs/rl.md``
prints the layout; :func:`encoding` builds it for a catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from alaka.core.encoding import (
    Section,
    Values,
    ViewEncoding,
    counts,
    history_sections,
    index_of,
    multi_hot,
    one_hot,
    scaled,
    seat_index,
)
from alaka.core.events import event_kinds
from alaka.core.protocol import CHANCE, TERMINAL, JsonDict, State
from alaka.games.alakazum import text
from alaka.games.alakazum.actions import MAX_ENEMIES, MAX_PLAYERS
from alaka.games.alakazum.content import CULTURES, LEVELS
from alaka.games.alakazum.events import ZumEvent
from alaka.games.alakazum.game import GAME
from alaka.games.alakazum.options import resolve_options
from alaka.games.alakazum.rules import FOREST_MAGIC_CARDS
from alaka.games.alakazum.state import AlakazumState

#: How many of the log's last events the information state reads.
HISTORY_EVENTS = 16
#: Every kind of log event (its JSON name), in alphabetical order: the history's one-hot slots.
EVENT_KINDS: tuple[str, ...] = tuple(event_kinds(ZumEvent))
# Caps that counts are divided by (a count beyond its cap reads as 1).
TURN_CAP = 200
ACTIONS_CAP = 3
HAND_CAP = 12
COPIES_CAP = 4
EXCHANGES_CAP = 6
CULTURE_CAP = 20
DIE_CAP = 6
POTIONS_CAP = 3
MARKET_CAP = 20
#: Where a character may be, as the view shows it: a seat's team, then these.
ZONES = ("graveyard", "initial row", "forest combat")
#: How a potion may be played in a combat (the view's ``as``).
POTION_MODES = ("combat", "die", "steal")


def encoding(num_players: int | None = None, **options: object) -> ViewEncoding:
    """The tensors of Alakazum! for ``num_players`` (checked) and the game options."""
    n = GAME.check_players(num_players)
    opts = resolve_options(GAME.validate_options(options))
    layout = opts.layout
    cards = opts.catalogue.cards
    characters = [layout.keys[p] for p in range(len(layout.keys)) if layout.is_character[p]]
    character_at = index_of(characters)
    hand_names = _distinct(cards[kind].name for kind in layout.hand_kinds)
    hand_at = index_of(hand_names)
    forest_names = _distinct(layout.name(p) for p in layout.forest)
    forest_at = index_of(forest_names)
    enemy_names = _distinct(layout.name(p) for p in layout.final)
    enemy_at = index_of(enemy_names)
    all_names = _distinct(card.name for card in cards)
    name_at = index_of(all_names)
    culture_at = index_of(CULTURES)
    level_at = index_of(LEVELS)
    phase_at = index_of(list(text.PHASE_NAMES.values()))
    num_characters = len(characters)
    num_hand = len(hand_names)

    def seat_of(view: JsonDict, key: str) -> Values:
        return one_hot(seat_index(view.get(key)), MAX_PLAYERS)

    def tally(names: Iterable[str] | None, at: dict[str, int], cap: float) -> Values:
        return counts((at.get(name, -1) for name in names or ()), len(at), cap)

    def character(entry: JsonDict | None) -> int | None:
        return None if entry is None else character_at.get(str(entry.get("card")))

    # -- the header: who looks, who decides, where the turn is ------------------------------------

    counts_size = MAX_PLAYERS - GAME.min_players + 1
    header_size = MAX_PLAYERS + counts_size + MAX_PLAYERS + 2 + 2 * MAX_PLAYERS + len(phase_at) + 2

    def header(view: JsonDict) -> Values:
        current = view["current_player"]
        decider = MAX_PLAYERS if current == CHANCE else MAX_PLAYERS + 1 if current == TERMINAL else current
        return [
            *seat_of(view, "seat"),
            *one_hot(int(view["num_players"]) - GAME.min_players, counts_size),
            *one_hot(decider, MAX_PLAYERS + 2),
            *seat_of(view, "active_player"),
            *seat_of(view, "start_player"),
            *one_hot(phase_at.get(view["phase"]), len(phase_at)),
            scaled(int(view["turn"]), TURN_CAP),
            scaled(int(view.get("actions_left") or 0), ACTIONS_CAP),
        ]

    # -- the characters on the table, one block per physical character ------------------------

    zones = MAX_PLAYERS + len(ZONES)
    character_size = zones + len(LEVELS) + 1

    def characters_section(view: JsonDict) -> Values:
        blocks = [[0.0] * character_size for _ in range(num_characters)]

        def place(entry: JsonDict, zone: int) -> None:
            index = character(entry)
            if index is None:
                return
            block = blocks[index]
            block[:zones] = one_hot(zone, zones)
            block[zones : zones + len(LEVELS)] = one_hot(level_at.get(str(entry.get("level"))), len(LEVELS))
            block[-1] = 1.0 if entry.get("broom") else 0.0

        for q, entry in enumerate(view["players"][:MAX_PLAYERS]):
            for member in entry["team"]:
                place(member, q)
        for member in view["graveyard"]:
            place(member, MAX_PLAYERS)
        for member in view["initial_row"]:
            place(member, MAX_PLAYERS + 1)
        combat = view.get("combat")
        if combat and combat.get("forest"):
            sides = combat.get("sides") or []
            fighter = sides[1].get("fighter") if len(sides) > 1 else None
            if fighter is not None:
                place(fighter, MAX_PLAYERS + 2)
        return [value for block in blocks for value in block]

    # -- the players: sizes and totals, and the hands the seat may see -------------------------

    player_size = 3 + len(CULTURES)

    def players(view: JsonDict) -> Values:
        values: Values = []
        for entry in view["players"][:MAX_PLAYERS]:
            on_table = entry.get("culture_on_table") or {}
            values += [
                1.0,
                scaled(int(entry["hand_size"]), HAND_CAP),
                scaled(int(entry["exchanges"]), EXCHANGES_CAP),
                *(scaled(int(on_table.get(culture, 0)), CULTURE_CAP) for culture in CULTURES),
            ]
        return values + [0.0] * (player_size * MAX_PLAYERS - len(values))

    def hands(view: JsonDict) -> Values:
        values: Values = []
        for entry in view["players"][:MAX_PLAYERS]:
            values += tally(entry.get("hand"), hand_at, COPIES_CAP)
        return values + [0.0] * (num_hand * MAX_PLAYERS - len(values))

    # -- the final enemies ------------------------------------------------------------------------

    enemy_size = 3 + len(enemy_names) + 1

    def enemies(view: JsonDict) -> Values:
        values: Values = []
        for entry in view["enemies"][:MAX_ENEMIES]:
            name = entry.get("name")
            values += [
                1.0,
                1.0 if entry.get("revealed") else 0.0,
                0.0 if name is None else 1.0,
                *one_hot(None if name is None else enemy_at.get(name), len(enemy_names)),
                scaled(int(entry.get("culture_points") or 0), CULTURE_CAP),
            ]
        return values + [0.0] * (enemy_size * MAX_ENEMIES - len(values))

    # -- the piles ----------------------------------------------------------------------------

    def market(view: JsonDict) -> Values:
        pile = view["market"]
        return [
            scaled(len(pile), MARKET_CAP),
            *one_hot(hand_at.get(pile[0]) if pile else None, num_hand),
            *tally(pile, hand_at, COPIES_CAP),
        ]

    def forest(view: JsonDict) -> Values:
        top = view.get("deck_top_known") or []
        values: Values = [scaled(int(view["deck_size"]), len(layout.forest))]
        for position in range(FOREST_MAGIC_CARDS):
            values += one_hot(
                forest_at.get(top[position]) if position < len(top) else None, len(forest_names)
            )
        values += tally(view.get("forest_magic"), forest_at, FOREST_MAGIC_CARDS)
        return values

    def box(view: JsonDict) -> Values:
        return tally(view["box"], name_at, COPIES_CAP)

    # -- the combat (read defensively: its view is being reworked) ---------------------------

    side_size = MAX_PLAYERS + 2 * num_characters + 3

    def combat_side(side: JsonDict, die_values: dict[str, Any]) -> Values:
        fighter, helper = side.get("fighter"), side.get("helper")

        def die(entry: JsonDict | None) -> float:
            value = die_values.get(str(entry.get("card"))) if entry else None
            return scaled(int(value), DIE_CAP) if isinstance(value, int) else 0.0

        return [
            *one_hot(seat_index(side.get("seat")), MAX_PLAYERS),
            *one_hot(character(fighter), num_characters),
            *one_hot(character(helper), num_characters),
            scaled(int(side.get("total") or 0), CULTURE_CAP),
            die(fighter),
            die(helper),
        ]

    combat_size = 2 + 2 * side_size + MAX_PLAYERS * len(POTION_MODES) + num_hand + MAX_PLAYERS + 1

    def combat(view: JsonDict) -> Values:
        fight = view.get("combat")
        if not fight:
            return [0.0] * combat_size
        sides = list(fight.get("sides") or [])[:2]
        die_values = fight.get("die_values") or {}
        values: Values = [1.0, 1.0 if fight.get("forest") else 0.0]
        for side in sides:
            values += combat_side(side, die_values)
        values += [0.0] * (side_size * (2 - len(sides)))
        played = [0] * (MAX_PLAYERS * len(POTION_MODES))
        potions = fight.get("potions") or []
        for potion in potions:
            seat, mode = seat_index(potion.get("seat")), potion.get("as")
            if seat is not None and seat < MAX_PLAYERS and mode in POTION_MODES:
                played[seat * len(POTION_MODES) + POTION_MODES.index(mode)] += 1
        values += [scaled(count, POTIONS_CAP) for count in played]
        values += tally((str(potion.get("card")) for potion in potions), hand_at, POTIONS_CAP)
        values += one_hot(seat_index(fight.get("winner")), MAX_PLAYERS)
        roll = fight.get("roll")
        values.append(scaled(int(roll), DIE_CAP) if isinstance(roll, int) else 0.0)
        return values

    # -- what waits: an announcement before the voodoo window, a conjure --------------------------

    def waiting(view: JsonDict) -> Values:
        conjure = view.get("conjure")
        return [
            0.0 if view.get("announced") is None else 1.0,
            *multi_hot((_seat_or_none(q) for q in view.get("voodoo_to_ask") or ()), MAX_PLAYERS),
            0.0 if conjure is None else 1.0,
            *one_hot(culture_at.get(conjure["culture"]) if conjure else None, len(CULTURES)),
            scaled(int(conjure["total"]) if conjure else 0, CULTURE_CAP),
        ]

    def outcome(view: JsonDict) -> Values:
        result = view.get("outcome")
        if result is None:
            return [0.0] * (1 + MAX_PLAYERS)
        return [1.0, *multi_hot(result["winners"], MAX_PLAYERS)]

    observation = (
        Section(
            "header",
            header_size,
            f"the seat looking (one-hot, {MAX_PLAYERS}), the player count (one-hot 2..{MAX_PLAYERS}), "
            f"who decides ({MAX_PLAYERS} seats, chance, the end), the active player, the start "
            f"player (one-hot seats each), the phase (one-hot over {len(phase_at)} phases), "
            f"turn / {TURN_CAP}, actions left / {ACTIONS_CAP}",
            header,
        ),
        Section(
            "characters",
            character_size * num_characters,
            f"{num_characters} blocks of {character_size}, one per physical character card in "
            f"catalogue order: where it is (one-hot: the team of each of {MAX_PLAYERS} seats, "
            f"{', '.join(ZONES)}; zeros when in the deck or unseen), its level (one-hot "
            f"{'/'.join(LEVELS)}), a broom under it",
            characters_section,
        ),
        Section(
            "players",
            player_size * MAX_PLAYERS,
            f"{MAX_PLAYERS} blocks of {player_size}: present; hand size / {HAND_CAP}; cards "
            f"exchanged at the start / {EXCHANGES_CAP}; culture points on the table for each of "
            f"{', '.join(CULTURES)} / {CULTURE_CAP}",
            players,
        ),
        Section(
            "hands",
            num_hand * MAX_PLAYERS,
            f"{MAX_PLAYERS} blocks of {num_hand}: the copies of each hand card a seat holds / "
            f"{COPIES_CAP}, where the seat may see that hand (its own; every hand once the "
            "game is over)",
            hands,
        ),
        Section(
            "enemies",
            enemy_size * MAX_ENEMIES,
            f"{MAX_ENEMIES} blocks of {enemy_size}, one per final enemy position: present; "
            f"revealed; known to the seat; which enemy (one-hot {len(enemy_names)}); its culture "
            f"points / {CULTURE_CAP}",
            enemies,
        ),
        Section(
            "market",
            1 + 2 * num_hand,
            f"market pile size / {MARKET_CAP}; its top card (one-hot {num_hand}); the copies of "
            f"each hand card in it / {COPIES_CAP}",
            market,
        ),
        Section(
            "forest",
            1 + (FOREST_MAGIC_CARDS + 1) * len(forest_names),
            f"forest deck size / {len(layout.forest)}; the known top {FOREST_MAGIC_CARDS} cards "
            f"(one-hot over {len(forest_names)} forest card names each, top first); the cards "
            f"Forest Magic shows the seat now (copies / {FOREST_MAGIC_CARDS})",
            forest,
        ),
        Section("box", len(all_names), f"cards in the box (copies / {COPIES_CAP} per card name)", box),
        Section(
            "combat",
            combat_size,
            f"a combat is on; in the forest; two sides of {side_size}: the seat (one-hot "
            f"{MAX_PLAYERS}), the fighter and the helper (one-hot over {num_characters} "
            f"characters each), the total / {CULTURE_CAP}, the fighter's and helper's die values "
            f"/ {DIE_CAP}; potions played by each seat as {', '.join(POTION_MODES)} / "
            f"{POTIONS_CAP}; potions played by name / {POTIONS_CAP}; the winner's seat; the "
            f"hypnosis roll / {DIE_CAP}",
            combat,
        ),
        Section(
            "waiting",
            1 + MAX_PLAYERS + 1 + len(CULTURES) + 1,
            f"an action or Alakazum is announced; seats still to be asked for a voodoo doll; "
            f"a conjure is on; its culture (one-hot {len(CULTURES)}); its total / {CULTURE_CAP}",
            waiting,
        ),
        Section("outcome", 1 + MAX_PLAYERS, "the game is over; the winner (one per seat)", outcome),
    )
    return ViewEncoding(
        game=GAME.name,
        num_players=n,
        num_actions=len(opts.action_table()),
        observation=observation,
        history=history_sections(HISTORY_EVENTS, EVENT_KINDS, MAX_PLAYERS),
        history_events=HISTORY_EVENTS,
        truncated=truncated,
        options=opts.values,
    )


def _distinct(names: Iterable[str]) -> Sequence[str]:
    """The names in first-seen order, each once."""
    return tuple(dict.fromkeys(names))


def _seat_or_none(value: Any) -> int:
    """A seat of a list of seats, or -1 (left out) if it is not one."""
    seat = seat_index(value)
    return -1 if seat is None else seat


def truncated(state: State) -> bool:
    """Whether the game stopped at the ``max_turns`` safety limit."""
    return isinstance(state, AlakazumState) and state.truncated
