"""Starting the server: the default database file, friendly errors, the listening socket, uvicorn."""

from __future__ import annotations

import errno
import gc
import resource
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console

from alaka.core.errors import AlakaError
from alaka.ui.web.store import open_store

if TYPE_CHECKING:
    import uvicorn
    from fastapi import FastAPI

    from alaka.ui.web.limits import Limits

#: Each connection's kernel send buffer, in bytes (Linux doubles it). Without a cap the kernel
#: grows a connection's buffer to megabytes for a page that does not read, and the server only
#: notices (and drops it) once that is full; a state message is a kilobyte or two.
SEND_BUFFER = 64 * 1024


def freeze_startup_objects() -> None:
    """Leave the objects that exist once the server's code is imported (some 50,000: modules,
    classes, functions and what they hold) out of every later garbage collection.

    Python's cycle collector stops the event loop while it walks every object of the
    generation it collects, and a full collection walks them all: under load a server holding a
    few hundred tables walked some 240,000 objects and stopped every table for 50 to 180 ms.
    These objects live as long as the process, so walking them finds nothing; frozen, they are
    no longer walked (``gc.freeze``). Nothing created later is frozen: tables, games and
    connections are collected as before.
    """
    gc.collect()
    gc.freeze()


def raise_file_limit() -> int:
    """Raise the process's limit of open files to the most the system lets it have (its hard
    limit; the usual soft limit is 1,024) and return the limit now. Every connection is a
    file: at the limit the operating system refuses every newcomer, a seated player too, so the
    server caps its connections below it (:func:`alaka.ui.web.limits.connection_budget`)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # not allowed here: the cap follows the limit as it is
            pass
    return int(soft)


def listening_socket(
    host: str, port: int, unread_seconds: float = 60.0, *, reuse_port: bool = False
) -> socket.socket:
    """The server's socket, bound now: a taken or wrong address is one clear line, before
    anything starts. The connections it accepts inherit its send buffer (:data:`SEND_BUFFER`)
    and, where the system has it, its user timeout: data left unacknowledged for
    ``unread_seconds`` makes the kernel drop the connection (the fd would otherwise stay open
    as long as a peer that does not read keeps its window shut)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise AlakaError(f"cannot listen on {host!r}: no such address") from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:  # several processes on one port: the kernel shares the connections out
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        if hasattr(socket, "TCP_USER_TIMEOUT"):
            listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(unread_seconds * 1000))
        listener.bind(address)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise AlakaError(f"port {port} on {host} is in use; choose another with --port") from None
        raise AlakaError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    return listener


def uvicorn_server(app: FastAPI, *, access_log: bool = False) -> uvicorn.Server:
    """uvicorn set up for the tabletop (``serve`` and the tests run the same configuration).

    Its access log (one line per request, as a proxy keeps) is off unless ``access_log``; no
    request's address holds a token either way.
    """
    import uvicorn

    from alaka.ui.web.deflate import DeflatingWebSockets
    from alaka.ui.web.transport import guarded_http

    limits: Limits = app.state.limits
    config = uvicorn.Config(
        app,
        http=guarded_http(app.state.addresses, limits.request_seconds, limits.header_bytes),
        # the guard counts every head under httptools; under h11 (no httptools), h11 does too
        h11_max_incomplete_event_size=limits.header_bytes,
        # compression with a window that holds the previous message (alaka.ui.web.deflate)
        ws=DeflatingWebSockets,
        ws_ping_interval=limits.ping_seconds,
        ws_ping_timeout=limits.ping_seconds,
        log_level="info" if access_log else "warning",
        access_log=access_log,
        lifespan="on",
        # the WebSocket protocol refuses a bigger message as its header arrives (close 1009)
        ws_max_size=limits.message_bytes,
        # X-Forwarded-For is believed from nobody: anyone could claim any address with it
        proxy_headers=False,
    )
    return uvicorn.Server(config)


@dataclass(frozen=True)
class Serving:
    """What ``alaka serve`` was asked for (handed whole to each process of ``--processes``)."""

    host: str
    port: int
    db: str | None
    pace: float
    limits: Limits
    origins: Sequence[str] = ()
    names: Sequence[str] = ()
    advertise: str | None = None


def serve(serving: Serving, *, console: Console, processes: int = 1) -> None:
    """Run the server until Ctrl-C: one process, or ``processes`` of them on one port
    (:func:`serve_processes`). ``origins`` are other sites whose pages may use it, ``names`` the
    host names it answers to besides its address (see :mod:`.security`), and ``advertise`` the
    URL other servers on a shared database reach it at (see :mod:`.forwarding`)."""
    try:
        import uvicorn  # noqa: F401

        from alaka.ui.web.app import create_app  # noqa: F401
    except ImportError as error:
        raise AlakaError(
            f"the web server needs the 'web' extra ({error.name} is missing): pip install -e '.[web]'"
        ) from None
    if processes > 1:
        serve_processes(serving, processes, console)
        return
    _serve_one(serving, console)


