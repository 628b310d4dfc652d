"""Exact odds of one GURPS exchange (一回の攻防の正確な確率): attack, defense, damage and injury.

No sampling: every chance is a `fractions.Fraction` and every amount an exact
`Distribution` from the dice layer, so the figures are the rules' own.

GURPS (`gurps_exchange`): one attack at an effective skill against one active
defense, then the basic damage and the injury it does after DR, the armor
divisor and the wounding modifier of the hit location (`injury()` for each
basic value). A critical hit cannot be defended (B381) and rolls on the
critical hit table, or the head-blow table for the skull, face and eye
(B556): its damage results (×2, ×3, maximum dice, DR halved, DR ignored, the
eye redirect) are folded in by the table's 3d6 distribution, as the engine
applies them (`senjo.systems.gurps.wounds.deal_damage`); its other effects
(major wound, double shock, dropped items …) change no injury and are left out.

>>> exchange = gurps_exchange(10, 10, "1d", "cr")
>>> exchange.hit, exchange.critical_hit, exchange.defended, exchange.success
(Fraction(1, 2), Fraction(1, 54), Fraction(1, 2), Fraction(7, 27))
>>> exchange.normal_injury.probabilities()[6], exchange.injury.max
(Fraction(1, 6), 18)
>>> exchange.injury_per_attack.probability(0)
Fraction(20, 27)

Call of Cthulhu: `senjo.sim.odds_coc`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from senjo.dice.distribution import Distribution, mix
from senjo.dice.systems.gurps import THREE_D6, critical_success_probability, success_probability
from senjo.systems.gurps import tables
from senjo.systems.gurps.damage import (
    DamageDice,
    DamageType,
    basic_damage_distribution,
    minimum_basic_damage,
)
from senjo.systems.gurps.effects import EffectKind
from senjo.systems.gurps.injury import DRHalving, InjuryTolerance, can_target, injury
from senjo.systems.gurps.table_schema import CriticalEntry, Effect

__all__ = [
    "LEAST_ATTACK_SKILL",
    "MAX_DAMAGE_DICE",
    "GurpsAttackOdds",
    "GurpsExchange",
    "critical_parts",
    "gurps_attack_odds",
    "gurps_exchange",
    "mix",
]

#: The lowest effective skill at which an attack may be attempted (B344).
LEAST_ATTACK_SKILL = 3

#: The most damage dice an exchange may roll (each basic value is worked out one by one).
MAX_DAMAGE_DICE = 100

_ZERO = Distribution.constant(0)


# --- GURPS ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GurpsAttackOdds:
    """The exact chances of one GURPS attack against one active defense.

    `defense` is None when the target has no defense (then `defended` is 0).
    """

    skill: int
    defense: int | None
    hit: Fraction
    critical_hit: Fraction
    defended: Fraction
    success: Fraction


def gurps_attack_odds(skill: int, defense: int | None = None) -> GurpsAttackOdds:
    """Hit, critical hit, defended and overall success for an attack at `skill`.

    *hit*: the attack roll succeeds, criticals included (B347-348); *critical
    hit*: a critical success, which allows no defense (B381); *defended*: the
    defense succeeds, given a hit that is not critical (independent rolls);
    *success*: hit − (hit − critical hit) × defended. Below effective skill 3
    no attack may be attempted (B344): all its chances are 0.

    >>> odds = gurps_attack_odds(10)
    >>> odds.hit, odds.success
    (Fraction(1, 2), Fraction(1, 2))
    >>> gurps_attack_odds(2, 10).success
    Fraction(0, 1)
    """
    if skill < LEAST_ATTACK_SKILL:
        hit = critical = Fraction(0)
    else:
        hit, critical = success_probability(skill), critical_success_probability(skill)
    defended = Fraction(0) if defense is None else success_probability(defense)
    # B381: a critical hit allows no defense; other hits are defended independently.
    success = hit - (hit - critical) * defended
    return GurpsAttackOdds(skill, defense, hit, critical, defended, success)


@dataclass(frozen=True, slots=True)
class GurpsExchange:
    """One GURPS attack, its defense and its injury, exactly.

    `basic` is the basic damage of an ordinary hit (the type's minimum
    applied, B378); `normal_injury` the injury of a hit that is not critical;
    `critical_injury` that of a critical hit (its table folded in, or the
    same as `normal_injury` when `critical_table` is off); `injury` the
    injury of a hit that lands (critical or undefended), and
    `injury_per_attack` of one attack (0 when it misses or is defended).
    """

    attack: GurpsAttackOdds
    damage: DamageDice
    damage_type: DamageType
    dr: int
    location: str
    armor_divisor: float
    injury_tolerance: InjuryTolerance | None
    hp: int | None
    critical_table: bool
    basic: Distribution
    normal_injury: Distribution
    critical_injury: Distribution
    injury: Distribution
    injury_per_attack: Distribution

    @property
    def skill(self) -> int:
        """The attacker's effective skill."""
        return self.attack.skill

    @property
    def defense(self) -> int | None:
        """The defender's active defense, or None."""
        return self.attack.defense

    @property
    def hit(self) -> Fraction:
        """The attack roll succeeds (criticals included)."""
        return self.attack.hit

    @property
    def critical_hit(self) -> Fraction:
        """The attack roll is a critical success."""
        return self.attack.critical_hit

    @property
    def defended(self) -> Fraction:
        """The defense succeeds, given a hit that is not critical."""
        return self.attack.defended

    @property
    def success(self) -> Fraction:
        """The attack lands: a critical hit, or a hit that is not defended."""
        return self.attack.success


