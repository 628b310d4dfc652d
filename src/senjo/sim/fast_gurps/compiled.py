"""Blocks of GURPS duels played by the compiled kernel (`kernel/`), when Numba is there.

`play_blocks` has the signature and the results of `batch.play_blocks`: the
same streams of dice (`streams.py`), the same battle for each, the same
`BlockResult`. `available()` says whether the
kernel can be used (Numba imports); `runs.py` falls back to the NumPy model
when it cannot, or when `SENJO_FAST_KERNEL=numpy` asks for it.
"""

from __future__ import annotations

import functools
import importlib
import os
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps import streams
from senjo.sim.fast_gurps.layout import DuelTables
from senjo.sim.fast_gurps.packed import I_WIDTH, Packed, pack
from senjo.sim.fast_gurps.state import BlockResult, IntArray
from senjo.systems.gurps.table_cache import cache_dir, cache_key

__all__ = ["DUEL", "GROUP", "Buffers", "available", "play_blocks", "scratch", "tally", "warm"]

#: Set to "numpy" to play with the NumPy model even where Numba is installed.
KERNEL_VARIABLE = "SENJO_FAST_KERNEL"


@functools.cache
def _importable() -> bool:
    try:
        import numba  # noqa: F401
    except Exception:  # not installed, or a broken install (an llvmlite that does not load)
        return False
    return True


#: The files whose text the compiled duel depends on: its own, and the constants it
#: freezes into machine code (table numbers, columns, codes, the dice stream's numbers).
KERNEL_SOURCES = (
    "kernel/__init__.py",
    "kernel/rolls.py",
    "kernel/harm.py",
    "kernel/exchange.py",
    "kernel/shoot.py",
    "kernel/turn.py",
    "kernel/group.py",
    "kernel/tally.py",
    "packed.py",
    "layout.py",
    "streams.py",
)


@functools.cache
def _kernel() -> ModuleType:
    """The kernel module (importing it points Numba's cache at `kernel_cache_dir`)."""
    return importlib.import_module("senjo.sim.fast_gurps.kernel")


def kernel_cache_dir(numba_version: str) -> Path | None:
    """`<senjo's cache>/numba/<hash>`: a hash of every file in `KERNEL_SOURCES`, Numba's
    version and Python's. Numba checks a cached function against its own file only, so a
    change to a constant in another file would otherwise run stale machine code; here any
    change picks a fresh folder (None when senjo's cache is turned off)."""
    root = cache_dir()
    if root is None:
        return None
    here = Path(__file__).parent
    key = cache_key({"numba": numba_version}, *(here / name for name in KERNEL_SOURCES))
    return root / "numba" / key


#: A kernel cache folder no senjo has used for this many days is removed (`prune_kernel_caches`).
STALE_DAYS = 30


def prune_kernel_caches(current: Path) -> None:
    """Mark `current` (the kernel's cache folder) as used now, and remove its sibling folders
    that no senjo has used for `STALE_DAYS` days: each edit or upgrade of the kernel compiles
    into a new folder of a few megabytes. Another clone sharing the cache marks its own
    folder each time it plays, so a folder in use is kept. Best effort: a folder that cannot
    be read or removed is left."""
    import shutil
    import time

    try:
        current.mkdir(parents=True, exist_ok=True)
        os.utime(current)
        limit = time.time() - STALE_DAYS * 86400
        for folder in current.parent.iterdir():
            if folder != current and folder.is_dir() and folder.stat().st_mtime < limit:
                shutil.rmtree(folder, ignore_errors=True)
    except OSError:
        return


def available() -> bool:
    """Whether blocks are played by the compiled kernel (Numba importable, not switched off)."""
    return os.environ.get(KERNEL_VARIABLE, "").lower() != "numpy" and _importable()


def scratch(slots: int) -> tuple[npt.NDArray[np.generic], ...]:
    """The kernel's scratch for one call of `play` or `play_group`: a battle's state, its
    parry counts (fighters x defense slots), places (x, then y), context, dice stream."""
    kernel = _kernel()
    return (
        np.zeros(kernel.STATE_SIZE, dtype=np.int64),
        np.zeros((kernel.NMAX, slots), dtype=np.int64),
        np.zeros(2 * kernel.NMAX, dtype=np.float64),
        np.zeros(3, dtype=np.int64),
        np.zeros(1, dtype=np.uint64),
    )


class Buffers:
    """The result arrays of a pass, kept for the next pass of the same size: a caller that
    is done with each pass's results before it plays the next (`runs.run_range` folds each
    at once) saves allocating some 5 MB a pass and first touching its pages (measured:
    1-2% of a one-worker run). The kernel writes every battle's winner, reason,
    rounds, HP, standing, counts and dice used; only the escape's row (`out[3]`, written
    for an escaped battle alone) is cleared for each pass."""

    def __init__(self) -> None:
        self._arrays: tuple[IntArray, IntArray, IntArray] | None = None
        self._group: tuple[IntArray, IntArray, IntArray, IntArray, IntArray] | None = None

    def take(self, n: int) -> tuple[IntArray, IntArray, IntArray]:
        """(out, res, used) for a pass of n battles, as `play_blocks` hands them to `play`."""
        if self._arrays is None or self._arrays[2].size != n:
            self._arrays = _results(n)
        else:
            self._arrays[0][3] = 0
        return self._arrays

    def take_group(self, fighters: int, n: int) -> tuple[IntArray, ...]:
        """(out, hp, up, res, used) for a pass of n battles of this many fighters, as
        `group.play_group_blocks` hands them to `play_group` (which writes each battle's
        every row but the escape's, as `play` does)."""
        if self._group is None or self._group[1].shape != (fighters, n):
            self._group = group_results(fighters, n)
        else:
            self._group[0][3] = 0
        return self._group


