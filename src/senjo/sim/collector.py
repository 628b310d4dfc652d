"""Python's garbage collector during a long run of battles on the engine.

A battle makes thousands of short-lived containers, so the cyclic collector runs
often, and each of its older collections walks everything that has lived long,
the GURPS turn memo's states (`senjo.systems.gurps.memo`) above all: about 8% of a
compiled duel (`perf`, docs/performance.md). `RunCollector` takes that away for
the length of a run: as it starts and every `every` battles it collects the young
generations and freezes what survives (`gc.freeze`), so later collections skip the memo, the
scenario and the aggregate; it also lets more objects be made between the
youngest collections (`YOUNG`). Leaving, it unfreezes them and restores the
thresholds, so a process that plays a run and goes on (a test, a sweep in one
process) finds its collector as it was, and anything frozen that has become
garbage since is collected as usual. Nothing else changes: the battles and their
results are the same with it or without.

>>> import gc
>>> before = gc.get_threshold()
>>> with RunCollector(every=2) as collector:
...     gc.get_freeze_count() > 0
True
>>> gc.get_freeze_count(), gc.get_threshold() == before
(0, True)
"""

from __future__ import annotations

import gc
from types import TracebackType

__all__ = ["EVERY", "YOUNG", "RunCollector"]

#: Battles between two freezes.
EVERY = 50
#: Allocations between two collections of the youngest generation while a run lasts
#: (Python's default is 700).
YOUNG = 10_000


class RunCollector:
    """Collect, then freeze, every `every` battles; undo it all on leaving."""

    def __init__(self, every: int = EVERY) -> None:
        if every < 1:
            raise ValueError("every must be at least 1")
        self.every = every
        self._done = 0
        self._thresholds = gc.get_threshold()

    def __enter__(self) -> RunCollector:
        self._thresholds = gc.get_threshold()
        gc.set_threshold(max(YOUNG, self._thresholds[0]), *self._thresholds[1:])
        self._freeze()  # what earlier runs in this process left: the memo, the scenario
        return self

    def _freeze(self) -> None:
        gc.collect(1)
        gc.freeze()

    def battle_done(self) -> None:
        """Count a finished battle; every `every`, collect the young and freeze the rest."""
        self._done += 1
        if self._done % self.every == 0:
            self._freeze()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        gc.unfreeze()
        gc.set_threshold(*self._thresholds)
