"""Where chunks of battles are played: in this process, in local worker processes, or on Dask.

Every backend takes tasks `(job index, start, stop)` and yields each task's
aggregate as it completes, in whatever order. `simulate` merges them per
job; since merging only adds whole-number counters, the result does not
depend on the backend, the number of workers or the completion order.

At most a few tasks per worker are in flight at once, so neither the queue
nor the finished results grow with the number of battles.

>>> chunk_size(2000, 1), chunk_size(2000, 2), chunk_size(10, 4), chunk_size(10**7, 2)
(100, 50, 1, 200)
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, Protocol

from senjo.sim.aggregate import SimAggregate
from senjo.sim.declines import Reason
from senjo.sim.fastpath import ENGINE, find_fast_path
from senjo.sim.runner import SimJob, play_chunk

__all__ = [
    "AUTO_FROM",
    "AUTO_MOST",
    "Backend",
    "BackendError",
    "DaskBackend",
    "InProcess",
    "LocalPool",
    "Task",
    "auto_workers",
    "chunk_size",
    "fast_chunk_blocks",
    "make_backend",
    "simulate",
    "start_method",
    "usable_cores",
]

#: (job index, first battle, one past the last battle).
Task = tuple[int, int, int]

#: Tasks in flight per worker: enough to keep workers busy while results are merged.
_IN_FLIGHT = 3


class BackendError(Exception):
    """A backend could not be used (no such scheduler, the package is missing …)."""


class Backend(Protocol):
    """Plays tasks and yields `(task, aggregate)` as each completes, in any order."""

    def run(
        self, jobs: Sequence[SimJob], tasks: Iterable[Task]
    ) -> Iterator[tuple[Task, SimAggregate]]:
        """Play every task of `jobs`."""
        ...


def chunk_size(n: int, workers: int) -> int:
    """Battles per task: about twenty tasks per worker for a smooth progress bar, 1..200."""
    return max(1, min(200, math.ceil(n / (20 * max(1, workers)))))


class InProcess:
    """Plays every task here, one after the other (one worker)."""

    def run(
        self, jobs: Sequence[SimJob], tasks: Iterable[Task]
    ) -> Iterator[tuple[Task, SimAggregate]]:
        """Play each task in turn."""
        for task in tasks:
            job, start, stop = task
            yield task, play_chunk(jobs[job], start, stop)


class LocalPool:
    """Local worker processes, forked on Linux when no other thread runs (else spawned).

    A forked worker starts with everything this process has imported and built
    (senjo, NumPy, rule tables), in milliseconds; a spawned one imports them
    again (about half a second). The command line runs no other thread while
    it plays: the pool launches every worker before its own manager thread
    starts, and the progress bar refreshes from the main thread
    (`auto_refresh=False` in `senjo.cli.sim`). See `start_method`.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(
        self, jobs: Sequence[SimJob], tasks: Iterable[Task]
    ) -> Iterator[tuple[Task, SimAggregate]]:
        """Keep a few tasks per worker in flight; yield each as it finishes."""
        context = multiprocessing.get_context(start_method())
        with ProcessPoolExecutor(self.workers, mp_context=context) as pool:
            pending: dict[Future[SimAggregate], Task] = {}
            queue = iter(tasks)
            limit = self.workers * _IN_FLIGHT

            def top_up() -> None:
                for task in queue:
                    job, start, stop = task
                    pending[pool.submit(play_chunk, jobs[job], start, stop)] = task
                    if len(pending) >= limit:
                        return

            top_up()
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    task = pending.pop(future)
                    yield task, future.result()
                top_up()


def start_method() -> str:
    """`fork` on Linux when this process runs no other thread; else `spawn`.

    A thread alive at the fork (a Dask client's event loop, say) may hold a lock the
    child then waits on forever; Windows has no fork; and on macOS forking a process
    that has loaded system frameworks is unsafe, which is why Python spawns there.
    """
    alone = threading.active_count() == 1
    return "fork" if alone and sys.platform.startswith("linux") else "spawn"


#: `--workers auto` (the default) plays runs of fewer battles than this in this process
#: (a pool's start would be a fair share of their time) ...
AUTO_FROM = 200
#: ... and the others on one local worker per usable core, at most this many.
AUTO_MOST = 8


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, where the system tells)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this system
        return max(1, os.cpu_count() or 1)


def auto_workers(jobs: Sequence[SimJob]) -> int:
    """`--workers auto`: a local worker per usable core (at most `AUTO_MOST`), or this
    process alone where workers cannot pay: a run of fewer than `AUTO_FROM` battles,
    workers that would be spawned (each imports senjo anew, about half a second, see
    `start_method`), or one chunk to play (a fast path's chunks are whole blocks). The
    figures are the same whatever the count (`simulate`)."""
    cores = min(usable_cores(), AUTO_MOST)
    if cores == 1 or sum(job.n for job in jobs) < AUTO_FROM or start_method() != "fork":
        return 1
    return max(1, min(cores, sum(1 for _ in _tasks(jobs, cores))))


