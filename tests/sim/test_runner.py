"""Playing battles into aggregates: deterministic, split-invariant, the same as `senjo run`."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from senjo.engine.controllers import run
from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.sim import runner
from senjo.sim.aggregate import SimAggregate
from senjo.sim.runner import SimJob, plan_chunks, play_battles, play_chunk
from senjo.sim.seeds import derive_seed
from senjo.systems.gurps.memo import MEMO

EXAMPLES = Path(__file__).parents[2] / "examples" / "gurps"
DUEL = EXAMPLES / "duel.yaml"


def test_same_seed_same_aggregate() -> None:
    """Two runs of the same battles with the same seed give equal aggregates."""
    scenario = load_scenario(DUEL)
    assert play_battles(scenario, 3, 0, 12) == play_battles(scenario, 3, 0, 12)
    assert play_battles(scenario, 3, 0, 12) != play_battles(scenario, 4, 0, 12)


def test_chunks_merge_to_the_whole() -> None:
    """Battles 0-11 in one go equal 0-4, 5-7 and 8-11 merged in any order."""
    scenario = load_scenario(DUEL)
    whole = play_battles(scenario, 9, 0, 12)
    parts = [play_battles(scenario, 9, a, b) for a, b in ((8, 12), (0, 5), (5, 8))]
    merged = SimAggregate.empty()
    for part in parts:
        merged.merge(part)
    assert merged == whole and merged.n == 12


def test_battle_i_is_senjo_run_with_the_derived_seed() -> None:
    """Battle i of a simulation is the battle `senjo run --seed derive_seed(S, i)` plays."""
    scenario = load_scenario(EXAMPLES / "three_vs_one.yaml")
    seed = derive_seed(5, 3)
    battle = build_battle(scenario, seed=seed)
    outcome = run(battle, controllers_for(scenario, seed))
    one = play_battles(scenario, 5, 3, 4)
    assert one.rounds == {outcome.rounds: 1}
    if outcome.winner_side is None:
        assert one.draws == {outcome.reason: 1}
    else:
        assert one.wins == {outcome.winner_side: 1}


def test_random_controllers_are_seeded_per_battle() -> None:
    """A combatant with `controller: random` plays the same way for the same battle seed."""
    scenario = load_scenario(DUEL)
    data = {**scenario.data, "combatants": [dict(c) for c in scenario.data["combatants"]]}
    data["combatants"][1]["controller"] = "random"
    job = SimJob(data, "random.yaml", 11, 6)
    assert play_chunk(job, 0, 6) == play_chunk(job, 0, 6)
    assert job.scenario().controllers["raider"] == "random"


def test_plan_chunks() -> None:
    """Chunks are consecutive, at most `size` long, and cover 0..n-1."""
    assert plan_chunks(7, 3) == [(0, 3), (3, 6), (6, 7)]
    assert plan_chunks(0, 3) == []
    with pytest.raises(ValueError, match="at least one"):
        plan_chunks(5, 0)


def test_every_chunk_of_a_job_plays_the_same_sheets() -> None:
    """A job is parsed once per process, also when it arrives pickled (as in a worker),
    so the turn memo, keyed on the sheets by identity, carries over from chunk to chunk
    and warms once per worker rather than once per chunk."""
    scenario = load_scenario(DUEL)
    job = SimJob(scenario.data, scenario.source, 1, 40)
    first = job.scenario()
    assert pickle.loads(pickle.dumps(job)).scenario() is first
    assert first.fighters == scenario.fighters
    other = SimJob({**scenario.data, "seed": 99}, scenario.source, 1, 40)
    assert other.scenario() is not first and other.scenario().seed == 99

    def added_by_second_chunk(second: Scenario) -> int:
        MEMO.clear()
        play_battles(first, 1, 0, 20)
        known = MEMO.states
        play_battles(second, 1, 20, 40)
        return MEMO.states - known

    # the same sheets: the second chunk finds states the first one left
    fresh = parse_scenario(scenario.data, scenario.source)
    assert added_by_second_chunk(job.scenario()) < added_by_second_chunk(fresh)


def test_a_job_of_a_checked_scenario_plays_that_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`SimJob.of` keeps the scenario the command loaded and checked as the job's own:
    the job plays its very sheets and the file is not parsed a second time (some 40 ms of
    `senjo sim`'s start); the same job arriving pickled in a worker finds it too."""
    scenario = load_scenario(DUEL)
    parsed: list[str] = []
    monkeypatch.setattr(runner, "parse_scenario", lambda *args: parsed.append("again"))
    job = SimJob.of(scenario, 1, 40, "fast")
    assert (job.data, job.source, job.seed, job.n, job.path) == (
        scenario.data,
        scenario.source,
        1,
        40,
        "fast",
    )
    assert job.scenario() is scenario
    assert pickle.loads(pickle.dumps(job)).scenario() is scenario
    assert parsed == []


def test_parsed_jobs_are_bounded() -> None:
    scenario = load_scenario(DUEL)
    for seed in range(40):
        SimJob({**scenario.data, "seed": seed}, scenario.source, 1, 1).scenario()
    assert len(runner._PARSED) <= runner._PARSED_MAX


def test_the_run_collector_freezes_as_it_goes_and_restores_the_collector() -> None:
    """`RunCollector` freezes what survives every `every` battles, and leaves the
    collector as it found it: nothing frozen, the same thresholds."""
    import gc

    from senjo.sim.collector import YOUNG, RunCollector

    before = gc.get_threshold()
    frozen: list[int] = []
    with RunCollector(every=3) as collector:
        assert gc.get_threshold()[0] == max(YOUNG, before[0])
        frozen.append(gc.get_freeze_count())
        kept: list[list[int]] = []
        for number in range(7):
            kept.append([number])  # a container that survives, new to freeze
            collector.battle_done()
            frozen.append(gc.get_freeze_count())
        assert len(kept) == 7
    assert frozen[0] > 0 and frozen[1] == frozen[2] == frozen[0] and frozen[3] > frozen[0]
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
    with pytest.raises(ValueError, match="at least 1"):
        RunCollector(every=0)


def test_the_run_collector_changes_no_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Battles played with the collector freezing after each one fold into the same
    aggregate as with it doing nothing."""
    from senjo.sim import collector

    scenario = load_scenario(DUEL)
    monkeypatch.setattr(runner, "RunCollector", lambda: collector.RunCollector(every=1))
    freezing = play_battles(scenario, 11, 0, 8)
    monkeypatch.setattr(runner, "RunCollector", lambda: collector.RunCollector(every=10**9))
    assert play_battles(scenario, 11, 0, 8) == freezing
