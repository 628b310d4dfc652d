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
from senjo.systems.coc.events import CocCheck, CocDamageRolled, CocInjured
from senjo.systems.coc.state import CocState

__all__ = ["coc_battle_stats"]


def coc_battle_stats(battle: Battle[Any]) -> Mapping[str, CombatantResult]:
    """Each combatant's figures in a finished CoC battle."""
    state: CocState = battle.state
    counts = LogCounts(list(state.sheets))
    attacks, hits, taken, dealt = counts.attacks, counts.hits, counts.taken, counts.dealt
    defenses, defended = counts.defenses, counts.defended
    source = ("", "")
    for item in battle.log:
        if isinstance(item, CocCheck):
            if item.kind == "attack":
                attacks[item.actor] += 1
                hits[item.actor] += item.success
            elif item.kind in ("dodge", "parry"):
                defenses[item.actor] += 1
                defended[item.actor] += item.success
        elif isinstance(item, CocDamageRolled):
            source = (item.attacker, item.target)
        elif isinstance(item, CocInjured):
            taken[item.target] += item.loss
            if source[1] == item.target and source[0] in dealt:
                dealt[source[0]] += item.loss
    return counts.results(state.status)
