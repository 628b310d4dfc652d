"""Corrosion (seed 000 侵蝕; B358): a corrosive blow eats the DR where it lands.

Each full 5 points of its basic damage take 1 from the DR of that hit location, whether
or not any of it got through, down to 0; the loss lasts the battle
(`FighterState.dr_lost`) and every later blow there meets what is left (interpretation
70 of docs/rules/gurps.md).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import ArmorCorroded
from senjo.systems.gurps.state import GurpsState

__all__ = ["PER_POINT", "corrode", "dr_now"]

#: Basic damage that eats 1 DR.
PER_POINT: Final = 5


def dr_now(state: GurpsState, key: str, location: str) -> int:
    """The DR at a hit location: the sheet's, less what corrosion has eaten there."""
    dr = state.fighters[key].dr_at(location)
    lost = state.status[key].dr_lost
    return max(0, dr - lost.get(location, 0)) if lost else dr


def corrode(battle: Battle[GurpsState], key: str, location: str, basic: int, cause: str) -> None:
    """A corrosive blow of `basic` damage lands at `location`: its DR there loses a point
    for each full 5 (none below 0), logged as `ArmorCorroded`."""
    state = battle.state
    dr = dr_now(state, key, location)
    lost = min(dr, basic // PER_POINT)
    if lost <= 0:
        return
    status = state.status[key]
    status.dr_lost[location] = status.dr_lost.get(location, 0) + lost
    battle.emit(ArmorCorroded(key, location, lost, dr - lost, cause))
