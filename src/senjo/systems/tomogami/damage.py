"""Damage in a トモガミ battle (senjo's stand-in, interpretation 6) and obstacles' life.

A hit's damage is the weapon's six-sided dice and bonus, less the target's defence
against the weapon's kind (火弾徹甲 or 対人火弾), at least 0; life at 0 puts a character
out of the fight. A hider's obstacle (障害物) is hit with it and adds its life to the
火弾徹甲 defence first, unless the weapon fires over it (曲射弾道兵器).
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.tomogami.events import TomoCoverDamaged, TomoCoverLost, TomoDamage, TomoDown
from senjo.systems.tomogami.model import Weapon
from senjo.systems.tomogami.state import Status, TomoState

__all__ = [
    "damage",
    "hit_cover",
    "injure",
    "lose_cover",
    "obstacle_defense",
    "roll_damage",
    "strike",
]


def roll_damage(battle: Battle[TomoState], weapon: Weapon) -> tuple[tuple[int, ...], int]:
    faces = tuple(battle.dice.roll(6) for _ in range(weapon.dice))
    return faces, sum(faces) + weapon.flat


def damage(battle: Battle[TomoState], key: str, target: str, weapon_key: str) -> int:
    """A weapon's hit: its six-sided dice and bonus, less the target's defence against
    its kind; a hider's obstacle is hit too, its life added to the 火弾徹甲 defence first,
    unless the weapon fires over it. Returns the damage rolled."""
    weapon = battle.state.sheets[key].weapon(weapon_key)
    faces, amount = roll_damage(battle, weapon)
    strike(battle, key, target, weapon_key, weapon.kind, faces, amount, indirect=weapon.indirect)
    return amount


def strike(
    battle: Battle[TomoState],
    key: str,
    target: str,
    cause: str,
    kind: str,
    faces: tuple[int, ...],
    amount: int,
    *,
    indirect: bool = False,
) -> None:
    """An attack's hit (a weapon's, a charge's): `injure`, with the hider's obstacle hit
    too and its life added to the 火弾徹甲 defence first, unless the attack is `indirect`."""
    status = battle.state.status[target]
    injure(
        battle,
        key,
        target,
        cause,
        kind,
        faces,
        amount,
        extra=obstacle_defense(status, kind, indirect),
    )
    if status.cover > 0 and not indirect:
        hit_cover(battle, target, amount)


def obstacle_defense(status: Status, kind: str, indirect: bool) -> int:
    """What a hider's obstacle adds to its defence against an attack: its life, as
    火弾徹甲 defence (「火弾徹甲防御力として扱う」), unless the attack fires over it."""
    if status.cover > 0 and not indirect and kind == "armour_piercing":
        return status.cover_life
    return 0


def injure(
    battle: Battle[TomoState],
    key: str,
    target: str,
    cause: str,
    kind: str,
    faces: tuple[int, ...],
    amount: int,
    *,
    extra: int = 0,
    armour: bool = True,
) -> None:
    """`target` takes `amount` of damage of `kind` from `key` ("" for none: a mishap) by
    `cause` (a weapon's key, or a mishap's); less its defence of that kind (plus `extra`;
    none if not `armour`), at least 0 and at most its life; life 0 is down."""
    state = battle.state
    status = state.status[target]
    defense = state.sheets[target].defense(kind) + extra if armour else 0
    lost = min(max(0, amount - defense), status.life)
    status.life -= lost
    battle.emit(TomoDamage(key, target, cause, kind, faces, amount, defense, lost, status.life))
    if status.life == 0 and not status.down:
        status.down = True
        battle.emit(TomoDown(target))


def hit_cover(battle: Battle[TomoState], key: str, amount: int) -> None:
    """Seed 003 「障害物は、生命値をもつ」「生命値が０になった障害物は破壊され」."""
    status = battle.state.status[key]
    status.cover_life = max(0, status.cover_life - amount)
    battle.emit(TomoCoverDamaged(key, amount, status.cover_life))
    if status.cover_life == 0:
        lose_cover(battle, key, "destroyed")


def lose_cover(battle: Battle[TomoState], key: str, reason: str) -> None:
    """`key` is no longer behind an obstacle (`destroyed`, `zone`, `moved`)."""
    status = battle.state.status[key]
    if status.cover or status.cover_life:
        status.cover = status.cover_life = 0
        battle.emit(TomoCoverLost(key, reason))
