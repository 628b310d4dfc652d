"""The compiled duel's shootout: a shooter's turn, its shot and the target's dodge.

A fighter whose `F_RANGED` mode is set never comes to blows (`ranged_tables.py`
says when the AI would, and the fast path declines those duels): standing,
with its weapon loaded, it Aims `AIM_TURNS` turns (B364) and shoots; empty,
it Readies until it is loaded (B270). The target dodges, or dodges and drops
(B377), as `GurpsAI._defense` chooses. Whatever this loop does not follow - a
stumble past the foe on a critical miss, a broken weapon (the AI draws its sidearm), an
AI that would not shoot - hands the battle to the engine; a dropped weapon is picked up,
one turned in the hands readied again. There is no NumPy model of it: a shootout is
played here or on the engine (`accept.py`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.kernel.exchange import _attack_roll, _chance, _slot_score
from senjo.sim.fast_gurps.kernel.harm import _critical_miss, _damage
from senjo.sim.fast_gurps.kernel.rolls import (
    S_AIM,
    S_DEFENDED,
    S_DEFENDED_NOW,
    S_DEFENSES,
    S_LOADED,
    S_MAN,
    S_POSTURE,
    S_RELOAD,
    S_SHOCK,
    S_WEAPON,
    U64,
    FloatArray,
    IntArray,
    _check,
    _clip_defense,
    _escape,
    _f1,
    _f3,
    _fighter,
    _i1,
    _i2,
    _i3,
    _jit,
    _mode,
    _range_yard,
    _success,
)
from senjo.sim.fast_gurps.layout import (
    AIM_TURNS,
    LYING,
    M_AIM,
    M_ATTACK,
    M_READY,
    NO_DROP,
    PICK_WEAPON,
    RANDOM,
    READY,
    SKILL_HI,
    SKILL_LO,
    STANDING,
    TORSO,
    W_NO_SHOT,
    W_SIDEARM,
)
from senjo.sim.fast_gurps.packed import (
    F_FAST_DRAW,
    F_RANGED,
    F_RELOAD,
    MO_MISS,
    SC_RANGE_TOP,
    T_DROP_BONUS,
    T_DROP_COST,
    T_LOCATION_PENALTY,
    T_PLAN_LOCATION,
    T_RECOVER,
    T_SCALARS,
    T_SHOT_PLAN,
    T_SHOT_POSTURE,
    T_SHOT_SKILL,
    T_SHOT_VALUE,
)


@_jit
def _dodge_scores(
    P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, par: IntArray, v: int, a: int
) -> tuple[int, int]:
    """The target's dodge against a shot, and its dodge and drop (NO_DROP when lying)."""
    score, _, _ = _slot_score(P, PF, K, s, par, v, 0, a, _fighter(P, K, a, F_RANGED), 0, False)
    bonus = _i2(P, K, T_DROP_BONUS, v, s[S_POSTURE + v])
    return score, bonus


@_jit
def _best_dodge(
    P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, par: IntArray, v: int, a: int
) -> int:
    """`ai.best_defense` against a shot: the better of the dodge and the dodge and drop."""
    score, bonus = _dodge_scores(P, PF, K, s, par, v, a)
    return score + max(bonus, 0)  # NO_DROP is below 0


@_jit
def _dodge_shot(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    c: IntArray,
    st: U64,
    v: int,
    a: int,
) -> bool:
    """GurpsAI._defense against a shot and its roll (`roll_defense`); True if it stops it."""
    score, bonus = _dodge_scores(P, PF, K, s, par, v, a)
    drop = False
    if bonus != NO_DROP:
        plain = _chance(P, PF, K, score)
        dropping = _chance(P, PF, K, score + bonus)
        if s[S_POSTURE + v] == STANDING:  # `ai.DROP_COST`: ending prone costs a turn
            dropping -= _f1(PF, K, T_DROP_COST, 0)
        drop = dropping > plain  # the first of equals is the plain dodge
    if drop:
        score += bonus
    outcome, _ = _check(P, PF, K, c, st, score)
    s[S_DEFENSES + v] += 1
    s[S_DEFENDED_NOW + v] = 1
    s[S_AIM + v] = 0  # B364: any active defense spoils an Aim
    stopped = _success(outcome)
    s[S_DEFENDED + v] += int(stopped)
    if drop or outcome == 3:  # dropped prone, or fell (a dodge's critical failure)
        s[S_POSTURE + v] = LYING
    return stopped


