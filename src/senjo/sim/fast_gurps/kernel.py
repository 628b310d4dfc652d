"""The GURPS fast path's duel compiled with Numba: one battle at a time, in machine code.

The same model as the NumPy turn loop (`batch.py`, `exchange.py`,
`state.py`), step for step and die for die, written for one battle at a time
over the packed tables (`packed.py`) instead of over arrays of battles: so it
gives every battle exactly the result the NumPy model gives it (a test holds
them equal), many times faster. Each function here mirrors the method of the
same name there; read those for the rules and the engine functions they
follow.

A battle's state is a small integer array `s[field, fighter]` (fields `S_*`),
its parry counts `par[fighter, slot]`, the fighters' places `x[fighter]`, and
a context `c`: how many dice it has rolled, its status (playing, escaped)
and its index; its dice come from its stream (`streams.py`), whose state is
`st[0]`. Only the functions `play` calls are compiled, on first use, and
kept in Numba's cache.

This module is longer than senjo's modules should be, on purpose: Numba
decides whether a cached `play` is still valid by this file alone, so a
step moved to another module could change without recompiling the battle
loop that inlines it. Its sections follow the NumPy model's modules: dice
and helpers (`state.py`), defenses, criticals, damage and injury, and the
attack (`exchange.py`), and the turn (`batch.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.layout import (
    BROKEN,
    CM_BALANCE,
    CM_BROKEN,
    CM_DROP,
    CM_ESCAPE,
    CM_FALL,
    CM_GUARD,
    CM_KNOCKOUT,
    CM_SELF,
    CM_STUMBLE,
    CM_TRIP,
    CM_UNREADY,
    D_MAX,
    D_MIN,
    DR_NORMAL,
    DROPPED,
    ESCAPE,
    KNEELING,
    LOC,
    LYING,
    M_ATTACK,
    M_MOVE,
    M_NONE,
    M_NOTHING,
    M_POSTURE,
    M_READY,
    PICK_NONE,
    PICK_SHIELD,
    PICK_WEAPON,
    READY,
    STANDING,
    UNREADY,
)
from senjo.sim.fast_gurps.packed import (
    F_COLUMNS,
    F_CRIPPLE_CAP,
    F_DODGE_REELING,
    F_DX,
    F_HP,
    F_HPT,
    F_HT,
    F_HTK,
    F_KB_SKILL,
    F_LPT,
    F_MISS_TABLES,
    F_RAPID,
    F_SHIELD,
    F_SHIELD_DB,
    F_SHOCK_UNIT,
    F_SLOTS,
    I_LENGTH,
    I_OFFSET,
    I_STRIDES,
    MO_ADDS,
    MO_CLOSE,
    MO_COLUMNS,
    MO_DICE,
    MO_EYE,
    MO_KNOCKBACK,
    MO_MAIN,
    MO_MINIMUM,
    MO_MISS,
    MO_SKILL,
    MO_THRUSTING,
    MO_UNARMED,
    MO_WOUNDING,
    SC_MAX_ROUNDS,
    SC_SKILL_LO,
    SL_AOD,
    SL_BASE,
    SL_CLOSE,
    SL_COLUMNS,
    SL_FUMBLE,
    SL_KIND,
    SL_MAIN,
    SL_RETREAT,
    SL_STEP,
    SL_UNARMED,
    SL_UNBALANCED,
    T_AOD,
    T_CACHE_MODE,
    T_CAN_RETREAT,
    T_CHANCE,
    T_CHOOSE,
    T_CRIPPLE,
    T_CRIT_DOUBLE_SHOCK,
    T_CRIT_DR,
    T_CRIT_DROP,
    T_CRIT_ENTRY,
    T_CRIT_FALLBACK,
    T_CRIT_LOSE_TURN,
    T_CRIT_MAJOR,
    T_CRIT_MAX,
    T_CRIT_MULTIPLIER,
    T_CRIT_REDIRECT,
    T_FIGHTER,
    T_HEAD_LOCATION,
    T_INJURY,
    T_KNOCKBACK,
    T_KNOCKBACK_MODIFIER,
    T_KNOCKDOWN_DUE,
    T_KNOCKDOWN_TARGET,
    T_LOCATION_PENALTY,
    T_MISS,
    T_MODE,
    T_MOVE,
    T_OUTCOME,
    T_PENETRATED,
    T_PICKUP,
    T_PLAN,
    T_PLAN_DECEPTIVE,
    T_PLAN_LOCATION,
    T_PLAN_RAPID,
    T_POSTURE_ATTACK,
    T_POSTURE_DEFENSE,
    T_REACH,
    T_SCALARS,
    T_SELF_INJURY,
    T_SLOT,
    T_X,
)
from senjo.sim.fast_gurps.streams import GAMMA, LOW, M1, M2, REJECT

__all__ = ["play"]

_F = TypeVar("_F", bound=Callable[..., Any])


#: Compiled without Numba's reference counting (nothing here allocates, and counting the
#: references of the tables' arrays at every call would cost more than the duel), every
#: step inlined into the battle loop, and without checks for division by zero (no
#: divisor here can be zero: HP, the shock unit, 2, a distance tested first).
_OPTIONS: dict[str, Any] = {
    "cache": True,
    "nogil": True,
    "_nrt": False,
    "forceinline": True,
    "error_model": "numpy",
}


def _jit(function: _F) -> _F:
    return cast(_F, numba.njit(**_OPTIONS)(function))


IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
U64 = npt.NDArray[np.uint64]

# Fields of a battle's state s[field, fighter].
(
    S_HP,
    S_POSTURE,
    S_SHOCK,
    S_SHOCK_NEXT,
    S_STUNNED,
    S_CONSCIOUS,
    S_DEAD,
    S_MAN,
    S_DEFENDED_NOW,
    S_RETREATED,
    S_BLOCKS,
    S_ATTACKED,
    S_BALANCE,
    S_SKIP_NEXT,
    S_WEAPON,
    S_SHIELD,
    S_HAND,
    S_GUARD,
) = range(18)
S_FIELDS = 18
# The context c: next die, status, row.
C_PTR, C_STATUS, C_ROW = 0, 1, 2
PLAYING, ESCAPED = 0, 1
CLOSE = 0.5
NO_SCORE = -(10**6)
# Shifts and the die's size as unsigned 64-bit numbers (mixing them with signed ones
# would turn the arithmetic into floating point).
_S27, _S30, _S31, _S32, _SIX = (np.uint64(k) for k in (27, 30, 31, 32, 6))
_EYE, _FACE, _SKULL = LOC["eye"], LOC["face"], LOC["skull"]
LAST_SIDE, ROUND_LIMIT, ALL_DOWN = 0, 1, 2
# Columns of the miss tables (`damage_tables.MISS_FIELDS`).
MI_CODE, MI_DICE, MI_ADDS, MI_HALF, MI_TYPE, MI_LOCATION, MI_DR, MI_TRIP = range(8)
# Columns of the per-battle results `res[field, fighter, battle]`.
R_ATTACKS, R_HITS, R_DEFENSES, R_DEFENDED, R_DEALT, R_TAKEN = range(6)


# --- reading the packed tables (`packed.py`): table t at indices a, b, ... ------------------


# Every table is C-contiguous: its last axis has stride 1, so no stride is read for it.


@_jit
def _i1(P: IntArray, K: IntArray, t: int, a: int) -> int:
    return int(P[K[t, I_OFFSET] + a])


@_jit
def _i2(P: IntArray, K: IntArray, t: int, a: int, b: int) -> int:
    return int(P[K[t, I_OFFSET] + a * K[t, I_STRIDES] + b])


@_jit
def _i3(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int) -> int:
    k = K[t]
    return int(P[k[I_OFFSET] + a * k[I_STRIDES] + b * k[I_STRIDES + 1] + c])


@_jit
def _i4(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int, d: int) -> int:
    k = K[t]
    at = k[I_OFFSET] + a * k[I_STRIDES] + b * k[I_STRIDES + 1] + c * k[I_STRIDES + 2]
    return int(P[at + d])


@_jit
def _i5(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int, d: int, e: int) -> int:
    k = K[t]
    at = k[I_OFFSET] + a * k[I_STRIDES] + b * k[I_STRIDES + 1] + c * k[I_STRIDES + 2]
    return int(P[at + d * k[I_STRIDES + 3] + e])


@_jit
def _i6(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int, d: int, e: int, g: int) -> int:
    k = K[t]
    at = k[I_OFFSET] + a * k[I_STRIDES] + b * k[I_STRIDES + 1] + c * k[I_STRIDES + 2]
    return int(P[at + d * k[I_STRIDES + 3] + e * k[I_STRIDES + 4] + g])


@_jit
def _f1(PF: FloatArray, K: IntArray, t: int, a: int) -> float:
    return float(PF[K[t, I_OFFSET] + a])


@_jit
def _f2(PF: FloatArray, K: IntArray, t: int, a: int, b: int) -> float:
    return float(PF[K[t, I_OFFSET] + a * K[t, I_STRIDES] + b])


@_jit
def _fighter(P: IntArray, K: IntArray, f: int, column: int) -> int:
    """`Packed` fighter table, column F_* (rows of `F_COLUMNS`)."""
    return int(P[K[T_FIGHTER, I_OFFSET] + f * F_COLUMNS + column])


@_jit
def _mode(P: IntArray, K: IntArray, f: int, mode: int, column: int) -> int:
    """`Packed` mode table, column MO_* (rows of `MO_COLUMNS`)."""
    return int(P[K[T_MODE, I_OFFSET] + f * K[T_MODE, I_STRIDES] + mode * MO_COLUMNS + column])


@_jit
def _slot(P: IntArray, K: IntArray, f: int, slot: int, column: int) -> int:
    """`Packed` defense-slot table, column SL_* (rows of `SL_COLUMNS`)."""
    return int(P[K[T_SLOT, I_OFFSET] + f * K[T_SLOT, I_STRIDES] + slot * SL_COLUMNS + column])


@_jit
def _miss(P: IntArray, K: IntArray, f: int, column: int, table: int, roll: int) -> int:
    """`Packed` critical-miss tables, column MI_*, by 3d6 roll (0-18)."""
    at = K[T_MISS, I_OFFSET] + f * K[T_MISS, I_STRIDES] + column * K[T_MISS, I_STRIDES + 1]
    return int(P[at + table * 19 + roll])


# --- dice -------------------------------------------------------------------------------------


@_jit
def _die(c: IntArray, st: U64) -> int:
    """The battle's next d6 (`streams.draw`, one die)."""
    c[C_PTR] += 1
    while True:
        z = st[0] + GAMMA
        st[0] = z
        z = (z ^ (z >> _S30)) * M1
        z = (z ^ (z >> _S27)) * M2
        z = z ^ (z >> _S31)
        product = (z >> _S32) * _SIX
        if (product & LOW) >= REJECT:
            return int(product >> _S32) + 1


