"""The T値 system statistics hook: a finished battle's log read into per-fighter figures.

- attacks: `TvHitRoll` by the attacker; hits: those that hit;
- defenses: the hit rolls against the fighter; defended: those that missed;
- dealt and taken: the `taken` of each `TvDamage`;
- hp and standing: from the battle's final state.

>>> tally_log([], ["aoi"])
[{'aoi': 0}, {'aoi': 0}, {'aoi': 0}, {'aoi': 0}, {'aoi': 0}, {'aoi': 0}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.events import Event
from senjo.sim.aggregate import CombatantResult, LogCounts
from senjo.systems.tvalue.events import TvDamage, TvHitRoll

__all__ = ["tally_log", "tvalue_battle_stats"]


def tally_log(log: Iterable[Event], keys: Sequence[str]) -> list[dict[str, int]]:
    """Per fighter key: attacks, hits, defenses, defended, dealt, taken (in that order)."""
    counts = [dict.fromkeys(keys, 0) for _ in range(6)]
    attacks, hits, defenses, defended, dealt, taken = counts
    for item in log:
        if isinstance(item, TvHitRoll):
            attacks[item.actor] += 1
            hits[item.actor] += item.hit
            defenses[item.target] += 1
            defended[item.target] += not item.hit
        elif isinstance(item, TvDamage):
            dealt[item.actor] += item.taken
            taken[item.target] += item.taken
    return counts


def tvalue_battle_stats(battle: Battle[Any]) -> Mapping[str, CombatantResult]:
    """Each fighter's figures in a finished T値 battle."""
    state = battle.state
    keys = list(state.sheets)
    return LogCounts(keys, *tally_log(battle.log, keys)).results(state.status)