class DaskBackend:
    """Tasks on a Dask cluster (`distributed`): the scheduler at `address`.

    The cluster's workers need senjo installed (the same version) to import
    `senjo.sim.runner.play_chunk`.
    """

    def __init__(self, address: str, *, timeout: float = 10.0) -> None:
        self.address = address
        self.timeout = timeout

    def run(
        self, jobs: Sequence[SimJob], tasks: Iterable[Task]
    ) -> Iterator[tuple[Task, SimAggregate]]:
        """Submit a few tasks per worker thread at a time; yield each as it finishes."""
        try:
            # distributed is only partly typed; it is used through `Any` here.
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise BackendError(
                Reason(
                    "the dask backend needs the 'dask' extra: pip install 'senjo[dask]'",
                    "dask バックエンドには 'dask' エクストラが必要です：pip install 'senjo[dask]'",
                )
            ) from None
        try:
            client = distributed.Client(self.address, timeout=self.timeout, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise BackendError(
                Reason(
                    f"cannot reach the Dask scheduler at {self.address} ({error})",
                    f"Dask スケジューラ {self.address} に接続できません（{error}）",
                )
            ) from None
        with client:
            threads = max(1, sum(client.nthreads().values()))
            queue = iter(tasks)
            owners: dict[Any, Task] = {}

            def submit(task: Task) -> Any:
                job, start, stop = task
                future = client.submit(play_chunk, jobs[job], start, stop, pure=False)
                owners[future] = task
                return future

            first = [submit(task) for task in islice(queue, threads * _IN_FLIGHT)]
            running = distributed.as_completed(first, loop=client.loop)
            for future in running:
                task = owners.pop(future)
                result = future.result()
                future.release()
                yield task, result
                following = next(queue, None)
                if following is not None:
                    running.add(submit(following))


def simulate(
    jobs: Sequence[SimJob],
    backend: Backend,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[SimAggregate]:
    """Play every job on `backend`; one merged aggregate per job, in job order.

    `progress(battles)` is called as each task completes.
    """
    _prepare(jobs)
    totals = [SimAggregate.empty() for _ in jobs]
    for (job, start, stop), aggregate in backend.run(jobs, _tasks(jobs, workers)):
        totals[job].merge(aggregate)
        if progress is not None:
            progress(stop - start)
    return totals


def _tasks(jobs: Sequence[SimJob], workers: int) -> Iterator[Task]:
    """Every job's chunks, job by job, generated as the backend asks for them.

    A fast path that plays whole blocks of battles (its `block` attribute) gets chunks
    of whole blocks, so no block is played twice (`fast_chunk_blocks`).
    """
    for index, job in enumerate(jobs):
        size = chunk_size(job.n, workers)
        block, together = _fast_blocks(job)
        if block:
            size = block * fast_chunk_blocks(math.ceil(job.n / block), workers, together)
        for start in range(0, job.n, size):
            yield index, start, min(start + size, job.n)


def fast_chunk_blocks(blocks: int, workers: int, together: int = 1) -> int:
    """Blocks per chunk on a fast path: about sixteen chunks per worker, so the last one
    leaves the others idle only briefly, but no fewer than the path's `together` (the
    GURPS path's NumPy model plays 8 blocks in one pass, and fewer pay more per battle
    for the last, longest battles; its compiled loop takes 2), at most 16 beyond that,
    and never so many that a worker gets nothing.

    >>> fast_chunk_blocks(49, 1, 8), fast_chunk_blocks(245, 2, 8), fast_chunk_blocks(2442, 2, 8)
    (8, 8, 16)
    >>> fast_chunk_blocks(10, 2, 8), fast_chunk_blocks(1, 4, 8), fast_chunk_blocks(25, 2)
    (5, 1, 1)
    """
    workers = max(1, workers)
    wanted = max(together, min(16, math.ceil(blocks / (16 * workers))))
    return max(1, min(wanted, math.ceil(blocks / workers)))


def _prepare(jobs: Sequence[SimJob]) -> None:
    """Let each fast path the jobs use get ready once, here, before any worker starts: the
    GURPS path compiles the loop its battles call (or loads it), so forked workers start
    with it and spawned ones find it in the cache, instead of each compiling it (a fast
    path's optional `prepare(scenario)`, given the first scenario it plays)."""
    ready: set[str] = set()
    for job in jobs:
        if job.path == ENGINE or job.path in ready:
            continue
        ready.add(job.path)
        scenario = job.scenario()
        prepare = getattr(find_fast_path(job.path, scenario), "prepare", None)
        if prepare is not None:
            prepare(scenario)


def _fast_blocks(job: SimJob) -> tuple[int, int]:
    """The block size of the fast path that plays `job` (0: the engine, or no blocks) and
    how many blocks it plays side by side (its `together`, default 1)."""
    if job.path == ENGINE:
        return 0, 1
    path = find_fast_path(job.path, job.scenario())
    return int(getattr(path, "block", 0) or 0), int(getattr(path, "together", 1) or 1)


def make_backend(workers: int, backend: str = "local", scheduler: str | None = None) -> Backend:
    """The backend for the command line's `--workers`, `--backend` and `--scheduler`."""
    if backend == "dask":
        if not scheduler:
            raise BackendError(
                Reason(
                    "--backend dask needs --scheduler ADDRESS (e.g. tcp://host:8786)",
                    "--backend dask には --scheduler ADDRESS（例：tcp://host:8786）が必要です",
                )
            )
        return DaskBackend(scheduler)
    if backend != "local":
        raise BackendError(
            Reason(
                f"--backend takes local or dask, not {backend!r}",
                f"--backend には local か dask を指定してください（{backend!r} は不可）",
            )
        )
    if scheduler:
        raise BackendError(
            Reason(
                "--scheduler is for --backend dask",
                "--scheduler は --backend dask 用のオプションです",
            )
        )
    return InProcess() if workers <= 1 else LocalPool(workers)