@_jit
def _roll3(c: IntArray, st: U64) -> int:
    return _die(c, st) + _die(c, st) + _die(c, st)


@_jit
def _check(
    P: IntArray, PF: FloatArray, K: IntArray, c: IntArray, st: U64, skill: int
) -> tuple[int, int]:
    roll = _roll3(c, st)
    rows = K[T_OUTCOME, I_LENGTH]
    index = min(max(skill - _i1(P, K, T_SCALARS, SC_SKILL_LO), 0), rows - 1)
    return _i2(P, K, T_OUTCOME, index, roll), skill - roll


@_jit
def _success(outcome: int) -> bool:
    return outcome == 1 or outcome == 2


# --- helpers ----------------------------------------------------------------------------------


@_jit
def _escape(c: IntArray, used: IntArray) -> None:
    if c[C_STATUS] == PLAYING:
        c[C_STATUS] = ESCAPED
        used[c[C_ROW]] = c[C_PTR]


@_jit
def _active(s: IntArray, f: int) -> bool:
    return bool(s[S_CONSCIOUS, f] == 1 and s[S_DEAD, f] == 0)


@_jit
def _knock_out(s: IntArray, v: int) -> None:
    if _active(s, v):
        s[S_CONSCIOUS, v] = 0
        s[S_STUNNED, v] = 0
        s[S_POSTURE, v] = LYING


