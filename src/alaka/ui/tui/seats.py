"""Who sits where: the ``--seats`` list of ``human`` and bot specs, and the defaults.

Bot specs are the registry's (``random``, ``heuristic``, ``ismcts:iterations=200``), or a level's
name (``easy``, ``medium``, ``hard``: the game's bot at that level, as a table offers it). Seats are
separated by commas, so inside one seat the bot's parameters are separated by ``/``, as in
``alaka arena`` (``ismcts:iterations=200/c=0.5``). Every bot is built here once, so a bad spec
is reported before the game starts rather than at that bot's first turn.
"""

from __future__ import annotations

from alaka.bots.registry import default_bot, level_spec, make_bot, typed_spec
from alaka.core.driver import Bot
from alaka.core.errors import AlakaError
from alaka.core.language import tr
from alaka.core.protocol import Game
from alaka.core.records import HUMAN


def parse_seats(text: str) -> list[str]:
    """``"human, ismcts:iterations=200/c=0.5"`` -> ``["human", "ismcts:iterations=200,c=0.5"]``."""
    seats = []
    for part in text.split(","):
        spec = part.strip()
        if not spec:
            raise AlakaError(
                tr("--seats has an empty seat in {text}; write e.g. human,heuristic").format(text=repr(text))
            )
        seats.append(HUMAN if spec.lower() == HUMAN else typed_spec(spec))
    return seats


def default_seats(game: Game, num_players: int) -> list[str]:
    """You in seat 1 against the game's default bot (its heuristic, if it has one) elsewhere."""
    return [HUMAN] + [default_bot(game.name)] * (num_players - 1)


def choose_seats(game: Game, seats_text: str | None, players: int | None) -> list[str]:
    """The seat list for a new game from ``--seats`` and ``--players``.

    ``--players`` defaults to the number of seats given, else to the game's default.
    """
    seats = parse_seats(seats_text) if seats_text is not None else None
    if seats is None:
        return default_seats(game, game.check_players(players))
    try:
        seats = [spec if spec == HUMAN else level_spec(game.name, spec) for spec in seats]
    except AlakaError as error:
        raise AlakaError(f"--seats: {error}") from None
    make_bots(game, seats)  # an unknown bot is the first thing to say, before counting seats
    if players is not None and players != len(seats):
        raise AlakaError(
            tr("--players is {players} but --seats names {count} seats").format(
                players=players, count=len(seats)
            )
        )
    game.check_players(len(seats))
    return seats


def make_bots(game: Game, seats: list[str]) -> dict[int, Bot]:
    """One bot per bot seat (a bad spec is a one-line error naming the seat)."""
    bots: dict[int, Bot] = {}
    for seat, spec in enumerate(seats):
        if spec == HUMAN:
            continue
        try:
            bots[seat] = make_bot(spec, game.name)
        except AlakaError as error:
            raise AlakaError(
                # TRANSLATORS: {number}: the seat; {spec}: the bot spec given; {error}: why it is wrong.
                tr("seat {number} ({spec}): {error}").format(number=seat + 1, spec=repr(spec), error=error)
            ) from None
    return bots


def describe_seat(seats: list[str], seat: int) -> str:
    """``Player 2 (heuristic bot)``; a lone human is "you", several are just humans."""
    spec = seats[seat]
    if spec != HUMAN:
        # TRANSLATORS: {number} is the seat's number; {spec} a bot's spec (heuristic, easy, ismcts:...).
        return tr("Player {number} ({spec} bot)").format(number=seat + 1, spec=spec)
    if seats.count(HUMAN) == 1:
        return tr("Player {number} (you)").format(number=seat + 1)
    return tr("Player {number} (human)").format(number=seat + 1)