def _results(n: int) -> tuple[IntArray, IntArray, IntArray]:
    return (
        np.zeros((8, n), dtype=np.int64),
        np.zeros((6, 2, n), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
    )


def group_results(fighters: int, n: int) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """A group pass's result arrays, zeroed: out (winner, reason, rounds, escape), then
    hp, up and the counts (res) by fighter slot, and the dice used, for n battles."""
    return (
        np.zeros((4, n), dtype=np.int64),
        np.zeros((fighters, n), dtype=np.int64),
        np.zeros((fighters, n), dtype=np.int64),
        np.zeros((6, fighters, n), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
    )


def play_blocks(
    tables: DuelTables,
    size: int,
    rngs: Sequence[np.random.Generator],
    start: int = 0,
    packed: Packed | None = None,
    buffers: Buffers | None = None,
) -> BlockResult:
    """`batch.play_blocks`, played by the compiled kernel. `packed` is `pack(tables)`,
    when the caller plays several passes with the same tables (packing takes about a
    millisecond, some 4% of a pass); with `buffers`, the results are written into its
    arrays, those of the pass before, which the returned result then shares."""
    kernel = _kernel()
    if packed is None:
        packed = pack(tables)
    seeds = streams.row_seeds(rngs, size)
    n = seeds.size
    out, res, used = _results(n) if buffers is None else buffers.take(n)
    # The kernel's scratch: a battle's state, parry counts, places, context, dice stream.
    kernel.play(
        packed.ints,
        packed.floats,
        packed.layout.reshape(-1),  # read flat, rows of I_WIDTH
        seeds,
        start,
        out,
        res,
        used,
        *scratch(packed.slots),
    )
    return BlockResult.wrap(out, res, used, seeds)


def tally(
    result: BlockResult, lo: int, hi: int, chosen: npt.NDArray[np.bool_] | None
) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """`kernel.tally` over battles lo..hi-1 of a pass (those `chosen`, when given): the
    sums, the escaped battles, each histogram's lowest value and its counts."""
    return _kernel().tally(  # type: ignore[no-any-return]
        result.winner,
        result.reason,
        result.rounds,
        result.escaped,
        result.attacks,
        result.hits,
        result.defenses,
        result.defended,
        result.dealt,
        result.taken,
        result.hp,
        result.standing,
        lo,
        hi,
        _NONE if chosen is None else chosen,
    )


_NONE = np.zeros(0, dtype=np.bool_)


#: What `warm` may load: the duel's loop (`play`, then `tally` for its passes) and the
#: group's (`play_group`).
DUEL, GROUP = "duel", "group"


def warm(kinds: Sequence[str] = (DUEL, GROUP)) -> float:
    """Compile the kernel's loops for these kinds of battle now (or read them from Numba's
    cache), each by a call that plays no battle; returns the seconds it took. `make` runs
    it for both once at set-up (`python -m ...compiled`); a run loads only the loop its
    battles call (`GurpsFastPath.prepare`): reading one from the cache takes some 0.15 s
    (the group's) to 0.5 s (the duel's)."""
    import time

    begin = time.perf_counter()
    kernel = _kernel()
    ints, floats = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.float64)
    if DUEL in kinds:
        _warm_duel(kernel, ints, floats)
    if GROUP in kinds:
        _warm_group(kernel, ints, floats)
    return time.perf_counter() - begin


def _warm_duel(kernel: ModuleType, ints: IntArray, floats: npt.NDArray[np.float64]) -> None:
    kernel.play(
        ints,
        floats,
        np.zeros(I_WIDTH, dtype=np.int64),
        np.zeros(0, dtype=np.uint64),
        0,
        np.zeros((8, 0), dtype=np.int64),
        np.zeros((6, 2, 0), dtype=np.int64),
        np.zeros(0, dtype=np.int64),
        *scratch(1),
    )
    tally(BlockResult(0), 0, 0, None)


def _warm_group(kernel: ModuleType, ints: IntArray, floats: npt.NDArray[np.float64]) -> None:
    none = np.zeros((2, 0), dtype=np.int64)
    kernel.play_group(
        ints,
        floats,
        np.zeros(I_WIDTH, dtype=np.int64),
        np.zeros(0, dtype=np.uint64),
        0,
        np.zeros(2 * kernel.NMAX, dtype=np.int64),
        np.zeros(kernel.NMAX, dtype=np.int64),
        np.zeros(2 * kernel.NMAX, dtype=np.int64),
        np.zeros(kernel.NMAX, dtype=np.int64),
        np.zeros((kernel.NMAX, kernel.NMAX), dtype=np.int64),
        np.zeros(2 * kernel.NMAX, dtype=np.float64),
        np.zeros((4, 0), dtype=np.int64),
        none,
        none,
        np.zeros((6, 2, 0), dtype=np.int64),
        np.zeros(0, dtype=np.int64),
        *scratch(1),
    )


if __name__ == "__main__":
    if available():
        print(f"senjo: the GURPS fast path's duel is compiled ({warm():.1f} s)")
    else:
        print("senjo: Numba is not available; the GURPS fast path plays with NumPy")