@_jit
def _die_now(s: IntArray, v: int) -> None:
    s[S_DEAD, v] = 1
    s[S_CONSCIOUS, v] = 0


@_jit
def _step_toward(x: npt.NDArray[np.float64], f: int, budget: float, stop_at: float) -> None:
    start = x[f]
    goal = x[1 - f]
    distance = abs(goal - start)
    travel = min(budget, distance - stop_at)
    if travel > 0 and distance != 0:
        x[f] = start + (goal - start) * (travel / distance)


@_jit
def _step_away(x: npt.NDArray[np.float64], f: int, budget: float) -> None:
    start = x[f]
    threat = x[1 - f]
    distance = abs(start - threat)
    if distance == 0:
        x[f] = start + budget
    else:
        x[f] = start + (start - threat) * (budget / distance)


@_jit
def _distance_class(d: float) -> int:
    if d < CLOSE:
        return 0
    if d <= 1.0:
        return 1
    if d <= 2.0:
        return 2
    return 3


@_jit
def _clip_defense(score: int) -> int:
    return min(max(score, D_MIN), D_MAX) - D_MIN


# --- defenses ---------------------------------------------------------------------------------


@_jit
def _slot_score(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    v: int,
    j: int,
    a: int,
    mode: int,
    deceptive: int,
    close: bool,
) -> tuple[int, bool, int]:
    """`Exchange.defense_scores` for one slot: (score, available, retreat bonus)."""
    shield = s[S_SHIELD, v] == 1
    common = (
        -(0 if (shield and not close) else _fighter(P, K, v, F_SHIELD_DB))
        - 4 * s[S_STUNNED, v]
        + _i2(P, K, T_POSTURE_DEFENSE, v, s[S_POSTURE, v])
        - 2 * s[S_BALANCE, v]
        - 2 * s[S_GUARD, v]
        - deceptive
    )
    retreated = s[S_RETREATED, v] == 1
    score = (
        _slot(P, K, v, j, SL_BASE) + common + (_slot(P, K, v, j, SL_RETREAT) if retreated else 0)
    )
    if s[S_MAN, v] == _slot(P, K, v, j, SL_AOD):
        score += 2
    available = True
    kind = _slot(P, K, v, j, SL_KIND)
    if kind == 0:
        if 3 * s[S_HP, v] < _fighter(P, K, v, F_HP):
            score -= _fighter(P, K, v, F_DODGE_REELING)
    elif kind == 1:
        score -= _slot(P, K, v, j, SL_STEP) * par[v, j]
        if _slot(P, K, v, j, SL_UNARMED) == 1:
            armed = (
                _mode(P, K, a, mode, MO_UNARMED) == 0 and _mode(P, K, a, mode, MO_THRUSTING) == 0
            )
            if armed:
                score -= 3
        if _slot(P, K, v, j, SL_MAIN) == 1 and s[S_WEAPON, v] != READY:
            available = False
        if _slot(P, K, v, j, SL_UNBALANCED) == 1 and s[S_ATTACKED, v] == 1:
            available = False
        if _slot(P, K, v, j, SL_CLOSE) == 0 and close:
            available = False
    else:
        available = shield and s[S_BLOCKS, v] == 0 and not close
    bonus = 0 if retreated else _slot(P, K, v, j, SL_RETREAT)
    return score, available, bonus


