"""GURPS injury (負傷): from basic damage to HP lost, and what the wound does.

Pure functions over the tables in `data/`: effective DR and penetration
(B378), wounding modifiers by damage type, hit location and Injury
Tolerance (B379-380, B398-400), knockback (B378), shock, major wounds,
knockdown and crippling (B380-381, B420-422). The HP thresholds (B419) are in
`hp_thresholds`.

>>> hit = injury(7, "cut", dr=2, location="neck")
>>> hit.penetrating, hit.multiplier, hit.injury
(5, Fraction(2, 1), 10)
>>> hit.working()
'7 − 2 = 5 penetrating × 2 (cutting at neck) = 10'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from senjo.engine.frozen import direct_init
from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.damage import IGNORES_DR, DamageType
from senjo.systems.gurps.table_schema import InjuryTolerance, LocationKind

__all__ = [
    "Injury",
    "InjuryTolerance",
    "can_target",
    "cripples",
    "crippling_threshold",
    "divided_dr",
    "injury",
    "is_major_wound",
    "knockback_roll_modifier",
    "knockback_yards",
    "knockdown_modifier",
    "knockdown_result",
    "knockdown_roll_due",
    "shock_penalty",
    "wounding_multiplier",
]

DRHalving = Literal["none", "down", "up"]


@dataclass(frozen=True, slots=True)
class _Rule:
    """Everything injury() needs for one (tolerance, location, damage type)."""

    damage_type: DamageType
    multiplier: Fraction
    numerator: int
    denominator: int
    ratio: float  # numerator / denominator, as float() of the Fraction gives it
    label: str
    extra_dr: int
    cripple_divisor: int  # 0: no limb/extremity cap
    cap_name: str
    max_injury: int  # 0: no cap (Diffuse sets 1 or 2)
    blunt_trauma_per: int  # 0: no blunt trauma


def _format_ratio(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator in (2, 4, 5, 10):
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


_RuleKey = tuple[str | None, str, str]


def _compile_rules() -> dict[_RuleKey, _Rule]:
    wounding = tables.WOUNDING
    tolerances = {info.key: info for info in wounding.injury_tolerance}
    rules: dict[_RuleKey, _Rule] = {}
    for info in wounding.damage_types:
        for loc in tables.HIT_LOCATIONS:
            for tolerance in (None, *InjuryTolerance):
                trait = tolerances[tolerance] if tolerance is not None else None
                kind_rules = wounding.by_location_kind[loc.kind]
                # Which location effects apply: not for types that ignore location
                # (fatigue, toxic), nor for Homogenous and Diffuse bodies (B400).
                uses_location = not info.ignores_location and (
                    trait is None or not trait.ignores_location
                )
                label = info.en
                if info.multiplier is None:
                    multiplier, label = Fraction(0), f"{info.en}: no injury"
                elif (
                    trait is not None
                    and info.key in trait.multipliers
                    and not (loc.kind in trait.location_kinds_kept and info.key in kind_rules)
                ):
                    multiplier = trait.multipliers[info.key]
                    label = f"{info.en}, {trait.en}"
                elif uses_location and info.key in kind_rules:
                    multiplier = kind_rules[info.key]
                    label = f"{info.en} at {loc.en}"
                else:
                    multiplier = info.multiplier
                can_cripple = trait is None or trait.can_be_crippled
                limb = loc.kind in (LocationKind.LIMB, LocationKind.EXTREMITY)
                divisor = loc.cripple_divisor if limb and can_cripple and uses_location else None
                max_injury = 0
                if trait is not None and trait.max_injury is not None:
                    max_injury = trait.max_injury.get(info.key.value, trait.max_injury["other"])
                rules[tolerance, loc.key, info.key] = _Rule(
                    damage_type=info.key,
                    multiplier=multiplier,
                    numerator=multiplier.numerator,
                    denominator=multiplier.denominator,
                    ratio=float(multiplier),
                    label=label,
                    extra_dr=loc.extra_dr if uses_location else 0,
                    cripple_divisor=divisor or 0,
                    cap_name=loc.kind.value,
                    max_injury=max_injury,
                    blunt_trauma_per=info.blunt_trauma_per or 0,
                )
    return rules


#: Every (tolerance, location, damage type) rule, compiled on first use.
_RULES: Final[dict[_RuleKey, _Rule]] = {}


def _rule(
    damage_type: DamageType | str, location: str, tolerance: InjuryTolerance | str | None
) -> _Rule:
    if not _RULES:
        _RULES.update(_compile_rules())
    try:
        return _RULES[tolerance, location, damage_type]
    except KeyError:
        pass
    DamageType(damage_type)  # raises a clear ValueError for an unknown type
    lookups.location(location)  # … and for an unknown location
    if tolerance is not None:
        InjuryTolerance(tolerance)  # … and for an unknown Injury Tolerance
    raise AssertionError("unreachable: every combination is precompiled")


def wounding_multiplier(
    damage_type: DamageType | str,
    location: str = "torso",
    injury_tolerance: InjuryTolerance | str | None = None,
) -> Fraction:
    """The wounding modifier (致傷修正) for a damage type at a location (B379, B398-400).

    >>> wounding_multiplier("imp", "vitals"), wounding_multiplier("pi+", "right_arm")
    (Fraction(3, 1), Fraction(1, 1))
    >>> wounding_multiplier("pi", "torso", "homogenous")
    Fraction(1, 5)
    """
    return _rule(damage_type, location, injury_tolerance).multiplier


def can_target(location: str, damage_type: DamageType | str) -> bool:
    """Whether an attack of this type may aim at the location (eye and vitals are picky).

    >>> can_target("vitals", "imp"), can_target("vitals", "cr"), can_target("neck", "cr")
    (True, False, True)
    """
    allowed = lookups.location(location).targetable_by
    return allowed is None or DamageType(damage_type) in allowed


@dataclass(frozen=True, slots=True)
class Injury:
    """The injury one hit does, with its working for the GM.

    `dr` is the armor DR given; `location_dr` the natural DR the location
    adds (the skull's 2); `effective_dr` what actually stops damage.
    `uncapped` is penetrating × multiplier rounded down, before the
    1-HP minimum and any cap. `blunt_trauma` is the HP a *flexible*
    armor's wearer would still lose when nothing penetrates (B379). `ratio` is
    the multiplier as a float, worked out once per rule (the log's `Injured`
    takes it; `float()` of a Fraction runs as Python).
    """

    basic: int
    damage_type: DamageType
    location: str
    dr: int
    location_dr: int
    armor_divisor: float
    dr_halving: DRHalving
    effective_dr: int
    penetrating: int
    multiplier: Fraction
    multiplier_label: str
    uncapped: int
    injury: int
    cap: str
    blunt_trauma: int
    ratio: float

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        basic: int,
        damage_type: DamageType,
        location: str,
        dr: int,
        location_dr: int,
        armor_divisor: float,
        dr_halving: DRHalving,
        effective_dr: int,
        penetrating: int,
        multiplier: Fraction,
        multiplier_label: str,
        uncapped: int,
        injury: int,
        cap: str,
        blunt_trauma: int,
        ratio: float,
    ) -> None:
        object.__setattr__(self, "basic", basic)
        object.__setattr__(self, "damage_type", damage_type)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "dr", dr)
        object.__setattr__(self, "location_dr", location_dr)
        object.__setattr__(self, "armor_divisor", armor_divisor)
        object.__setattr__(self, "dr_halving", dr_halving)
        object.__setattr__(self, "effective_dr", effective_dr)
        object.__setattr__(self, "penetrating", penetrating)
        object.__setattr__(self, "multiplier", multiplier)
        object.__setattr__(self, "multiplier_label", multiplier_label)
        object.__setattr__(self, "uncapped", uncapped)
        object.__setattr__(self, "injury", injury)
        object.__setattr__(self, "cap", cap)
        object.__setattr__(self, "blunt_trauma", blunt_trauma)
        object.__setattr__(self, "ratio", ratio)

    @property
    def steps(self) -> tuple[tuple[str, int | float | Fraction], ...]:
        """The working as (label, value) pairs, built on demand."""
        steps: list[tuple[str, int | float | Fraction]] = [("basic damage", self.basic)]
        total_dr = self.dr + self.location_dr
        steps.append(("DR", self.dr))
        if self.location_dr:
            steps.append((f"{self.location} DR", self.location_dr))
        if self.armor_divisor != 1:
            steps.append(("armor divisor", self.armor_divisor))
        if self.dr_halving != "none":
            steps.append((f"DR halved, rounding {self.dr_halving}", self.effective_dr))
        if self.effective_dr != total_dr or self.dr_halving != "none":
            steps.append(("effective DR", self.effective_dr))
        steps.append(("penetrating", self.penetrating))
        steps.append((f"× {self.multiplier_label}", self.multiplier))
        if self.uncapped != self.injury:
            steps.append(("before minimum and caps", self.uncapped))
            steps.append((self.cap, self.injury))
        steps.append(("injury", self.injury))
        if self.blunt_trauma:
            steps.append(("blunt trauma if the armor is flexible", self.blunt_trauma))
        return tuple(steps)

    def working(self) -> str:
        """One line a GM can check: "DR 6 ÷ 2 = 3; 7 − 3 = 4 penetrating × 1.5 (…) = 6".

        >>> injury(12, "pi-", dr=11).working()
        '12 − 11 = 1 penetrating × 0.5 (small piercing) = 0 → minimum 1 = 1'
        """
        parts = []
        total_dr = self.dr + self.location_dr
        dr_text = f"({self.dr} + {self.location_dr})" if self.location_dr else str(self.dr)
        if self.armor_divisor != 1 or self.dr_halving != "none":
            shown = "∞" if self.armor_divisor == IGNORES_DR else f"{self.armor_divisor:g}"
            text = f"DR {dr_text}"
            if self.armor_divisor != 1:
                text += f" ÷ ({shown})"
            if self.dr_halving != "none":
                text += f", halved ({self.dr_halving})"
            parts.append(f"{text} = {self.effective_dr}; ")
            dr_text = str(self.effective_dr)
        line = f"{self.basic} − {dr_text} = {self.penetrating} penetrating"
        if total_dr == 0 and self.effective_dr == 0:
            line = f"{self.basic} penetrating (no DR)"
        line += f" × {_format_ratio(self.multiplier)} ({self.multiplier_label}) = {self.uncapped}"
        if self.uncapped != self.injury:
            line += f" → {self.cap} = {self.injury}"
        return "".join(parts) + line


def divided_dr(dr: int, armor_divisor: float) -> int:
    """DR against an armour divisor (B378): divided by 2, 3, 5 … (rounded down), none
    against `IGNORES_DR`, multiplied below 1 - (0.5) doubles it, and DR 0 counts as 1.

    >>> divided_dr(7, 2), divided_dr(7, 1), divided_dr(0, 0.5), divided_dr(3, 0.2)
    (3, 7, 1, 15)
    """
    if armor_divisor == 1:
        return dr
    if armor_divisor > 1:
        return 0 if armor_divisor == IGNORES_DR else int(dr // armor_divisor)
    return max(1, dr * round(1 / armor_divisor))  # (0.5), (0.2), (0.1): ×2, ×5, ×10


def injury(
    basic_damage: int,
    damage_type: DamageType | str,
    dr: int = 0,
    location: str = "torso",
    *,
    armor_divisor: float = 1.0,
    injury_tolerance: InjuryTolerance | str | None = None,
    hp: int | None = None,
    location_dr: bool = True,
    dr_halving: DRHalving = "none",
) -> Injury:
    """Work out the injury from one hit (B378-380, B398-400).

    `dr` is the armor's DR on that location; the skull's natural DR 2 is
    added unless `location_dr` is False. `armor_divisor` divides DR (2, 3,
    5 …), multiplies it when below 1 (0.5 doubles it; DR 0 then counts as
    DR 1), or ignores it (`IGNORES_DR`). `hp` (the target's maximum HP)
    enables the limb and extremity cap: injury beyond what cripples the
    part is lost. `dr_halving` applies the critical-table "DR at half".

    >>> injury(10, "cr", location="skull").working()
    '10 − (0 + 2) = 8 penetrating × 4 (crushing at skull) = 32'
    >>> injury(10, "cr", dr=4, location="right_leg", hp=10).working()
    '10 − 4 = 6 penetrating × 1 (crushing) = 6'
    >>> injury(10, "cr", location="right_leg", hp=10).injury
    6
    """
    rule = _rule(damage_type, location, injury_tolerance)
    extra = rule.extra_dr if location_dr else 0
    effective = divided_dr(dr + extra, armor_divisor)
    if dr_halving == "down":
        effective //= 2
    elif dr_halving == "up":
        effective = (effective + 1) // 2
    penetrating = basic_damage - effective if basic_damage > effective else 0
    uncapped = penetrating * rule.numerator // rule.denominator
    wound = uncapped
    cap = ""
    if penetrating and rule.numerator:
        if wound < 1:
            wound, cap = 1, "minimum 1"
        if rule.max_injury and wound > rule.max_injury:
            wound, cap = rule.max_injury, "Diffuse cap"
        if rule.cripple_divisor and hp is not None:
            most = hp // rule.cripple_divisor + 1
            if wound > most:
                wound, cap = most, f"{rule.cap_name} cap"
    blunt = 0
    if not penetrating and rule.blunt_trauma_per:
        blunt = basic_damage // rule.blunt_trauma_per
    return Injury(
        basic=basic_damage,
        damage_type=rule.damage_type,
        location=location,
        dr=dr,
        location_dr=extra,
        armor_divisor=float(armor_divisor),
        dr_halving=dr_halving,
        effective_dr=effective,
        penetrating=penetrating,
        multiplier=rule.multiplier,
        multiplier_label=rule.label,
        uncapped=uncapped,
        injury=wound,
        cap=cap,
        blunt_trauma=blunt,
        ratio=rule.ratio,
    )


# --- knockback (B378) -----------------------------------------------------------------------

_KNOCKBACK: Final[dict[str, str]] = {
    info.key: info.knockback for info in tables.WOUNDING.damage_types
}


def knockback_yards(
    basic_damage: int,
    damage_type: DamageType | str,
    *,
    st: int | None = None,
    hp: int | None = None,
    penetrated: bool = False,
) -> int:
    """Yards of knockback (突き飛ばし) from one hit (B378).

    Crushing always can; cutting only if it failed to penetrate. One yard
    per full (ST − 2) of basic damage; a target without ST uses HP − 2.

    >>> knockback_yards(20, "cr", st=12), knockback_yards(15, "cut", st=12, penetrated=True)
    (2, 0)
    """
    try:
        rule = _KNOCKBACK[damage_type]
    except KeyError:
        rule = _KNOCKBACK[DamageType(damage_type)]  # an unknown type raises ValueError here
    if rule == "never" or (rule == "if_not_penetrating" and penetrated):
        return 0
    base = st if st is not None else hp
    if base is None:
        raise ValueError("knockback needs the target's ST (or HP if it has no ST)")
    return basic_damage // max(1, base - 2)


def knockback_roll_modifier(yards: int, *, perfect_balance: bool = False) -> int:
    """Modifier to the DX/Acrobatics/Judo roll to stay standing after knockback (B378).

    >>> knockback_roll_modifier(1), knockback_roll_modifier(5)
    (0, -4)
    >>> knockback_roll_modifier(3, perfect_balance=True)
    2
    """
    return -(yards - 1) + (4 if perfect_balance else 0)


# --- shock, major wounds, knockdown, crippling (B380-381, B420-422) --------------------------


def _shock_unit(max_hp: int) -> int:
    return max_hp // 10 if max_hp >= 20 else 1


def shock_penalty(
    injury: int,
    max_hp: int,
    *,
    high_pain_threshold: bool = False,
    low_pain_threshold: bool = False,
    doubled: bool = False,
) -> int:
    """Shock (ショック) to DX and IQ on the next turn: −1 per HP, at most −4 (B381).

    With 20+ HP it is −1 per full HP/10. High Pain Threshold removes it; Low
    Pain Threshold, a crushing groin hit on a man, or critical-hit result 8
    double it, to at most −8.

    >>> shock_penalty(3, 12), shock_penalty(9, 12), shock_penalty(5, 25)
    (-3, -4, -2)
    >>> shock_penalty(3, 12, doubled=True), shock_penalty(3, 12, high_pain_threshold=True)
    (-6, 0)
    """
    if high_pain_threshold or injury <= 0:
        return 0
    factor = 2 if (low_pain_threshold or doubled) else 1
    return -min(4 * factor, injury // _shock_unit(max_hp) * factor)


def is_major_wound(injury: int, max_hp: int) -> bool:
    """A major wound (大怪我) is one hit's injury over half of max HP (B381).

    >>> is_major_wound(6, 12), is_major_wound(7, 12)
    (False, True)
    """
    return 2 * injury > max_hp


def knockdown_roll_due(
    injury: int,
    max_hp: int,
    location: str = "torso",
    injury_tolerance: InjuryTolerance | str | None = None,
) -> bool:
    """Whether the victim must roll HT against knockdown and stunning (B420).

    Due after a major wound, and after any hit to the skull, eye, face or
    vitals enough to cause shock (HP ≥ 20: a full HP/10). Homogenous and
    Diffuse bodies ignore the location part.

    >>> knockdown_roll_due(1, 12, "face"), knockdown_roll_due(1, 12, "torso")
    (True, False)
    """
    if is_major_wound(injury, max_hp):
        return True
    if injury_tolerance in (InjuryTolerance.HOMOGENOUS, InjuryTolerance.DIFFUSE):
        return False
    return lookups.location(location).knockdown_on_shock and injury >= _shock_unit(max_hp)


def knockdown_modifier(
    location: str = "torso",
    *,
    high_pain_threshold: bool = False,
    injury_tolerance: InjuryTolerance | str | None = None,
) -> int:
    """Modifier to the knockdown HT roll: −10 skull/eye, −5 face/vitals/groin; HPT +3 (B420).

    >>> knockdown_modifier("skull"), knockdown_modifier("groin", high_pain_threshold=True)
    (-10, -2)
    """
    modifier = lookups.location(location).knockdown_modifier
    if injury_tolerance in (InjuryTolerance.HOMOGENOUS, InjuryTolerance.DIFFUSE):
        modifier = 0
    return modifier + (3 if high_pain_threshold else 0)


def knockdown_result(margin: int, *, critical_failure: bool = False) -> str:
    """Outcome of the knockdown HT roll: "ok", "stunned" (and knocked down) or "unconscious".

    >>> knockdown_result(0), knockdown_result(-4), knockdown_result(-5)
    ('ok', 'stunned', 'unconscious')
    """
    if critical_failure or margin <= -5:
        return "unconscious"
    return "ok" if margin >= 0 else "stunned"


def crippling_threshold(location: str, max_hp: int) -> int | None:
    """Least injury in one hit that cripples the location, or None if it can't be (B421).

    Limb: over HP/2; hand or foot: over HP/3; eye: over HP/10.

    >>> [crippling_threshold(loc, 12) for loc in ("left_arm", "hand", "eye")]
    [7, 5, 2]
    >>> crippling_threshold("torso", 10) is None
    True
    """
    divisor = lookups.location(location).cripple_divisor
    return None if divisor is None else max_hp // divisor + 1


def cripples(
    injury: int,
    location: str,
    max_hp: int,
    injury_tolerance: InjuryTolerance | str | None = None,
) -> bool:
    """Whether this hit's injury cripples the location (Diffuse bodies can't be crippled).

    >>> cripples(6, "right_leg", 10), cripples(5, "right_leg", 10)
    (True, False)
    """
    if injury_tolerance == InjuryTolerance.DIFFUSE:
        return False
    least = crippling_threshold(location, max_hp)
    return least is not None and injury >= least


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(Injury)
