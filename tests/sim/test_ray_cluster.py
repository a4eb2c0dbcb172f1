"""Ray runs beside other clusters of this machine: joining one on the loopback by its loopback
address, and starting an instance of our own beside the stale address file of one long gone.

A module of its own: ``ray stop`` at the end stops every Ray process of the machine, so no
other module's Ray instance may be running beside it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from alaka.sim.ray_backend import AUTH_MODE, LOOPBACK_ONLY
from alaka.sim.results import iter_rows
from needs import need
from waits import PATIENCE

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def loopback_cluster(tmp_path: Path) -> Iterator[str]:
    """A Ray cluster started as docs/simulate.md says, on this machine's loopback only."""
    ray_command = Path(sys.executable).with_name("ray")
    need(None if ray_command.exists() else f"Ray's command line is not beside {sys.executable}")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {**os.environ, LOOPBACK_ONLY: "0"}
    start = [str(ray_command), "start", "--head", "--node-ip-address", "127.0.0.1", f"--port={port}"]
    start += ["--num-cpus=1", "--include-dashboard=false", "--disable-usage-stats"]
    subprocess.run(start, env=environment, check=True, capture_output=True, timeout=PATIENCE)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run([str(ray_command), "stop"], env=environment, capture_output=True, timeout=PATIENCE)


def test_a_run_joins_a_cluster_on_the_loopback_by_its_loopback_address(
    tmp_path: Path, loopback_cluster: str
) -> None:
    """Ray swapped 127.0.0.1 for the machine's outward address ("Failed to connect to Ray cluster
    at 192.0.2.2:...") and then asked for the token a local cluster wants."""
    out = tmp_path / "run"
    command = [sys.executable, "-m", "alaka", "simulate", "alakazoo", "--games", "4"]
    command += ["--backend", "ray", "--address", loopback_cluster, "--out", str(out)]
    environment = {k: v for k, v in os.environ.items() if k not in (LOOPBACK_ONLY, AUTH_MODE)}
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(list(iter_rows(out))) == 4


def test_a_local_run_starts_its_own_instance_beside_a_stale_address_file(tmp_path: Path) -> None:
    """The address file of an earlier ``ray start`` (/tmp/ray/ray_current_cluster), of a cluster
    long gone, made a run without --address try to join it ("When connecting to an existing
    cluster, num_cpus and num_gpus must not be provided")."""
    from ray._common.utils import get_ray_address_file

    address_file = Path(get_ray_address_file(None))
    kept = address_file.read_text() if address_file.exists() else None
    address_file.parent.mkdir(parents=True, exist_ok=True)
    with socket.socket() as probe:  # a port nobody listens on: the cluster is gone
        probe.bind(("127.0.0.1", 0))
        gone = probe.getsockname()[1]
    address_file.write_text(f"127.0.0.1:{gone}")
    try:
        out = tmp_path / "run"
        command = [sys.executable, "-m", "alaka", "simulate", "alakazoo", "--games", "4"]
        command += ["--backend", "ray", "--jobs", "1", "--out", str(out)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=PATIENCE)
        assert done.returncode == 0, done.stderr[-2000:]
        assert len(list(iter_rows(out))) == 4
    finally:
        if kept is None:
            address_file.unlink(missing_ok=True)
        else:
            address_file.write_text(kept)