@_jit
def _can_retreat(P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, v: int) -> bool:
    return _i2(P, K, T_CAN_RETREAT, v, s[S_POSTURE, v]) == 1 and s[S_RETREATED, v] == 0


@_jit
def _best_defense(
    P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, par: IntArray, v: int, a: int, mode: int
) -> int:
    retreat = _can_retreat(P, PF, K, s, v)
    best = NO_SCORE
    for j in range(_fighter(P, K, v, F_SLOTS)):
        score, available, bonus = _slot_score(P, PF, K, s, par, v, j, a, mode, 0, False)
        total = score + (bonus if retreat else 0)
        if not available:
            total = NO_SCORE
        if j == 0 or total > best:
            best = total
    return best


@_jit
def _chance(P: IntArray, PF: FloatArray, K: IntArray, score: int) -> float:
    return float(_f1(PF, K, T_CHANCE, min(max(score, -20), 40) + 20))


@_jit
def _defend(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    used: IntArray,
    v: int,
    a: int,
    mode: int,
    deceptive: int,
) -> bool:
    """GurpsAI._defense and the roll (`Exchange.defend`); True if the attack is stopped."""
    close = abs(x[0] - x[1]) < CLOSE
    retreat = _can_retreat(P, PF, K, s, v)
    count = _fighter(P, K, v, F_SLOTS)
    best_value = -1.0
    choice = 0
    chosen_score = 0
    chosen_bonus = 0
    last_score = 0
    last_bonus = 0
    for j in range(count):
        score, available, bonus = _slot_score(P, PF, K, s, par, v, j, a, mode, deceptive, close)
        last_score, last_bonus = score, bonus
        if available:
            plain = _chance(P, PF, K, score)
            if plain > best_value:
                best_value, choice, chosen_score, chosen_bonus = plain, 1 + 2 * j, score, bonus
            if retreat:
                back = _chance(P, PF, K, score + bonus) + 0.001
                if back > best_value:
                    best_value, choice, chosen_score, chosen_bonus = back, 2 + 2 * j, score, bonus
    if choice == 0:  # no defense: the NumPy model reads the last slot, retreating
        slot, retreating, chosen_score, chosen_bonus = count - 1, True, last_score, last_bonus
    else:
        slot, retreating = (choice - 1) // 2, (choice - 1) % 2 == 1
    score = chosen_score + (chosen_bonus if retreating else 0)
    kind = _slot(P, K, v, slot, SL_KIND)
    outcome, _ = _check(P, PF, K, c, st, score)
    res[R_DEFENSES, v, c[C_ROW]] += 1
    s[S_DEFENDED_NOW, v] = 1
    if retreating:
        s[S_RETREATED, v] = 1
    if kind == 1:
        par[v, slot] += 1
    elif kind == 2:
        s[S_BLOCKS, v] += 1
    stopped = _success(outcome)
    if stopped:
        res[R_DEFENDED, v, c[C_ROW]] += 1
    if outcome == 3:
        if kind == 0:
            s[S_POSTURE, v] = LYING
        elif kind == 2:
            s[S_SHIELD, v] = 0
            s[S_HAND, v] = UNREADY
        else:
            table = _slot(P, K, v, slot, SL_FUMBLE)
            if table < 0:
                table += _fighter(P, K, v, F_MISS_TABLES)
            _critical_miss(P, PF, K, s, x, c, st, res, used, v, table)
    return stopped


