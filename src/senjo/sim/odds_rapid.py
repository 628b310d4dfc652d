"""Exact odds of one GURPS rapid-fire attack (速射, B373-B375): the hits that land and
the injury of them all.

A burst of `rof` shots is one attack roll at the effective skill plus the Rapid
Fire bonus of that many shots (B373). A hit lands once and once more for each full
`recoil` of its margin, at most `rof` times; a critical hit allows no defense and
its one roll on the critical hit table holds for every hit (B381, as the engine
plays it); against any other hit a successful defense stops one hit and one more
per point of its margin, all of them on a critical success (B375). Every hit rolls
its own damage. The rules' numbers come from the engine's own functions
(`senjo.systems.gurps.ranged`); the injury of one hit is `gurps_exchange`'s.

>>> burst = gurps_burst(12, 9, 8, 2, "1d", "cr")
>>> burst.bonus, burst.skill, burst.hits.max
(1, 13, 6)
>>> burst.injury_per_attack.probability(0) == burst.hits.probability(0) == 1 - burst.success
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from senjo.dice.distribution import Distribution, mix
from senjo.dice.systems.gurps import THREE_D6, success_roll
from senjo.sim.odds import LEAST_ATTACK_SKILL, GurpsExchange, critical_parts, gurps_exchange
from senjo.systems.gurps.damage import DamageDice, DamageType
from senjo.systems.gurps.injury import InjuryTolerance
from senjo.systems.gurps.ranged import hits_from_recoil, hits_stopped_by_defense, rapid_fire_bonus

__all__ = ["MAX_ROF", "GurpsBurst", "burst_hits", "burst_of", "gurps_burst"]

#: The most shots a burst worked out exactly may fire (each hit count is a convolution).
MAX_ROF = 20

_ZERO = Distribution.constant(0)


@dataclass(frozen=True, slots=True)
class GurpsBurst:
    """One rapid-fire attack, exactly.

    `exchange` is one hit's attack and injury at the burst's skill (its chances are
    those of the attack roll and one defense roll); `hits` the hits that land per
    attack (0 when it misses or every hit is stopped); `injury_per_attack` the
    injury of all of them.
    """

    exchange: GurpsExchange
    rof: int
    recoil: int
    #: The Rapid Fire bonus the burst adds to the given skill (B373).
    bonus: int
    hits: Distribution
    injury_per_attack: Distribution

    @property
    def skill(self) -> int:
        """The burst's effective skill: the given one and the Rapid Fire bonus."""
        return self.exchange.skill

    @property
    def success(self) -> Fraction:
        """At least one hit lands."""
        return 1 - self.hits.probability(0)


def burst_hits(skill: int, defense: int | None, rof: int, recoil: int) -> Distribution:
    """The hits that land per attack of a burst at the effective `skill` (its Rapid Fire
    bonus in it) against `defense` (None: no defense).

    >>> burst_hits(10, None, 2, 1).probabilities()  # 3d6 of 10: one hit; 9 or less: two
    {0: Fraction(1, 2), 1: Fraction(1, 8), 2: Fraction(3, 8)}
    """
    return _hits(_landed(skill, defense, rof, recoil))


def _hits(landed: dict[tuple[bool, int], int]) -> Distribution:
    counts: dict[int, int] = {}
    for (_, hits), weight in landed.items():
        counts[hits] = counts.get(hits, 0) + weight
    return Distribution(counts)


def _landed(skill: int, defense: int | None, rof: int, recoil: int) -> dict[tuple[bool, int], int]:
    """Weight (over 216 attack rolls x 216 defense rolls) of each (critical, hits landed)."""
    weights: dict[tuple[bool, int], int] = {}
    rolls = THREE_D6.weights()
    total = sum(rolls.values())

    def add(key: tuple[bool, int], weight: int) -> None:
        weights[key] = weights.get(key, 0) + weight

    for roll, weight in rolls.items():
        judged = success_roll(roll, skill)
        if skill < LEAST_ATTACK_SKILL or not judged.success:
            add((False, 0), weight * total)
            continue
        hits = hits_from_recoil(max(judged.margin, 0), recoil, rof)
        if judged.critical or defense is None:
            add((judged.critical, hits), weight * total)
            continue
        for guard, chance in rolls.items():
            parried = success_roll(guard, defense)
            stopped = 0
            if parried.success:
                stopped = hits_stopped_by_defense(
                    parried.margin, hits, critical_success=parried.critical
                )
            add((False, hits - stopped), weight * chance)
    return weights


def gurps_burst(
    skill: int,
    defense: int | None,
    rof: int,
    recoil: int,
    damage: str | DamageDice = "2d+1",
    damage_type: DamageType | str = "pi",
    dr: int = 0,
    location: str = "torso",
    armor_divisor: float = 1,
    injury_tolerance: InjuryTolerance | str | None = None,
    hp: int | None = None,
    *,
    critical_table: bool = True,
) -> GurpsBurst:
    """The exact odds and injury of a burst of `rof` shots at `skill` (before the Rapid
    Fire bonus, which is added) with Recoil `recoil`; the other arguments as
    `gurps_exchange`'s. Not modelled: a target that dies between hits (every hit counts).

    >>> gurps_burst(12, None, 21, 2)
    Traceback (most recent call last):
    ...
    ValueError: RoF must be 1 to 20, not 21
    """
    bonus = rapid_fire_bonus(rof)
    exchange = gurps_exchange(
        skill + bonus,
        defense,
        damage,
        damage_type,
        dr,
        location,
        armor_divisor,
        injury_tolerance,
        hp,
        critical_table=critical_table,
    )
    return burst_of(exchange, rof, recoil, bonus)


def burst_of(exchange: GurpsExchange, rof: int, recoil: int, bonus: int) -> GurpsBurst:
    """The burst whose one hit is `exchange` (at the skill with the Rapid Fire `bonus`
    already in it, `rapid_fire_bonus(rof)`)."""
    if not 1 <= rof <= MAX_ROF:
        raise ValueError(f"RoF must be 1 to {MAX_ROF}, not {rof}")
    if recoil < 1:
        raise ValueError(f"Recoil (Rcl) must be 1 or more, not {recoil}")
    landed = _landed(exchange.skill, exchange.defense, rof, recoil)
    whole = sum(landed.values())
    table = critical_parts(exchange)
    parts: list[tuple[Fraction, Distribution]] = []
    for (critical, landing), weight in sorted(landed.items()):
        chance = Fraction(weight, whole)
        if landing == 0:
            parts.append((chance, _ZERO))
        elif critical:  # one roll on the table for every hit
            parts.append((chance, mix([(p, d.sum_of(landing)) for p, d in table])))
        else:
            parts.append((chance, exchange.normal_injury.sum_of(landing)))
    return GurpsBurst(exchange, rof, recoil, bonus, _hits(landed), mix(parts))
