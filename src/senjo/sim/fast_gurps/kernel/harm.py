"""The compiled duel's harm: critical misses, damage and injury (the NumPy model's
`Exchange.critical_miss`, `damage` and `injure`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.kernel.rolls import (
    C_STATUS,
    PLAYING,
    S_AIM,
    S_BALANCE,
    S_CONSCIOUS,
    S_DEAD,
    S_DEALT,
    S_GUARD,
    S_HAND,
    S_HP,
    S_LEGS,
    S_POSTURE,
    S_SHIELD,
    S_SHOCK_NEXT,
    S_SKIP_NEXT,
    S_STUNNED,
    S_TAKEN,
    S_WEAPON,
    U64,
    FloatArray,
    IntArray,
    _active,
    _away,
    _check,
    _die,
    _die_now,
    _distance,
    _escape,
    _f1,
    _fighter,
    _i1,
    _i2,
    _i3,
    _i4,
    _i5,
    _jit,
    _knock_out,
    _miss,
    _mode,
    _roll3,
    _step_away,
    _success,
    _unlikely,
)
from senjo.sim.fast_gurps.layout import (
    BROKEN,
    CM_BALANCE,
    CM_BROKEN,
    CM_DROP,
    CM_ESCAPE,
    CM_FALL,
    CM_GUARD,
    CM_KNOCKOUT,
    CM_LAME,
    CM_REROLL_BREAK,
    CM_REROLL_SELF,
    CM_SELF,
    CM_STRAIN,
    CM_STUMBLE,
    CM_TRIP,
    CM_UNREADY,
    DR_NORMAL,
    DROPPED,
    EYE,
    FACE,
    LAME,
    LAME_ARM,
    LYING,
    MAIMED,
    MAIN_ARM,
    OFF_ARM,
    OFF_LAME,
    READY,
    SKULL,
    SPARE,
    SPARE_BROKEN,
    SPARE_DROPPED,
    SPARE_UNREADY,
    UNREADY,
    W_CRIPPLED,
    W_MISS,
)
from senjo.sim.fast_gurps.packed import (
    F_CRIPPLE_CAP,
    F_DUAL,
    F_DX,
    F_HP,
    F_HPT,
    F_HT,
    F_HTK,
    F_KB_SKILL,
    F_LEG_SHIFT,
    F_LPT,
    F_RANGED,
    F_SHOCK_UNIT,
    F_WILL,
    MI_ADDS,
    MI_CODE,
    MI_DICE,
    MI_DR,
    MI_HALF,
    MI_KEY,
    MI_LOCATION,
    MI_TRIP,
    MI_TYPE,
    MO_ADDS,
    MO_DICE,
    MO_EYE,
    MO_KNOCKBACK,
    MO_MINIMUM,
    MO_WOUNDING,
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
    T_CRIT_NUMB,
    T_CRIT_REDIRECT,
    T_HALF_DAMAGE,
    T_HEAD_LOCATION,
    T_INJURY,
    T_KNOCKBACK,
    T_KNOCKBACK_MODIFIER,
    T_KNOCKDOWN_DUE,
    T_KNOCKDOWN_TARGET,
    T_LAME_PART,
    T_MODE,
    T_PENETRATED,
    T_SELF_INJURY,
)

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
    used: IntArray,
    f: int,
    pf: int,
    g: int,
    table: int,
    off: bool,
) -> None:
    """B556 for fighter f (slot f, tables at row pf) near its foe g; `off`: the roll was
    made with the off-hand weapon of two, whose state is S_HAND's (`off_hand.py`)."""
    roll = _roll3(c, st)
    result = _miss(P, K, pf, MI_CODE, table, roll)
    # B556's re-rolls (`criticals._carry_out`): a hit on oneself stands only if the re-roll
    # is the same entry, else the new result is carried out (which may re-roll again)...
    while result == CM_REROLL_SELF:
        again = _roll3(c, st)
        if _miss(P, K, pf, MI_KEY, table, again) == _miss(P, K, pf, MI_KEY, table, roll):
            result = CM_SELF  # the first roll's hit on oneself
        else:
            roll = again
            result = _miss(P, K, pf, MI_CODE, table, roll)
    # ... and a resistant weapon breaks only if the re-roll breaks it again, else it drops.
    if result == CM_REROLL_BREAK:
        again = _roll3(c, st)
        same = _miss(P, K, pf, MI_KEY, table, again) == _miss(P, K, pf, MI_KEY, table, roll)
        result = CM_BROKEN if same else CM_DROP
    if result == CM_ESCAPE:
        _escape(c, used, W_MISS)
    elif result == CM_LAME:
        _escape(c, used, W_CRIPPLED)
    elif result == CM_STRAIN:
        if off or s[S_WEAPON + f] != READY:
            _escape(c, used, W_CRIPPLED)  # the off hand's weapon, the spare: not modelled
        else:
            s[S_WEAPON + f] = LAME  # B556, 15: held unready in an arm of no use
    elif result == CM_BALANCE:
        s[S_BALANCE + f] = 1
    elif result == CM_GUARD:
        s[S_GUARD + f] = 1
    elif off and result in (CM_UNREADY, CM_DROP):
        s[S_HAND + f] = UNREADY if result == CM_UNREADY else DROPPED
    elif off and result == CM_BROKEN:
        s[S_HAND + f] = BROKEN  # the off-hand weapon of two (`off_hand.py`)
    elif result == CM_UNREADY:
        s[S_WEAPON + f] = SPARE_UNREADY if s[S_WEAPON + f] == SPARE else UNREADY
    elif result == CM_DROP:
        s[S_WEAPON + f] = SPARE_DROPPED if s[S_WEAPON + f] == SPARE else DROPPED
    elif result == CM_BROKEN:
        s[S_WEAPON + f] = SPARE_BROKEN if s[S_WEAPON + f] == SPARE else BROKEN
    elif result == CM_FALL:
        s[S_POSTURE + f] = LYING
    elif result == CM_KNOCKOUT:
        _knock_out(s, f)
    elif result == CM_STUMBLE:  # a yard past the foe (`PlaneField.stumble_past`)
        _away(x, f, g, f, 1.0)
    elif result == CM_TRIP:
        outcome, _ = _check(
            P,
            PF,
            K,
            c,
            st,
            _fighter(P, K, pf, F_DX) + _miss(P, K, pf, MI_TRIP, table, roll),
        )
        if not _success(outcome):
            s[S_POSTURE + f] = LYING
    elif result == CM_SELF:
        basic = _miss(P, K, pf, MI_ADDS, table, roll)
        for _ in range(_miss(P, K, pf, MI_DICE, table, roll)):
            basic += _die(c, st)
        basic = max(basic, 0)
        if _miss(P, K, pf, MI_HALF, table, roll) == 1:
            basic //= 2
        location = _miss(P, K, pf, MI_LOCATION, table, roll)
        wound = _i5(
            P,
            K,
            T_SELF_INJURY,
            pf,
            _miss(P, K, pf, MI_TYPE, table, roll),
            location,
            _miss(P, K, pf, MI_DR, table, roll),
            basic,
        )
        _injure(P, PF, K, s, c, st, used, f, pf, wound, location, False, False, -1)