# --- critical misses, damage and injury -----------------------------------------------------


@_jit
def _critical_miss(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    used: IntArray,
    f: int,
    table: int,
) -> None:
    roll = _roll3(c, st)
    result = _miss(P, K, f, MI_CODE, table, roll)
    if result == CM_ESCAPE:
        _escape(c, used)
    elif result == CM_BALANCE:
        s[S_BALANCE, f] = 1
    elif result == CM_GUARD:
        s[S_GUARD, f] = 1
    elif result == CM_UNREADY:
        s[S_WEAPON, f] = UNREADY
    elif result == CM_DROP:
        s[S_WEAPON, f] = DROPPED
    elif result == CM_BROKEN:
        s[S_WEAPON, f] = BROKEN
    elif result == CM_FALL:
        s[S_POSTURE, f] = LYING
    elif result == CM_KNOCKOUT:
        _knock_out(s, f)
    elif result == CM_STUMBLE:
        x[f] += 1.0
    elif result == CM_TRIP:
        outcome, _ = _check(
            P,
            PF,
            K,
            c,
            st,
            _fighter(P, K, f, F_DX) + _miss(P, K, f, MI_TRIP, table, roll),
        )
        if not _success(outcome):
            s[S_POSTURE, f] = LYING
    elif result == CM_SELF:
        basic = _miss(P, K, f, MI_ADDS, table, roll)
        for _ in range(_miss(P, K, f, MI_DICE, table, roll)):
            basic += _die(c, st)
        basic = max(basic, 0)
        if _miss(P, K, f, MI_HALF, table, roll) == 1:
            basic //= 2
        location = _miss(P, K, f, MI_LOCATION, table, roll)
        wound = _i5(
            P,
            K,
            T_SELF_INJURY,
            f,
            _miss(P, K, f, MI_TYPE, table, roll),
            location,
            _miss(P, K, f, MI_DR, table, roll),
            basic,
        )
        _injure(P, PF, K, s, c, st, res, f, wound, location, False, False, -1)


