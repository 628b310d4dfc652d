"""Every check's value in a トモガミ battle, with the named modifiers behind it.

The maneuver check (機動判定値: 「動」 + skill, the environment modifier, −1 per band
crossed), the attack check (the weapon's value, less the target's cover) and the
defence roll. What changes a value for a turn (a fall, a stance) adds its modifier here.

>>> from senjo.systems.tomogami.model import Sheet
>>> state = TomoState.start({"a": Sheet("a", "A", "A", "x", mobility=4, maneuver=3)})
>>> maneuver_score(state, "a", 1).describe()
'7 -1 (units) = 6'
"""

from __future__ import annotations

from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tomogami.state import TomoState

__all__ = ["attack_score", "defense_score", "maneuver_score"]


def maneuver_score(state: TomoState, key: str, crossed: int = 0) -> Score:
    """The maneuver check's value: 機動判定値 (「動」 + skill), the environment modifier
    (環境機動修正) and −1 per band crossed."""
    sheet = state.sheets[key]
    mods: list[tuple[str, int]] = []
    environment = sheet.environment_modifier(state.rules.environment)
    if environment:
        mods.append(("environment", environment))
    if crossed:
        mods.append(("units", -crossed))
    return Score(sheet.maneuver_value, Modifiers(tuple(mods)))


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
