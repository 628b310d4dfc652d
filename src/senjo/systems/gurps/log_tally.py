"""A finished GURPS battle's log counted by combatant: the figures `senjo sim` folds in.

Read once per battle by the simulator's statistics hook (`senjo.sim.gurps`, which says
what each count means); here, beside the events, so that it is compiled with them (a
loop over a duel's ~150 events, a few percent of a battle when interpreted).

>>> tally_log([], ["knight", "ogre"])[0]
{'knight': 0, 'ogre': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from senjo.engine.events import Event
from senjo.systems.gurps.events import AttackRolled, DamageRolled, DefenseRolled, Injured

__all__ = ["tally_log"]

_HIT: Final = frozenset({"hit", "critical_hit"})
_DEFENDED: Final = frozenset({"success", "critical_success"})


def tally_log(log: Iterable[Event], keys: Sequence[str]) -> list[dict[str, int]]:
    """Per combatant key: attacks, hits, defenses, defended, dealt, taken (in that order).

    Injury is dealt by the attacker of the `DamageRolled` just before it, against that
    target; injury with no such roll before it is taken by its victim, dealt by no one.
    """
    counts = [{key: 0 for key in keys} for _ in range(6)]  # compiled (`dict.fromkeys` is a call)
    attacks, hits, defenses, defended, dealt, taken = counts
    attacker, target = "", ""  # the damage being booked
    for item in log:
        if isinstance(item, AttackRolled):
            attacks[item.attacker] += 1
            if item.result in _HIT:
                hits[item.attacker] += 1
        elif isinstance(item, DefenseRolled):
            defenses[item.defender] += 1
            if item.result in _DEFENDED:
                defended[item.defender] += 1
        elif isinstance(item, DamageRolled):
            attacker, target = item.attacker, item.target
        elif isinstance(item, Injured):
            taken[item.target] += item.injury
            if target == item.target and attacker in dealt:
                dealt[attacker] += item.injury
            attacker, target = "", ""
    return counts
