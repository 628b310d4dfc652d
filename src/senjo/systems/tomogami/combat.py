"""Combat processing (seed 003 ●５): one main action, attacks, defence and damage.

An attack is a contest between the attack check (the weapon's value) and the target's
defence (防御または回避, a reaction that costs no action): it hits when the attack
succeeds and wins (interpretation 4). Damage is senjo's stand-in (interpretation 6):
the weapon's dice and bonus less the target's defence against the weapon's kind; life
at 0 puts a character out of the fight. A shot into a zero-distance zone that fails by
two levels hits the shooter's ally there (誤射); a hider's obstacle (障害物) takes
shots' penalty, shares their hits and may be shot alone; high-angle weapons
(曲射弾道兵器) pass over it.
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice
from senjo.engine.modifiers import Modifiers, Score
from senjo.space.bands import Band
from senjo.systems.tomogami.checks import contest, roll_check
from senjo.systems.tomogami.choices import Attack
from senjo.systems.tomogami.events import (
    TomoAttacked,
    TomoCheck,
    TomoCoverDamaged,
    TomoCoverLost,
    TomoDamage,
    TomoDown,
    TomoFriendlyFire,
)
from senjo.systems.tomogami.model import Weapon
from senjo.systems.tomogami.state import TomoState

__all__ = [
    "WAIT",
    "attack_options",
    "attack_score",
    "damage",
    "defense_score",
    "lose_cover",
    "resolve_attack",
]

#: The main action of doing nothing (待機).
WAIT = Choice("wait")
#: Seed 003 誤射: a shot failing by this many levels or more hits an ally in the zone.
FRIENDLY_FIRE_LEVELS = 2


def attack_options(state: TomoState, key: str) -> tuple[Attack | Choice, ...]:
    """Every attack `key` can make now (a weapon that reaches the foe's band; melee only
    at zero, seed 003 「白兵戦は、基本的にこの距離でのみ可能」; a hider's obstacle alone), then
    waiting."""
    options: list[Attack | Choice] = []
    sheet = state.sheets[key]
    for foe in state.foes(key):
        band = state.bands.distance(key, foe)
        usable = [w for w in sheet.weapons if w.reaches(band)]
        options.extend(Attack(foe, w.key) for w in usable)
        if state.status[foe].cover:
            options.extend(Attack(foe, w.key, at_cover=True) for w in usable)
    options.append(WAIT)
    return tuple(options)


def attack_score(state: TomoState, key: str, weapon: str, target: str = "") -> Score:
    """The attack check's value: the weapon's, less the target's cover level unless the
    weapon fires over it (seed 003 「障害物に隠れたキャラクターに対する射撃は、判定値に最大成功
    レベルに等しいマイナス修正」, 曲射弾道兵器)."""
    used = state.sheets[key].weapon(weapon)
    cover = state.status[target].cover if target else 0
    if cover and not used.indirect:
        return Score(used.skill, Modifiers.of(("cover", -cover)))
    return Score(used.skill)


def defense_score(state: TomoState, key: str) -> Score:
    """The defence or evasion check's value (stand-in: the sheet's `defense_skill`)."""
    return Score(state.sheets[key].defense_skill)


def resolve_attack(battle: Battle[TomoState], key: str, attack: Attack) -> None:
    """Roll the attack against the target's defence; on a hit, roll and apply damage."""
    state = battle.state
    band = state.bands.distance(key, attack.target)
    battle.emit(TomoAttacked(key, attack.target, attack.weapon, band.name.lower()))
    weapon = state.sheets[key].weapon(attack.weapon)
    if attack.at_cover:
        # No defence roll: the obstacle does not dodge; no cover penalty either.
        roll = roll_check(state.rules, battle.dice, key, attack_score(state, key, weapon.key))
        battle.emit(TomoCheck("shoot_cover", roll))
        if roll.success:
            _hit_cover(battle, attack.target, _roll_damage(battle, weapon)[1])
        return
    result = contest(
        state.rules,
        battle.dice,
        "attack",
        key,
        attack_score(state, key, attack.weapon, attack.target),
        attack.target,
        defense_score(state, attack.target),
    )
    battle.emit(result)
    if result.first.level <= -FRIENDLY_FIRE_LEVELS and band in (Band.NEAR, Band.FAR):
        ally = _ally_in_zone(state, key, attack.target)
        if ally:
            battle.emit(TomoFriendlyFire(key, attack.target, ally))
            damage(battle, key, ally, attack.weapon)
            return
    if result.first.success and result.winner == key:
        damage(battle, key, attack.target, attack.weapon)


def _ally_in_zone(state: TomoState, key: str, target: str) -> str:
    """The first of `key`'s allies at zero with `target` (seed 003 誤射), or ""."""
    side = state.sheets[key].side
    zone = state.bands.zone_of(target)
    for other, sheet in state.sheets.items():
        if other in zone and other != key and sheet.side == side and state.status[other].active:
            return other
    return ""


def _roll_damage(battle: Battle[TomoState], weapon: Weapon) -> tuple[tuple[int, ...], int]:
    faces = tuple(battle.dice.roll(6) for _ in range(weapon.dice))
    return faces, sum(faces) + weapon.flat


def damage(battle: Battle[TomoState], key: str, target: str, weapon_key: str) -> None:
    """Stand-in damage: the weapon's six-sided dice and bonus, less the target's defence
    against its kind; life at 0 is down (interpretation 6). A hider's obstacle is hit
    too, its life added to the 火弾徹甲 defence first, unless the weapon fires over it."""
    state = battle.state
    weapon = state.sheets[key].weapon(weapon_key)
    faces, amount = _roll_damage(battle, weapon)
    status = state.status[target]
    defense = state.sheets[target].defense(weapon.kind)
    shielded = status.cover > 0 and not weapon.indirect
    if shielded and weapon.kind == "armour_piercing":
        defense += status.cover_life
    lost = min(max(0, amount - defense), status.life)
    status.life -= lost
    battle.emit(
        TomoDamage(key, target, weapon_key, weapon.kind, faces, amount, defense, lost, status.life)
    )
    if shielded:
        _hit_cover(battle, target, amount)
    if status.life == 0 and not status.down:
        status.down = True
        battle.emit(TomoDown(target))


def _hit_cover(battle: Battle[TomoState], key: str, amount: int) -> None:
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
