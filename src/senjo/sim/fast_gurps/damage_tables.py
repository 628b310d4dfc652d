"""The GURPS fast path's tables of harm: injury, knockback, criticals hit and missed.

Built once per scenario by the engine's own functions: for each fighter as a
victim, `injury` for every basic damage, location and DR treatment, with
penetration, knockback, crippling, knockdown and the to-hit penalty of each
location (`victim_tables`); the critical hit and head-blow tables read effect
by effect (`critical_arrays`); and the armed and unarmed critical-miss tables
as `criticals._carry_out` would apply them (`miss_table`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from senjo.engine.battle import Battle
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps.accept import DAMAGE_TYPES
from senjo.sim.fast_gurps.layout import (
    CM_BALANCE,
    CM_BROKEN,
    CM_DROP,
    CM_ESCAPE,
    CM_FALL,
    CM_GUARD,
    CM_KNOCKOUT,
    CM_LAME,
    CM_NOTHING,
    CM_REROLL_BREAK,
    CM_REROLL_SELF,
    CM_SELF,
    CM_STRAIN,
    CM_STUMBLE,
    CM_TRIP,
    CM_UNREADY,
    DR_HALF_DOWN,
    DR_HALF_UP,
    DR_IGNORED,
    LAME_ARM,
    LEG_BITS,
    LOC,
    LOCATIONS,
    MAIN_ARM,
    OFF_ARM,
    SELF_TYPES,
    FighterTables,
    Unsupported,
    wounding_key,
)
from senjo.systems.gurps import tables as rule_tables
from senjo.systems.gurps.anatomy import injury_tolerance, wounded_location
from senjo.systems.gurps.criticals import _applies, _facts
from senjo.systems.gurps.damage import DamageDice
from senjo.systems.gurps.effects import Condition, EffectKind
from senjo.systems.gurps.hands import LAME_HAND, LAME_LEG
from senjo.systems.gurps.injury import (
    cripples,
    injury,
    knockback_yards,
    knockdown_modifier,
    knockdown_roll_due,
)
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.table_schema import CriticalEntry, InjuryTolerance
from senjo.systems.gurps.wounds import weapon_dice

__all__ = ["MISS_FIELDS", "critical_arrays", "miss_table", "victim_tables"]

#: The columns of a critical-miss row (the arrays of `FighterTables.miss`).
MISS_FIELDS = ("code", "dice", "adds", "half", "type", "location", "dr", "trip", "key")
#: Critical-miss effects that change nothing the battle depends on (they are only logged).
_INERT = {
    EffectKind.MODERATE_PAIN,
    EffectKind.NATURAL_WEAPON_DAMAGED,
    EffectKind.FLEE_OR_SUBMIT,
    EffectKind.AWKWARD_POSITION,
    EffectKind.IMPALED_ON_WEAPON,
}


def _miss_row(
    fighter: Fighter, mode: AttackMode, facts: Any, entry: CriticalEntry
) -> dict[str, int]:
    """One critical-miss result as `criticals._carry_out` would apply it (see CM_*)."""
    row = dict.fromkeys(MISS_FIELDS, 0)
    row["code"] = CM_ESCAPE
    effects = [e for e in entry.effects if _applies(e, facts)]
    acting = []
    for effect in effects:
        kind = effect.effect
        if kind in _INERT:
            continue
        if mode.unarmed and kind in (
            EffectKind.WEAPON_BREAKS,
            EffectKind.DROP_WEAPON,
            EffectKind.WEAPON_FLIES,
            EffectKind.WEAPON_TURNS_IN_HAND,
        ):
            continue
        acting.append(effect)
    if not acting:
        row["code"] = CM_NOTHING
        return row
    if len(acting) > 1:
        return row
    effect = acting[0]
    kind = effect.effect
    rerolled = effect.reroll_if and any(facts.holds(c) for c in effect.reroll_if)
    if rerolled and kind == EffectKind.WEAPON_BREAKS:
        if effect.if_reroll_differs == "drop_weapon":
            row["code"] = CM_REROLL_BREAK
        return row  # (another way of settling the re-roll: not modelled)
    if rerolled and kind == EffectKind.HIT_SELF and effect.if_reroll_differs != "use_new_result":
        return row
    half = effect.fraction is not None and effect.fraction < 1
    if kind == EffectKind.HIT_SELF:
        dice = weapon_dice(fighter, mode)
        hurt = (dice.dice, dice.adds, half, mode.damage.damage_type.value, "right_leg", 1)
    elif kind == EffectKind.HIT_SOLID_OBJECT:
        dice = fighter.thrust
        place = "foot" if facts.kicking else "hand"
        hurt = (dice.dice, dice.adds, half, "cr", place, 1)
    elif kind in (EffectKind.STRAINED_LIMB, EffectKind.STRAINED_SHOULDER):
        # A limb of no use (`crippling.py`, interpretation 77); a weapon stays in its hand.
        strain = kind == EffectKind.STRAINED_SHOULDER and not mode.unarmed
        row["code"] = CM_STRAIN if strain else CM_LAME
        return row
    elif kind in (EffectKind.TORN_MUSCLE, EffectKind.INJURY_ROLL):
        dice = effect.dice or DamageDice(1, -3)
        hurt = (dice.dice, dice.adds, False, "spec", "right_arm", 0)
    else:
        simple = {
            EffectKind.LOSE_BALANCE: CM_BALANCE,
            EffectKind.WEAPON_TURNS_IN_HAND: CM_UNREADY,
            EffectKind.DROP_WEAPON: CM_DROP,
            EffectKind.WEAPON_FLIES: CM_DROP,
            EffectKind.WEAPON_BREAKS: CM_BROKEN,
            EffectKind.FALL_DOWN: CM_FALL,
            EffectKind.KNOCKED_OUT: CM_KNOCKOUT,
            EffectKind.STUMBLE_PAST: CM_STUMBLE,
            EffectKind.ROLL_OR_FALL: CM_TRIP,
            EffectKind.GUARD_DOWN: CM_GUARD,
        }
        if kind not in simple:
            return row
        row["code"] = simple[kind]
        row["trip"] = effect.modifier or 0 if kind == EffectKind.ROLL_OR_FALL else 0
        return row
    dice_count, adds, halved, damage_type, place, dr = hurt
    row.update(
        code=CM_REROLL_SELF if rerolled else CM_SELF,
        dice=dice_count,
        adds=adds,
        half=int(halved),
        type=SELF_TYPES.index(damage_type),
        location=LOC[place],
        dr=dr,
    )
    return row


def miss_table(
    battle: Battle[Any], key: str, weapon: str, mode: AttackMode, parrying: bool
) -> list[dict[str, int]]:
    """The critical-miss table (armed or unarmed) by 3d6 roll for this weapon and use."""
    fighter: Fighter = battle.state.fighters[key]
    facts = _facts(battle, key, weapon, mode, parrying)
    rows = [dict.fromkeys(MISS_FIELDS, 0) for _ in range(3)]
    first: dict[str, int] = {}  # an entry's key as a number: the first roll it covers
    for roll in range(3, 19):
        entry = (
            rule_tables.unarmed_critical_miss(roll)
            if mode.unarmed
            else rule_tables.critical_miss(roll)
        )
        row = _miss_row(fighter, mode, facts, entry)
        row["key"] = first.setdefault(entry.key, roll)
        rows.append(row)
    return rows


def victim_tables(
    out: FighterTables,
    fighter: Fighter,
    max_basic: int,
    divided: Iterable[tuple[str, float]] = (),
) -> None:
    """Injury, knockback, crippling and knockdown tables for hits on this fighter (with its
    Injury Tolerance, as `wounds.deal_damage` and `apply_injury` work them out): for each
    damage type, and for each (type, armor divisor) in `divided` (the foe's weapons)."""
    tolerance = injury_tolerance(fighter)
    wanted = [(t, 1.0) for t in DAMAGE_TYPES] + [(t, d) for t, d in divided if d != 1]
    for damage_type, divisor in wanted:
        wounds = np.zeros((len(LOCATIONS), 4, max_basic + 1), dtype=np.int64)
        pierced = np.zeros((len(LOCATIONS), 4, max_basic + 1), dtype=np.bool_)
        # Every location, even one this damage type cannot be aimed at: the off hand's blow
        # of a Dual-Weapon Attack lands where the main hand's plan aimed (interpretation 18).
        for loc, location in enumerate(LOCATIONS):
            dr, wounded = fighter.dr_at(location), wounded_location(fighter, location)
            for treatment in range(4):
                ignore = treatment == DR_IGNORED
                halving = {DR_HALF_DOWN: "down", DR_HALF_UP: "up"}.get(treatment, "none")
                for basic in range(max_basic + 1):
                    wound = injury(
                        basic,
                        damage_type,
                        0 if ignore else dr,
                        wounded,
                        armor_divisor=divisor,
                        injury_tolerance=tolerance,
                        hp=fighter.hp,
                        location_dr=not ignore,
                        dr_halving=halving,  # type: ignore[arg-type]
                    )
                    through = wound.penetrating > 0
                    hurt_by = wound.injury
                    if not through and wound.blunt_trauma and fighter.flexible_armor:
                        hurt_by = wound.blunt_trauma  # B379, as `wounds.deal_damage`
                    wounds[loc, treatment, basic] = hurt_by
                    pierced[loc, treatment, basic] = through
        out.injury[wounding_key(damage_type, divisor)] = wounds
        out.penetrated[wounding_key(damage_type, divisor)] = pierced
        if divisor != 1:
            continue  # knockback does not depend on the divisor
        knock = np.zeros((max_basic + 1, 2), dtype=np.int64)
        for basic in range(max_basic + 1):
            for pen in (0, 1):
                knock[basic, pen] = knockback_yards(
                    basic, damage_type, st=fighter.st, penetrated=bool(pen)
                )
        out.knockback[damage_type] = knock
    hurt = np.zeros((len(SELF_TYPES), len(LOCATIONS), 2, max_basic + 1), dtype=np.int64)
    pierced_self = np.zeros(hurt.shape, dtype=np.bool_)
    for t, damage_type in enumerate(SELF_TYPES):
        for part in ("right_leg", "right_arm", "hand", "foot"):
            for dr in (0, 1):
                armor = fighter.dr_at(part) if dr else 0
                for basic in range(max_basic + 1):
                    wound = injury(
                        basic,
                        damage_type,
                        armor,
                        part,
                        hp=fighter.hp,
                        injury_tolerance=tolerance,
                    )
                    hurt[t, LOC[part], dr, basic] = wound.injury
                    pierced_self[t, LOC[part], dr, basic] = wound.penetrating > 0
    out.self_injury = hurt
    out.self_penetrated = pierced_self
    most = int(max(max(w.max() for w in out.injury.values()), hurt.max())) + 1
    out.cripple = np.array(
        [[cripples(i, loc, fighter.hp, tolerance) for i in range(most)] for loc in LOCATIONS],
        dtype=np.bool_,
    )

    # A crippled eye (One Eye, then blind: `sight.py`): the battle escapes (`W_CRIPPLED`);
    # the main arm or hand: the state MAIMED; the off arm: OFF_LAME; a leg or foot: its
    # bit (`LEG_BITS`). Numbed, each escapes.
    def lame(loc: str) -> int:
        if tolerance == InjuryTolerance.DIFFUSE:
            return 0
        if loc in LAME_HAND[0]:
            return MAIN_ARM
        if loc in LAME_HAND[1]:
            return OFF_ARM
        if loc in LAME_LEG:
            return LEG_BITS[loc]
        return LAME_ARM if loc == "eye" else 0

    out.lame_part = np.array([lame(loc) for loc in LOCATIONS], dtype=np.int64)
    # Crippling goes by where the blow lands, knockdown by the location it wounds as
    # (`wounds.apply_injury`, `wounded_location`).
    out.knockdown_due = np.array(
        [
            [
                knockdown_roll_due(i, fighter.hp, wounded_location(fighter, loc), tolerance)
                for i in range(most)
            ]
            for loc in LOCATIONS
        ],
        dtype=np.bool_,
    )
    hpt = 3 if fighter.has("high_pain_threshold") else 0
    out.knockdown_target = np.array(
        [
            fighter.ht
            + knockdown_modifier(wounded_location(fighter, loc), injury_tolerance=tolerance)
            + hpt
            for loc in LOCATIONS
        ],
        dtype=np.int64,
    )
    shielded = fighter.shield is not None
    # ... plus its size modifier, added to every attack on it (`attack.attack_score`)
    out.location_penalty = fighter.size_modifier + np.array(
        [
            [
                0 if loc == "torso" else rule_tables.location_penalty(loc),
                0
                if loc == "torso"
                else rule_tables.location_penalty(loc, shield_arm=shielded and loc == "left_arm"),
            ]
            for loc in LOCATIONS
        ],
        dtype=np.int64,
    )


def critical_arrays() -> dict[str, Any]:
    entries: list[CriticalEntry] = []
    entry_index: dict[tuple[str, str], int] = {}
    table = np.zeros((2, 19), dtype=np.int64)
    for head in (0, 1):
        for roll in range(3, 19):
            entry = rule_tables.critical_head_blow(roll) if head else rule_tables.critical_hit(roll)
            slot = ("head" if head else "body", entry.key)
            if slot not in entry_index:
                entry_index[slot] = len(entries)
                entries.append(entry)
            table[head, roll] = entry_index[slot]
    count = len(entries)
    arrays: dict[str, Any] = {
        "crit_entry": table,
        "crit_max": np.zeros(count, dtype=np.bool_),
        "crit_multiplier": np.ones(count, dtype=np.int64),
        "crit_dr": np.zeros(count, dtype=np.int64),
        "crit_double_shock": np.zeros(count, dtype=np.bool_),
        "crit_major": np.zeros(count, dtype=np.bool_),
        "crit_drop": np.zeros(count, dtype=np.bool_),
        "crit_lose_turn": np.zeros(count, dtype=np.bool_),
        "crit_redirect": np.zeros(count, dtype=np.bool_),
        "crit_fallback": np.zeros(count, dtype=np.int64),
        "crit_numb": np.zeros(count, dtype=np.bool_),
    }
    inert = {
        EffectKind.DEFENSE_IMPOSSIBLE,
        EffectKind.NORMAL_DAMAGE,
        EffectKind.DEAFENED,
        EffectKind.SCARRED,
        EffectKind.DROP_WEAPON,  # not applied to the victim by the engine's deal_damage
    }
    for index, entry in enumerate(entries):
        for effect in entry.effects:
            kind = effect.effect
            when = set(effect.when)
            if kind in inert:
                continue
            if kind == EffectKind.MAX_DAMAGE:
                arrays["crit_max"][index] = True
            elif kind == EffectKind.BRIEF_CRIPPLING:
                arrays["crit_numb"][index] = True  # on a limb it penetrates: escapes
            elif kind == EffectKind.DAMAGE_MULTIPLIER and effect.value:
                arrays["crit_multiplier"][index] = effect.value
            elif kind == EffectKind.DR_HALVED:
                arrays["crit_dr"][index] = DR_HALF_UP if effect.rounding == "up" else DR_HALF_DOWN
            elif kind == EffectKind.IGNORE_DR:
                arrays["crit_dr"][index] = DR_IGNORED
            elif kind == EffectKind.DOUBLE_SHOCK and when <= {Condition.PENETRATES}:
                arrays["crit_double_shock"][index] = True
            elif kind == EffectKind.MAJOR_WOUND and when <= {Condition.PENETRATES}:
                arrays["crit_major"][index] = True
            elif kind == EffectKind.DROP_HELD_ITEMS and not when:
                arrays["crit_drop"][index] = True
            elif kind == EffectKind.LOSE_NEXT_TURN and not when:
                arrays["crit_lose_turn"][index] = True
            elif kind == EffectKind.REDIRECT_TO_EYE:
                arrays["crit_redirect"][index] = True
                fallback = rule_tables.critical_head_blow(effect.fallback_roll or 4)
                arrays["crit_fallback"][index] = entry_index[("head", fallback.key)]
            else:
                raise Unsupported(
                    Reason(
                        f"critical result {entry.key} ({kind.value}) is not modelled",
                        f"クリティカルの結果 {entry.key}（{kind.value}）は扱わない",
                    )
                )
    return arrays
