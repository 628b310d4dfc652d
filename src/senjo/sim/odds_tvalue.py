"""Exact odds of one T値 direct attack (一回の直接攻撃の正確な確率): the hit roll and the damage.

No sampling, as for GURPS and CoC: the chance is a `Fraction` and the damage an exact
`Distribution`, both from `senjo.systems.tvalue.chances`, the numbers the rules
themselves compute with (docs/rules/tvalue.md). A replacement that changes them may be
given: 強打 (every damage die a 6), クリティカル (damage ×2), 全力攻撃 (+2 a die, −4 to
hit).

>>> odds = tv_exchange(3, 11, "2D6+1", protection=4)
>>> odds.hit, odds.damage.probability(0), odds.damage_per_attack.probability(0)
(Fraction(5, 18), Fraction(1, 12), Fraction(161, 216))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from senjo.dice.distribution import Distribution, mix
from senjo.systems.damage_dice import parse_damage
from senjo.systems.tvalue.chances import (
    ALL_OUT_PENALTY,
    damage_rolled,
    damage_taken,
    hit_odds,
)
from senjo.systems.tvalue.model import Weapon

__all__ = ["MAX_DAMAGE_DICE", "ODDS_REPLACEMENTS", "TvExchange", "tv_exchange"]

#: The replacements that change the hit chance or the damage of one attack.
ODDS_REPLACEMENTS: Final = ("heavy_blow", "critical", "all_out")
#: The most damage dice an exchange may roll (a sheet's limit: two digits).
MAX_DAMAGE_DICE: Final = 99

_ZERO: Final = Distribution.constant(0)


@dataclass(frozen=True, slots=True)
class TvExchange:
    """One T値 direct attack, exactly: `value` is the hit roll's value (the accuracy, less
    4 for an all-out strike); `hit` the chance it hits. With a weapon: `rolled` the
    damage computed (before protection), `damage` what a hit takes from HP, and
    `damage_per_attack` the same for one attack, 0 on a miss."""

    accuracy: int
    value: int
    evasion: int
    contest: bool
    replacement: str
    hit: Fraction
    weapon: Weapon | None
    protection: int
    rolled: Distribution
    damage: Distribution
    damage_per_attack: Distribution


def tv_exchange(
    accuracy: int,
    evasion: int,
    damage: str | None = None,
    cap: int = 0,
    protection: int = 0,
    replacement: str = "",
    contest: bool = False,
    times: int = 1,
) -> TvExchange:
    """The odds of a direct attack of `accuracy` at a target of `evasion` (回避点), and with
    `damage` (`2D6+1`) its damage: at most `cap` (0: the dice's own most), through
    `protection`, times `times` after protection.

    >>> tv_exchange(3, 11, "2D6", replacement="heavy_blow").rolled
    Distribution({12: 1})
    >>> tv_exchange(3, 11, "2D6", replacement="sweep")
    Traceback (most recent call last):
    ...
    ValueError: 'sweep' is not one of heavy_blow, critical, all_out
    """
    if replacement and replacement not in ODDS_REPLACEMENTS:
        raise ValueError(f"{replacement!r} is not one of {', '.join(ODDS_REPLACEMENTS)}")
    value = accuracy + (ALL_OUT_PENALTY if replacement == "all_out" else 0)
    hit = hit_odds(value, evasion, contest)
    weapon = None
    rolled = taken = _ZERO
    if damage is not None:
        parsed = parse_damage(damage)
        if parsed is None:
            raise ValueError(f"cannot read the damage {damage!r}")
        dice, flat = parsed
        weapon = Weapon(
            "odds", "", "", dice=dice, flat=flat, cap=max(0, cap), after_protection=times
        )
        rolled = damage_rolled(weapon, replacement)
        taken = damage_taken(weapon, replacement, protection)
    per_attack = mix([(1 - hit, _ZERO), (hit, taken)]) if hit else _ZERO
    return TvExchange(
        accuracy=accuracy,
        value=value,
        evasion=evasion,
        contest=contest,
        replacement=replacement,
        hit=hit,
        weapon=weapon,
        protection=protection,
        rolled=rolled,
        damage=taken,
        damage_per_attack=per_attack,
    )
