"""The compiled duel's shooter: its turn, its shot and the target's defense.

A fighter whose `F_RANGED` mode is set shoots (`ranged_tables.py`): standing,
with its weapon loaded, it weighs the shot against its best blow (a punch, a
kick) and takes the better, Aiming first while the foe is past 3 yards (B364);
empty, it strikes a blow worth striking, else Readies until the weapon is
loaded again (B270), or with the foe within its Move goes to its sidearm (then
fights as a melee fighter, `turn.py`); with neither worth taking it closes in.
The target of a shot dodges, dodges and drops (B377), parries it if it is thrown
(B376), or blocks (B375), as `GurpsAI._defense` chooses. A dropped weapon is
picked up, one turned in the hands readied again; what this loop does not
follow - a sidearm the model does not know, a shooter knocked back past its
tables - hands the battle to the engine. There is no NumPy model of it: a duel
with a shooter is played here or on the engine (`accept.py`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.kernel.exchange import (
    _after_parry,
    _attack_roll,
    _blow,
    _chance,
    _close_in,
    _melee_choice,
    _slot_score,
)
from senjo.sim.fast_gurps.kernel.harm import _critical_miss, _damage, _wound
from senjo.sim.fast_gurps.kernel.rolls import (
    S_AIM,
    S_AIM_AT,
    S_BLOCKS,
    S_DEAD,
    S_DEFENDED,
    S_DEFENDED_NOW,
    S_DEFENSES,
    S_HAND,
    S_LOADED,
    S_MAN,
    S_POSTURE,
    S_RELOAD,
    S_SHIELD,
    S_SHOCK,
    S_WEAPON,
    U64,
    FloatArray,
    IntArray,
    _check,
    _clip_defense,
    _distance_class,
    _escape,
    _f1,
    _f3,
    _f6,
    _fighter,
    _i1,
    _i2,
    _i3,
    _i4,
    _jit,
    _mode,
    _range_yard,
    _roll3,
    _slot,
    _success,
)
from senjo.sim.fast_gurps.layout import (
    AIM_TURNS,
    BACK,
    BROKEN,
    CLOSE,
    EMPTY_SPARE,
    LYING,
    M_AIM,
    M_ATTACK,
    M_READY,
    NO_ATTACK,
    NO_BLOW,
    NO_DROP,
    NO_SCORE,
    PICK_NONE,
    PICK_SPARE,
    PICK_WEAPON,
    RANDOM,
    READY,
    SKILL_HI,
    SKILL_LO,
    SPARE,
    STANDING,
    TORSO,
    UNREADY,
    W_BEYOND,
    W_READY,
    W_SIDEARM,
)
from senjo.sim.fast_gurps.packed import (
    F_BASIC_MOVE,
    F_BLOCK,
    F_FAST_DRAW,
    F_INDIVIDUALLY,
    F_RANGE_TOP,
    F_RANGED,
    F_RECOIL,
    F_RELOAD,
    F_ROF,
    F_SHOT_CAP,
    F_SHOT_PARRY,
    F_SHOTS,
    F_SLOTS,
    F_SPARE,
    F_THROWN,
    MO_BEFORE_SHOT,
    MO_MISS,
    SC_DISTANCE_TOP,
    SL_KIND,
    T_CHOOSE_VALUE,
    T_DROP_BONUS,
    T_DROP_COST,
    T_EMPTY,
    T_LOCATION_PENALTY,
    T_MAX_RANGE,
    T_PLAN_LOCATION,
    T_RAPID_BONUS,
    T_RECOVER,
    T_SCALARS,
    T_SHOT_PLAN,
    T_SHOT_POSTURE,
    T_SHOT_SKILL,
    T_SHOT_VALUE,
)


@_jit
def _shot_defenses(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    v: int,
    pv: int,
    a: int,
    pa: int,
    close: bool,
) -> tuple[int, int, int]:
    """The target's defenses against a shot: its dodge, what dropping adds (NO_DROP when
    lying), and its block (NO_SCORE: no shield ready, a block spent this turn); `close`:
    shot from within its yard (no shield DB, `defense.py`)."""
    mode = _fighter(P, K, pa, F_RANGED)
    score, _, _ = _slot_score(P, PF, K, s, par, v, pv, 0, a, pa, mode, 0, close)
    bonus = _i2(P, K, T_DROP_BONUS, pv, s[S_POSTURE + v])
    block = NO_SCORE
    j = _fighter(P, K, pv, F_BLOCK)
    if j >= 0:
        blocking, available, _ = _slot_score(P, PF, K, s, par, v, pv, j, a, pa, mode, 0, close)
        if available:
            block = blocking
    return score, bonus, block


@_jit
def _parry_vs_shot(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    v: int,
    pv: int,
    a: int,
    pa: int,
    j: int,
    close: bool,
) -> int:
    """v's parry with slot j against a thrown weapon (B376: less `F_SHOT_PARRY`; no
    retreat against a missile), or NO_SCORE: not a parry, not open, or a shot that no one
    parries (`F_SHOT_PARRY` 0: not thrown)."""
    penalty = _fighter(P, K, pv, F_SHOT_PARRY)
    if penalty == 0 or _slot(P, K, pv, j, SL_KIND) != 1:
        return NO_SCORE
    mode = _fighter(P, K, pa, F_RANGED)
    score, available, _ = _slot_score(P, PF, K, s, par, v, pv, j, a, pa, mode, 0, close)
    return score - penalty if available else NO_SCORE


@_jit
def _best_vs_shot(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    v: int,
    pv: int,
    a: int,
    pa: int,
) -> int:
    """`ai.best_defense` against a shot: the best of the dodge, the dodge and drop, the
    parries (a thrown weapon's) and the block (the AI weighs a shot as one from afar,
    with the shield's DB)."""
    score, bonus, block = _shot_defenses(P, PF, K, s, par, v, pv, a, pa, False)
    best = max(score + max(bonus, 0), block)  # NO_DROP is below 0
    if _fighter(P, K, pv, F_SHOT_PARRY) > 0:
        for j in range(_fighter(P, K, pv, F_SLOTS)):
            best = max(best, _parry_vs_shot(P, PF, K, s, par, v, pv, a, pa, j, False))
    return best


@_jit
def _defend_shot(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    used: IntArray,
    v: int,
    pv: int,
    a: int,
    pa: int,
    close: bool,
    hits: int,
) -> int:
    """GurpsAI._defense against a shot of a's (row pa) and its roll (`roll_defense`): the
    dodge, the dodge and drop (B377), a parry if the weapon is thrown (B376), or the block
    (B375), the first of equal odds, as `defense_options` lists them; the number of its
    `hits` it stops (B375: a success one and one more per point of margin, a critical
    success all). `close`: the shot comes from within the target's yard (close combat)."""
    score, bonus, block = _shot_defenses(P, PF, K, s, par, v, pv, a, pa, close)
    best = _chance(P, PF, K, score)
    choice = 0  # 0 dodge, 1 dodge and drop, 2 block, 3 parry
    if bonus != NO_DROP:
        dropping = _chance(P, PF, K, score + bonus)
        if s[S_POSTURE + v] == STANDING:  # `ai.DROP_COST`: ending prone costs a turn
            dropping -= _f1(PF, K, T_DROP_COST, 0)
        if dropping > best:
            best, choice = dropping, 1
    slot, parrying = -1, NO_SCORE
    if _fighter(P, K, pv, F_SHOT_PARRY) > 0:
        for j in range(_fighter(P, K, pv, F_SLOTS)):
            option = _parry_vs_shot(P, PF, K, s, par, v, pv, a, pa, j, close)
            if option != NO_SCORE and _chance(P, PF, K, option) > best:
                best, choice, slot, parrying = _chance(P, PF, K, option), 3, j, option
    if block != NO_SCORE and _chance(P, PF, K, block) > best:
        choice = 2
    if choice == 1:
        score += bonus
    elif choice == 2:
        score = block
    elif choice == 3:
        score = parrying
    outcome, margin = _check(P, PF, K, c, st, score)
    s[S_DEFENSES + v] += 1
    s[S_DEFENDED_NOW + v] = 1
    s[S_AIM + v] = 0  # B364: any active defense spoils an Aim
    stopped = 0
    if outcome == 2:
        stopped = hits
    elif outcome == 1:
        stopped = min(hits, 1 + margin)
    s[S_DEFENDED + v] += int(_success(outcome))
    if choice == 3:
        par[v, slot] += 1
        _after_parry(
            P, PF, K, s, x, c, st, used, v, pv, a, slot, _fighter(P, K, pa, F_RANGED), outcome
        )
    elif choice == 2:
        s[S_BLOCKS + v] += 1
        if outcome == 3:  # a block's critical failure: the shield is no longer ready
            s[S_SHIELD + v] = 0
            s[S_HAND + v] = UNREADY
    elif choice == 1 or outcome == 3:  # dropped prone, or fell (a dodge's critical failure)
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
    pf: int,
    v: int,
    pv: int,
    plan: int,
    skill: int,
    close: bool,
) -> None:
    """`resolve_attack` for a shot at `skill` (`close`: from within the foe's yard; the
    torso's, the foe's posture, the shooter's shock and the Rapid Fire bonus of its burst
    in it): the roll, the dodge, the damage; the weapon fires RoF shots or what is left
    (B373), a burst's hits one and one more per full Recoil of the margin, each with its
    own damage (B375) while the target lives; thrown, it is gone (BROKEN: B373, whatever
    a critical miss did to it)."""
    mode = _fighter(P, K, pf, F_RANGED)
    location = _i1(P, K, T_PLAN_LOCATION, plan)
    aimed = TORSO if location == RANDOM else location
    skill += _i3(P, K, T_LOCATION_PENALTY, pv, aimed, s[S_SHIELD + v])
    skill = min(skill, _fighter(P, K, pf, F_SHOT_CAP))  # a cap holds over every modifier
    outcome, location, margin = _attack_roll(P, PF, K, s, c, st, f, skill, location)
    fired = min(_fighter(P, K, pf, F_ROF), s[S_LOADED + f])
    s[S_LOADED + f] -= fired
    hits = 1
    if fired > 1:
        hits = min(fired, 1 + max(margin, 0) // _fighter(P, K, pf, F_RECOIL))
    s[S_AIM + f] = 0
    if outcome == 3:
        table = _mode(P, K, pf, mode, MO_MISS)
        _critical_miss(P, PF, K, s, x, c, st, used, f, pf, v, table, False)
    elif outcome == 2:
        # A critical hit: no defense; its one roll on the table holds for every hit.
        roll = _roll3(c, st)
        for _ in range(hits):
            _wound(P, PF, K, s, x, c, st, used, f, pf, v, pv, mode, location, True, roll)
            if s[S_DEAD + v] == 1:
                break
    elif outcome == 1:
        hits -= _defend_shot(P, PF, K, s, par, x, c, st, used, v, pv, f, pf, close, hits)
        for _ in range(hits):
            _damage(P, PF, K, s, x, c, st, used, f, pf, v, pv, mode, location, False)
            if s[S_DEAD + v] == 1:
                break
    if _fighter(P, K, pf, F_THROWN) == 1:
        s[S_WEAPON + f] = BROKEN


@_jit
def _reload(
    P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, c: IntArray, st: U64, f: int, pf: int
) -> None:
    """One Ready of a reload (B270), Fast-Draw (Arrow) rolled at each (B194): once done,
    the weapon is full, or one round more is in it (interpretation 60's "i")."""
    s[S_RELOAD + f] += 1
    fast = _fighter(P, K, pf, F_FAST_DRAW)
    if fast >= 0:  # B194: Fast-Draw (Arrow) at each Ready; a success saves one
        outcome, _ = _check(P, PF, K, c, st, fast)
        if _success(outcome):
            s[S_RELOAD + f] += 1
    if s[S_RELOAD + f] >= _fighter(P, K, pf, F_RELOAD):
        s[S_RELOAD + f] = 0
        full = _fighter(P, K, pf, F_SHOTS)
        if _fighter(P, K, pf, F_INDIVIDUALLY) == 1:
            s[S_LOADED + f] = min(s[S_LOADED + f] + 1, full)
        else:
            s[S_LOADED + f] = full  # B270: its Shots, a full load
    s[S_MAN + f] = M_READY


@_jit
def _draw_sidearm(s: IntArray, f: int) -> None:
    """A Ready for its sidearm (`constructed._spare`): drawn, or swapped for the empty missile
    weapon; it fights in melee from now on (the state SPARE)."""
    s[S_WEAPON + f] = SPARE
    s[S_MAN + f] = M_READY


@_jit
def _shooter_turn(
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
    pf: int,
    v: int,
    pv: int,
    w: int,
    distance: float,
) -> None:
    """A standing shooter's maneuver (GurpsAI._maneuver_of) and its resolution, once
    All-Out Defense is ruled out: its weapon lost, it takes it up again; loaded, the
    better of its shot (Aimed first past 3 yards) and its best blow; empty, a blow worth
    striking or a Ready to reload, or its sidearm with the foe near; else it closes in."""
    weapon = s[S_WEAPON + f]
    near = 1 if distance <= _fighter(P, K, pf, F_BASIC_MOVE) else 0
    if weapon != READY:
        # Dropped or turned in its hands: picked up or readied, loaded or not as it was;
        # or left for its sidearm (broken, or empty with the foe near), or left where it
        # is (empty, the foe near, no sidearm: it fights on without).
        pick = _i4(P, K, T_RECOVER, pf, weapon, min(s[S_LOADED + f], 1), near)
        if pick == PICK_WEAPON:
            s[S_WEAPON + f] = READY
            s[S_MAN + f] = M_READY
            return
        if pick == PICK_SPARE and _fighter(P, K, pf, F_SPARE) == 1:
            _draw_sidearm(s, f)
            return
        if pick != PICK_NONE:
            _escape(c, used, W_SIDEARM if pick == PICK_SPARE else W_READY)
            return
    code, first, defense, blow = NO_ATTACK, 0, 0, NO_BLOW
    far = _distance_class(P, K, distance)
    if far < _i1(P, K, T_SCALARS, SC_DISTANCE_TOP):
        code, first, defense = _melee_choice(P, PF, K, s, par, f, pf, v, pv, far)
        blow = _f6(
            PF,
            K,
            T_CHOOSE_VALUE,
            pf,
            weapon,
            s[S_HAND + f],
            far,
            -s[S_SHOCK + f],
            _clip_defense(defense),
        )
    if weapon != READY or s[S_LOADED + f] == 0:
        if weapon == READY and _i2(P, K, T_EMPTY, pf, near) == EMPTY_SPARE:
            if _fighter(P, K, pf, F_SPARE) == 1:
                _draw_sidearm(s, f)  # Ready (swap): the empty weapon falls for it
            else:
                _escape(c, used, W_SIDEARM)  # a sidearm the model does not follow
        elif code >= 0:
            _blow(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, code, first, defense)
        elif weapon == READY:
            _reload(P, PF, K, s, c, st, f, pf)
        else:
            _close_in(P, PF, K, s, x, f, pf, v, w, distance)
        return
    # Some of its shots fired: a Ready to reload is open (`readying.py`), what the AI takes
    # when no attack is worth it, rather than closing in (`GurpsAI._maneuver_of`).
    partial = s[S_LOADED + f] < _fighter(P, K, pf, F_SHOTS)
    if distance > _f1(PF, K, T_MAX_RANGE, pf) and _fighter(P, K, pf, F_SPARE) == 0:
        # Past its weapon's Max no shot is offered (B269, `reach.py`): the AI weighs its
        # blows alone (a thrower's foe drifts off in a group), or reloads a part-loaded
        # weapon, or closes in. (With a sidearm it would draw that, a weapon to strike
        # with - but for a part-loaded weapon the foe out of a Move's reach, which it
        # reloads: the engine's to play.)
        if code >= 0:
            _blow(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, code, first, defense)
        elif partial:
            _reload(P, PF, K, s, c, st, f, pf)
        else:
            _close_in(P, PF, K, s, x, f, pf, v, w, distance)
        return
    if distance > _fighter(P, K, pf, F_RANGE_TOP):
        _escape(c, used, W_BEYOND)  # past the yards its shots are tabulated for
        return
    # The shot's skill by its range and Aim (B364: an Aim at this foe; `attack.py`); the
    # AI's value of it by that skill alone.
    aimed = s[S_AIM + f] if s[S_AIM_AT + f] == v + 1 else 0
    skill = (
        _i3(P, K, T_SHOT_SKILL, pf, _range_yard(distance), min(aimed, AIM_TURNS))
        + s[S_SHOCK + f]
        + _i2(P, K, T_SHOT_POSTURE, pf, s[S_POSTURE + v])
        + _i2(P, K, T_RAPID_BONUS, pf, s[S_LOADED + f])
    )
    at = min(max(skill, SKILL_LO), SKILL_HI) - SKILL_LO
    against = _clip_defense(_best_vs_shot(P, PF, K, s, par, v, pv, f, pf))
    value = _f3(PF, K, T_SHOT_VALUE, pf, at, against)
    # The first of equal values in the engine's order of Attacks (`before_shot`).
    if value == blow and code < 0 and distance > 3.0:
        _escape(c, used, W_READY)  # a tie at no value: which one it weighs is not tabulated
        return
    if value > blow or (
        value == blow and (code < 0 or _mode(P, K, pf, code % BACK, MO_BEFORE_SHOT) == 0)
    ):
        if distance > 3.0 and s[S_AIM + f] < AIM_TURNS:  # B364: it Aims from afar
            # The AI's gate counts its turns of Aim whatever their foe (`ai.py`); an Aim at
            # another foe starts again at one (`maneuvers.py`).
            s[S_AIM + f] = s[S_AIM + f] + 1 if s[S_AIM_AT + f] == v + 1 else 1
            s[S_AIM_AT + f] = v + 1
            s[S_MAN + f] = M_AIM
            return
        if value > 0.0:
            s[S_MAN + f] = M_ATTACK
            plan = _i3(P, K, T_SHOT_PLAN, pf, at, against)
            _shot(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, plan, skill, distance < CLOSE)
            return
    elif code >= 0:
        _blow(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, code, first, defense)
        return
    if partial:
        _reload(P, PF, K, s, c, st, f, pf)
        return
    _close_in(P, PF, K, s, x, f, pf, v, w, distance)
