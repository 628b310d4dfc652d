"""The GURPS fast path's tables as plain arrays, for the compiled duel (`kernel/`).

`pack(tables)` turns a `DuelTables` (two `FighterTables` of different shapes,
dicts keyed by damage type) into one `Packed` tuple of NumPy arrays whose
first axis is the fighter (initiative position), padded to the larger of the
two: what a compiled function can index with a fighter number. The column
constants (`F_*`, `MO_*`, `SL_*`) name the columns of the per-fighter,
per-mode and per-slot integer arrays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.damage_tables import MISS_FIELDS
from senjo.sim.fast_gurps.exchange import CHANCE
from senjo.sim.fast_gurps.layout import (
    SKILL_LO,
    DuelTables,
    FighterTables,
    judge_table,
    knockback_modifier,
)
from senjo.systems.gurps.ai import DROP_COST

__all__ = ["Packed", "pack"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# Columns of `Packed.fighter`.
(
    F_HP,
    F_HT,
    F_HPT,
    F_LPT,
    F_HTK,
    F_KB_SKILL,
    F_DODGE_REELING,
    F_SHIELD,
    F_SHIELD_DB,
    F_DX,
    F_RAPID,
    F_SLOTS,
    F_CRIPPLE_CAP,
    F_SHOCK_UNIT,
    F_MISS_TABLES,
    F_FLEE_AT,
    F_RANGED,
    F_RELOAD,
    F_WILL,
    F_FAST_DRAW,
    F_BASIC_MOVE,
    F_FREE_DROP,
    F_SPARE,
    F_BLOCK,
    F_RANGE_TOP,
    F_SHOT_CAP,
    F_DUAL,
    F_OFF_MODE,
    F_DUAL_MODIFIER,
    F_THROWN,
    F_SHOT_PARRY,
    F_SHOTS,
    F_ROF,
    F_RECOIL,
    F_INDIVIDUALLY,
    F_LEG_SHIFT,
) = range(36)
F_COLUMNS = 36
# Columns of `Packed.mode` (per fighter and attack mode).
(
    MO_SKILL,
    MO_DICE,
    MO_ADDS,
    MO_MINIMUM,
    MO_UNARMED,
    MO_THRUSTING,
    MO_MISS,
    MO_EYE,
    MO_CLOSE,
    MO_HELD,
    MO_WOUNDING,
    MO_KNOCKBACK,
    MO_STEP_OUT,
    MO_BEFORE_SHOT,
) = range(14)
MO_COLUMNS = 14
# Columns of `Packed.slot` (per fighter and defense); kind 0 dodge, 1 parry, 2 block.
(
    SL_KIND,
    SL_BASE,
    SL_RETREAT,
    SL_STEP,
    SL_UNARMED,
    SL_UNBALANCED,
    SL_HELD,
    SL_AOD,
    SL_FUMBLE,
    SL_CLOSE,
) = range(10)
SL_COLUMNS = 10
# Columns of `Packed` miss tables: `damage_tables.MISS_FIELDS`, in its order (checked).
MI_CODE, MI_DICE, MI_ADDS, MI_HALF, MI_TYPE, MI_LOCATION, MI_DR, MI_TRIP, MI_KEY = range(9)
_MISS_ORDER = ("code", "dice", "adds", "half", "type", "location", "dr", "trip", "key")
_KINDS = {"dodge": 0, "parry": 1, "block": 2}


#: The tables, by number (`T_*`): rows of `Packed.layout`. `move`, `reach`, `chance` and
#: `x` hold floats (in `Packed.floats`), the others integers (in `Packed.ints`). The
#: comments give each table's axes.
TABLES = (
    "fighter",
    "move",
    "posture_attack",
    "posture_defense",
    "can_retreat",
    "cache_mode",
    "choose",
    "plan",
    "aod",
    "pickup",
    "mode",
    "reach",
    "slot",
    "offered",
    "miss",
    "self_injury",
    "injury",
    "penetrated",
    "knockback",
    "cripple",
    "lame_part",
    "knockdown_due",
    "knockdown_target",
    "location_penalty",
    "plan_location",
    "plan_deceptive",
    "plan_rapid",
    "crit_entry",
    "crit_max",
    "crit_multiplier",
    "crit_dr",
    "crit_double_shock",
    "crit_major",
    "crit_drop",
    "crit_lose_turn",
    "crit_redirect",
    "crit_fallback",
    "crit_numb",
    "head_location",
    "chance",
    "outcome",
    "knockback_modifier",
    "x",
    "parry_after",
    "redirect",
    "hit_location",
    "shot_skill",
    "shot_value",
    "shot_plan",
    "shot_posture",
    "drop_bonus",
    "recover",
    "drop_cost",
    "empty",
    "choose_value",
    "half_damage",
    "striking",
    "plan_dual",
    "max_range",
    "rapid_bonus",
    "scalars",
)
(
    T_FIGHTER,
    T_MOVE,
    T_POSTURE_ATTACK,
    T_POSTURE_DEFENSE,
    T_CAN_RETREAT,
    T_CACHE_MODE,
    T_CHOOSE,
    T_PLAN,
    T_AOD,
    T_PICKUP,
    T_MODE,
    T_REACH,
    T_SLOT,
    T_OFFERED,
    T_MISS,
    T_SELF_INJURY,
    T_INJURY,
    T_PENETRATED,
    T_KNOCKBACK,
    T_CRIPPLE,
    T_LAME_PART,
    T_KNOCKDOWN_DUE,
    T_KNOCKDOWN_TARGET,
    T_LOCATION_PENALTY,
    T_PLAN_LOCATION,
    T_PLAN_DECEPTIVE,
    T_PLAN_RAPID,
    T_CRIT_ENTRY,
    T_CRIT_MAX,
    T_CRIT_MULTIPLIER,
    T_CRIT_DR,
    T_CRIT_DOUBLE_SHOCK,
    T_CRIT_MAJOR,
    T_CRIT_DROP,
    T_CRIT_LOSE_TURN,
    T_CRIT_REDIRECT,
    T_CRIT_FALLBACK,
    T_CRIT_NUMB,
    T_HEAD_LOCATION,
    T_CHANCE,
    T_OUTCOME,
    T_KNOCKBACK_MODIFIER,
    T_X,
    T_PARRY_AFTER,
    T_REDIRECT,
    T_HIT_LOCATION,
    T_SHOT_SKILL,
    T_SHOT_VALUE,
    T_SHOT_PLAN,
    T_SHOT_POSTURE,
    T_DROP_BONUS,
    T_RECOVER,
    T_DROP_COST,
    T_EMPTY,
    T_CHOOSE_VALUE,
    T_HALF_DAMAGE,
    T_STRIKING,
    T_PLAN_DUAL,
    T_MAX_RANGE,
    T_RAPID_BONUS,
    T_SCALARS,
) = range(61)
#: Floating-point tables.
FLOAT_TABLES = frozenset(
    {
        "move",
        "reach",
        "chance",
        "x",
        "drop_cost",
        "shot_value",
        "choose_value",
        "half_damage",
        "max_range",
    }
)
#: Columns of `Packed.layout`: offset, element strides of up to six axes, first axis length.
I_OFFSET, I_STRIDES, I_LENGTH = 0, 1, 7
#: The width of a row of `Packed.layout` (the kernel reads it flat, at t * I_WIDTH + I_*).
I_WIDTH = 8
# Entries of the scalars table.
SC_MAX_ROUNDS, SC_SKILL_LO, SC_DISTANCE_TOP = 0, 1, 2


class Packed(NamedTuple):
    """Every table of one duel in two flat arrays and an index: what the compiled duel
    passes from function to function at the cost of three arrays, not forty."""

    ints: IntArray
    floats: FloatArray
    #: [table, I_*]: where each table starts and how to step along its axes.
    layout: IntArray
    #: The most defense slots a fighter has.
    slots: int


def _int(values: object) -> IntArray:
    result: IntArray = np.ascontiguousarray(np.asarray(values).astype(np.int64))
    return result


def _some(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The array, or one zero of its rank where it is empty (a fighter in melee has no
    shooter's tables; the kernel never reads them)."""
    if values.size:
        return values
    return np.zeros((1,) * values.ndim, dtype=values.dtype)


