"""``alaka serve``: the browser tabletop's server (:mod:`alaka.ui.web`), with a flag for each of
its limits; FastAPI is imported only when the command runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from alaka.cli.common import console
from alaka.ui.web.connections import Backlog
from alaka.ui.web.limits import Limits

#: The server's default budgets (``alaka serve``'s flags start from them).
LIMITS = Limits()


def serve_command(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on (0.0.0.0: every network).")
    ] = ("127.0.0.1"),
    port: Annotated[int, typer.Option("--port", help="The port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Where the tables are kept: an SQLite file, as a path or sqlite:///path (default: in"
            " Alaka's data folder), or a PostgreSQL database, postgresql://user@host:port/database"
            " (the 'postgres' extra).",
        ),
    ] = None,
    pace: Annotated[
        float,
        typer.Option(
            "--pace",
            min=0.0,
            help="Scale the pauses before bots' moves and forced choices (0: none; for tests, benchmarks).",
        ),
    ] = 1.0,
    max_tables: Annotated[
        int, typer.Option("--max-tables", min=1, help="Tables in play at once (finished ones do not count).")
    ] = LIMITS.max_tables,
    tables_per_minute: Annotated[
        int, typer.Option("--tables-per-minute", min=1, help="Tables one client address may create a minute.")
    ] = LIMITS.tables_per_minute,
    tables_per_address: Annotated[
        int,
        typer.Option("--tables-per-address", min=1, help="Unfinished tables one client address may hold."),
    ] = LIMITS.tables_per_address,
    newcomer_tables: Annotated[
        int,
        typer.Option(
            "--newcomer-tables", min=0, help="Tables kept for addresses with none in play (at most half)."
        ),
    ] = LIMITS.newcomer_tables,
    unplayed_minutes: Annotated[
        float,
        typer.Option(
            "--unplayed-minutes",
            min=0,
            help="Minutes before an unwatched table nobody played at leaves memory.",
        ),
    ] = LIMITS.unplayed_minutes,
    connections_per_address: Annotated[
        int,
        typer.Option(
            "--connections-per-address", min=1, help="Connections one client address may hold open."
        ),
    ] = LIMITS.connections_per_address,
    open_seat_seconds: Annotated[
        float,
        typer.Option(
            "--open-seat-seconds", min=0, help="Seconds before the lobby offers a new table's open seats."
        ),
    ] = LIMITS.open_seat_seconds,
    max_connections: Annotated[
        int | None,
        typer.Option(
            "--max-connections",
            min=8,
            help="Connections the server holds at once (default: its file limit less a tenth).",
        ),
    ] = None,
    player_connections: Annotated[
        int,
        typer.Option(
            "--player-connections", min=0, help="Connections spectators may never take (room for players)."
        ),
    ] = LIMITS.player_connections,
    spectators: Annotated[
        int, typer.Option("--spectators", min=0, help="Spectators one table takes.")
    ] = LIMITS.spectators,
    say_burst: Annotated[
        int, typer.Option("--say-burst", min=1, help="Table talk: what one seat may say at once.")
    ] = LIMITS.say_burst,
    say_seconds: Annotated[
        float,
        typer.Option("--say-seconds", min=0.1, help="Table talk: seconds a seat then waits between sayings."),
    ] = LIMITS.say_seconds,
    table_say_burst: Annotated[
        int,
        typer.Option("--table-say-burst", min=1, help="Table talk: what one table's seats may say at once."),
    ] = LIMITS.table_say_burst,
    table_say_seconds: Annotated[
        float,
        typer.Option(
            "--table-say-seconds", min=0.1, help="Table talk: seconds a table then waits between sayings."
        ),
    ] = LIMITS.table_say_seconds,
    bot_seconds: Annotated[
        float,
        typer.Option("--bot-seconds", min=0.1, help="Processor seconds a table's bots may think per minute."),
    ] = LIMITS.bot_seconds,
    bot_seconds_per_address: Annotated[
        float,
        typer.Option(
            "--bot-seconds-per-address",
            min=0.1,
            help="Processor seconds a minute the bots of one client address's tables may think.",
        ),
    ] = LIMITS.bot_seconds_per_address,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers", min=1, help="Processes search bots think in (default: one per core but one)."
        ),
    ] = None,
    review_iterations: Annotated[
        int,
        typer.Option("--review-iterations", min=1, max=100_000, help="Searches per decision of a review."),
    ] = LIMITS.review_iterations,
    review_queue: Annotated[
        int, typer.Option("--review-queue", min=1, help="Reviews waiting for the review worker at once.")
    ] = LIMITS.review_queue,
    reviews_per_address: Annotated[
        int,
        typer.Option("--reviews-per-address", min=1, help="Reviews one client address may have waiting."),
    ] = LIMITS.reviews_per_address,
    request_bytes: Annotated[
        int, typer.Option("--request-bytes", min=1024, help="The largest request body, in bytes.")
    ] = LIMITS.request_bytes,
    header_bytes: Annotated[
        int, typer.Option("--header-bytes", min=1024, help="The largest request line and headers, in bytes.")
    ] = LIMITS.header_bytes,
    message_bytes: Annotated[
        int, typer.Option("--message-bytes", min=256, help="The largest WebSocket message a page may send.")
    ] = LIMITS.message_bytes,
    backlog_kib: Annotated[
        int,
        typer.Option("--backlog-kib", min=16, help="KiB queued for a page before it is dropped as behind."),
    ] = LIMITS.backlog.bytes // 1024,
    finished_minutes: Annotated[
        float,
        typer.Option("--finished-minutes", min=0, help="Minutes a finished, unwatched table stays listed."),
    ] = LIMITS.finished_minutes,
    idle_hours: Annotated[
        float,
        typer.Option("--idle-hours", min=0, help="Hours before an unmoved, unwatched table leaves memory."),
    ] = LIMITS.idle_hours,
    lobby_page: Annotated[
        int, typer.Option("--lobby-page", min=1, help="Tables in one page of the lobby's list.")
    ] = LIMITS.lobby_page,
    request_seconds: Annotated[
        float,
        typer.Option(
            "--request-seconds", min=0.1, help="Seconds a request may take to arrive and be answered."
        ),
    ] = LIMITS.request_seconds,
    ping_seconds: Annotated[
        float,
        typer.Option("--ping-seconds", min=0.1, help="Seconds between pings of a page, and to answer one."),
    ] = LIMITS.ping_seconds,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            help="Another site whose pages may use this server, e.g. https://games.example (repeatable).",
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="A name this server answers to besides its address, e.g. games.example (repeatable).",
        ),
    ] = None,
    unread_seconds: Annotated[
        float,
        typer.Option(
            "--unread-seconds", min=1, help="Seconds sent data may stay unread before a connection drops."
        ),
    ] = LIMITS.unread_seconds,
    advertise: Annotated[
        str | None,
        typer.Option(
            "--advertise",
            help="With a PostgreSQL --db several servers share: the URL the others reach this one at"
            " (default http://HOST:PORT; give it when HOST is 0.0.0.0).",
        ),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(
            "--processes",
            min=1,
            max=64,
            help="Server processes on the one port, for more than one core (needs a PostgreSQL --db).",
        ),
    ] = 1,
) -> None:
    """Serve the browser tabletop: lobby, tables with bots and friends, spectators, replays.

    Every table is stored in the SQLite file as it is played; a restarted server brings every
    table back where it was. The limits are explained in docs/web.md ("Limits and security").
    """
    from alaka.ui.web.server import Serving, serve

    limits = Limits(
        max_tables=max_tables,
        tables_per_minute=tables_per_minute,
        tables_per_address=tables_per_address,
        newcomer_tables=newcomer_tables,
        unplayed_minutes=unplayed_minutes,
        connections_per_address=connections_per_address,
        open_seat_seconds=open_seat_seconds,
        max_connections=max_connections,
        player_connections=player_connections,
        spectators=spectators,
        say_burst=say_burst,
        say_seconds=say_seconds,
        table_say_burst=table_say_burst,
        table_say_seconds=table_say_seconds,
        bot_seconds=bot_seconds,
        bot_seconds_per_address=bot_seconds_per_address,
        bot_workers=bot_workers,
        review_iterations=review_iterations,
        review_queue=review_queue,
        reviews_per_address=reviews_per_address,
        request_bytes=request_bytes,
        header_bytes=header_bytes,
        message_bytes=message_bytes,
        backlog=Backlog(bytes=backlog_kib * 1024),
        finished_minutes=finished_minutes,
        idle_hours=idle_hours,
        lobby_page=lobby_page,
        request_seconds=request_seconds,
        ping_seconds=ping_seconds,
        unread_seconds=unread_seconds,
    )
    serving = Serving(
        host, port, db, pace, limits, tuple(allow_origin or ()), tuple(allow_host or ()), advertise
    )
    serve(serving, console=console, processes=processes)
