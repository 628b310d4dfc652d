"""Combat processing (seed 003 ●５): one main action, attacks and defence.

An attack is a contest between the attack check (the weapon's value) and the target's
defence (防御または回避, a reaction that costs no action): it hits when the attack
succeeds and wins (interpretation 4), for the damage of `damage.py`. A shot into a
zero-distance zone that fails by two levels hits the shooter's ally there (誤射); a
hider's obstacle (障害物) may be shot alone. An attack spends a shot of a magazine, and a
hit on a protected ally lands on its protector (`actions.py`).
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice
from senjo.space.bands import Band
from senjo.systems.tomogami.actions import cover_for, fire, ready_weapons
from senjo.systems.tomogami.checks import contest, roll_check
from senjo.systems.tomogami.choices import Attack
from senjo.systems.tomogami.damage import damage, hit_cover, roll_damage
from senjo.systems.tomogami.events import (
    TomoAttacked,
    TomoBreakingFire,
    TomoCheck,
    TomoExposed,
    TomoFriendlyFire,
    TomoHeavyBlow,
)
from senjo.systems.tomogami.mishaps import after_rolls
from senjo.systems.tomogami.scores import attack_score, defense_score
from senjo.systems.tomogami.state import TomoState

__all__ = ["FRIENDLY_FIRE_LEVELS", "WAIT", "attack_options", "resolve_attack"]

#: The main action of doing nothing (待機).
WAIT = Choice("wait")
#: Seed 003 誤射: a shot failing by this many levels or more hits an ally in the zone.
FRIENDLY_FIRE_LEVELS = 2


def attack_options(state: TomoState, key: str) -> tuple[Attack | Choice, ...]:
    """Every attack `key` can make now (a ready weapon, `actions.ready`, that reaches the
    foe's band; melee only at zero, seed 003 「白兵戦は、基本的にこの距離でのみ可能」; a hider's
    obstacle alone), then waiting."""
    options: list[Attack | Choice] = []
    plan = state.status[key].combat
    for foe in state.foes(key):
        band = state.bands.distance(key, foe)
        if (plan == "moving_fire" and band is Band.ZERO) or (
            plan == "breaking_fire" and band is not Band.FAR
        ):
            continue  # 行進間射撃 at near and far only; 突撃破砕射撃 at far only
        usable = [w for w in ready_weapons(state, key) if w.reaches(band)]
        options.extend(Attack(foe, w.key) for w in usable)
        if state.status[foe].cover and plan != "breaking_fire":
            options.extend(Attack(foe, w.key, at_cover=True) for w in usable)
    options.append(WAIT)
    return tuple(options)


def resolve_attack(battle: Battle[TomoState], key: str, attack: Attack) -> None:
    """Carry out one attack. A shot at an obstacle alone is a check, with no defence; an
    attack on a target whose drive failed (mishap 2) hits without a roll; any other is a
    contest with the target's defence, hitting when the attack succeeds and wins. A hit
    does damage, or, as assault-breaking fire, stops the target's maneuver; a near or far
    shot failing by two levels hits an ally in the target's zone instead (誤射)."""
    state = battle.state
    band = state.bands.distance(key, attack.target)
    battle.emit(TomoAttacked(key, attack.target, attack.weapon, band.name.lower()))
    weapon = state.sheets[key].weapon(attack.weapon)
    fire(battle, key, weapon)
    if attack.at_cover:
        # No defence roll: the obstacle does not dodge; no cover penalty either.
        roll = roll_check(state.rules, battle.dice, key, attack_score(state, key, weapon.key))
        battle.emit(TomoCheck("shoot_cover", roll))
        after_rolls(battle, roll)
        if roll.success:
            hit_cover(battle, attack.target, roll_damage(battle, weapon)[1])
        return
    target = state.status[attack.target]
    breaking = state.status[key].combat == "breaking_fire"
    if target.exposed:  # mishap 2: this attack hits without a roll
        target.exposed = False
        battle.emit(TomoExposed(attack.target, True))
        _hit(battle, key, attack, breaking)
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
    after_rolls(battle, result.first, result.second)
    hit = result.first.success and result.winner == key
    if breaking:  # a barrage: no damage, and no friendly fire (interpretation 16)
        if hit:
            _hit(battle, key, attack, breaking)
        return
    if result.first.level <= -FRIENDLY_FIRE_LEVELS and band in (Band.NEAR, Band.FAR):
        ally = _ally_in_zone(state, key, attack.target)
        if ally:
            battle.emit(TomoFriendlyFire(key, attack.target, ally))
            damage(battle, key, cover_for(battle, key, ally), attack.weapon)
            return
    if hit:
        _hit(battle, key, attack, breaking)


def _hit(battle: Battle[TomoState], key: str, attack: Attack, breaking: bool) -> None:
    """A hit: assault-breaking fire stops the target's maneuver this turn; any other hit
    does damage, to the target or to the ally protecting it, and is a heavy blow (大打撃)
    when that reaches the heavy-blow value of whoever took it, lowered by the attacker's
    sniping at it."""
    state = battle.state
    if breaking:
        state.status[attack.target].blocked = True
        battle.emit(TomoBreakingFire(key, attack.target))
        return
    victim = cover_for(battle, key, attack.target)
    amount = damage(battle, key, victim, attack.weapon)
    value = state.sheets[victim].heavy_blow
    if value:
        mine = state.status[key]
        lowered = value - (mine.snipe_level if mine.snipe_target == victim else 0)
        if amount >= lowered:
            battle.emit(TomoHeavyBlow(key, victim, amount, value, lowered))


def _ally_in_zone(state: TomoState, key: str, target: str) -> str:
    """The first of `key`'s allies at zero with `target` (seed 003 誤射), or ""."""
    side = state.sheets[key].side
    zone = state.bands.zone_of(target)
    for other, sheet in state.sheets.items():
        if other in zone and other != key and sheet.side == side and state.status[other].active:
            return other
    return ""