def _stack(arrays: list[npt.NDArray[Any]], dtype: type = np.int64) -> npt.NDArray[Any]:
    """Stack per-fighter arrays, zero-padding every axis to the larger."""
    shape = tuple(max(a.shape[i] for a in arrays) for i in range(arrays[0].ndim))
    out = np.zeros((len(arrays), *shape), dtype=dtype)
    for index, array in enumerate(arrays):
        where: tuple[Any, ...] = (index, *(slice(0, n) for n in array.shape))
        out[where] = array
    return out


def pack(t: DuelTables) -> Packed:
    """The tables of one duel as `Packed` arrays."""
    fighters = t.fighters
    wounding = sorted({m.wounding for f in fighters for m in f.modes})
    pushing = sorted({m.damage_type for f in fighters for m in f.modes})
    wounding_index = {key: i for i, key in enumerate(wounding)}
    pushing_index = {key: i for i, key in enumerate(pushing)}

    def fighter_row(f: FighterTables) -> list[int]:
        return [
            f.hp,
            f.ht,
            int(f.high_pain_threshold),
            int(f.low_pain_threshold),
            f.hard_to_kill,
            f.knockback_skill,
            f.dodge_reeling,
            int(f.shield),
            f.shield_db,
            f.dx,
            f.rapid_penalty,
            len(f.slots),
            f.cripple.shape[1] - 1,
            f.hp // 10 if f.hp >= 20 else 1,
            f.miss["code"].shape[0],
            f.flee_at,
            f.ranged,
            f.reload,
            f.will,
            f.fast_draw,
            f.basic_move,
            int(f.free_drop),
            int(f.has_spare),
            next((j for j, slot in enumerate(f.slots) if slot.kind == "block"), -1),
            f.shot_skill.shape[0] - 1 if f.ranged >= 0 else 0,  # its shots' last yard
            f.shot_cap,
            int(f.dual),
            f.off_mode,
            f.dual_modifier,
            int(f.thrown),
            f.shot_parry,
            f.shots,
            f.rof,
            f.recoil,
            int(f.individually),
            f.leg_shift,
        ]

    def modes(f: FighterTables) -> IntArray:
        return _int(
            [
                [
                    m.skill,
                    m.dice,
                    m.adds,
                    m.minimum,
                    m.unarmed,
                    m.thrusting,
                    m.miss,
                    m.eye,
                    m.close,
                    m.held,
                    wounding_index[m.wounding],
                    pushing_index[m.damage_type],
                    m.step_out,
                    m.before_shot,
                ]
                for m in f.modes
            ]
        )

    def slots(f: FighterTables) -> IntArray:
        return _int(
            [
                [
                    _KINDS[s.kind],
                    s.base,
                    s.retreat_bonus,
                    s.parry_step,
                    s.unarmed,
                    s.unbalanced,
                    s.held,
                    s.aod,
                    s.fumble,
                    s.close,
                ]
                for s in f.slots
            ]
        )

    def reach(f: FighterTables) -> FloatArray:
        values = np.zeros(max(len(g.modes) for g in fighters), dtype=np.float64)
        values[: len(f.modes)] = [m.reach for m in f.modes]
        return values

    def by_key(table: Mapping[str, npt.NDArray[Any]], keys: list[str]) -> IntArray:
        # A victim has tables for its foe's keys only (its own weapon never hits it).
        blank = np.zeros_like(next(iter(table.values())))
        return _int(np.stack([table.get(key, blank) for key in keys]))

    return _flatten(
        fighter=_int([fighter_row(f) for f in fighters]),
        move=np.array([f.move for f in fighters], dtype=np.float64),
        posture_attack=_stack([_int(f.posture_attack) for f in fighters]),
        posture_defense=_stack([_int(f.posture_defense) for f in fighters]),
        can_retreat=_stack([_int(f.can_retreat) for f in fighters]),
        cache_mode=_stack([_int(f.cache_mode) for f in fighters]),
        choose=_stack([_int(f.choose) for f in fighters]),
        plan=_stack([_int(f.plan) for f in fighters]),
        aod=_stack([_int(f.aod) for f in fighters]),
        pickup=_stack([_int(f.pickup) for f in fighters]),
        mode=_stack([modes(f) for f in fighters]),
        reach=np.stack([reach(f) for f in fighters]),
        slot=_stack([slots(f) for f in fighters]),
        offered=_stack([_int(f.offered) for f in fighters]),
        miss=_stack([_int(np.stack([f.miss[name] for name in MISS_FIELDS])) for f in fighters]),
        self_injury=_stack([_int(f.self_injury) for f in fighters]),
        injury=_stack([by_key(f.injury, wounding) for f in fighters]),
        penetrated=_stack([by_key(f.penetrated, wounding) for f in fighters]),
        knockback=_stack([by_key(f.knockback, pushing) for f in fighters]),
        cripple=_stack([_int(f.cripple) for f in fighters]),
        lame_part=_stack([_int(f.lame_part) for f in fighters]),
        knockdown_due=_stack([_int(f.knockdown_due) for f in fighters]),
        knockdown_target=_stack([_int(f.knockdown_target) for f in fighters]),
        location_penalty=_stack([_int(f.location_penalty) for f in fighters]),
        plan_location=_int(t.plan_location),
        plan_deceptive=_int(t.plan_deceptive),
        plan_rapid=_int(t.plan_rapid),
        crit_entry=_int(t.crit_entry),
        crit_max=_int(t.crit_max),
        crit_multiplier=_int(t.crit_multiplier),
        crit_dr=_int(t.crit_dr),
        crit_double_shock=_int(t.crit_double_shock),
        crit_major=_int(t.crit_major),
        crit_drop=_int(t.crit_drop),
        crit_lose_turn=_int(t.crit_lose_turn),
        crit_redirect=_int(t.crit_redirect),
        crit_fallback=_int(t.crit_fallback),
        crit_numb=_int(t.crit_numb),
        head_location=_int(t.head_location),
        chance=CHANCE,
        outcome=_int(judge_table()[1]),
        knockback_modifier=_int(knockback_modifier(np.arange(64, dtype=np.int64))),
        x=np.array(t.x, dtype=np.float64),
        parry_after=_stack([_int(f.parry_after) for f in fighters]),
        redirect=_stack([_int(f.redirect) for f in fighters]),
        hit_location=_int(t.hit_location),
        shot_skill=_stack([_int(_some(f.shot_skill)) for f in fighters]),
        shot_value=_stack([_some(f.shot_value) for f in fighters], np.float64),
        shot_plan=_stack([_int(_some(f.shot_plan)) for f in fighters]),
        shot_posture=_stack([_int(_some(f.shot_posture)) for f in fighters]),
        drop_bonus=_stack([_int(_some(f.drop_bonus)) for f in fighters]),
        recover=_stack([_int(_some(f.recover)) for f in fighters]),
        drop_cost=np.array([DROP_COST], dtype=np.float64),
        empty=_stack([_int(_some(f.empty)) for f in fighters]),
        choose_value=_stack([f.choose_value for f in fighters], np.float64),
        half_damage=np.array([min(f.half_damage, 1e18) for f in fighters], dtype=np.float64),
        striking=_stack([_int(f.striking) for f in fighters]),
        plan_dual=_stack([_int(f.plan_dual) for f in fighters]),
        max_range=np.array([min(f.max_range, 1e18) for f in fighters], dtype=np.float64),
        rapid_bonus=_stack([_int(_some(f.rapid_bonus)) for f in fighters]),
        scalars=_int([t.max_rounds, SKILL_LO, t.distance_top]),
    )


