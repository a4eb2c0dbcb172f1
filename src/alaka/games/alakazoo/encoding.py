"""Alakazoo as numbers: a seat's view as a fixed-size tensor, for learning agents.

The tensor is built from ``state.view(seat)`` alone, one function per part of the view, so it
carries nothing the seat may not see, and a change to one part of the view touches one
function. Seats are absolute (``p1`` is player block 0, as in the action strings); blocks of
seats a smaller game does not have stay zero, so every player count has the same size and one
network can play them all. ``docs/rl.md`` prints the layout; :func:`encoding` builds it for a
set of options (a components file changes the names, not the sizes).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from alaka.games.alakazoo import text
from alaka.games.alakazoo.actions import MAX_PLAYERS, NUM_COLUMNS, WIZARD
from alaka.games.alakazoo.content import NUM_CARDS, NUM_COLOURS, NUM_DICE, NUM_RUNES, NUM_TYPES, RAINBOW
from alaka.games.alakazoo.events import ZooEvent
from alaka.games.alakazoo.game import GAME
from alaka.games.alakazoo.options import resolve_options
from alaka.games.alakazoo.state import AlakazooState

#: How many of the log's last events the information state reads.
HISTORY_EVENTS = 16
#: Every kind of log event (its JSON name), in alphabetical order: the history's one-hot slots.
EVENT_KINDS: tuple[str, ...] = tuple(event_kinds(ZooEvent))
# Caps that counts are divided by (a count beyond its cap reads as 1).
TURN_CAP = 200
POINTS_CAP = 50
STORED_CAP = 6
DARK_CAP = 3
HAND_CAP = 8
DIE_RESULTS_CAP = NUM_DICE


def encoding(num_players: int | None = None, **options: object) -> ViewEncoding:
    """The tensors of Alakazoo for ``num_players`` (checked) and the game options."""
    n = GAME.check_players(num_players)
    opts = resolve_options(GAME.validate_options(options))
    c = opts.components
    card_at = index_of([c.card_name(card) for card in range(NUM_CARDS)])
    colour_at = index_of(c.colours)
    symbol_at = index_of([c.symbol_name(symbol) for symbol in range(RAINBOW + 1)])
    creature_at = index_of(c.creatures)
    type_at = index_of(c.element_types)
    # The Helper's places, named as text.py names them: the nine spaces, then the Wizard card.
    helper_at = index_of([str(text.helper_place(c, where)) for where in (*range(NUM_TYPES), WIZARD)])
    phase_at = index_of(list(text.PHASE_NAMES.values()))
    num_boards = len(c.boards)

    def cards(names: Sequence[str] | None) -> Values:
        return multi_hot((card_at.get(name, -1) for name in names or ()), NUM_CARDS)

    def seat_of(view: JsonDict, key: str) -> Values:
        return one_hot(seat_index(view.get(key)), MAX_PLAYERS)

    # -- the header: who looks, who decides, where the turn is ------------------------------------

    def header(view: JsonDict) -> Values:
        current = view["current_player"]
        decider = MAX_PLAYERS if current == CHANCE else MAX_PLAYERS + 1 if current == TERMINAL else current
        return [
            *seat_of(view, "seat"),
            *one_hot(int(view["num_players"]) - GAME.min_players, MAX_PLAYERS - GAME.min_players + 1),
            *one_hot(decider, MAX_PLAYERS + 2),
            *seat_of(view, "active_player"),
            *seat_of(view, "first_player"),
            *seat_of(view, "end_triggered_by"),
            *one_hot(phase_at.get(view["phase"]), len(phase_at)),
            scaled(int(view["turn"]), TURN_CAP),
        ]

    header_size = 4 * MAX_PLAYERS + (MAX_PLAYERS - GAME.min_players + 1) + MAX_PLAYERS + 2 + len(phase_at) + 1

    # -- the players' boards, one block per seat ----------------------------------------------

    player_size = 1 + num_boards + NUM_RUNES * (1 + NUM_COLOURS) + NUM_CARDS + 3 + len(helper_at) + 2

    def player(entry: JsonDict) -> Values:
        runes = entry.get("runes") or []
        tokens = [1.0 if rune["token"] else 0.0 for rune in runes] or [0.0] * NUM_RUNES
        colours = [0.0] * (NUM_RUNES * NUM_COLOURS)
        for r, rune in enumerate(runes):
            colour = colour_at.get(rune["colour"])
            if colour is not None:
                colours[r * NUM_COLOURS + colour] = 1.0
        board = entry.get("board")
        return [
            1.0,
            *one_hot(None if board is None else int(board) - 1, num_boards),
            *tokens,
            *colours,
            *cards([name for name in entry["elements"] if name is not None]),
            scaled(int(entry["stored"]), STORED_CAP),
            scaled(int(entry["dark_power"]), DARK_CAP),
            scaled(int(entry["points"]), POINTS_CAP),
            *one_hot(helper_at.get(entry["helper"]) if entry.get("helper") else None, len(helper_at)),
            scaled(int(entry["hand_size"]), HAND_CAP),
            1.0 if entry.get("board_complete") else 0.0,
        ]

    def players(view: JsonDict) -> Values:
        values: Values = []
        for entry in view["players"][:MAX_PLAYERS]:
            values += player(entry)
        return values + [0.0] * (player_size * MAX_PLAYERS - len(values))

    # -- what only the seat sees ------------------------------------------------------------------

    def hand(view: JsonDict) -> Values:
        seat = view.get("seat")
        return cards(view["players"][seat]["hand"] if seat is not None else None)

    def card_to_give(view: JsonDict) -> Values:
        name = view.get("card_to_give")
        return one_hot(card_at.get(name) if name else None, NUM_CARDS)

    # -- the table ----------------------------------------------------------------------------

    def columns(view: JsonDict) -> Values:
        values: Values = []
        for k in range(NUM_COLUMNS):
            values += cards(view["columns"][k] if k < len(view["columns"]) else None)
        return values

    def piles(view: JsonDict) -> Values:
        return [
            scaled(int(view["deck_size"]), NUM_CARDS),
            *cards(view["discard"]),
            *multi_hot((creature_at.get(k, -1) for k in view["box"]), len(c.creatures)),
            *multi_hot((type_at.get(t, -1) for t in view["first_displays"]), NUM_TYPES),
        ]

    def dice(view: JsonDict) -> Values:
        return [
            *multi_hot((int(d) - 1 for d in view["dice_to_roll"]), NUM_DICE),
            *counts((symbol_at.get(s, -1) for s in view["dice_results"]), RAINBOW + 1, DIE_RESULTS_CAP),
        ]

    def pending(view: JsonDict) -> Values:
        return [
            scaled(int(view["over_limit"]), STORED_CAP),
            scaled(int(view["redraw_count"]), HAND_CAP),
            *seat_of(view, "exchange_with"),
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
            f"who decides ({MAX_PLAYERS} seats, chance, the end), the active player, the first "
            f"player, who triggered the end (one-hot seats each), the phase (one-hot over "
            f"{len(phase_at)} phases), turn / {TURN_CAP}",
            header,
        ),
        Section(
            "players",
            player_size * MAX_PLAYERS,
            f"{MAX_PLAYERS} blocks of {player_size}, one per seat (zeros for a seat not in the "
            f"game): present; portal board (one-hot {num_boards}); a token on each of the "
            f"{NUM_RUNES} runes; each rune's colour (one-hot {NUM_COLOURS} each); displayed "
            f"elements ({NUM_CARDS} cards); stored / {STORED_CAP}; Dark Power / {DARK_CAP}; "
            f"points / {POINTS_CAP}; the Magic Helper's place (one-hot: {NUM_TYPES} spaces, "
            f"the Wizard card); hand size / {HAND_CAP}; board complete",
            players,
        ),
        Section("hand", NUM_CARDS, f"the seat's own hand ({NUM_CARDS} cards)", hand),
        Section(
            "card_to_give",
            NUM_CARDS,
            f"special rule 2: the card the seat chose to give (one-hot {NUM_CARDS})",
            card_to_give,
        ),
        Section(
            "columns",
            NUM_CARDS * NUM_COLUMNS,
            f"the {NUM_COLUMNS} columns, {NUM_CARDS} cards each",
            columns,
        ),
        Section(
            "piles",
            1 + NUM_CARDS + len(c.creatures) + NUM_TYPES,
            f"deck size / {NUM_CARDS}; the discard pile ({NUM_CARDS} cards); creatures in the "
            f"box ({len(c.creatures)}); element types already displayed once ({NUM_TYPES})",
            piles,
        ),
        Section(
            "dice",
            NUM_DICE + RAINBOW + 1,
            f"dice still to roll ({NUM_DICE}); results to place, per symbol ({NUM_COLOURS} "
            f"colours, rainbow) / {DIE_RESULTS_CAP}",
            dice,
        ),
        Section(
            "pending",
            2 + MAX_PLAYERS,
            f"tokens or cards over the limit / {STORED_CAP}; redraws left / {HAND_CAP}; "
            f"the player whose card is being taken (one-hot {MAX_PLAYERS})",
            pending,
        ),
        Section("outcome", 1 + MAX_PLAYERS, "the game is over; the winners (one per seat)", outcome),
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


def truncated(state: State) -> bool:
    """Whether the game stopped at the ``max_turns`` safety limit."""
    return isinstance(state, AlakazooState) and state.truncated
