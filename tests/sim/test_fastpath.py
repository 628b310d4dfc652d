"""The fast-path protocol: accepted, declined and insisted on, without changing the runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from senjo.engine.battle import Outcome
from senjo.scenario import Scenario, load_scenario
from senjo.sim import fastpath
from senjo.sim.aggregate import CombatantResult, SimAggregate
from senjo.sim.fastpath import ENGINE, PathError, choose_path, find_fast_path
from senjo.sim.runner import SimJob, play_chunk

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


class DuelsOnly:
    """A stand-in fast path: takes two-fighter scenarios; every battle a 1-round knights win."""

    name = "fast"
    system = "gurps"

    def accepts(self, scenario: Scenario) -> str | None:
        """Only duels."""
        return None if len(scenario.fighters) == 2 else "only duels"

    def run(self, scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
        """Every battle a 1-round win for the first side."""
        aggregate = SimAggregate.empty()
        sides = {f.key: f.side for f in scenario.fighters}
        for _ in range(start, stop):
            aggregate.add(
                Outcome(scenario.fighters[0].side, "stand_in", 1),
                {"knight": CombatantResult()},
                sides,
            )
        return aggregate


class Declines:
    """A stand-in fast path that models nothing."""

    name = "never"
    system = "gurps"

    def accepts(self, scenario: Scenario) -> str | None:
        """Always declines."""
        return "models nothing"

    def run(self, scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
        """Never called."""
        raise AssertionError("a declining fast path was run")


def test_without_fast_paths_auto_is_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no fast path registered, auto and engine choose the engine; fast is refused."""
    monkeypatch.setattr(fastpath, "FAST_PATHS", [])
    scenario = load_scenario(DUEL)
    assert choose_path(scenario, "auto") == ENGINE == choose_path(scenario, "engine")
    with pytest.raises(
        PathError, match=r"^no fast path for this scenario yet \(none is implemented"
    ):
        choose_path(scenario, "fast")


def test_a_fast_path_that_accepts_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """auto and fast pick an accepting fast path; play_chunk runs it for the same job."""
    monkeypatch.setattr(fastpath, "FAST_PATHS", [Declines(), DuelsOnly()])
    scenario = load_scenario(DUEL)
    assert choose_path(scenario, "auto") == "fast" == choose_path(scenario, "fast")
    assert choose_path(scenario, "engine") == ENGINE
    aggregate = play_chunk(SimJob(scenario.data, scenario.source, 1, 5, "fast"), 0, 5)
    assert aggregate.n == 5 and aggregate.wins == {"knights": 5} and aggregate.rounds == {1: 5}
    assert isinstance(find_fast_path("fast"), DuelsOnly)


def test_every_declining_reason_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """--path fast with only declining paths names each one for the scenario's system and
    its reason; a path for another system is not mentioned."""
    elsewhere = Declines()
    elsewhere.name, elsewhere.system = "other", "coc"
    monkeypatch.setattr(fastpath, "FAST_PATHS", [Declines(), elsewhere, DuelsOnly()])
    scenario = load_scenario(DUEL.parent / "three_vs_one.yaml")
    assert choose_path(scenario, "auto") == ENGINE
    with pytest.raises(PathError) as caught:
        choose_path(scenario, "fast")
    assert str(caught.value) == (
        "no fast path for this scenario yet (never: models nothing; fast: only duels)"
    )