@_jit
def _damage(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    used: IntArray,
    a: int,
    pa: int,
    v: int,
    pv: int,
    mode: int,
    location: int,
    critical: bool,
) -> None:
    """`Exchange.damage` (`deal_damage`) for one hit by a (slot a, row pa) on v (slot v, row
    pv); a critical hit's roll on its table first (`roll_critical_hit`)."""
    roll = _roll3(c, st) if critical else 0
    _wound(P, PF, K, s, x, c, st, used, a, pa, v, pv, mode, location, critical, roll)


@_jit
def _wound(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    used: IntArray,
    a: int,
    pa: int,
    v: int,
    pv: int,
    mode: int,
    location: int,
    critical: bool,
    roll: int,
) -> None:
    """`deal_damage` for one hit, a critical one's table rolled already (`roll`, 3d6: the
    one roll of a burst's hits, B375), then its damage dice."""
    maximum = False
    multiplier = 1
    treatment = DR_NORMAL
    double_shock = False
    force_major = False
    drop = False
    lose_turn = False
    entry = -1
    if _unlikely(critical):
        entry = _i2(P, K, T_CRIT_ENTRY, _i1(P, K, T_HEAD_LOCATION, location), roll)
        if _i1(P, K, T_CRIT_REDIRECT, entry) == 1:
            if location in (FACE, SKULL) and _i3(P, K, T_MODE, pa, mode, MO_EYE) == 1:
                location = EYE
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
    count = _mode(P, K, pa, mode, MO_DICE)
    if maximum:
        total = 6 * count
    else:
        total = 0
        for _ in range(count):
            total += _die(c, st)
    value = max(max(total + _mode(P, K, pa, mode, MO_ADDS), 0), _mode(P, K, pa, mode, MO_MINIMUM))
    if mode == _fighter(P, K, pa, F_RANGED) and _distance(x, a, v) > _f1(PF, K, T_HALF_DAMAGE, pa):
        value = max(value // 2, _mode(P, K, pa, mode, MO_MINIMUM))  # B269: past 1/2D
    value *= multiplier
    key = _mode(P, K, pa, mode, MO_WOUNDING)
    wound = _i5(P, K, T_INJURY, pv, key, location, treatment, value)
    pierced = _i5(P, K, T_PENETRATED, pv, key, location, treatment, value) == 1
    _injure(
        P,
        PF,
        K,
        s,
        c,
        st,
        used,
        v,
        pv,
        wound,
        location,
        double_shock and pierced,
        force_major and pierced,
        a,
    )
    if _unlikely(critical):
        if (
            pierced
            and entry >= 0
            and _i1(P, K, T_CRIT_NUMB, entry) == 1
            and _i2(P, K, T_LAME_PART, pv, location) != 0
        ):
            _escape(c, used, W_CRIPPLED)  # B556, 8: a numbed limb (`crippling.numb`)
        if drop:
            if s[S_WEAPON + v] == READY:
                s[S_WEAPON + v] = DROPPED
            elif s[S_WEAPON + v] == SPARE:
                s[S_WEAPON + v] = SPARE_DROPPED
            dual = _fighter(P, K, pv, F_DUAL) == 1  # its off-hand weapon too, if ready
            if s[S_SHIELD + v] == 1 or (dual and s[S_HAND + v] == READY):
                s[S_HAND + v] = DROPPED
            s[S_SHIELD + v] = 0
        if lose_turn:
            s[S_SKIP_NEXT + v] = 1
    yards = _i4(
        P, K, T_KNOCKBACK, pv, _mode(P, K, pa, mode, MO_KNOCKBACK), value, 1 if pierced else 0
    )
    if _unlikely(yards >= 1) and _active(s, v) and c[C_STATUS] == PLAYING:
        _step_away(x, v, a, float(yards))
        target = _fighter(P, K, pv, F_KB_SKILL) + _i1(P, K, T_KNOCKBACK_MODIFIER, min(yards, 63))
        outcome, _ = _check(P, PF, K, c, st, target)
        if not _success(outcome):
            s[S_POSTURE + v] = LYING


@_jit
def _cripple(
    P: IntArray, K: IntArray, s: IntArray, c: IntArray, used: IntArray, v: int, pv: int, part: int
) -> None:
    """`crippling.take_effect` for v (slot v, row pv), `part` its `lame_part` code: an eye's
    (or an untabulated arm's, LAME_ARM) the model does not follow; the main arm's lets the
    main weapon fall, held or dropped already, for good (MAIMED; else it escapes); the off
    arm's its shield (OFF_LAME); a leg or foot not crippled before fells the fighter, who
    kneels from then on (`leg_shift`), or escapes where that is not followed."""
    if part == MAIN_ARM:
        weapon = s[S_WEAPON + v]
        if weapon <= UNREADY:  # READY, DROPPED, UNREADY: held, or on the ground
            s[S_WEAPON + v] = MAIMED
        elif weapon != MAIMED:  # crippled once already: nothing more falls
            _escape(c, used, W_CRIPPLED)
    elif part == OFF_ARM:  # the shield (if any) falls for good
        s[S_HAND + v] = OFF_LAME
        s[S_SHIELD + v] = 0
    elif part == LAME_ARM or (part != 0 and _fighter(P, K, pv, F_LEG_SHIFT) < 0):
        _escape(c, used, W_CRIPPLED)
    elif part != 0 and (s[S_LEGS + v] & part) == 0:
        s[S_LEGS + v] |= part
        s[S_POSTURE + v] = LYING  # `falling.fall_down`


@_jit
def _injure(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    c: IntArray,
    st: U64,
    used: IntArray,
    v: int,
    pv: int,
    wound: int,
    location: int,
    double_shock: bool,
    force_major: bool,
    dealer: int,
) -> None:
    """`Exchange.injure` (`apply_injury`): HP, shock, knockdown, the HP thresholds, for v
    (slot v, tables at row pv); `dealer` is the slot of who dealt it (-1: itself)."""
    hp = _fighter(P, K, pv, F_HP)
    before = s[S_HP + v]
    after = before - wound
    s[S_HP + v] = after
    s[S_TAKEN + v] += wound
    if dealer >= 0:
        s[S_DEALT + dealer] += wound
    if wound <= 0 or s[S_DEAD + v] == 1:
        return
    if _fighter(P, K, pv, F_HPT) == 0:
        doubled = double_shock or _fighter(P, K, pv, F_LPT) == 1
        factor = 2 if doubled else 1
        penalty = -min(4 * factor, wound // _fighter(P, K, pv, F_SHOCK_UNIT) * factor)
        if penalty != 0:
            cap = -8 if doubled else -4
            s[S_SHOCK_NEXT + v] = max(cap, s[S_SHOCK_NEXT + v] + penalty)
    capped = min(wound, _fighter(P, K, pv, F_CRIPPLE_CAP))
    crippled = _i3(P, K, T_CRIPPLE, pv, location, capped) == 1
    if _unlikely(crippled):
        _cripple(P, K, s, c, used, v, pv, _i2(P, K, T_LAME_PART, pv, location))
    major = 2 * wound > hp or crippled or force_major
    if s[S_CONSCIOUS + v] == 1 and (major or _i3(P, K, T_KNOCKDOWN_DUE, pv, location, capped) == 1):
        outcome, margin = _check(P, PF, K, c, st, _i2(P, K, T_KNOCKDOWN_TARGET, pv, location))
        if outcome == 3 or margin <= -5:
            _knock_out(s, v)
        elif margin < 0:
            s[S_STUNNED + v] = 1
            s[S_POSTURE + v] = LYING
    for multiple in range(1, 5):
        line = -multiple * hp
        if _unlikely(before > line and after <= line) and s[S_DEAD + v] == 0:
            outcome, margin = _check(
                P, PF, K, c, st, _fighter(P, K, pv, F_HT) + _fighter(P, K, pv, F_HTK)
            )
            fumble = outcome == 3
            survives = margin >= 0 and not fumble
            mortal = not survives and margin >= -2 and not fumble
            if mortal:
                _knock_out(s, v)
            elif not survives:
                _die_now(s, v)
    if _unlikely(after <= -5 * hp and before > -5 * hp) and s[S_DEAD + v] == 0:
        _die_now(s, v)
    # Injured while aiming: Will, or the Aim is lost (B364; stunned or out, it is lost anyway).
    up = s[S_CONSCIOUS + v] == 1 and s[S_DEAD + v] == 0 and s[S_STUNNED + v] == 0
    if s[S_AIM + v] > 0 and up:  # a shooter's Aim: no hint, common in a shootout
        outcome, _ = _check(P, PF, K, c, st, _fighter(P, K, pv, F_WILL))
        if not _success(outcome):
            s[S_AIM + v] = 0
