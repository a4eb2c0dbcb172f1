"""A scratch PostgreSQL server for the tests and benchmarks: Debian's binaries, a fresh cluster
in a temporary folder, listening on a loopback port only, removed when stopped.

No mock stands in for the database: the PostgreSQL store's tests run against this real server.
Where PostgreSQL is not installed, :func:`missing` says so (and how to get it), so the tests can
skip with the reason on a developer's machine; CI installs Debian's ``postgresql`` package.

PostgreSQL refuses to run as root, so as root (CI's containers) the cluster belongs to, and the
server runs as, the ``postgres`` user the Debian package creates (through ``runuser``).
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

#: The user the tests connect as (the cluster's superuser, with no password on the loopback).
USER = "alaka"


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs (Debian keeps them off the PATH), or None."""
    on_path = shutil.which("pg_ctl")
    if on_path and (Path(on_path).resolve().parent / "initdb").exists():
        return Path(on_path).resolve().parent  # the folder a link on the PATH points into
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    return versions[-1].parent if versions else None


def missing() -> str | None:
    """Why a scratch server cannot start here, or None when it can."""
    if binaries() is None:
        return "PostgreSQL's server is not installed (apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "as root, PostgreSQL runs as the user 'postgres', and there is none"
        if shutil.which("runuser") is None:
            return "as root, PostgreSQL is started through runuser, which is missing"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ScratchPostgres:
    """One throwaway PostgreSQL cluster: :meth:`start`, :meth:`new_database`, :meth:`stop`."""

    def __init__(self) -> None:
        found = binaries()
        if found is None:
            raise RuntimeError(missing() or "PostgreSQL is missing")
        self.bin = found
        self.folder = Path(tempfile.mkdtemp(prefix="alaka-pg-"))
        self.port = 0
        self._databases = 0
        self._as: list[str] = []
        if os.geteuid() == 0:
            entry = pwd.getpwnam("postgres")
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def _run(self, program: str, *args: str) -> None:
        command = [*self._as, str(self.bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()}\n{log}")

    def start(self) -> ScratchPostgres:
        """Make the cluster and start its server (a taken port is tried again, three times)."""
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8", "--no-sync")
        for attempt in range(3):
            self.port = _free_port()
            options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
            try:
                self._run("pg_ctl", "-D", str(data), "-l", str(self.log), "-w", "-o", options, "start")
                return self
            except RuntimeError:
                if attempt == 2:
                    raise
        return self

    @property
    def pid(self) -> int:
        """The process id of the server's postmaster (its sessions are its children)."""
        return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database of this server."""
        self._databases += 1
        name = f"alaka_{self._databases}"
        createdb = [str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, name]
        subprocess.run(createdb, capture_output=True, text=True, timeout=120, check=True)
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast: open connections are cut) and remove its folder."""
        try:
            if self.port:
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