@_jit
def _damage(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    a: int,
    mode: int,
    location: int,
    critical: bool,
) -> None:
    """`Exchange.damage` (`deal_damage`) for one hit."""
    v = 1 - a
    maximum = False
    multiplier = 1
    treatment = DR_NORMAL
    double_shock = False
    force_major = False
    drop = False
    lose_turn = False
    if critical:
        roll = _roll3(c, st)
        entry = _i2(P, K, T_CRIT_ENTRY, _i1(P, K, T_HEAD_LOCATION, location), roll)
        if _i1(P, K, T_CRIT_REDIRECT, entry) == 1:
            if location in (_FACE, _SKULL) and _i3(P, K, T_MODE, a, mode, MO_EYE) == 1:
                location = _EYE
                entry = -1
            else:
                entry = _i1(P, K, T_CRIT_FALLBACK, entry)
        if entry >= 0:
            maximum = _i1(P, K, T_CRIT_MAX, entry) == 1
            multiplier = _i1(P, K, T_CRIT_MULTIPLIER, entry)
            treatment = _i1(P, K, T_CRIT_DR, entry)
            double_shock = _i1(P, K, T_CRIT_DOUBLE_SHOCK, entry) == 1
            force_major = _i1(P, K, T_CRIT_MAJOR, entry) == 1
            drop = _i1(P, K, T_CRIT_DROP, entry) == 1
            lose_turn = _i1(P, K, T_CRIT_LOSE_TURN, entry) == 1
    count = _mode(P, K, a, mode, MO_DICE)
    if maximum:
        total = 6 * count
    else:
        total = 0
        for _ in range(count):
            total += _die(c, st)
    value = max(max(total + _mode(P, K, a, mode, MO_ADDS), 0), _mode(P, K, a, mode, MO_MINIMUM))
    value *= multiplier
    key = _mode(P, K, a, mode, MO_WOUNDING)
    wound = _i5(P, K, T_INJURY, v, key, location, treatment, value)
    pierced = _i5(P, K, T_PENETRATED, v, key, location, treatment, value) == 1
    _injure(
        P,
        PF,
        K,
        s,
        c,
        st,
        res,
        v,
        wound,
        location,
        double_shock and pierced,
        force_major and pierced,
        a,
    )
    if critical:
        if drop:
            if s[S_WEAPON, v] == READY:
                s[S_WEAPON, v] = DROPPED
            if s[S_SHIELD, v] == 1:
                s[S_HAND, v] = DROPPED
            s[S_SHIELD, v] = 0
        if lose_turn:
            s[S_SKIP_NEXT, v] = 1
    yards = _i4(
        P, K, T_KNOCKBACK, v, _mode(P, K, a, mode, MO_KNOCKBACK), value, 1 if pierced else 0
    )
    if yards >= 1 and _active(s, v) and c[C_STATUS] != ESCAPED:
        _step_away(x, v, float(yards))
        target = _fighter(P, K, v, F_KB_SKILL) + _i1(P, K, T_KNOCKBACK_MODIFIER, min(yards, 63))
        outcome, _ = _check(P, PF, K, c, st, target)
        if not _success(outcome):
            s[S_POSTURE, v] = LYING


