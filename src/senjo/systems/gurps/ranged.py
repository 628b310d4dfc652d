"""GURPS ranged-attack calculators (長射程攻撃): rapid fire, recoil, 1/2D, opportunity fire.

Sources: fact sheet §7 (B372-375, B548-550) and seed 001 (射撃 on the hex map).

>>> rapid_fire_bonus(10), hits_from_recoil(margin=5, recoil=2, shots=10)
(2, 3)
>>> half_damage_applies(distance=120, half_damage_range=100), half_damage(9)
(True, 4)
>>> opportunity_fire_modifier(4), wrong_target_skill(12)
(-2, 9)
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps import tables
from senjo.systems.gurps.choices import Watch

__all__ = [
    "FIRING_THROUGH_OCCUPIED_HEX",
    "POP_UP_ATTACK",
    "SHOOTING_BLIND",
    "SHOOTING_BLIND_SKILL_CAP",
    "WRONG_TARGET_SKILL_CAP",
    "firing_through_occupied_modifier",
    "half_damage",
    "half_damage_applies",
    "hits_from_recoil",
    "hits_stopped_by_defense",
    "in_range",
    "muscle_powered_range",
    "opportunity_fire_items",
    "opportunity_fire_modifier",
    "rapid_fire_bonus",
    "speed_range_modifier",
    "watch_aim_key",
    "wrong_target_skill",
]

POP_UP_ATTACK: Final = -2
"""Seed 001 飛び出し攻撃: the target is not in sight when the maneuver starts; no Aim."""

FIRING_THROUGH_OCCUPIED_HEX: Final = -4
"""Seed 001: per character (friend or foe) on the line of fire."""

SHOOTING_BLIND: Final = -10
"""Seed 001 視界外射撃: like a wild swing, at −10 …"""

SHOOTING_BLIND_SKILL_CAP: Final = 9
"""… and effective skill at most 9."""

WRONG_TARGET_SKILL_CAP: Final = 9
"""Seed 001 誤射: a miss is rolled against each figure in the way at 9 (or less)."""

_RAPID_ROWS: Final = tuple((row.shots[1], row.bonus) for row in tables.RANGED.rapid_fire.rows)
_RAPID_TOP, _RAPID_TOP_BONUS = _RAPID_ROWS[-1]
_RAPID_STEP: Final = tables.RANGED.rapid_fire.per_doubling_beyond
_OPPORTUNITY: Final = tuple(
    (row.hexes[1], row.modifier) for row in tables.RANGED.opportunity_fire.hexes
)


def rapid_fire_bonus(shots: int) -> int:
    """Bonus to hit for firing `shots` rounds in one attack (速射, B373).

    Past 199 shots, +1 more per doubling (200-399: +8, 400-799: +9 …).

    >>> [rapid_fire_bonus(n) for n in (1, 4, 5, 16, 17, 24, 25, 199, 200, 400)]
    [0, 0, 1, 3, 4, 4, 5, 7, 8, 9]
    """
    if shots < 1:
        raise ValueError(f"an attack fires at least 1 shot, not {shots}")
    for top, bonus in _RAPID_ROWS:
        if shots <= top:
            return bonus
    bonus, top = _RAPID_TOP_BONUS, _RAPID_TOP
    while shots > top:
        top = 2 * top + 1
        bonus += _RAPID_STEP
    return bonus


def hits_from_recoil(margin: int, recoil: int, shots: int) -> int:
    """Hits from one rapid-fire attack roll: 1 + margin // Rcl, at most `shots` (B373).

    A failed roll (negative margin) hits nothing.

    >>> hits_from_recoil(0, 2, 5), hits_from_recoil(9, 1, 5), hits_from_recoil(-1, 2, 5)
    (1, 5, 0)
    """
    if recoil < 1:
        raise ValueError(f"recoil (Rcl) is 1 or more, not {recoil}")
    if margin < 0:
        return 0
    return min(shots, 1 + margin // recoil)


def hits_stopped_by_defense(margin: int, hits: int, *, critical_success: bool = False) -> int:
    """Hits a successful defense stops: 1 plus 1 per point of margin; a critical stops all (B375).

    >>> hits_stopped_by_defense(0, 4), hits_stopped_by_defense(2, 4)
    (1, 3)
    >>> hits_stopped_by_defense(0, 4, critical_success=True)
    4
    """
    if critical_success:
        return hits
    if margin < 0:
        return 0
    return min(hits, 1 + margin)


def half_damage_applies(distance: float, half_damage_range: float) -> bool:
    """Whether the target is at or beyond the weapon's 1/2D range (半致傷距離, B378)."""
    return distance >= half_damage_range


