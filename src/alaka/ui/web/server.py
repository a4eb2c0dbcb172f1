"""Starting the server: the default database file, friendly errors, then uvicorn."""

from __future__ import annotations

import errno
import socket
from pathlib import Path

from rich.console import Console

from alaka.core.errors import AlakaError
from alaka.ui.paths import tables_db


def _check_port(host: str, port: int) -> None:
    """Fail with one clear line, before anything starts, if the address is taken or wrong."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise AlakaError(f"cannot listen on {host!r}: no such address") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise AlakaError(f"port {port} on {host} is in use; choose another with --port") from None
            raise AlakaError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def serve(*, host: str, port: int, db: str | None, pace: float, console: Console) -> None:
    """Run the server until Ctrl-C."""
    try:
        import uvicorn

        from alaka.ui.web.app import create_app
    except ImportError as error:
        raise AlakaError(
            f"the web server needs the 'web' extra ({error.name} is missing): pip install -e '.[web]'"
        ) from None
    from alaka.ui.web.tables import Pace

    path = Path(db) if db is not None else tables_db()
    _check_port(host, port)
    application = create_app(path, pace=Pace.scaled(pace))
    for problem in application.state.problems:
        console.print(f"[yellow]warning:[/yellow] {problem}", soft_wrap=True)
    tables = len(application.state.room.tables)
    if tables:
        console.print(f"{tables} table{'s' if tables != 1 else ''} brought back from {path}.", soft_wrap=True)
    shown = f"[{host}]" if ":" in host else host
    console.print(
        f"Alaka is serving on [bold]http://{shown}:{port}[/bold]  (tables in {path}; Ctrl-C stops)",
        soft_wrap=True,
    )
    uvicorn.run(application, host=host, port=port, log_level="warning", ws_max_size=16384)
