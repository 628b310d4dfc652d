"""Seed 002 ダメージ: damage rolled, protection by depth, HP lost, consciousness lost.

Damage is the weapon's dice + bonus, at most its cap (ダメージ上限); protection counts
against damage of its own depth or a shallower one (option `depth_protection`,
interpretation 9); HP at 0 or below is unconsciousness (T −8) and out of the fight
(interpretation 10).

>>> from senjo.systems.tvalue.model import Depth, Fighter
>>> sheet = Fighter("a", "A", "A", "pcs", protection=((Depth.PHYSICAL, 5), (Depth.SPIRIT, 3)))
>>> protection_against(sheet, Depth.PHYSICAL), protection_against(sheet, Depth.SPIRIT)
(5, 3)
>>> protection_against(sheet, Depth.PHYSICAL, exact=True), protection_against(sheet, Depth.DIVINE)
(5, 0)
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.tvalue.advantage import UNCONSCIOUS, change
from senjo.systems.tvalue.events import TvDamage, TvDown
from senjo.systems.tvalue.model import Depth, Fighter, Weapon
from senjo.systems.tvalue.state import TvState

__all__ = ["injure", "protection_against", "roll_damage"]


def protection_against(sheet: Fighter, depth: Depth, *, exact: bool = False) -> int:
    """The protection that counts against damage of `depth`: the best of the sheet's at
    that depth or deeper (「霊的加護でしか対処できない」: shallower protection does not)."""
    counted = [points for at, points in sheet.protection if (at == depth if exact else at >= depth)]
    return max(counted, default=0)


def roll_damage(battle: Battle[TvState], weapon: Weapon) -> tuple[tuple[int, ...], int]:
    """The damage dice and the damage computed (算出ダメージ), at most the cap, at least 0."""
    faces = tuple(battle.dice.roll(6) for _ in range(weapon.dice))
    return faces, max(0, min(sum(faces) + weapon.flat, weapon.most))


def injure(
    battle: Battle[TvState],
    actor: str,
    target: str,
    weapon: Weapon,
    faces: tuple[int, ...],
    rolled: int,
) -> None:
    """Take the damage less the protection from the target's HP (event `TvDamage`)."""
    state = battle.state
    protection = protection_against(
        state.sheets[target], weapon.depth, exact=state.rules.exact_depth
    )
    taken = max(0, rolled - protection)
    status = state.status[target]
    status.hp -= taken
    depth = weapon.depth.name.lower()
    battle.emit(TvDamage(actor, target, faces, rolled, protection, taken, status.hp, depth))


def check_consciousness(battle: Battle[TvState], key: str) -> None:
    """HP at 0 or below: unconscious and out (「意識を失うと8点減少」)."""
    status = battle.state.status[key]
    if status.hp <= 0 and not status.down:
        status.down = True
        status.declared.clear()
        battle.emit(TvDown(key))
        change(battle, key, UNCONSCIOUS, "unconscious")
