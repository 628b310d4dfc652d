"""The GURPS fast path: many duels without a map, vectorised with NumPy, and battles of
two sides of up to 32 (`group.py`, compiled only).

`GURPS_FAST` implements `senjo.sim.fastpath.FastPath` (name "fast"). It
accepts a GURPS scenario with no map, two combatants on two sides played by
the AI, with the weapons, traits and options it models (`accept.py`), or more
combatants on two sides of whom every pair of foes is such a duel (melee
fighters; `group.group_reason`); it plays the engine's rules and the AI's choices from lookup
tables built by the engine's own functions (`tables.py`, with the tables of
harm in `damage_tables.py` and the codes and dataclasses in `layout.py`) over
arrays of battle states (`batch.py`: the turn loop, on the block's arrays and
dice in `state.py` and the exchange of blows in `exchange.py`).

Battles are played in aligned blocks of `BLOCK` indices: block b (battles
b*BLOCK .. b*BLOCK+BLOCK-1) starts its battles' streams of dice (`streams.py`)
from `PCG64(derive_seed(seed, b))`,
and `run(scenario, seed, start, stop)` plays every block that overlaps
start..stop-1 and keeps only those battles, so results never depend on how
a run is split between workers. A battle the model does not follow to the
end (a re-rolled critical miss …) is replayed on the engine with the dice
it drew (`replay.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from senjo.scenario import Scenario
from senjo.sim.aggregate import SimAggregate
from senjo.sim.fast_gurps.accept import decline_reason
from senjo.sim.fast_gurps.blocks import BLOCK, PASS

if TYPE_CHECKING:
    from senjo.sim.fast_gurps.batch import BlockResult

__all__ = [
    "BLOCK",
    "COMPILED_TOGETHER",
    "GURPS_FAST",
    "PASS",
    "GurpsFastPath",
    "escape_seed",
    "play_range",
]

#: The fewest blocks in a worker's chunk when the compiled loop plays them: two (measured:
#: 100,000 battles of four on two workers x1.78 over one with two, x1.51 with eight; a
#: duel's rate the same either way).
COMPILED_TOGETHER = 2


class GurpsFastPath:
    """The vectorised GURPS duel (see the module's text). NumPy, the tables and the turn
    loop are imported only when a scenario passes `decline_reason` (`runs.py`)."""

    name = "fast"
    system = "gurps"
    #: Runs split on multiples of this waste no work (see `senjo.sim.workers`).
    block = BLOCK

    @property
    def together(self) -> int:
        """The fewest blocks a worker's chunk holds: the NumPy model's `PASS` (it plays
        them side by side, and fewer pay more per battle for the last, longest battles);
        the compiled loop's `COMPILED_TOGETHER` (it plays one battle at a time, and
        smaller chunks share a short run evenly between the workers)."""
        from senjo.sim.fast_gurps import compiled

        return COMPILED_TOGETHER if compiled.available() else PASS

    def accepts(self, scenario: Scenario) -> str | None:
        """None if it models this scenario completely, else why it declines (one line)."""
        if _group(scenario):
            from senjo.sim.fast_gurps.group import group_reason

            return group_reason(scenario)
        reason = decline_reason(scenario)
        if reason is not None:
            return reason
        from senjo.sim.fast_gurps.tables import Unsupported, build_tables

        try:
            build_tables(scenario)
        except Unsupported as error:
            return error.reason
        return None

    def prepare(self, scenario: Scenario) -> None:
        """Compile the loop this scenario's battles call, the duel's or the group's (or
        load it from the cache), before the workers start."""
        from senjo.sim.fast_gurps import compiled

        if compiled.available():
            compiled.warm((compiled.GROUP,) if _group(scenario) else (compiled.DUEL,))

    def run(self, scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
        """Play battles start..stop-1 of the run with this seed into an aggregate."""
        if _group(scenario):
            from senjo.sim.fast_gurps.group_runs import run_group_range

            return run_group_range(scenario, seed, start, stop)
        from senjo.sim.fast_gurps.runs import run_range

        return run_range(scenario, seed, start, stop)


def _group(scenario: Scenario) -> bool:
    """Whether a GURPS scenario is a battle of more than two (`group.py`)."""
    return scenario.system == "gurps" and len(getattr(scenario, "fighters", ())) > 2


def play_range(
    scenario: Scenario, seed: int, start: int, stop: int
) -> Iterator[tuple[BlockResult, slice, int, int]]:
    """`runs.play_range`: each pass's block results over start..stop-1."""
    from senjo.sim.fast_gurps.runs import play_range as played

    return played(scenario, seed, start, stop)


def escape_seed(seed: int, index: int) -> int:
    """`runs.escape_seed`: the seed that continues an escaped battle's dice on the engine."""
    from senjo.sim.fast_gurps.runs import escape_seed as continued

    return continued(seed, index)


#: The registered instance.
GURPS_FAST = GurpsFastPath()