@_jit
def _injure(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    c: IntArray,
    st: U64,
    res: IntArray,
    v: int,
    wound: int,
    location: int,
    double_shock: bool,
    force_major: bool,
    dealer: int,
) -> None:
    """`Exchange.injure` (`apply_injury`): HP, shock, knockdown, the HP thresholds."""
    row = c[C_ROW]
    hp = _fighter(P, K, v, F_HP)
    before = s[S_HP, v]
    after = before - wound
    s[S_HP, v] = after
    res[R_TAKEN, v, row] += wound
    if dealer >= 0:
        res[R_DEALT, dealer, row] += wound
    if wound <= 0 or s[S_DEAD, v] == 1:
        return
    if _fighter(P, K, v, F_HPT) == 0:
        doubled = double_shock or _fighter(P, K, v, F_LPT) == 1
        factor = 2 if doubled else 1
        penalty = -min(4 * factor, wound // _fighter(P, K, v, F_SHOCK_UNIT) * factor)
        if penalty != 0:
            cap = -8 if doubled else -4
            s[S_SHOCK_NEXT, v] = max(cap, s[S_SHOCK_NEXT, v] + penalty)
    capped = min(wound, _fighter(P, K, v, F_CRIPPLE_CAP))
    major = 2 * wound > hp or _i3(P, K, T_CRIPPLE, v, location, capped) == 1 or force_major
    if s[S_CONSCIOUS, v] == 1 and (major or _i3(P, K, T_KNOCKDOWN_DUE, v, location, capped) == 1):
        outcome, margin = _check(P, PF, K, c, st, _i2(P, K, T_KNOCKDOWN_TARGET, v, location))
        if outcome == 3 or margin <= -5:
            _knock_out(s, v)
        elif margin < 0:
            s[S_STUNNED, v] = 1
            s[S_POSTURE, v] = LYING
    for multiple in range(1, 5):
        line = -multiple * hp
        if before > line and after <= line and s[S_DEAD, v] == 0:
            outcome, margin = _check(
                P, PF, K, c, st, _fighter(P, K, v, F_HT) + _fighter(P, K, v, F_HTK)
            )
            fumble = outcome == 3
            survives = margin >= 0 and not fumble
            mortal = not survives and margin >= -2 and not fumble
            if mortal:
                _knock_out(s, v)
            elif not survives:
                _die_now(s, v)
    if after <= -5 * hp and before > -5 * hp and s[S_DEAD, v] == 0:
        _die_now(s, v)


# --- attacks ----------------------------------------------------------------------------------


@_jit
def _strike(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    used: IntArray,
    f: int,
    mode: int,
    plan: int,
) -> None:
    """`resolve_attack`: the roll, the defense, the damage."""
    v = 1 - f
    location = _i1(P, K, T_PLAN_LOCATION, plan)
    deceptive = _i1(P, K, T_PLAN_DECEPTIVE, plan)
    skill = (
        _mode(P, K, f, mode, MO_SKILL)
        + s[S_SHOCK, f]
        + _i2(P, K, T_POSTURE_ATTACK, f, s[S_POSTURE, f])
        + _i3(P, K, T_LOCATION_PENALTY, v, location, s[S_SHIELD, v])
        - 2 * deceptive
        - _fighter(P, K, f, F_RAPID) * _i1(P, K, T_PLAN_RAPID, plan)
    )
    outcome, _ = _check(P, PF, K, c, st, skill)
    row = c[C_ROW]
    res[R_ATTACKS, f, row] += 1
    if _success(outcome):
        res[R_HITS, f, row] += 1
    if _mode(P, K, f, mode, MO_MAIN) == 1:
        s[S_ATTACKED, f] = 1
    if outcome == 3:
        _critical_miss(P, PF, K, s, x, c, st, res, used, f, _mode(P, K, f, mode, MO_MISS))
    elif outcome == 2:
        _damage(P, PF, K, s, x, c, st, res, f, mode, location, True)
    elif outcome == 1:
        stopped = _defend(P, PF, K, s, par, x, c, st, res, used, v, f, mode, deceptive)
        if not stopped and c[C_STATUS] != ESCAPED:
            _damage(P, PF, K, s, x, c, st, res, f, mode, location, False)


@_jit
def _attack(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    used: IntArray,
    f: int,
    mode: int,
    scored: int,
) -> None:
    """The Step into reach, the plan (`Exchange.plan_attack`), one or two strikes."""
    reach = _f2(PF, K, T_REACH, f, mode)
    _step_toward(x, f, 1.0, reach)
    distance = abs(x[0] - x[1])
    if distance < CLOSE:
        reaches = _mode(P, K, f, mode, MO_CLOSE) == 1
    else:
        reaches = reach > 0 and distance <= reach
    if not reaches:
        return
    defense = scored
    if defense == NO_SCORE:
        defense = _best_defense(P, PF, K, s, par, 1 - f, f, mode)
    plan = _i4(P, K, T_PLAN, f, mode, -s[S_SHOCK, f], _clip_defense(defense))
    _strike(P, PF, K, s, par, x, c, st, res, used, f, mode, plan)
    again = (
        _i1(P, K, T_PLAN_RAPID, plan) == 1
        and c[C_STATUS] != ESCAPED
        and s[S_BALANCE, f] == 0
        and _active(s, f)
        and _active(s, 1 - f)
        and (s[S_WEAPON, f] == READY or _mode(P, K, f, mode, MO_MAIN) == 0)
    )
    if again:  # the Rapid Strike's second blow
        _strike(P, PF, K, s, par, x, c, st, res, used, f, mode, plan)


# --- the turn ---------------------------------------------------------------------------------


@_jit
def _maneuver(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    used: IntArray,
    f: int,
) -> None:
    """The AI's maneuver (GurpsAI._maneuver) and its resolution (`_Block.maneuver`)."""
    if s[S_POSTURE, f] != STANDING:
        s[S_POSTURE, f] = KNEELING if s[S_POSTURE, f] == LYING else STANDING
        s[S_MAN, f] = M_POSTURE
        return
    distance = abs(x[0] - x[1])
    weapon, hand = s[S_WEAPON, f], s[S_HAND, f]
    if distance <= 2.0 and 3 * s[S_HP, f] < _fighter(P, K, f, F_HP):
        s[S_MAN, f] = _i3(P, K, T_AOD, f, weapon, hand)
        return
    far = _distance_class(distance)
    pick = _i4(P, K, T_PICKUP, f, weapon, hand, far)
    if pick == PICK_WEAPON:
        s[S_WEAPON, f] = READY
    elif pick == PICK_SHIELD:
        s[S_HAND, f] = READY
        s[S_SHIELD, f] = 1
    if pick != PICK_NONE:
        s[S_MAN, f] = M_READY
        return
    if far < 3:
        shock = -s[S_SHOCK, f]
        first = _i5(P, K, T_CACHE_MODE, f, weapon, hand, far, shock)
        defense = _best_defense(P, PF, K, s, par, 1 - f, f, max(first, 0))
        code = _i6(P, K, T_CHOOSE, f, weapon, hand, far, shock, _clip_defense(defense))
        if code == ESCAPE:
            _escape(c, used)
            return
        if code >= 0:
            s[S_MAN, f] = M_ATTACK
            _attack(
                P,
                PF,
                K,
                s,
                par,
                x,
                c,
                st,
                res,
                used,
                f,
                code,
                defense if first == code else NO_SCORE,
            )
            return
    if distance > 1.0:
        hurt = 3 * s[S_HP, f] < _fighter(P, K, f, F_HP)
        _step_toward(x, f, _f2(PF, K, T_MOVE, f, 1) if hurt else _f2(PF, K, T_MOVE, f, 0), 1.0)
        s[S_MAN, f] = M_MOVE
    else:
        s[S_MAN, f] = _i3(P, K, T_AOD, f, weapon, hand)


@_jit
def _turn(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    res: IntArray,
    used: IntArray,
    f: int,
) -> None:
    """`_Block.turn`: the start of the turn, HP and stun rolls, then the maneuver."""
    if not _active(s, f):
        return
    rested = s[S_DEFENDED_NOW, f] == 0 and s[S_MAN, f] == M_NOTHING
    s[S_SHOCK, f] = s[S_SHOCK_NEXT, f]
    s[S_SHOCK_NEXT, f] = 0
    par[f, :] = 0
    s[S_BLOCKS, f] = 0
    s[S_DEFENDED_NOW, f] = 0
    s[S_RETREATED, f] = 0
    s[S_ATTACKED, f] = 0
    s[S_BALANCE, f] = 0
    s[S_GUARD, f] = 0
    s[S_MAN, f] = M_NONE
    hp = s[S_HP, f]
    if hp <= 0 and not rested:
        modifier = -((-hp) // _fighter(P, K, f, F_HP)) if hp < 0 else 0
        outcome, _ = _check(P, PF, K, c, st, _fighter(P, K, f, F_HT) + modifier)
        if not _success(outcome):
            _knock_out(s, f)
        if not _active(s, f):
            return
    if s[S_STUNNED, f] == 1 or s[S_SKIP_NEXT, f] == 1:
        s[S_MAN, f] = M_NOTHING
        s[S_SKIP_NEXT, f] = 0
        if s[S_STUNNED, f] == 1:
            outcome, _ = _check(P, PF, K, c, st, _fighter(P, K, f, F_HT))
            if _success(outcome):
                s[S_STUNNED, f] = 0
        return
    _maneuver(P, PF, K, s, par, x, c, st, res, used, f)


@_jit
def _reset(
    P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, par: IntArray, x: npt.NDArray[np.float64]
) -> None:
    s[:, :] = 0
    par[:, :] = 0
    for f in range(2):
        s[S_HP, f] = _fighter(P, K, f, F_HP)
        s[S_CONSCIOUS, f] = 1
        s[S_SHIELD, f] = _fighter(P, K, f, F_SHIELD)
        x[f] = _f1(PF, K, T_X, f)


@_jit
def play(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    seeds: U64,
    start: int,
    out: IntArray,
    res: IntArray,
    used: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
) -> None:
    """Play every battle of `seeds` (each stream's first `start` dice are skipped: an
    initiative tie's rolls) into the result arrays: out[0 winner, 1 reason, 2 rounds,
    3 escaped, 4/5 HP, 6/7 standing; battle], res[R_*, fighter, battle], used[battle]."""
    n: int = seeds.shape[0]
    for b in range(n):
        _reset(P, PF, K, s, par, x)
        st[0] = seeds[b]
        c[C_PTR] = 0
        c[C_STATUS] = PLAYING
        c[C_ROW] = b
        for _ in range(start):
            _die(c, st)
        winner, reason, rounds = -1, ROUND_LIMIT, 0
        ended = False
        while not ended:
            if rounds >= _i1(P, K, T_SCALARS, SC_MAX_ROUNDS):
                break
            rounds += 1
            for f in range(2):
                _turn(P, PF, K, s, par, x, c, st, res, used, f)
                if c[C_STATUS] != PLAYING:
                    ended = True
                    break
                up0, up1 = _active(s, 0), _active(s, 1)
                if not (up0 and up1):
                    ended = True
                    if up0:
                        winner, reason = 0, LAST_SIDE
                    elif up1:
                        winner, reason = 1, LAST_SIDE
                    else:
                        winner, reason = -1, ALL_DOWN
                    break
        out[0, b] = winner
        out[1, b] = reason
        out[2, b] = rounds
        if c[C_STATUS] == ESCAPED:
            out[3, b] = 1
        else:
            used[b] = c[C_PTR]
        for f in range(2):
            out[4 + f, b] = s[S_HP, f]
            out[6 + f, b] = 1 if _active(s, f) else 0
