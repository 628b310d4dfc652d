"""Seed 002 「範囲」 (area) attacks, by projectile.

「「個体」⇔「範囲」は攻撃範囲の大きさで区別され、「範囲」の攻撃(範囲攻撃)は通常の回避行動
ではなく跳躍回避をしないと回避できない」: a projectile weapon with an `area` (a radius in
metres) strikes every fighter within that radius of where the shot lands — the target's
position, or after a failed shooting roll that point moved by the drift (distance ×
failure margin × 0.2 m towards the 1D6 hex direction, north up, 「中心点がずれる」).
Allies are caught as well, the shooter never. Nobody evades: the normal evasion roll
does not apply and the leaping evasion (跳躍回避) is Chapter 1's, not built. Each one
caught takes its own damage roll and loses 1 T (「射出攻撃の命中判定…目標全員1点減少」)
(interpretation 43).

>>> [tuple(round(c, 3) for c in HEADINGS[d]) for d in ("N", "SE")]
[(0.0, 1.0), (0.866, -0.5)]
"""

from __future__ import annotations

import math
from typing import Final

from senjo.engine.battle import Battle
from senjo.space.plane import Point
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.damage import check_consciousness, injure, roll_damage
from senjo.systems.tvalue.events import TvAreaStruck, TvDeviation
from senjo.systems.tvalue.state import TvState

__all__ = ["HEADINGS", "area_shot", "caught", "landing"]

#: The six hex directions (`shooting.DIRECTIONS`) as unit vectors, north up.
HEADINGS: Final = {
    name: (math.sin(math.radians(60 * turn)), math.cos(math.radians(60 * turn)))
    for turn, name in enumerate(("N", "NE", "SE", "S", "SW", "NW"))
}
#: Float error at the edge of the radius is inside it.
_EDGE: Final = 1e-9
_ORIGIN: Final = Point(0.0, 0.0)


def landing(state: TvState, target: str, drift: TvDeviation | None) -> Point:
    """Where the shot at `target` lands: its position, moved by a drift."""
    centre = state.positions.get(target, _ORIGIN)
    if drift is None:
        return centre
    east, north = HEADINGS[drift.direction]
    metres = drift.decimetres / 10
    return Point(centre.x + east * metres, centre.y + north * metres)


def caught(state: TvState, key: str, centre: Point, radius: float) -> tuple[str, ...]:
    """The fighters still fighting within `radius` of `centre`, but the shooter `key`, in
    the scenario's order."""
    return tuple(
        other
        for other, status in state.status.items()
        if other != key
        and status.active
        and state.positions.get(other, _ORIGIN).distance(centre) <= radius + _EDGE
    )


def area_shot(
    battle: Battle[TvState], key: str, weapon_key: str, target: str, drift: TvDeviation | None
) -> None:
    """The area shot of `key` with a weapon aimed at `target` lands (after the shooting
    roll, `drift` when it failed): everyone caught takes its damage, then −1 T."""
    state = battle.state
    weapon = state.sheets[key].weapon(weapon_key)
    struck = caught(state, key, landing(state, target, drift), weapon.area)
    battle.emit(TvAreaStruck(key, weapon_key, struck))
    for other in struck:
        faces, damage = roll_damage(battle, weapon)
        injure(battle, key, other, weapon, faces, damage)
    for other in struck:
        change(battle, other, -1, "projectile")
        check_consciousness(battle, other)