def half_damage(basic_damage: int) -> int:
    """Basic damage at or beyond 1/2D: halved, rounding down (B378)."""
    return basic_damage // 2


def in_range(distance: float, max_range: float) -> bool:
    """No ranged attack reaches beyond the weapon's Max range (B378)."""
    return distance <= max_range


def muscle_powered_range(st: int, multiple: float) -> float:
    """A muscle-powered weapon's 1/2D or Max in yards, given as a multiple of ST (e.g. ×1.5)."""
    return st * multiple


def speed_range_modifier(distance: float, speed: float = 0) -> int:
    """Speed/range penalty for a target `distance` yards away moving `speed` yd/s (B550).

    >>> speed_range_modifier(10), speed_range_modifier(10, speed=5)
    (-4, -5)
    """
    return tables.range_modifier(distance + speed)


def opportunity_fire_modifier(
    hexes_watched: int = 1, *, single_line: bool = False, discriminate: bool = False
) -> int:
    """Penalty for opportunity fire (機会射撃, seed 001): by hexes watched, or −2 for one line.

    Target discrimination (目標識別, checking friend from foe) costs −2 more.

    >>> [opportunity_fire_modifier(n) for n in (1, 2, 3, 5, 7, 10, 11, 40)]
    [0, -1, -2, -3, -4, -4, -5, -5]
    >>> opportunity_fire_modifier(single_line=True, discriminate=True)
    -4
    """
    fire = tables.RANGED.opportunity_fire
    extra = fire.target_discrimination if discriminate else 0
    if single_line:
        return fire.single_line + extra
    if hexes_watched < 1:
        raise ValueError(f"opportunity fire watches at least 1 hex, not {hexes_watched}")
    for top, modifier in _OPPORTUNITY:
        if top is None or hexes_watched <= top:
            return modifier + extra
    raise AssertionError("unreachable: the last row is open-ended")


def opportunity_fire_items(watch: Watch, discriminate: bool) -> list[tuple[str, int]]:
    """The named modifiers of a shot on opportunity fire (seed 001: 機会射撃, 目標識別).

    >>> from senjo.space.hexgrid import Hex
    >>> area = Watch("area1", Hex(2, 2), frozenset(Hex(2, 2).within(1)))
    >>> opportunity_fire_items(area, discriminate=True)
    [('opportunity_fire', -4), ('target_discrimination', -2)]
    >>> opportunity_fire_items(Watch("hex", Hex(2, 2), frozenset({Hex(2, 2)})), False)
    []
    """
    items = []
    watched = opportunity_fire_modifier(len(watch.hexes), single_line=watch.line)
    if watched:
        items.append(("opportunity_fire", watched))
    if discriminate:
        telling = tables.RANGED.opportunity_fire.target_discrimination
        items.append(("target_discrimination", telling))
    return items


def watch_aim_key(watch: Watch) -> str:
    """What an Aim while watching one hex is aimed at, as `aim_target` records it."""
    return f"@{watch.center}"


def firing_through_occupied_modifier(characters_in_the_way: int) -> int:
    """−4 per character on the line of fire (seed 001).

    A line passing exactly between two occupied hexes counts once.
    """
    return FIRING_THROUGH_OCCUPIED_HEX * characters_in_the_way


def wrong_target_skill(original_effective_skill: int) -> int:
    """Skill to hit a figure in the way after a miss (誤射, seed 001): 9, or the original if lower.

    >>> wrong_target_skill(14), wrong_target_skill(7)
    (9, 7)
    """
    return min(WRONG_TARGET_SKILL_CAP, original_effective_skill)
