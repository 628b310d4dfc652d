"""Every check's value in a トモガミ battle, with the named modifiers behind it.

The maneuver check (機動判定値: 「動」 + skill, the environment modifier, −1 per band
crossed), the attack check (the weapon's value, less the target's cover), the defence
roll, the tactics check; and what changes each for a turn: a fall (転倒, −2 to every
check), full speed (全力機動: maneuver +4, attacks on it −4) and firing on the move
(行進間射撃: its maneuver −2 and shots −4 without the skill; shots at it −2).

>>> from senjo.systems.tomogami.model import Sheet
>>> state = TomoState.start({"a": Sheet("a", "A", "A", "x", mobility=4, maneuver=3)})
>>> maneuver_score(state, "a", 1).describe()
'7 -1 (units) = 6'
>>> state.status["a"].fallen = True
>>> maneuver_score(state, "a", 1).describe()
'7 -1 (units) -2 (fallen) = 4'
"""

from __future__ import annotations

from typing import Final

from senjo.engine.modifiers import Modifiers, Score
from senjo.space.bands import Band
from senjo.systems.tomogami.state import TomoState

__all__ = [
    "FALLEN",
    "attack_score",
    "body_score",
    "defense_score",
    "maneuver_score",
    "tactics_score",
]

#: Seed 003 ★転倒の効果: 「姿勢を回復するまで全判定値−２」.
FALLEN: Final = -2
#: Seed 003 【全力機動】: maneuver +4; attacks on it −4.
FULL_SPEED, FULL_SPEED_TARGET = 4, -4
#: Seed 003 【行進間射撃】: its maneuver −2 and its shots −4 (without the skill); shots
#: at it −2.
MOVING_FIRE_MANEUVER, MOVING_FIRE_SHOT, MOVING_FIRE_TARGET = -2, -4, -2


def _own(state: TomoState, key: str, mods: list[tuple[str, int]]) -> Modifiers:
    """`mods` and the fall's −2 on every check of a fallen character."""
    if state.status[key].fallen:
        mods.append(("fallen", FALLEN))
    return Modifiers(tuple(mods))


def maneuver_score(
    state: TomoState, key: str, crossed: int = 0, *, body: bool = False, dragon: bool = False
) -> Score:
    """The maneuver check's value: 機動判定値 (「動」 + skill; 「体」 + skill for a charge),
    the キズナ level in a dragon maneuver, the environment modifier (環境機動修正), −1 per
    band crossed, and the turn's stance."""
    sheet, status = state.sheets[key], state.status[key]
    mods: list[tuple[str, int]] = []
    if dragon and sheet.kizuna:
        mods.append(("kizuna", sheet.kizuna))
    environment = sheet.environment_modifier(state.rules.environment)
    if environment:
        mods.append(("environment", environment))
    if crossed:
        mods.append(("units", -crossed))
    if status.stance == "full_speed":
        mods.append(("full_speed", FULL_SPEED))
    elif status.stance == "moving_fire" and not sheet.moving_fire_skill:
        mods.append(("moving_fire", MOVING_FIRE_MANEUVER))
    base = sheet.body + sheet.maneuver if body else sheet.maneuver_value
    return Score(base, _own(state, key, mods))


def attack_score(state: TomoState, key: str, weapon: str, target: str = "") -> Score:
    """The attack check's value: the weapon's, less the target's cover level unless the
    weapon fires over it (seed 003 「障害物に隠れたキャラクターに対する射撃は、判定値に最大成功
    レベルに等しいマイナス修正」, 曲射弾道兵器), and the stances of both."""
    sheet = state.sheets[key]
    used = sheet.weapon(weapon)
    mods: list[tuple[str, int]] = []
    shot = target != "" and state.bands.distance(key, target) in (Band.NEAR, Band.FAR)
    if state.status[key].stance == "moving_fire" and not sheet.moving_fire_skill:
        mods.append(("moving_fire", MOVING_FIRE_SHOT))
    if target:
        other = state.status[target]
        if other.cover and not used.indirect:
            mods.append(("cover", -other.cover))
        if other.stance == "full_speed":
            mods.append(("target_full_speed", FULL_SPEED_TARGET))
        elif other.stance == "moving_fire" and shot:
            mods.append(("target_moving_fire", MOVING_FIRE_TARGET))
    return Score(used.skill, _own(state, key, mods))


def defense_score(state: TomoState, key: str) -> Score:
    """The defence or evasion check's value (stand-in: the sheet's `defense_skill`)."""
    return Score(state.sheets[key].defense_skill, _own(state, key, []))


def tactics_score(state: TomoState, key: str) -> Score:
    """The tactics check's value (戦術技能, for obstacles)."""
    return Score(state.sheets[key].tactics, _own(state, key, []))


def body_score(state: TomoState, key: str) -> Score:
    """The 「体」 defence roll against a charge (「目標は「体」により防御判定が可能」)."""
    return Score(state.sheets[key].body, _own(state, key, []))
