"""From a checked scenario to a battle and its controllers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from senjo.dice.roller import RandomDice, Roller
from senjo.engine.battle import Battle
from senjo.engine.controllers import Controller, RandomController
from senjo.scenario.loader import Scenario
from senjo.systems import find_rule_system

__all__ = ["build_battle", "controllers_for", "effective_seed"]


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
    state = cls.new_state(scenario.fighters, scenario.positions, scenario.ground, scenario.setup)
    return Battle(cls(settings), state, roller, record_dice=record_dice)


def controllers_for(scenario: Scenario, seed: int) -> dict[str, Controller]:
    """Each combatant's controller: the system's AI, or a seeded random one.

    `human` combatants get the AI too; `senjo play` replaces the one a person plays.
    The same choice for `senjo run` and `senjo sim`, so battle i of a simulation is
    the battle `senjo run SCENARIO --seed derive_seed(S, i)` plays.
    """
    ai = find_rule_system(scenario.system).default_ai()
    chosen: dict[str, Controller] = {}
    for index, (key, kind) in enumerate(scenario.controllers.items()):
        chosen[key] = RandomController(seed * 1000 + index) if kind == "random" else ai
    return chosen
