"""Battles the vectorised model leaves: replayed on the engine with the same dice.

A fast-path battle draws its d6 from its own stream (`streams.py`), in the
engine's order; the dice it rolled are its row. Played on the engine with
that row (`StreamDice`), the battle goes exactly as the model played it up
to the point the model stopped following it, and then on with every rule of
the engine; past the row's end the dice come from a generator seeded for
that battle.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from senjo.dice.roller import RandomDice
from senjo.engine.battle import Outcome
from senjo.engine.controllers import run
from senjo.scenario import Scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.sim.aggregate import CombatantResult
from senjo.sim.gurps import gurps_battle_stats

__all__ = ["StreamDice", "replay_battle"]


class StreamDice:
    """Dice read from a row of pre-drawn d6 values, then from a seeded generator."""

    __slots__ = ("_fallback", "_position", "_row")

    def __init__(self, row: npt.NDArray[np.uint8], seed: int) -> None:
        self._row = [int(value) for value in row]
        self._position = 0
        self._fallback = RandomDice(seed)

    def roll(self, sides: int) -> int:
        """The next d6 of the row (any other die, or past the row: the generator)."""
        if sides == 6 and self._position < len(self._row):
            value = self._row[self._position]
            self._position += 1
            return value
        return self._fallback.roll(sides)


def replay_battle(
    scenario: Scenario, row: npt.NDArray[np.uint8], seed: int
) -> tuple[Outcome, Mapping[str, CombatantResult]]:
    """Play one battle on the engine with this row of dice; its outcome and figures."""
    battle = build_battle(scenario, dice=StreamDice(row, seed))
    outcome = run(battle, controllers_for(scenario, seed))
    return outcome, gurps_battle_stats(battle)
