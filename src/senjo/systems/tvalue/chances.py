"""Exact T値 numbers from the dice, with no battle: the hit roll's chance and the damage
of one direct attack. The rules (`attack.py`, `damage.py`) compute with them, the AI
weighs attacks with them, `senjo odds tvalue` prints them; nothing here loads the engine.

「命中」+2D6 must exceed the evasion score (or, with `hit_model=contest`, the target's
2D6 + evasion − 7: interpretation 3). The damage computed (算出ダメージ) is the dice plus
the bonus — +2 a die for an all-out strike (全力攻撃), every die a 6 for a heavy blow
(強打) — at most the cap, doubled by a critical (クリティカル); the damage taken is what
passes the protection, times a multiplier after protection (an ability's 「ダメージ○倍」
multiplies the damage computed, before it).

>>> hit_odds(3, 11), hit_odds(4, 11, contest=True)
(Fraction(5, 18), Fraction(575, 1296))
>>> from senjo.systems.tvalue.model import Weapon
>>> sword = Weapon("sword", "", "", dice=2, flat=1, cap=12)
>>> damage_rolled(sword, "heavy_blow"), damage_rolled(sword, "critical").max
(Distribution({12: 1}), 24)
>>> damage_taken(sword, "", 4).probability(0)
Fraction(1, 12)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Final

from senjo.dice.distribution import Distribution
from senjo.systems.tvalue.model import Weapon

__all__ = [
    "ALL_OUT_PENALTY",
    "CONTEST_OFFSET",
    "computed_total",
    "damage_rolled",
    "damage_taken",
    "hit_odds",
    "two_dice_at_least",
]

#: 全力攻撃 「攻撃修正−4点」.
ALL_OUT_PENALTY: Final = -4
#: Under `hit_model=contest` the target rolls 2D6 + its evasion score less this: a fixed
#: value (固定値) stands for the rolling value + 7 (interpretation 3).
CONTEST_OFFSET: Final = 7

_TWO_D6: Final = Distribution.die(6).sum_of(2)


@lru_cache(maxsize=256)
def two_dice_at_least(number: int) -> Fraction:
    """The chance 2D6 comes to `number` or more (a combo roll, an evasion roll).

    >>> two_dice_at_least(7), two_dice_at_least(13), two_dice_at_least(2)
    (Fraction(7, 12), Fraction(0, 1), Fraction(1, 1))
    """
    return _TWO_D6.probability_of(">=", number)


@lru_cache(maxsize=1024)
def hit_odds(value: int, evasion: int, contest: bool = False) -> Fraction:
    """The chance that `value` + 2D6 exceeds the evasion score (or, contested, the
    target's 2D6 + evasion − 7)."""
    if not contest:
        return _TWO_D6.probability_of(">", evasion - value)
    margin = _TWO_D6 - _TWO_D6  # mine less theirs
    return margin.probability_of(">", evasion - CONTEST_OFFSET - value)


def computed_total(weapon: Weapon, rolled: int, dice: int, replacement: str = "") -> int:
    """The damage computed from `dice` damage dice that rolled `rolled` in all.

    >>> computed_total(Weapon("sword", "", "", dice=2, flat=1), 11, 2, "all_out")
    13
    """
    bonus = 2 * dice if replacement == "all_out" else 0
    total = max(0, min(rolled + weapon.flat + bonus, weapon.most)) * weapon.times
    return 2 * total if replacement == "critical" else total


@lru_cache(maxsize=1024)
def damage_rolled(weapon: Weapon, replacement: str = "") -> Distribution:
    """The damage computed, before protection."""
    dice = weapon.dice
    if replacement == "heavy_blow":  # 「ダメージ算出のダイスの目を全て6にする」
        return Distribution.constant(computed_total(weapon, 6 * dice, dice, replacement))
    rolls = Distribution.die(6).sum_of(dice)
    return rolls.map(lambda rolled: computed_total(weapon, rolled, dice, replacement))


@lru_cache(maxsize=4096)
def damage_taken(weapon: Weapon, replacement: str, protection: int) -> Distribution:
    """The damage a hit takes from HP: what passes `protection`, times the weapon's
    multiplier after protection."""
    times = weapon.after_protection
    return damage_rolled(weapon, replacement).map(lambda v: max(0, v - protection) * times)