@dataclass(frozen=True, slots=True)
class _Target:
    """What a hit lands on: everything `injury()` needs besides the basic damage."""

    damage_type: DamageType
    dr: int
    location: str
    armor_divisor: float
    tolerance: InjuryTolerance | None
    hp: int | None

    def injury_of(
        self,
        basic: Distribution,
        *,
        location: str | None = None,
        location_dr: bool = True,
        dr: int | None = None,
        dr_halving: DRHalving = "none",
    ) -> Distribution:
        """The injury distribution for these basic damage outcomes."""
        where = self.location if location is None else location
        armor = self.dr if dr is None else dr

        def wound(value: int) -> int:
            return injury(
                value,
                self.damage_type,
                armor,
                where,
                armor_divisor=self.armor_divisor,
                injury_tolerance=self.tolerance,
                hp=self.hp,
                location_dr=location_dr,
                dr_halving=dr_halving,
            ).injury

        return basic.map(wound)


def _first(entry: CriticalEntry, kind: EffectKind) -> Effect | None:
    return next((e for e in entry.effects if e.effect == kind), None)


def _critical_result_injury(
    entry: CriticalEntry, basic: Distribution, most: int, target: _Target
) -> Distribution:
    """The injury of a critical hit with this table result (as `wounds.deal_damage`)."""
    location = target.location
    redirect = _first(entry, EffectKind.REDIRECT_TO_EYE)
    if redirect is not None:
        # Head blow 6-7: a face or skull hit lands in an eye; if it cannot, use result 4.
        if location in ("face", "skull") and can_target("eye", target.damage_type):
            location = "eye"
        else:
            entry = tables.critical_head_blow(redirect.fallback_roll or 4)
    if _first(entry, EffectKind.MAX_DAMAGE) is not None:
        basic = Distribution.constant(most)
    multiplier = _first(entry, EffectKind.DAMAGE_MULTIPLIER)
    if multiplier is not None and multiplier.value:
        factor = multiplier.value
        basic = basic.map(lambda value: value * factor)
    halved = _first(entry, EffectKind.DR_HALVED)
    halving: DRHalving = "none" if halved is None else (halved.rounding or "down")
    if _first(entry, EffectKind.IGNORE_DR) is not None:
        return target.injury_of(basic, location=location, location_dr=False, dr=0)
    return target.injury_of(basic, location=location, dr_halving=halving)


def _critical_parts(
    basic: Distribution, most: int, target: _Target
) -> list[tuple[Fraction, Distribution]]:
    """Each result of the 3d6 roll on a critical hit's table (B556): its chance, and the
    injury of one hit with it."""
    table = tables.location(target.location).critical_table
    read = tables.critical_head_blow if table == "critical_head_blow" else tables.critical_hit
    groups: dict[str, tuple[CriticalEntry, int]] = {}
    for roll, weight in THREE_D6.weights().items():
        entry = read(roll)
        _, before = groups.get(entry.key, (entry, 0))
        groups[entry.key] = (entry, before + weight)
    total = THREE_D6.total_weight
    return [
        (Fraction(weight, total), _critical_result_injury(entry, basic, most, target))
        for entry, weight in groups.values()
    ]


