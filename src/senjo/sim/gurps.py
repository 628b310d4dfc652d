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
from senjo.systems.gurps.events import AttackRolled, DamageRolled, DefenseRolled, Injured
from senjo.systems.gurps.state import GurpsState

__all__ = ["gurps_battle_stats"]

_HIT = frozenset({"hit", "critical_hit"})
_DEFENDED = frozenset({"success", "critical_success"})


def gurps_battle_stats(battle: Battle[Any]) -> Mapping[str, CombatantResult]:
    """Each fighter's figures in a finished GURPS battle."""
    state: GurpsState = battle.state
    counts = LogCounts(list(state.fighters))
    attacks, hits, taken, dealt = counts.attacks, counts.hits, counts.taken, counts.dealt
    defenses, defended = counts.defenses, counts.defended
    source = ("", "")  # (attacker, target) of the damage being booked
    for item in battle.log:
        kind = type(item)
        if kind is AttackRolled:
            assert isinstance(item, AttackRolled)
            attacks[item.attacker] += 1
            if item.result in _HIT:
                hits[item.attacker] += 1
        elif kind is DefenseRolled:
            assert isinstance(item, DefenseRolled)
            defenses[item.defender] += 1
            if item.result in _DEFENDED:
                defended[item.defender] += 1
        elif kind is DamageRolled:
            assert isinstance(item, DamageRolled)
            source = (item.attacker, item.target)
        elif kind is Injured:
            assert isinstance(item, Injured)
            taken[item.target] += item.injury
            if source[1] == item.target and source[0] in dealt:
                dealt[source[0]] += item.injury
            source = ("", "")
    return counts.results(state.status)
