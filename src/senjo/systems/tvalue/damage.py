"""Seed 002 ダメージ: damage computed, protection by depth, HP lost, consciousness lost.

A weapon's physical property may multiply what comes through protection
(`Weapon.after_protection`: ホロウポイント弾's ×2).

Damage is the weapon's dice + bonus, at most its cap (ダメージ上限); a replacement may
change it (強打: every die a 6; 全力攻撃: +2 a die, still within the cap; クリティカル:
doubled, interpretation 18). Protection counts against damage of its own depth or a
shallower one (option `depth_protection`, interpretation 9); HP at 0 or below is
unconsciousness (T −8) and out of the fight (interpretation 10); a pulled blow (手加減)
never takes HP below 0.

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
from senjo.systems.tvalue.chances import computed_total
from senjo.systems.tvalue.events import TvDamage, TvDown
from senjo.systems.tvalue.model import Depth, Fighter, Weapon
from senjo.systems.tvalue.state import TvState

__all__ = [
    "check_consciousness",
    "computed",
    "injure",
    "knock_out",
    "protection_against",
    "roll_damage",
]


def protection_against(
    sheet: Fighter, depth: Depth, *, exact: bool = False, ignore_physical: int = 0
) -> int:
    """The protection that counts against damage of `depth`: the best of the sheet's at
    that depth or deeper (「霊的加護でしか対処できない」: shallower protection does not);
    `ignore_physical` points of physical protection do not count (鬼の爪)."""
    counted = [
        max(0, points - ignore_physical) if at is Depth.PHYSICAL else points
        for at, points in sheet.protection
        if (at == depth if exact else at >= depth)
    ]
    return max(counted, default=0)


def computed(weapon: Weapon, faces: tuple[int, ...], replacement: str = "") -> int:
    """The damage computed (算出ダメージ) from the dice: bonus, the all-out strike's +2 a
    die, the cap, then a critical's doubling.

    >>> from senjo.systems.tvalue.model import Weapon
    >>> sword = Weapon("sword", "", "", dice=2, flat=1)
    >>> computed(sword, (3, 4)), computed(sword, (6, 5), "all_out")
    (8, 13)
    >>> computed(sword, (3, 4), "critical")
    16
    """
    return computed_total(weapon, sum(faces), len(faces), replacement)


def roll_damage(
    battle: Battle[TvState], weapon: Weapon, replacement: str = "", least: int = 0
) -> tuple[tuple[int, ...], int]:
    """The damage dice (a heavy blow's are all 6, none drawn; each at least `least`, 居合い
    「ダメージ算出時のダイスの目の最低値を3」) and the damage computed."""
    if replacement == "heavy_blow":  # 「ダメージ算出のダイスの目を全て6にする」
        faces = (6,) * weapon.dice
    else:
        faces = tuple(max(least, battle.dice.roll(6)) for _ in range(weapon.dice))
    return faces, computed(weapon, faces, replacement)


def injure(
    battle: Battle[TvState],
    actor: str,
    target: str,
    weapon: Weapon,
    faces: tuple[int, ...],
    rolled: int,
    replacement: str = "",
    ignore_physical: int = 0,
) -> int:
    """Take the damage less the protection from the target's HP (event `TvDamage`); a
    pulled blow (「HPがマイナスにならない」) stops at 0. Returns the damage taken."""
    state = battle.state
    protection = protection_against(
        state.sheets[target],
        weapon.depth,
        exact=state.rules.exact_depth,
        ignore_physical=ignore_physical,
    )
    taken = max(0, rolled - protection) * weapon.after_protection
    status = state.status[target]
    status.hp -= taken
    if replacement == "pulled":
        status.hp = max(status.hp, 0)
    depth = weapon.depth.name.lower()
    battle.emit(
        TvDamage(
            actor,
            target,
            faces,
            rolled,
            protection,
            taken,
            status.hp,
            depth,
            replacement,
            weapon.after_protection,
        )
    )
    return taken


def check_consciousness(battle: Battle[TvState], key: str) -> None:
    """HP at 0 or below: unconscious and out (「意識を失うと8点減少」)."""
    if battle.state.status[key].hp <= 0:
        knock_out(battle, key)


def knock_out(battle: Battle[TvState], key: str) -> None:
    """Unconscious and out (意識を失う, T −8), unless it already is."""
    status = battle.state.status[key]
    if status.down:
        return
    status.down = True
    status.declared.clear()
    battle.emit(TvDown(key))
    change(battle, key, UNCONSCIOUS, "unconscious")