@_jit
def _shot(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    used: IntArray,
    f: int,
    plan: int,
    skill: int,
) -> None:
    """`resolve_attack` for a shot at `skill` (the torso's, the foe's posture and the
    shooter's shock in it): the roll, the dodge, the damage; the weapon is empty."""
    v = 1 - f
    mode = _fighter(P, K, f, F_RANGED)
    location = _i1(P, K, T_PLAN_LOCATION, plan)
    aimed = TORSO if location == RANDOM else location
    skill += _i3(P, K, T_LOCATION_PENALTY, v, aimed, 0)
    outcome, location = _attack_roll(P, PF, K, s, c, st, f, skill, location)
    s[S_LOADED + f] = 0
    s[S_AIM + f] = 0
    if outcome == 3:
        _critical_miss(P, PF, K, s, x, c, st, used, f, _mode(P, K, f, mode, MO_MISS))
    elif outcome == 2:
        _damage(P, PF, K, s, x, c, st, used, f, mode, location, True)
    elif outcome == 1:
        stopped = _dodge_shot(P, PF, K, s, par, c, st, v, f)
        if not stopped:
            _damage(P, PF, K, s, x, c, st, used, f, mode, location, False)


@_jit
def _shoot_turn(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    used: IntArray,
    f: int,
) -> None:
    """A standing shooter's maneuver (GurpsAI._maneuver_of) and its resolution."""
    if s[S_WEAPON + f] != READY:
        # Dropped or turned in its hands: picked up or readied, loaded or not as it was.
        # Broken: it draws its sidearm (the engine plays on).
        if _i3(P, K, T_RECOVER, f, s[S_WEAPON + f], s[S_LOADED + f]) != PICK_WEAPON:
            _escape(c, used, W_SIDEARM)
            return
        s[S_WEAPON + f] = READY
        s[S_MAN + f] = M_READY
        return
    if s[S_LOADED + f] == 0:
        s[S_RELOAD + f] += 1
        fast = _fighter(P, K, f, F_FAST_DRAW)
        if fast >= 0:  # B194: Fast-Draw (Arrow) at each Ready; a success saves one
            outcome, _ = _check(P, PF, K, c, st, fast)
            if _success(outcome):
                s[S_RELOAD + f] += 1
        if s[S_RELOAD + f] >= _fighter(P, K, f, F_RELOAD):
            s[S_RELOAD + f] = 0
            s[S_LOADED + f] = 1
        s[S_MAN + f] = M_READY
        return
    if s[S_AIM + f] < AIM_TURNS:
        s[S_AIM + f] += 1
        s[S_MAN + f] = M_AIM
        return
    v = 1 - f
    defense = _clip_defense(_best_dodge(P, PF, K, s, par, v, f))
    # The shot's skill by its range and Aim; the AI's value of it by that skill alone.
    row = min(_range_yard(abs(x[0] - x[1])), _i1(P, K, T_SCALARS, SC_RANGE_TOP))
    skill = (
        _i3(P, K, T_SHOT_SKILL, f, row, min(s[S_AIM + f], AIM_TURNS))
        + s[S_SHOCK + f]
        + _i2(P, K, T_SHOT_POSTURE, f, s[S_POSTURE + v])
    )
    at = min(max(skill, SKILL_LO), SKILL_HI) - SKILL_LO
    if _f3(PF, K, T_SHOT_VALUE, f, at, defense) <= 0.0:
        _escape(c, used, W_NO_SHOT)  # the AI would not shoot: the engine plays what it does instead
        return
    s[S_MAN + f] = M_ATTACK
    _shot(P, PF, K, s, par, x, c, st, used, f, _i3(P, K, T_SHOT_PLAN, f, at, defense), skill)