def _bracketed(host: str) -> str:
    """``host`` as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def _serve_one(serving: Serving, console: Console, *, private: bool = False) -> None:
    """One server process. ``private``: one of several on a shared port (``--processes``),
    which the others reach at a loopback port of its own."""
    from alaka.ui.web.app import create_app
    from alaka.ui.web.security import hosts_for
    from alaka.ui.web.tables import Pace

    host, port, limits = serving.host, serving.port, serving.limits
    store = open_store(serving.db)
    sockets = []
    try:
        raise_file_limit()
        sockets.append(listening_socket(host, port, limits.unread_seconds, reuse_port=private))
        if private:
            sockets.append(listening_socket("127.0.0.1", 0, limits.unread_seconds))
    except AlakaError:
        for made in sockets:
            made.close()
        store.close()  # a PostgreSQL store lets the database go for another server at once
        raise
    freeze_startup_objects()
    hosts = hosts_for(host, serving.names)
    shown = _bracketed(host)
    if private:  # the others reach it at its own loopback port, not the shared one
        address = f"http://127.0.0.1:{sockets[1].getsockname()[1]}"
    else:
        reachable = "127.0.0.1" if host in ("0.0.0.0", "::", "") else shown
        address = serving.advertise or f"http://{reachable}:{port}"
    application = create_app(
        store,
        pace=Pace.scaled(serving.pace),
        limits=limits,
        hosts=hosts,
        origins=serving.origins,
        address=address,
    )
    for problem in application.state.problems:
        console.print(f"[yellow]warning:[/yellow] {problem}", soft_wrap=True)
    tables = len(application.state.room.tables)
    if tables:
        plural = "s" if tables != 1 else ""
        console.print(f"{tables} table{plural} brought back from {store.where}.", soft_wrap=True)
    if not private:
        console.print(
            f"Alaka is serving on [bold]http://{shown}:{port}[/bold]"
            f"  (tables in {store.where}; Ctrl-C stops)",
            soft_wrap=True,
        )
    try:
        uvicorn_server(application).run(sockets=sockets)
    finally:
        for made in sockets:
            made.close()


#: The exit code of a process of ``--processes`` that could not serve (it said why: the port,
#: the database): the others are stopped too. A process that ends otherwise (killed, crashed)
#: is started again.
CANNOT_SERVE = 2


def _one_of_several(serving: Serving) -> None:
    """The body of one process of :func:`serve_processes` (run in a process of its own)."""
    console = Console(stderr=True)
    _end_with_parent()
    try:
        _serve_one(serving, console, private=True)
    except AlakaError as error:
        console.print(f"[red]error:[/red] {error}", soft_wrap=True)
        raise SystemExit(CANNOT_SERVE) from None
    except KeyboardInterrupt:
        pass


def _end_with_parent() -> None:
    """Stop this process, as SIGTERM does (uvicorn closes its sockets cleanly), when the process
    that started it is gone: a parent killed outright (SIGKILL, the OOM killer) runs no code, and
    its children would otherwise go on holding the port and their tables' locks, unwatched."""
    import multiprocessing
    import os
    import signal
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])  # ready once the parent's end of the pipe is closed: it died
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="alaka-parent-watch", daemon=True).start()


def _stop_on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM (a service manager's stop, ``kill``) stops :func:`serve_processes` as Ctrl-C does:
    Python's default for it would end the parent at once and leave its children running."""
    raise KeyboardInterrupt


def serve_processes(serving: Serving, processes: int, console: Console) -> None:
    """``processes`` server processes on one port (``SO_REUSEPORT``: the kernel shares the
    connections out), one PostgreSQL database between them (:mod:`.forwarding`), watched by
    this one: a process that ends is started again; Ctrl-C stops them all."""
    import multiprocessing
    import time

    store = open_store(serving.db)  # every mistake in --db is one line, before anything starts
    where = store.where
    try:
        if not store.shared:
            raise AlakaError(
                "--processes needs a database several servers share: give --db postgresql://..."
                " (an SQLite file has one server)"
            )
    finally:
        store.close()
    listening_socket(serving.host, serving.port, reuse_port=True).close()  # the port is free
    context = multiprocessing.get_context("spawn")

    def start() -> multiprocessing.process.BaseProcess:
        process = context.Process(target=_one_of_several, args=(serving,), name="alaka-serve")
        process.start()
        return process

    import signal

    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    running = [start() for _ in range(processes)]
    console.print(
        f"Alaka is serving on [bold]http://{_bracketed(serving.host)}:{serving.port}[/bold]"
        f" with {processes} processes"
        f"  (tables in {where}; Ctrl-C stops)",
        soft_wrap=True,
    )
    try:
        while True:
            time.sleep(0.5)
            for number, process in enumerate(running):
                if process.is_alive():
                    continue
                if process.exitcode == CANNOT_SERVE:
                    raise AlakaError("a server process could not serve (see above); all are stopped")
                console.print(
                    f"[yellow]a server process ended (exit code {process.exitcode});"
                    " starting another[/yellow]"
                )
                running[number] = start()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the stopping short
        for process in running:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn stops it cleanly
        for process in running:
            process.join(30)
            if process.is_alive():
                process.kill()
