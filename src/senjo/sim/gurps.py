"""The GURPS statistics hook: a finished GURPS battle's log read into per-combatant figures.

- attacks and hits: `AttackRolled` events by the attacker; a hit is a
  result of hit or critical_hit (one roll, even for a rapid-fire burst);
- defenses and defended: `DefenseRolled` events by the defender; defended is
  a result of success or critical_success;
- taken: the `injury` of every `Injured` event on the combatant;
- dealt: the `injury` of every `Injured` event that follows a
  `DamageRolled` by the combatant against that target (injury from other
  causes is taken by its victim but dealt by no one);
- hp and standing: the fighter's HP and whether it can still act, from the
  battle's final state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from senjo.engine.battle import Battle
from senjo.sim.aggregate import CombatantResult, LogCounts
from senjo.systems.gurps.log_tally import tally_log
from senjo.systems.gurps.state import GurpsState

__all__ = ["gurps_battle_stats"]


def gurps_battle_stats(battle: Battle[Any]) -> Mapping[str, CombatantResult]:
    """Each fighter's figures in a finished GURPS battle (the log counted by
    `senjo.systems.gurps.log_tally`, compiled with the engine)."""
    state: GurpsState = battle.state
    keys = list(state.fighters)
    return LogCounts(keys, *tally_log(battle.log, keys)).results(state.status)
