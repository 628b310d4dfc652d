"""Playing a range of battles into an aggregate: the work one worker does.

A `SimJob` is plain data (the scenario's checked data, its seed, how many
battles, which path), so it pickles cheaply to worker processes or a Dask
cluster. `play_chunk(job, start, stop)` plays battles start..stop-1 — battle
i with seed `derive_seed(job.seed, i)` — folding each finished battle into a
`SimAggregate` and dropping it before the next one starts.

>>> plan_chunks(10, 4)
[(0, 4), (4, 8), (8, 10)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from senjo.engine.controllers import run
from senjo.scenario import Scenario, parse_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.sim.aggregate import SimAggregate, battle_stats
from senjo.sim.collector import RunCollector
from senjo.sim.fastpath import ENGINE, find_fast_path
from senjo.sim.seeds import derive_seed

__all__ = ["SimJob", "plan_chunks", "play_battles", "play_chunk"]


@dataclass(frozen=True, slots=True)
class SimJob:
    """One simulation to run: `n` battles of a scenario (its data, already checked).

    `data` includes any option overrides (under `options`), so the scenario
    parsed from it is exactly the one to play.
    """

    data: dict[str, Any]
    source: str
    seed: int
    n: int
    path: str = ENGINE

    @classmethod
    def of(cls, scenario: Scenario, seed: int, n: int, path: str = ENGINE) -> SimJob:
        """A job for a scenario already checked (the command loaded it): kept as the
        job's parsed scenario in this process, so it is not parsed again."""
        job = cls(scenario.data, scenario.source, seed, n, path)
        _keep(job._key(), scenario)
        return job

    def _key(self) -> str:
        # repr, not JSON: it keeps 1 and "1" apart as keys (the data is plain YAML values)
        return self.source + "\0" + repr(self.data)

    def scenario(self) -> Scenario:
        """The checked scenario (data that passed `parse_scenario` once passes again).

        Parsed once per process and job content, so every chunk of a job plays the
        same sheets: the GURPS turn memo (`senjo.systems.gurps.memo`) keys on the sheets
        by identity, and a fresh parse per chunk would start it cold every 50-200
        battles."""
        key = self._key()
        scenario = _PARSED.get(key)
        if scenario is None:
            scenario = _keep(key, parse_scenario(self.data, self.source))
        return scenario


def _keep(key: str, scenario: Scenario) -> Scenario:
    """Keep a job's parsed scenario in this process (`_PARSED`)."""
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()  # a long sweep: keep only the latest scenarios
    _PARSED[key] = scenario
    return scenario


#: Scenarios parsed in this process (`SimJob.scenario`), by source and data.
_PARSED: dict[str, Scenario] = {}
_PARSED_MAX = 16


def play_battles(scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
    """Play battles start..stop-1 on the engine; each is folded in and dropped as it ends."""
    stats = battle_stats(scenario.system)
    sides = {fighter.key: fighter.side for fighter in scenario.fighters}
    aggregate = SimAggregate.empty()
    with RunCollector() as collector:  # the memo frozen out of the collector's way
        for index in range(start, stop):
            battle_seed = derive_seed(seed, index)
            battle = build_battle(scenario, seed=battle_seed)
            outcome = run(battle, controllers_for(scenario, battle_seed))
            aggregate.add(outcome, stats(battle), sides)
            del battle  # nothing of a battle outlives its fold
            collector.battle_done()
    return aggregate


def play_chunk(job: SimJob, start: int, stop: int) -> SimAggregate:
    """Play battles start..stop-1 of a job on its path (the unit of work sent to workers)."""
    scenario = job.scenario()
    if job.path == ENGINE:
        return play_battles(scenario, job.seed, start, stop)
    return find_fast_path(job.path, scenario).run(scenario, job.seed, start, stop)


def plan_chunks(n: int, size: int) -> list[tuple[int, int]]:
    """Battles 0..n-1 split into consecutive (start, stop) ranges of at most `size`."""
    if size < 1:
        raise ValueError("a chunk holds at least one battle")
    return [(start, min(start + size, n)) for start in range(0, n, size)]
