"""Seed 002 射撃ルール: a projectile attack (射出攻撃) in two steps.

First the shooting roll (射撃判定): 3D6 at or under the weapon's shooting power (射撃力)
plus the target's size modifier and the distance modifier from the seed's metric table
(「GURPSの長射程戦闘の成功判定」). A failure moves the shot's centre by
distance × failure margin × 0.2 m in a 1D6 direction, and a shot at one target then
misses (interpretation 29). Only after a good shooting roll does the target roll to
evade (回避判定): 2D6 + its evasion score − 7 against the weapon's fixed value
(「目標値はやはり攻撃手段で決まっている」), evading at or above it (interpretation 28).
That evasion roll is the projectile's hit roll: every target's T drops by 1 right after
the damage roll, or at once when it evades (「射出攻撃の命中判定(射撃判定では無い)…
目標全員1点減少」); a failed shooting roll changes no T. An area weapon's shot lands
on the target or where it drifted, and nobody evades it (`area.py`).

>>> size_modifier(1.7), size_modifier(0.05), range_modifier(1.0), range_modifier(12.0)
(0, -8, 0, -5)
>>> range_modifier(250.0), range_modifier(2_000_000.0)
(-13, -36)
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Final

from senjo.dice.systems.gurps import success_probability
from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.area import area_shot
from senjo.systems.tvalue.chances import CONTEST_OFFSET, two_dice_at_least
from senjo.systems.tvalue.damage import check_consciousness, injure, roll_damage
from senjo.systems.tvalue.events import TvDeviation, TvEvasionRoll
from senjo.systems.tvalue.rolls import check
from senjo.systems.tvalue.state import TvState

__all__ = [
    "DIRECTIONS",
    "evade_chance",
    "range_modifier",
    "shoot",
    "shooting_score",
    "shot_chance",
    "size_modifier",
]

#: The seed's table: each column's value in metres and its size modifier; the distance
#: modifier is 0 up to 2 m and the size modifier negated beyond.
_COLUMNS: Final = (
    (0.004, -15), (0.007, -14), (0.01, -13), (0.015, -12), (0.02, -11), (0.03, -10),
    (0.04, -9), (0.06, -8), (0.08, -7), (0.16, -6), (0.30, -5), (0.45, -4), (0.60, -3),
    (1.0, -2), (1.5, -1), (2.0, 0), (3.0, 1), (5.0, 2), (7.0, 3), (10.0, 4), (15.0, 5),
    (20.0, 6), (30.0, 7), (50.0, 8), (70.0, 9), (100.0, 10), (150.0, 11), (200.0, 12),
    (300.0, 13), (500.0, 14), (700.0, 15), (1_000.0, 16), (1_500.0, 17), (2_000.0, 18),
    (3_000.0, 19), (5_000.0, 20), (7_000.0, 21), (10_000.0, 22), (15_000.0, 23),
    (20_000.0, 24), (30_000.0, 25), (50_000.0, 26), (70_000.0, 27), (100_000.0, 28),
    (150_000.0, 29), (200_000.0, 30),
)  # fmt: skip
_LIMITS: Final = tuple(limit for limit, _ in _COLUMNS)
#: 「方向はD6で決める」: the six hex directions, 1 to 6.
DIRECTIONS: Final = ("N", "NE", "SE", "S", "SW", "NW")


def _column(value: float) -> int:
    """The column's modifier for a value: the next column up when it falls between two
    (interpretation 30); past 200 km, +6 for every tenfold (「以降10倍毎にさらに+6」)."""
    if value > _LIMITS[-1]:
        return 30 + 6 * math.ceil(math.log10(value / _LIMITS[-1]) - 1e-9)
    return _COLUMNS[bisect_left(_LIMITS, value - 1e-9)][1]


def size_modifier(size_m: float) -> int:
    """The 「サイズ」 row: a target of `size_m` metres."""
    return _column(size_m)


def range_modifier(distance_m: float, speed_mps: float = 0.0) -> int:
    """The 「距離+相対速さ(秒速)」 row: 0 up to 2 m, then the size modifier negated."""
    value = distance_m + speed_mps
    return 0 if value <= 2.0 else -_column(value)


def shooting_score(state: TvState, key: str, weapon_key: str, target: str) -> Score:
    """The shooting roll's value: shooting power, the target's size, the distance."""
    weapon = state.sheets[key].weapon(weapon_key)
    distance = state.distance(key, target)
    modifiers = Modifiers.of(
        ("size", size_modifier(state.sheets[target].size_m)),
        ("distance", range_modifier(distance)),
    )
    return Score(weapon.shooting, modifiers)


def shoot(battle: Battle[TvState], key: str, weapon_key: str, target: str) -> None:
    """Resolve one projectile attack of `key` with a weapon at `target` (an area weapon's
    lands where it lands, `area.area_shot`)."""
    state = battle.state
    weapon = state.sheets[key].weapon(weapon_key)
    rolled = check(battle, key, "shooting", shooting_score(state, key, weapon_key, target))
    drift = None
    if not rolled.success:  # 「…×「失敗度」×2割 m中心点がずれる(方向はD6で決める)」
        decimetres = round(state.distance(key, target) * max(1, -rolled.margin) * 2)
        direction = DIRECTIONS[battle.dice.roll(6) - 1]
        drift = TvDeviation(key, "" if weapon.area else target, decimetres, direction)
        battle.emit(drift)
    if weapon.area:
        area_shot(battle, key, weapon_key, target, drift)
        return
    if drift is not None:
        return
    evasion = state.sheets[target].evasion + state.evasion_bonus(target)
    dice = battle.dice.roll(6), battle.dice.roll(6)
    total = evasion - CONTEST_OFFSET + sum(dice)
    evaded = total >= weapon.fixed_hit
    battle.emit(TvEvasionRoll(target, key, Score(evasion), dice, total, weapon.fixed_hit, evaded))
    if not evaded:
        faces, damage = roll_damage(battle, weapon)
        injure(battle, key, target, weapon, faces, damage)
    change(battle, target, -1, "projectile")
    check_consciousness(battle, target)


def evade_chance(evasion: int, fixed_hit: int) -> float:
    """The exact chance that 2D6 + evasion − 7 reaches the fixed value.

    >>> evade_chance(10, 10), evade_chance(7, 13)
    (0.5833333333333334, 0.0)
    """
    return float(two_dice_at_least(fixed_hit - evasion + CONTEST_OFFSET))


def shot_chance(value: int) -> float:
    """The exact chance that a shooting roll at `value` succeeds (GURPS criticals)."""
    return float(success_probability(value))
