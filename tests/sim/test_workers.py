"""Backends: local worker processes and a Dask cluster give the in-process numbers exactly."""

from __future__ import annotations

import os
import re
import threading
import warnings
from pathlib import Path

import pytest

from senjo.scenario import load_scenario
from senjo.sim import workers
from senjo.sim.runner import SimJob
from senjo.sim.workers import (
    AUTO_FROM,
    BackendError,
    DaskBackend,
    InProcess,
    LocalPool,
    auto_workers,
    chunk_size,
    make_backend,
    simulate,
    start_method,
)

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


def jobs() -> list[SimJob]:
    """Two small jobs: the duel at two seeds."""
    scenario = load_scenario(DUEL)
    return [SimJob(scenario.data, scenario.source, seed, 24) for seed in (1, 2)]


@pytest.mark.parametrize(
    ("platform", "threads", "method"),
    [("linux", 1, "fork"), ("linux", 2, "spawn"), ("darwin", 1, "spawn"), ("win32", 1, "spawn")],
)
def test_workers_fork_only_on_linux_with_no_other_thread(
    monkeypatch: pytest.MonkeyPatch, platform: str, threads: int, method: str
) -> None:
    """Forked workers start in milliseconds, but a thread alive at the fork may hold a
    lock forever, and macOS and Windows spawn: fork only on Linux in a lone thread."""
    monkeypatch.setattr("sys.platform", platform)
    monkeypatch.setattr(threading, "active_count", lambda: threads)
    assert start_method() == method


@pytest.mark.parametrize(
    ("battles", "path", "cores", "method", "expected"),
    [
        (1000, "engine", 2, "fork", 2),  # every usable core
        (1000, "engine", 64, "fork", 8),  # at most AUTO_MOST
        (1000, "engine", 1, "fork", 1),
        (AUTO_FROM - 1, "engine", 2, "fork", 1),  # a short run: its chunks in this process
        (1000, "engine", 2, "spawn", 1),  # a spawned worker imports senjo anew (~0.5 s)
        (1000, "fast", 2, "fork", 1),  # one chunk of whole blocks: nothing to share
        (200_000, "fast", 2, "fork", 2),
    ],
)
def test_auto_workers(
    monkeypatch: pytest.MonkeyPatch, battles: int, path: str, cores: int, method: str, expected: int
) -> None:
    """`--workers auto` (the default): a local process on each usable core, up to
    `AUTO_MOST`, where the run has chunks to share and workers are forked; else one."""
    monkeypatch.setattr(workers, "usable_cores", lambda: cores)
    monkeypatch.setattr(workers, "start_method", lambda: method)
    scenario = load_scenario(DUEL)
    assert auto_workers([SimJob.of(scenario, 1, battles, path)]) == expected


def test_usable_cores() -> None:
    """`auto` counts the cores this process may run on: at least one, at most the machine's."""
    assert 1 <= workers.usable_cores() <= (os.cpu_count() or 1)


def test_local_pool_spawns_beside_a_thread() -> None:
    """With another thread running, the pool spawns its workers and still agrees."""
    stop = threading.Event()
    waiter = threading.Thread(target=stop.wait)
    waiter.start()
    try:
        assert start_method() == "spawn"
        expected = simulate(jobs()[:1], InProcess(), workers=1)
        assert simulate(jobs()[:1], LocalPool(2), workers=2) == expected
    finally:
        stop.set()
        waiter.join()


def test_local_pool_equals_in_process() -> None:
    """Two worker processes give exactly the aggregates of one process, job by job."""
    expected = simulate(jobs(), InProcess(), workers=1)
    seen: list[int] = []
    got = simulate(jobs(), LocalPool(2), workers=2, progress=seen.append)
    assert got == expected
    assert sum(seen) == 48 and [a.n for a in got] == [24, 24]


def test_dask_cluster_equals_in_process() -> None:
    """A local Dask cluster started here gives exactly the in-process aggregates."""
    distributed = pytest.importorskip("distributed", reason="the 'dask' extra is not installed")
    expected = simulate(jobs(), InProcess(), workers=1)
    with (
        warnings.catch_warnings(),
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            dashboard_address=None,
            protocol="tcp",
        ) as cluster,
    ):
        warnings.simplefilter("ignore", ResourceWarning)
        got = simulate(jobs(), DaskBackend(cluster.scheduler_address), workers=2)
    assert got == expected


def test_unreachable_scheduler_is_a_backend_error() -> None:
    """A scheduler that does not answer is one BackendError naming its address."""
    backend = DaskBackend("tcp://127.0.0.1:9", timeout=0.5)
    with pytest.raises(BackendError, match=re.escape("tcp://127.0.0.1:9")):
        simulate(jobs(), backend)


@pytest.mark.parametrize(
    ("workers", "backend", "scheduler", "kind"),
    [
        (1, "local", None, InProcess),
        (2, "local", None, LocalPool),
        (1, "dask", "tcp://x:1", DaskBackend),
    ],
)
def test_make_backend(workers: int, backend: str, scheduler: str | None, kind: type) -> None:
    """--workers and --backend pick the backend."""
    assert isinstance(make_backend(workers, backend, scheduler), kind)


@pytest.mark.parametrize(
    ("backend", "scheduler", "message"),
    [
        ("dask", None, "needs --scheduler"),
        ("ray", None, "local or dask"),
        ("local", "tcp://x:1", "is for"),
    ],
)
def test_make_backend_errors(backend: str, scheduler: str | None, message: str) -> None:
    """A backend without its scheduler, an unknown backend, or a stray scheduler are errors."""
    with pytest.raises(BackendError, match=message):
        make_backend(1, backend, scheduler)


def test_chunk_size() -> None:
    """About twenty chunks per worker, between 1 and 200 battles each."""
    assert [chunk_size(2000, 1), chunk_size(2000, 2), chunk_size(3, 2), chunk_size(10**6, 1)] == [
        100,
        50,
        1,
        200,
    ]
