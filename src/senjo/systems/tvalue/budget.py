"""Budgets changed outside a declaration (a hold's −5 FAP, an upkeep, a block, a guard
cancel's refund, a big action's payment), each logged (`TvBudget`) so the books add up.
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.tvalue.events import TvBudget
from senjo.systems.tvalue.state import TvState

__all__ = ["spend"]


def spend(battle: Battle[TvState], key: str, fap: int, map_: int, reason: str) -> None:
    """Take `fap` and `map_` from `key`'s budgets (negative gives back), for `reason`; a
    budget may go below 0, which only stops new declarations."""
    status = battle.state.status[key]
    status.fap -= fap
    status.map -= map_
    battle.emit(TvBudget(key, status.fap, status.map, reason))
