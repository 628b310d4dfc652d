"""The トモガミ statistics hook: a finished battle's log read into per-character figures.

- attacks: `TomoAttacked` by the attacker; hits: the attack contests it won with a
  successful check (the same test `combat.resolve_attack` applies);
- defenses: the attack contests by the defender; defended: those the attacker did
  not win with a success;
- dealt and taken: the `lost` of each `TomoDamage` (a mishap's is taken, dealt by no one);
- hp (life) and standing: from the battle's final state.

>>> tally_log([], ["aki"])
[{'aki': 0}, {'aki': 0}, {'aki': 0}, {'aki': 0}, {'aki': 0}, {'aki': 0}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.events import Event
from senjo.sim.aggregate import CombatantResult, LogCounts
from senjo.systems.tomogami.events import TomoAttacked, TomoContest, TomoDamage

__all__ = ["tally_log", "tomogami_battle_stats"]


def tally_log(log: Iterable[Event], keys: Sequence[str]) -> list[dict[str, int]]:
    """Per character key: attacks, hits, defenses, defended, dealt, taken (in that order)."""
    counts = [dict.fromkeys(keys, 0) for _ in range(6)]
    attacks, hits, defenses, defended, dealt, taken = counts
    for item in log:
        if isinstance(item, TomoAttacked):
            attacks[item.actor] += 1
        elif isinstance(item, TomoContest) and item.purpose == "attack":
            hit = item.first.success and item.winner == item.first.actor
            hits[item.first.actor] += hit
            defenses[item.second.actor] += 1
            defended[item.second.actor] += not hit
        elif isinstance(item, TomoDamage):
            if item.actor:  # not a mishap's
                dealt[item.actor] += item.lost
            taken[item.target] += item.lost
    return counts


def tomogami_battle_stats(battle: Battle[Any]) -> Mapping[str, CombatantResult]:
    """Each character's figures in a finished トモガミ battle."""
    state = battle.state
    keys = list(state.sheets)
    return LogCounts(keys, *tally_log(battle.log, keys)).results(state.status)
