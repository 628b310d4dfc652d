"""A finished CoC battle's log counted by combatant: the figures `senjo sim` folds in.

Read once per battle by the simulator's statistics hook (`senjo.sim.coc`, which says
what each count means); here, beside the events, so that it is compiled with them.

>>> tally_log([], ["goro", "deep_one"])[5]
{'goro': 0, 'deep_one': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from senjo.engine.events import Event
from senjo.systems.coc.events import CocCheck, CocDamageRolled, CocInjured

__all__ = ["tally_log"]


def tally_log(log: Iterable[Event], keys: Sequence[str]) -> list[dict[str, int]]:
    """Per combatant key: attacks, hits, defenses, defended, dealt, taken (in that order).

    Injury is dealt by the attacker of the last `CocDamageRolled` before it, against
    that target.
    """
    counts = [{key: 0 for key in keys} for _ in range(6)]  # compiled (`dict.fromkeys` is a call)
    attacks, hits, defenses, defended, dealt, taken = counts
    attacker, target = "", ""  # the damage being booked
    for item in log:
        if isinstance(item, CocCheck):
            if item.kind == "attack":
                attacks[item.actor] += 1
                hits[item.actor] += item.success
            elif item.kind == "dodge" or item.kind == "parry":
                defenses[item.actor] += 1
                defended[item.actor] += item.success
        elif isinstance(item, CocDamageRolled):
            attacker, target = item.attacker, item.target
        elif isinstance(item, CocInjured):
            taken[item.target] += item.loss
            if target == item.target and attacker in dealt:
                dealt[attacker] += item.loss
    return counts