def _flatten(**tables: npt.NDArray[np.generic]) -> Packed:
    """Lay the named tables end to end in `Packed.ints` and `Packed.floats`."""
    ints: list[IntArray] = []
    floats: list[FloatArray] = []
    index = np.zeros((len(TABLES), I_WIDTH), dtype=np.int64)
    used = {False: 0, True: 0}
    for number, name in enumerate(TABLES):
        table = tables[name]
        is_float = name in FLOAT_TABLES
        if table.ndim > 6:
            raise ValueError(f"table {name} has more than six axes")
        index[number, I_OFFSET] = used[is_float]
        strides = [int(np.prod(table.shape[axis + 1 :])) for axis in range(table.ndim)]
        index[number, I_STRIDES : I_STRIDES + table.ndim] = strides
        index[number, I_LENGTH] = table.shape[0]
        used[is_float] += table.size
        if is_float:
            floats.append(np.ravel(table).astype(np.float64))
        else:
            ints.append(np.ravel(table).astype(np.int64))
    if MISS_FIELDS != _MISS_ORDER:  # the kernel reads them by the MI_* numbers
        raise ValueError(f"miss table columns {MISS_FIELDS}, not {_MISS_ORDER}")
    widths = {"fighter": F_COLUMNS, "mode": MO_COLUMNS, "slot": SL_COLUMNS, "miss": 19}
    for name, width in widths.items():  # the kernel reads these rows with fixed widths
        if tables[name].shape[-1] != width:
            raise ValueError(f"table {name}: rows of {tables[name].shape[-1]}, not {width}")
    slots = int(tables["fighter"][:, F_SLOTS].max())
    return Packed(
        ints=np.ascontiguousarray(np.concatenate(ints)),
        floats=np.ascontiguousarray(np.concatenate(floats)),
        layout=index,
        slots=max(slots, 1),
    )
