"""The CoC statistics hook: a finished CoC battle's log read into per-combatant figures.

- attacks and hits: `CocCheck` events of kind attack by the attacker (a hit is
  a successful roll; every shot of a firearm is one attack);
- defenses and defended: `CocCheck` events of kind dodge or parry by the
  defender (a focused dodge's automatic success counts as one);
- taken: the `loss` of every `CocInjured` event on the combatant;
- dealt: the `loss` of every `CocInjured` that follows a `CocDamageRolled` by
  the combatant against that target;
- hp and standing: from the battle's final state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from senjo.engine.battle import Battle
from senjo.sim.aggregate import CombatantResult, LogCounts
from senjo.systems.coc.log_tally import tally_log
from senjo.systems.coc.state import CocState

__all__ = ["coc_battle_stats"]


def coc_battle_stats(battle: Battle[Any]) -> Mapping[str, CombatantResult]:
    """Each combatant's figures in a finished CoC battle (the log counted by
    `senjo.systems.coc.log_tally`, compiled with the engine)."""
    state: CocState = battle.state
    keys = list(state.sheets)
    return LogCounts(keys, *tally_log(battle.log, keys)).results(state.status)
