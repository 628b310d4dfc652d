"""Seed 002 B. 武技 (techniques): the four the seed describes, in our words, and how
each resolves.

Every technique has a requirement (必要T値, on the user's own T), a T drop (下降T値,
taken after it resolves), its FAP and MAP, a hit modifier, and its effect:

- 足払い (leg sweep): with a pole weapon or spear; on a hit no damage, the target rolls
  dexterity less the user's combat skill and falls on a failure (転倒, T −2);
- 居合い (iai draw): only with a sheathed weapon (it is drawn after); chosen before the
  hit roll, the lower hit die counts 6, or every damage die counts at least 3;
- 鬼の爪 (demon's claw): ignores up to the skill × 2 of physical protection;
- 二刀流 (two swords): two one-handed weapons, two attacks in one action at −1, each at
  its own target; with a replacement, both at one target.

A technique's hit roll is not a direct attack's for T (option `technique_gain`,
interpretation 25); unmet requirements at resolution make it a plain direct attack with
the same weapon (interpretation 26). 足払い reaches 1–2 m, the others as their weapon
(`field.py`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.advantage import FALL, change
from senjo.systems.tvalue.clauses import NONE, REPLACEMENTS, Effects, costs, effects
from senjo.systems.tvalue.events import TvConditionChanged, TvRequirementUnmet
from senjo.systems.tvalue.model import Depth, Fighter, Technique, Weapon
from senjo.systems.tvalue.rolls import check
from senjo.systems.tvalue.state import TvState

__all__ = [
    "IAI_OPTIONS",
    "TECHNIQUES",
    "Technique",
    "clause_effects",
    "fall",
    "partner",
    "requirement_holds",
    "struck_with",
    "sweep_check",
    "takes_replacements",
    "technique_costs",
    "technique_of",
    "technique_weapons",
]


#: The seed's four techniques: requirement (absolute T at least), T drop, FAP, MAP, hit,
#: and 足払い's range.
TECHNIQUES: Final = {
    "leg_sweep": Technique("leg_sweep", 0, 0, 7, 2, -2, reach=(1, 2)),  # 足払い 射程＝1〜2
    "iai": Technique("iai", 0, 2, 7, 3, 0),  # 居合い
    "oni_claw": Technique("oni_claw", 1, 1, 7, 3, 0),  # 鬼の爪
    "two_swords": Technique("two_swords", 0, 0, 9, 2, -1),  # 二刀流
}


def technique_of(sheet: Fighter, key: str) -> Technique:
    """The technique `key` as `sheet` has it: its scenario's own, or the seed's."""
    for own in sheet.own_techniques:
        if own.key == key:
            return own
    return TECHNIQUES[key]


def clause_effects(state: TvState, key: str, target: str, used: Technique) -> Effects:
    """What an ability technique's T-scaled clauses (異能技のデータ変動) add now, `key`'s
    T read as it is and less `target`'s."""
    if not used.clauses:
        return NONE
    relative = state.relative(key, target) if target in state.status else 0
    status = state.status[key]
    return effects(used.clauses, status.t, relative, status.hp, status.mp)


def takes_replacements(sheet: Fighter, name: str) -> bool:
    """Whether technique `name` may be declared with a direct-attack replacement (an
    ability's 「「直接攻撃の置き換え」のどれかの効果を選択できる」)."""
    return any(c.kind == REPLACEMENTS for c in technique_of(sheet, name).clauses)


def technique_costs(state: TvState, key: str, name: str) -> tuple[int, int, int]:
    """(FAP, MAP, MP) technique `name` costs `key` now, its cost clauses read at its T."""
    used = technique_of(state.sheets[key], name)
    return costs(used.clauses, state.status[key].t, used.fap, used.map, used.mp)


def struck_with(weapon: Weapon, used: Technique, now: Effects = NONE) -> Weapon:
    """The weapon as a technique strikes with it: its damage modifier (ダメージ修正) and
    its clauses' added, its depth (深度) when it has one, raised by the clauses' ranks
    (up to 対神), the clauses' multiplier."""
    if not used.damage and used.depth is None and now == NONE:
        return weapon
    depth = weapon.depth if used.depth is None else used.depth
    return replace(
        weapon,
        flat=weapon.flat + used.damage + now.damage,
        depth=Depth(max(Depth.PHYSICAL, min(Depth.DIVINE, depth + now.ranks))),
        times=weapon.times * now.times,
    )


#: 居合い's choice before the hit roll: the lower hit die counts 6, or damage dice at least 3.
IAI_OPTIONS: Final = (Choice("hit"), Choice("damage"))


def partner(sheet: Fighter, weapon: Weapon) -> Weapon | None:
    """二刀流's second weapon: the next other one-handed weapon on the sheet."""
    if weapon.hands != 1:
        return None
    return next(
        (
            w
            for w in sheet.weapons
            if w.hands == 1 and w.key != weapon.key and w.delivery == "direct"
        ),
        None,
    )


def technique_weapons(state: TvState, key: str, technique: str) -> tuple[Weapon, ...]:
    """The weapons `key` can declare a technique with now: a pole weapon for the leg sweep,
    a still-sheathed one for iai (once each), the first of a one-handed pair for two
    swords, any weapon for the demon's claw."""
    sheet, status = state.sheets[key], state.status[key]
    if technique not in sheet.techniques:
        return ()
    chosen = []
    if technique == "two_swords" and "arm" in status.useless:
        return ()
    for weapon in sheet.weapons:
        if weapon.delivery != "direct" or weapon.key in status.dropped:
            continue
        if technique == "leg_sweep" and not weapon.pole:
            continue
        if technique == "iai" and (
            not weapon.sheathed
            or weapon.key in status.drawn
            or f"iai:{weapon.key}" in status.declared
        ):
            continue
        if technique == "two_swords":
            second = partner(sheet, weapon)
            if (
                second is None
                or second.key in status.dropped
                or sheet.weapons.index(second) < sheet.weapons.index(weapon)
            ):
                continue
        chosen.append(weapon)
    return tuple(chosen)


def fall(battle: Battle[TvState], key: str) -> None:
    """「転倒すると2点減少」: prone, T −2 (a fighter already down on the ground does not
    fall again)."""
    status = battle.state.status[key]
    if status.prone:
        return
    status.prone = True
    battle.emit(TvConditionChanged(key, "prone", True))
    change(battle, key, FALL, "fall")


def requirement_holds(battle: Battle[TvState], key: str, technique: Technique) -> bool:
    """The technique's requirement just before resolution; unmet, it says so."""
    had = battle.state.status[key].t
    if had >= technique.needed:
        return True
    battle.emit(TvRequirementUnmet(key, technique.key, "absolute", technique.needed, had))
    return False


def sweep_check(battle: Battle[TvState], key: str, target: str, weapon: Weapon) -> None:
    """足払い's effect: the target's dexterity check less the user's skill; falls on a
    failure."""
    dexterity = battle.state.sheets[target].dexterity
    modifiers = [("leg_sweep", -weapon.skill)]
    if battle.state.status[target].held_by:
        modifiers.append(("held", -4))
    score = Score(dexterity, Modifiers.of(*modifiers))
    if not check(battle, target, "leg_sweep", score).success:
        fall(battle, target)
