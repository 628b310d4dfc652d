"""GURPS damage values: damage types, damage dice, and weapon damage strings.

基本ダメージ (basic damage) is rolled on `DamageDice`; a weapon's damage is
written as `WeaponDamage` ("sw+1 cut", "thr+2 imp", "2d+1(2) pi+"). What the
damage does to a body (DR, wounding modifiers, injury) lives in
`senjo.systems.gurps.injury`; the ST tables live in `senjo.systems.gurps.tables`.

>>> DamageDice.parse("2d-1")
DamageDice(dice=2, adds=-1)
>>> str(DamageDice(1, 2)), DamageDice.parse("3d").maximum
('1d+2', 18)
>>> WeaponDamage.parse("sw+1 cut")
WeaponDamage(damage_type=<DamageType.CUTTING: 'cut'>, base='sw', offset=DamageDice(...), ...)
>>> str(WeaponDamage.parse("2d+1 (0.5) pi+"))
'2d+1(0.5) pi+'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal

from senjo.dice.distribution import Distribution
from senjo.dice.roller import Roller
from senjo.engine.frozen import direct_init

__all__ = [
    "IGNORES_DR",
    "PIERCING_TYPES",
    "DamageDice",
    "DamageParseError",
    "DamageType",
    "StrikeBase",
    "WeaponDamage",
    "basic_damage_distribution",
    "minimum_basic_damage",
    "strong_attack_bonus",
]

StrikeBase = Literal["thr", "sw"]
"""ST-based damage: thrust (突き) or swing (振り)."""

IGNORES_DR: Final = math.inf
"""The armor divisor of an attack that ignores DR entirely (written "(∞)")."""


class DamageParseError(ValueError):
    """A damage string that senjo cannot read; the message says what is allowed."""


class DamageType(StrEnum):
    """The GURPS damage types (B378-380), by their usual abbreviation.

    Japanese names (叩き, 切り, 刺し, 貫通 …) are in `data/wounding.yaml`.

    >>> DamageType("pi+").name
    'LARGE_PIERCING'
    """

    CRUSHING = "cr"
    CUTTING = "cut"
    IMPALING = "imp"
    SMALL_PIERCING = "pi-"
    PIERCING = "pi"
    LARGE_PIERCING = "pi+"
    HUGE_PIERCING = "pi++"
    BURNING = "burn"
    CORROSION = "cor"
    FATIGUE = "fat"
    TOXIC = "tox"
    AFFLICTION = "aff"
    SPECIAL = "spec"


PIERCING_TYPES: Final = frozenset(
    {
        DamageType.SMALL_PIERCING,
        DamageType.PIERCING,
        DamageType.LARGE_PIERCING,
        DamageType.HUGE_PIERCING,
    }
)
"""The four piercing sizes (pi-, pi, pi+, pi++)."""

# Minimum basic damage after adds (B378): crushing may roll 0, every other
# damaging type at least 1. Afflictions and special attacks do no damage.
# Keyed by the types' text: a DamageType (a StrEnum) finds its entry, and so does its text.
_MINIMUM_BASIC: dict[str, int] = {str(t): 1 for t in DamageType} | {
    str(DamageType.CRUSHING): 0,
    str(DamageType.AFFLICTION): 0,
    str(DamageType.SPECIAL): 0,
}


def minimum_basic_damage(damage_type: DamageType | str) -> int:
    """The least basic damage a hit of this type does: 0 for crushing, else 1 (B378).

    >>> minimum_basic_damage("cr"), minimum_basic_damage("cut")
    (0, 1)
    """
    found = _MINIMUM_BASIC.get(damage_type)
    return found if found is not None else _MINIMUM_BASIC[DamageType(damage_type)]  # raises


def basic_damage_distribution(dice: int, adds: int, damage_type: DamageType | str) -> Distribution:
    """The basic damage a hit rolls with `dice`d6 + `adds`: the faces' sum plus the adds,
    at least 0 and at least the type's minimum (B378), as `WeaponDamage.roll` rolls it.

    >>> basic_damage_distribution(1, -2, "cr").weights()
    {0: 2, 1: 1, 2: 1, 3: 1, 4: 1}
    >>> basic_damage_distribution(1, -4, "cut").weights()
    {1: 5, 2: 1}
    """
    least = minimum_basic_damage(damage_type)
    return (Distribution.die(6).sum_of(dice) + adds).map(lambda value: max(value, 0, least))


_DICE_RE: Final = re.compile(r"^\s*(\d+)\s*d6?\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class DamageDice:
    """Six-sided damage dice plus adds, GURPS style: "2d-1", "1d+2", "3d".

    `dice` may be 0 for a flat amount (used for the adds of "sw+1").
    A roll never goes below 0; the type minimum (1 for non-crushing) is
    applied by `WeaponDamage.roll` / `minimum_basic_damage`.
    """

    dice: int
    adds: int = 0

    def __init__(self, dice: int, adds: int = 0) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "adds", adds)
        self.__post_init__()

    def __post_init__(self) -> None:
        if self.dice < 0:
            raise DamageParseError(f"damage dice cannot be negative: {self.dice}d")

    def __reduce__(self) -> tuple[type[DamageDice], tuple[int, int]]:
        """Pickled by its fields: the table cache keeps damage dice, and the compiled
        class (`senjo.native`) has no generic way to fill a frozen instance."""
        return (DamageDice, (self.dice, self.adds))

    @classmethod
    def parse(cls, text: str) -> DamageDice:
        """Read "2d-1", "1d+2", "3d" or "1d6+1" (the 6 is optional).

        >>> DamageDice.parse("1d-6")
        DamageDice(dice=1, adds=-6)
        >>> DamageDice.parse("2x")
        Traceback (most recent call last):
        ...
        senjo.systems.gurps.damage.DamageParseError: '2x' is not damage dice: write e.g. 2d, ...
        """
        match = _DICE_RE.match(text)
        if match is None:
            raise DamageParseError(f"{text!r} is not damage dice: write e.g. 2d, 1d+2, 2d-1")
        dice, sign, adds = match.groups()
        value = int(adds) if adds else 0
        return cls(int(dice), -value if sign == "-" else value)

    def __str__(self) -> str:
        # The sign written out, no format spec: mypyc compiles plain `{int}` fields, and
        # hands a spec such as `+d` to Python's format() (every damage roll is logged so).
        adds = self.adds
        text = f"{self.dice}d" if self.dice else ""
        if adds > 0:
            return f"{text}+{adds}"
        if adds < 0:
            return f"{text}{adds}"
        return text or "0"

    @property
    def minimum(self) -> int:
        """The lowest total these dice can roll (never below 0)."""
        return max(0, self.dice + self.adds)

    @property
    def maximum(self) -> int:
        """The highest total: every die a 6 ("maximum normal damage")."""
        return max(0, 6 * self.dice + self.adds)

    def plus(self, dice: int = 0, adds: int = 0) -> DamageDice:
        """These dice with extra dice and adds, e.g. thrust 1d+2 plus 2 → 1d+4."""
        return DamageDice(self.dice + dice, self.adds + adds)

    def faces(self, roller: Roller) -> tuple[int, ...]:
        """Roll each die once and return the faces (for the log)."""
        return tuple(roller.roll(6) for _ in range(self.dice))

    def total(self, faces: tuple[int, ...]) -> int:
        """The damage these faces make: their sum plus adds, at least 0."""
        return max(0, sum(faces) + self.adds)

    def roll(self, roller: Roller) -> int:
        """Roll the dice and return the total (at least 0).

        >>> from senjo.dice.roller import ScriptedDice
        >>> DamageDice(2, -1).roll(ScriptedDice([3, 5]))
        7
        """
        total = self.adds
        for _ in range(self.dice):
            total += roller.roll(6)
        return total if total > 0 else 0


def strong_attack_bonus(dice: DamageDice) -> int:
    """All-Out Attack (Strong): +2 damage, or +1 per die if that is more (B365).

    >>> strong_attack_bonus(DamageDice(1, 2)), strong_attack_bonus(DamageDice(3))
    (2, 3)
    """
    return max(2, dice.dice)


_TYPE_PATTERN: Final = r"pi\+\+|pi\+|pi-|pi|cr|cut|imp|burn|cor|fat|tox|aff|spec"
_DIVISOR_PATTERN: Final = r"\(\s*(?P<{}>\d+(?:\.\d+)?|∞|inf)\s*\)"
_WEAPON_RE: Final = re.compile(
    r"^\s*(?:(?P<base>thr|sw)\s*(?:(?P<bsign>[+-])\s*(?P<badds>\d+))?"
    r"|(?P<dice>\d+)\s*d6?\s*(?:(?P<sign>[+-])\s*(?P<adds>\d+))?)"
    rf"\s*(?:{_DIVISOR_PATTERN.format('div1')})?\s*(?P<type>{_TYPE_PATTERN})"
    rf"\s*(?:{_DIVISOR_PATTERN.format('div2')})?\s*$",
    re.IGNORECASE,
)


def _format_divisor(divisor: float) -> str:
    if divisor == IGNORES_DR:
        return "∞"
    return str(int(divisor)) if divisor == int(divisor) else f"{divisor:g}"


@dataclass(frozen=True, slots=True)
class WeaponDamage:
    """A weapon's damage as written on a weapon table.

    Either ST-based (`base` is "thr" or "sw", `offset` adds to it) or fixed
    (`base` is None and `offset` holds the dice). `armor_divisor` is 1 for
    none, 2/3/5/10 … to divide DR, 0.5/0.2/0.1 to multiply it, and
    `IGNORES_DR` for "(∞)".

    >>> WeaponDamage.parse("thr+2 imp").dice(thrust=DamageDice(1, 2), swing=DamageDice(3))
    DamageDice(dice=1, adds=4)
    """

    damage_type: DamageType
    base: StrikeBase | None = None
    offset: DamageDice = DamageDice(0)
    armor_divisor: float = 1.0

    def __post_init__(self) -> None:
        if not self.armor_divisor > 0:
            raise DamageParseError(f"an armor divisor must be positive, not {self.armor_divisor}")
        if self.base is None and self.offset.dice == 0:
            raise DamageParseError("fixed weapon damage needs at least one die, e.g. 1d+2")

    @classmethod
    def parse(cls, text: str) -> WeaponDamage:
        """Read "sw+1 cut", "thr imp", "2d+1 pi+", "1d cr", "3d(2) pi", "2d pi (0.5)".

        >>> WeaponDamage.parse("thr (2) imp").armor_divisor
        2.0
        >>> WeaponDamage.parse("sw+1 slash")
        Traceback (most recent call last):
        ...
        senjo.systems.gurps.damage.DamageParseError: 'sw+1 slash' is not weapon damage: ...
        """
        match = _WEAPON_RE.match(text)
        if match is None:
            raise DamageParseError(
                f"{text!r} is not weapon damage: write dice or thr/sw, an optional armor "
                f"divisor in parentheses, and a type ({_TYPE_PATTERN.replace(chr(92), '')})"
            )
        groups = match.groupdict()
        divisors = [g for g in (groups["div1"], groups["div2"]) if g is not None]
        if len(divisors) > 1:
            raise DamageParseError(f"{text!r} gives two armor divisors")
        divisor = 1.0
        if divisors:
            raw = divisors[0].lower()
            divisor = IGNORES_DR if raw in ("∞", "inf") else float(raw)
        damage_type = DamageType(groups["type"].lower())
        if groups["base"] is not None:
            adds = int(groups["badds"]) if groups["badds"] else 0
            base: StrikeBase = "thr" if groups["base"].lower() == "thr" else "sw"
            offset = DamageDice(0, -adds if groups["bsign"] == "-" else adds)
            return cls(damage_type, base, offset, divisor)
        adds = int(groups["adds"]) if groups["adds"] else 0
        dice = DamageDice(int(groups["dice"]), -adds if groups["sign"] == "-" else adds)
        return cls(damage_type, None, dice, divisor)

    def __str__(self) -> str:
        if self.base is None:
            amount = str(self.offset)
        else:
            extra = "" if self.offset == DamageDice(0) else str(self.offset)
            if self.offset.dice:
                extra = "+" + extra
            amount = self.base + extra
        if self.armor_divisor != 1:
            amount += f"({_format_divisor(self.armor_divisor)})"
        return f"{amount} {self.damage_type}"  # a StrEnum formats as its text

    def dice(self, thrust: DamageDice, swing: DamageDice) -> DamageDice:
        """The concrete dice for a wielder whose thrust and swing are given."""
        if self.base is None:
            return self.offset
        strike = thrust if self.base == "thr" else swing
        return strike.plus(self.offset.dice, self.offset.adds)

    def roll(self, dice: DamageDice, roller: Roller) -> int:
        """Roll `dice` (from `self.dice(...)`) and apply this type's minimum (B378)."""
        return max(dice.roll(roller), _MINIMUM_BASIC[self.damage_type])


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(DamageDice)
