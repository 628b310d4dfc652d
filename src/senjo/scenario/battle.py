"""From a checked scenario to a battle and its controllers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from senjo.dice.roller import RandomDice, Roller
from senjo.engine.battle import Battle
from senjo.scenario.loader import Scenario
from senjo.systems import find_rule_system

__all__ = ["build_battle", "effective_seed"]


def effective_seed(scenario: Scenario, seed: int | None) -> int:
    """The seed a run uses: the command line's, else the scenario's, else 0."""
    if seed is not None:
        return seed
    return scenario.seed if scenario.seed is not None else 0


def build_battle(
    scenario: Scenario,
    *,
    seed: int | None = None,
    options: Mapping[str, str] | None = None,
    dice: Roller | None = None,
    record_dice: bool = False,
) -> Battle[Any]:
    """A fresh battle for the scenario; `options` override the scenario's optional rules.

    Raises `RuleOptionError` for an unknown option or value.
    """
    settings = {**scenario.options, **(options or {})}
    roller = dice if dice is not None else RandomDice(effective_seed(scenario, seed))
    cls = find_rule_system(scenario.system)
    if scenario.ground is not None:
        state = cls.new_state(scenario.fighters, scenario.positions, scenario.ground)
    else:
        state = cls.new_state(scenario.fighters, scenario.positions)
    return Battle(cls(settings), state, roller, record_dice=record_dice)
