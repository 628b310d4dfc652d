"""The CoC examples as acceptance tests: random battles with house rules on and off, and the AI.

The property plays BATTLES fights with a RandomController for every
combatant, spread evenly over the examples and `house=on|off`, and checks
that each ends with an outcome and keeps its HP books straight.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from senjo.engine.battle import Battle, Outcome
from senjo.engine.controllers import RandomController, run
from senjo.scenario import Scenario, load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.events import CocDamageRolled, CocInjured

EXAMPLES = Path(__file__).parents[3] / "examples" / "coc"
NAMES = ("cultists", "deep_one", "duel")
HOUSE = ("on", "off")

#: Random battles in the property, over all examples and both settings of `house`.
BATTLES = 2_000
#: The property runs in chunks (one test each) so a failure names a small seed range.
CHUNKS = 4


@functools.cache
def _scenario(name: str) -> Scenario:
    return load_scenario(EXAMPLES / f"{name}.yaml")


def hp_problems(battle: Battle[Any]) -> Iterator[str]:
    """Where the battle's HP bookkeeping does not add up (nothing when it does).

    Every `CocInjured.hp` must be the target's running total (its sheet's HP
    minus the losses so far), every loss must follow a damage roll for that
    target, and each combatant's final HP must be the last running total.
    """
    state = battle.state
    running = {key: sheet.hp for key, sheet in state.sheets.items()}
    rolled: dict[str, int] = {}
    for index, item in enumerate(battle.log):
        if isinstance(item, CocDamageRolled):
            rolled[item.target] = item.damage
        if isinstance(item, CocInjured):
            if item.target not in rolled:
                yield f"event {index}: {item.target} loses HP without a damage roll"
            if item.loss != max(0, item.multiplied - item.armour):
                yield f"event {index}: loss {item.loss} does not follow from its working"
            running[item.target] -= item.loss
            expected = running[item.target]
            if item.hp != expected:
                yield f"event {index}: {item.target} at {item.hp} HP, expected {expected}"
    for key, status in state.status.items():
        if status.hp != running[key]:
            yield f"{key} ends at {status.hp} HP, expected {running[key]}"


def _random_battle(seed: int) -> Battle[Any]:
    name = NAMES[seed % len(NAMES)]
    house = HOUSE[(seed // len(NAMES)) % len(HOUSE)]
    scenario = _scenario(name)
    battle = build_battle(scenario, seed=seed, options={"house": house})
    controllers = {
        key: RandomController(seed * 100 + index) for index, key in enumerate(scenario.controllers)
    }
    run(battle, controllers)
    return battle


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_battles_end_and_keep_hp_books(chunk: int) -> None:
    """Random play over the examples, house on and off: an outcome, and HP books that add up."""
    size = BATTLES // CHUNKS
    for seed in range(chunk * size, (chunk + 1) * size):
        battle = _random_battle(seed)
        outcome = battle.outcome()
        assert isinstance(outcome, Outcome), seed
        assert outcome.reason in ("last_side_standing", "all_down", "round_limit"), seed
        problems = list(hp_problems(battle))
        assert not problems, (seed, problems[:3])


@pytest.mark.parametrize("house", HOUSE)
@pytest.mark.parametrize("name", NAMES)
def test_ai_battles_play_to_an_outcome(name: str, house: str) -> None:
    """With house rules on and off, the AI plays each example to an outcome at any seed."""
    scenario = _scenario(name)
    reasons = set()
    for seed in range(40):
        battle = build_battle(scenario, seed=seed, options={"house": house})
        outcome = run(battle, {key: CocAI() for key in scenario.controllers})
        reasons.add(outcome.reason)
        assert not list(hp_problems(battle)), seed
    assert "last_side_standing" in reasons


def test_same_seed_same_battle() -> None:
    """The same scenario, seed and decisions give the same log, event for event."""
    logs = []
    for _ in range(2):
        battle = _random_battle(17)
        logs.append(battle.log)
    assert logs[0] == logs[1]


def test_house_rules_change_the_fight() -> None:
    """Switching the house rules off changes what the AI does (no dodge focus, no 庇う …)."""
    scenario = _scenario("cultists")
    kinds: dict[str, set[str]] = {}
    for house in HOUSE:
        seen: set[str] = set()
        for seed in range(10):
            battle = build_battle(scenario, seed=seed, options={"house": house})
            run(battle, {key: CocAI() for key in scenario.controllers})
            seen |= {type(item).__name__ for item in battle.log}
        kinds[house] = seen
    assert {"CocDeclared", "CocTaunted"} <= kinds["on"]
    assert not {"CocDeclared", "CocProtecting", "CocTaunted"} & kinds["off"]
