"""The トモガミ examples as acceptance tests: random play, the AI, narration, replays.

The property plays BATTLES fights with a RandomController for every character over
the examples and the environments, and checks that each ends with an outcome and
keeps its life books straight.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from senjo.engine.battle import Battle, Outcome
from senjo.engine.controllers import RandomController, run
from senjo.narration import narrator_for
from senjo.scenario import Scenario, load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.systems.tomogami.events import TomoDamage, TomoReloaded, TomoSwitched, TomoTurnEnded
from senjo.systems.tomogami.rules import ENVIRONMENTS

EXAMPLES = Path(__file__).parents[3] / "examples" / "tomogami"
NAMES = ("grassland", "desert", "town")
BATTLES = 1000


@functools.cache
def _scenario(name: str) -> Scenario:
    return load_scenario(EXAMPLES / f"{name}.yaml")


def life_problems(battle: Battle[Any]) -> Iterator[str]:
    """Where the life bookkeeping does not add up (nothing when it does)."""
    state = battle.state
    running = {key: sheet.life for key, sheet in state.sheets.items()}
    for index, item in enumerate(battle.log):
        if isinstance(item, TomoDamage):
            expected = min(running[item.target], max(0, item.damage - item.defense))
            if item.lost != expected:
                yield f"event {index}: loss {item.lost}, expected {expected}"
            running[item.target] -= item.lost
            if item.life != running[item.target]:
                yield f"event {index}: {item.target} at {item.life}, not {running[item.target]}"
    for key, status in state.status.items():
        if status.life != running[key]:
            yield f"{key} ends at {status.life} life, expected {running[key]}"


def test_random_battles_end_and_keep_life_books() -> None:
    """Random play over the examples and every environment: an outcome, and life books
    that add up."""
    for seed in range(BATTLES):
        scenario = _scenario(NAMES[seed % len(NAMES)])
        environment = ENVIRONMENTS[seed % len(ENVIRONMENTS)]
        battle = build_battle(scenario, seed=seed, options={"environment": environment})
        controllers = {
            key: RandomController(seed * 100 + index)
            for index, key in enumerate(scenario.controllers)
        }
        outcome = run(battle, controllers)
        assert isinstance(outcome, Outcome), seed
        assert list(life_problems(battle)) == [], seed


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", NAMES)
def test_the_ai_plays_the_example_and_every_event_is_narrated(name: str, lang: str) -> None:
    """`senjo run examples/tomogami/NAME.yaml`: the AI plays to a winner, and every event
    but the turn's end has a line in both languages."""
    scenario = _scenario(name)
    battle = build_battle(scenario)
    outcome = run(battle, controllers_for(scenario, 3))
    assert outcome.winner_side in scenario.side_names
    narrator = narrator_for(scenario, lang)  # type: ignore[arg-type]
    for item in battle.log:
        line = narrator.line(item)
        if isinstance(item, TomoTurnEnded) or type(item).__name__ == "Decided":
            continue
        assert line, type(item).__name__


def test_the_town_example_changes_magazines_and_switches_weapons() -> None:
    """`examples/tomogami/town.yaml` shows seed 003's 弾倉の交換 and 武器の持ち替え: played by
    the AI at its own seed, the carrier changes its autocannon's magazine and the rifle
    carrier takes its sword in hand once the raiders close to zero."""
    scenario = _scenario("town")
    battle = build_battle(scenario)
    run(battle, controllers_for(scenario, 3))
    assert [(e.actor, e.weapon) for e in battle.log if isinstance(e, TomoReloaded)][:1] == [
        ("kotetsu", "autocannon")
    ]
    assert [(e.actor, e.weapon) for e in battle.log if isinstance(e, TomoSwitched)][:1] == [
        ("hagane", "sword")
    ]