def _critical_injury(basic: Distribution, most: int, target: _Target) -> Distribution:
    """A critical hit's injury over the 3d6 roll on its critical table (B556)."""
    return mix(_critical_parts(basic, most, target))


def critical_parts(exchange: GurpsExchange) -> list[tuple[Fraction, Distribution]]:
    """The exchange's critical hit by the result rolled on its table: each result's chance
    and one hit's injury with it (one part, the ordinary injury, without the table). The
    results a burst's hits share (`odds_rapid`)."""
    if not exchange.critical_table:
        return [(Fraction(1), exchange.normal_injury)]
    target = _Target(
        exchange.damage_type,
        exchange.dr,
        exchange.location,
        exchange.armor_divisor,
        exchange.injury_tolerance,
        exchange.hp,
    )
    most = max(exchange.damage.maximum, minimum_basic_damage(exchange.damage_type))
    return _critical_parts(exchange.basic, most, target)


def _gurps_dice(damage: str | DamageDice) -> DamageDice:
    return damage if isinstance(damage, DamageDice) else DamageDice.parse(damage)


def gurps_exchange(
    skill: int,
    defense: int | None = None,
    damage: str | DamageDice = "2d+1",
    damage_type: DamageType | str = "cut",
    dr: int = 0,
    location: str = "torso",
    armor_divisor: float = 1,
    injury_tolerance: InjuryTolerance | str | None = None,
    hp: int | None = None,
    *,
    critical_table: bool = True,
) -> GurpsExchange:
    """The exact odds and injury of one GURPS attack (see the module docstring).

    `skill` is the effective skill (every modifier, the hit location's
    included); `dr` the armor's DR at `location` (the skull's own DR 2 is
    added by `injury()`); `hp` the target's maximum HP, for the limb and
    extremity cap. With `critical_table=False` a critical hit does ordinary
    damage (it still cannot be defended). The eye a head blow redirects to
    keeps the DR given. Not modelled: blunt trauma through flexible armor,
    knockback, shock and what a wound does next.

    >>> gurps_exchange(12, damage="1d", damage_type="cut", location="neck").basic.min
    1
    >>> gurps_exchange(12, damage="1d", damage_type="cr", location="vitals")
    Traceback (most recent call last):
    ...
    ValueError: a crushing attack cannot aim at the vitals
    """
    dice = _gurps_dice(damage)
    if dice.dice > MAX_DAMAGE_DICE:
        raise ValueError(f"at most {MAX_DAMAGE_DICE} damage dice, not {dice.dice}")
    kind = DamageType(damage_type)
    place = tables.location(location)
    if not can_target(location, kind):
        name = next(info.en for info in tables.WOUNDING.damage_types if info.key == kind)
        raise ValueError(f"a {name} attack cannot aim at the {place.en}")
    if dr < 0:
        raise ValueError(f"DR cannot be negative: {dr}")
    if not armor_divisor > 0:
        raise ValueError(f"an armor divisor must be positive, not {armor_divisor}")
    if hp is not None and hp < 1:
        raise ValueError(f"HP must be 1 or more, not {hp}")
    tolerance = None if injury_tolerance is None else InjuryTolerance(injury_tolerance)
    target = _Target(kind, dr, location, float(armor_divisor), tolerance, hp)
    least = minimum_basic_damage(kind)
    basic = basic_damage_distribution(dice.dice, dice.adds, kind)
    normal = target.injury_of(basic)
    critical = (
        _critical_injury(basic, max(dice.maximum, least), target) if critical_table else normal
    )
    odds = gurps_attack_odds(skill, defense)
    undefended = (odds.hit - odds.critical_hit) * (1 - odds.defended)
    landed = (
        normal if not odds.success else mix([(odds.critical_hit, critical), (undefended, normal)])
    )
    per_attack = mix(
        [(1 - odds.success, _ZERO), (odds.critical_hit, critical), (undefended, normal)]
    )
    return GurpsExchange(
        attack=odds,
        damage=dice,
        damage_type=kind,
        dr=dr,
        location=location,
        armor_divisor=float(armor_divisor),
        injury_tolerance=tolerance,
        hp=hp,
        critical_table=critical_table,
        basic=basic,
        normal_injury=normal,
        critical_injury=critical,
        injury=landed,
        injury_per_attack=per_attack,
    )
