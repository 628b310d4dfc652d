"""The compiled duel's turn and battle loop: the AI's maneuver, the start of a turn, and
`play`, which plays every battle of a block (the NumPy model's `batch.py`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.kernel.exchange import (
    _blow,
    _close_in,
    _melee_choice,
)
from senjo.sim.fast_gurps.kernel.rolls import (
    C_STATUS,
    PLAYING,
    S_AIM,
    S_ATTACKED,
    S_BALANCE,
    S_BLOCKS,
    S_CONSCIOUS,
    S_DEFENDED_NOW,
    S_FIELDS,
    S_FLED,
    S_GUARD,
    S_HAND,
    S_HP,
    S_LEGS,
    S_LOADED,
    S_MAN,
    S_POSTURE,
    S_RETREATED,
    S_SHIELD,
    S_SHOCK,
    S_SHOCK_NEXT,
    S_SKIP_NEXT,
    S_STUNNED,
    S_WEAPON,
    U64,
    FloatArray,
    IntArray,
    _active,
    _check,
    _close,
    _die,
    _distance,
    _distance_class,
    _escape,
    _f1,
    _fighter,
    _i1,
    _i3,
    _i4,
    _i5,
    _jit,
    _knock_out,
    _local,
    _local_context,
    _local_places,
    _local_state,
    _local_stream,
    _open,
    _success,
    _unlikely,
)
from senjo.sim.fast_gurps.kernel.shoot import _shooter_turn
from senjo.sim.fast_gurps.layout import (
    ALL_DOWN,
    DROPPED,
    FLED,
    KNEELING,
    LAST_SIDE,
    LYING,
    M_AIM,
    M_NONE,
    M_NOTHING,
    M_POSTURE,
    M_READY,
    NMAX,
    NO_ATTACK,
    PICK_CRIPPLED,
    PICK_ESCAPE,
    PICK_NONE,
    PICK_SHIELD,
    PICK_SPARE,
    PICK_WEAPON,
    READY,
    ROUND_LIMIT,
    SHOCK_LEVELS,
    SPARE,
    STANDING,
    UNREADY,
    W_CRIPPLED,
    W_READY,
    W_SIDEARM,
    W_TARGET,
)
from senjo.sim.fast_gurps.packed import (
    F_BASIC_MOVE,
    F_FLEE_AT,
    F_FREE_DROP,
    F_HP,
    F_HT,
    F_LEG_SHIFT,
    F_RANGED,
    F_SHIELD,
    F_SHOTS,
    F_SPARE,
    SC_DISTANCE_TOP,
    SC_MAX_ROUNDS,
    T_AOD,
    T_CACHE_MODE,
    T_PICKUP,
    T_SCALARS,
    T_STRIKING,
    T_X,
)

# --- the turn ---------------------------------------------------------------------------------


@_jit
def _free_drop(
    P: IntArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    used: IntArray,
    f: int,
    pf: int,
    v: int,
) -> bool:
    """The free action before f's maneuver (option free_actions, `GurpsAI._free_action`):
    its empty missile weapon let fall for its sidearm, its nearest foe v within 2 yards
    (the distance worked out last, for that case only); False if the battle escaped (a
    sidearm the model does not follow). A duel's maneuver calls it first; a group's loop
    before it weighs the blows open on f's foes (`group.play_group`)."""
    if (
        _fighter(P, K, pf, F_RANGED) >= 0
        and _fighter(P, K, pf, F_FREE_DROP) == 1
        and s[S_LOADED + f] == 0
        and (s[S_WEAPON + f] == READY or s[S_WEAPON + f] == UNREADY)
        and _distance(x, f, v) <= 2.0
    ):
        if _fighter(P, K, pf, F_SPARE) == 0:
            _escape(c, used, W_SIDEARM)
            return False
        s[S_WEAPON + f] = DROPPED
    return True


#: `crowd` bits (a group's `_maneuver`): a blow open on another foe than the target, and
#: one with a weapon that is not a natural one (`T_STRIKING`).
OTHER_BLOW, OTHER_WEAPON = 1, 2


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
    used: IntArray,
    f: int,
    pf: int,
    v: int,
    pv: int,
    w: int,
    crowd: int,
) -> None:
    """The AI's maneuver (GurpsAI._maneuver) and its resolution (`_Block.maneuver`), for f
    (slot f, row pf) against its target v (slot v, row pv), the nearest foe: so a foe
    within 2 yards, for the free drop and All-Out Defense, is one within 2 of v; w is the
    foe it would walk to with nothing to strike and v within a yard (`_close_in`); `crowd`
    is -1 in a duel, else what f could strike at its other foes (`OTHER_BLOW`,
    `OTHER_WEAPON`; a group's)."""
    distance = _distance(x, f, v)
    shooting = _fighter(P, K, pf, F_RANGED) >= 0
    if crowd < 0 and not _free_drop(P, K, s, x, c, used, f, pf, v):
        return  # a duel's free action (a group's loop has done f's)
    lame = s[S_LEGS + f] != 0
    if _unlikely(s[S_POSTURE + f] != STANDING):
        if not lame or s[S_POSTURE + f] == LYING:
            s[S_POSTURE + f] = KNEELING if s[S_POSTURE + f] == LYING else STANDING
            s[S_MAN + f] = M_POSTURE
            return
        # Kneeling on a lame leg (B420-421), for good: it fights there, its choices its
        # tables' at `leg_shift` more shock levels - where they hold them.
        if -s[S_SHOCK + f] + _fighter(P, K, pf, F_LEG_SHIFT) >= SHOCK_LEVELS:
            _escape(c, used, W_CRIPPLED)
            return
    weapon, hand = s[S_WEAPON + f], s[S_HAND + f]
    # Badly hurt, a foe in reach: All-Out Defense, unless the target is as badly hurt (the
    # target's HP read only on this rare branch: measured no slower than before it).
    if distance <= 2.0 and 3 * s[S_HP + f] < _fighter(P, K, pf, F_HP):  # noqa: SIM102
        if 3 * s[S_HP + v] >= _fighter(P, K, pv, F_HP):
            s[S_MAN + f] = _i3(P, K, T_AOD, pf, weapon, hand)
            return
    if crowd > 0 and crowd & OTHER_BLOW:
        # No attack offered on the nearest foe, a blow on another: the AI strikes at the
        # others (`attacks ... or weapons`), which its tables do not cover. (Attacks offered
        # but none with a plan, UNPLANNED, keep it on its target: it closes in.)
        far = _distance_class(P, K, distance)
        if _i5(P, K, T_CACHE_MODE, pf, weapon, hand, far, -s[S_SHOCK + f]) == NO_ATTACK:
            _escape(c, used, W_TARGET)
            return
    if shooting and weapon < SPARE:  # its missile weapon in hand, or lost; else its sidearm
        if crowd > 0 and crowd & OTHER_WEAPON and weapon != READY:
            _escape(c, used, W_TARGET)  # what it takes up weighs its blows at the others
            return
        _shooter_turn(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, w, distance)
        return
    if shooting and weapon != SPARE and distance > _fighter(P, K, pf, F_BASIC_MOVE):
        # Its sidearm lost with the foe past its Move: the AI may take up its missile
        # weapon again, if it lies on the ground (`tables.py` tabulates the nearer case).
        _escape(c, used, W_READY)
        return
    far = _distance_class(P, K, distance)
    pick = _i4(P, K, T_PICKUP, pf, weapon, hand, far)
    if (
        crowd > 0
        and crowd & OTHER_WEAPON
        and pick != PICK_NONE
        and _i4(P, K, T_STRIKING, pf, weapon, hand, far) == 0
    ):
        # What the AI readies hangs on whether it has a weapon's blow open on any foe (its
        # `striking`): open on another, not on the target, the tables do not know.
        _escape(c, used, W_TARGET)
        return
    if _unlikely(pick == PICK_CRIPPLED):
        _escape(c, used, W_CRIPPLED)  # a crippled arm's weapon into the other hand
        return
    if _unlikely(pick == PICK_ESCAPE):
        _escape(c, used, W_READY)  # the engine readies what the model does not follow, and plays on
        return
    if pick == PICK_WEAPON:
        s[S_WEAPON + f] = READY
    elif pick == PICK_SPARE:
        s[S_WEAPON + f] = SPARE  # its main weapon broken, it draws the spare (B382)
    elif pick == PICK_SHIELD:  # or the off-hand weapon of two (`off_hand.py`)
        s[S_HAND + f] = READY
        s[S_SHIELD + f] = _fighter(P, K, pf, F_SHIELD)
    if _unlikely(pick != PICK_NONE):
        s[S_MAN + f] = M_READY
        return
    if far < _i1(P, K, T_SCALARS, SC_DISTANCE_TOP):
        code, first, defense = _melee_choice(P, PF, K, s, par, f, pf, v, pv, far)
        if code >= 0:
            _blow(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, code, first, defense)
            return
    if _unlikely(lame) and (distance > 1.0 or w >= 0):
        _escape(c, used, W_CRIPPLED)  # a Move on a lame leg: the engine's to play
        return
    _close_in(P, PF, K, s, x, f, pf, v, w, distance)


@_jit
def _begin(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    c: IntArray,
    st: U64,
    f: int,
    pf: int,
) -> bool:
    """`_Block.turn`'s start for f (slot f, a row of its pf): the turn's resets, the HP and
    stun rolls, a flight; True if a maneuver follows."""
    if not _active(s, f):
        return False
    rested = s[S_DEFENDED_NOW + f] == 0 and s[S_MAN + f] == M_NOTHING
    s[S_SHOCK + f] = s[S_SHOCK_NEXT + f]
    s[S_SHOCK_NEXT + f] = 0
    if s[S_DEFENDED_NOW + f] != 0:  # no parry counted without a defense since the last turn
        par[f, :] = 0
    s[S_BLOCKS + f] = 0
    s[S_DEFENDED_NOW + f] = 0
    s[S_RETREATED + f] = 0
    s[S_ATTACKED + f] = 0
    s[S_BALANCE + f] = 0
    s[S_GUARD + f] = 0
    if s[S_MAN + f] != M_AIM:  # B364: only an Aim last turn counts (`_start_of_turn`)
        s[S_AIM + f] = 0
    s[S_MAN + f] = M_NONE
    hp = s[S_HP + f]
    if _unlikely(hp <= 0) and not rested:
        modifier = -((-hp) // _fighter(P, K, pf, F_HP)) if hp < 0 else 0
        outcome, _ = _check(P, PF, K, c, st, _fighter(P, K, pf, F_HT) + modifier)
        if not _success(outcome):
            _knock_out(s, f)
        if not _active(s, f):
            return False
    if _unlikely(s[S_STUNNED + f] == 1 or s[S_SKIP_NEXT + f] == 1):
        s[S_MAN + f] = M_NOTHING
        s[S_SKIP_NEXT + f] = 0
        if s[S_STUNNED + f] == 1:
            outcome, _ = _check(P, PF, K, c, st, _fighter(P, K, pf, F_HT))
            if _success(outcome):
                s[S_STUNNED + f] = 0
        return False
    if _unlikely(s[S_HP + f] <= _fighter(P, K, pf, F_FLEE_AT)):
        s[S_FLED + f] = 1  # senjo's morale rule: the AI flees (`_Block.turn`)
        return False
    return True


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
    used: IntArray,
    f: int,
    pf: int,
    v: int,
    pv: int,
) -> None:
    """A duel's turn of f (slot f, row pf) against v (slot v, row pv): its start, then the
    maneuver (a group's loop calls the two itself: `group.play_group`)."""
    if _begin(P, PF, K, s, par, c, st, f, pf):
        _maneuver(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, -1, -1)


@_jit
def _fresh(P: IntArray, K: IntArray, s: IntArray, f: int, pf: int) -> None:
    """Fighter f (slot f, a row of its pf) as a battle starts (s and par zeroed first)."""
    s[S_HP + f] = _fighter(P, K, pf, F_HP)
    s[S_CONSCIOUS + f] = 1
    s[S_SHIELD + f] = _fighter(P, K, pf, F_SHIELD)
    s[S_LOADED + f] = _fighter(P, K, pf, F_SHOTS)  # a missile weapon starts full (B270)


@_jit
def _reset(
    P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, par: IntArray, x: npt.NDArray[np.float64]
) -> None:
    # A duel uses slots 0 and 1 alone: only their fields and parry counts are cleared
    # (the whole state is `S_FIELDS * NMAX` long, sized for a group's fighters).
    for field in range(0, S_FIELDS * NMAX, NMAX):
        s[field] = 0
        s[field + 1] = 0
    par[0:2, :] = 0
    for f in range(2):
        _fresh(P, K, s, f, f)
        x[f] = _f1(PF, K, T_X, f)
        x[NMAX + f] = 0.0  # a duel stands on a line of constant y


@_jit
def _end(s: IntArray) -> tuple[int, int]:
    up0, up1 = _active(s, 0), _active(s, 1)
    if up0:
        return 0, FLED if s[S_FLED + 1] == 1 else LAST_SIDE
    if up1:
        return 1, FLED if s[S_FLED] == 1 else LAST_SIDE
    return -1, ALL_DOWN


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
    3 why it escaped (`layout.W_*`, 0: it did not), 4/5 HP, 6/7 standing; battle],
    res[count, fighter, battle] (S_ATTACKS...), used[battle]."""
    n: int = seeds.shape[0]
    # The index and the scratch read from this call's stack (`rolls._on_stack`).
    K = _local(K)
    s, c, st, x = _local_state(s), _local_context(c), _local_stream(st), _local_places(x)
    for b in range(n):
        _reset(P, PF, K, s, par, x)
        _open(c, st, seeds, b)
        for _ in range(start):
            _die(c, st)
        winner, reason, rounds = -1, ROUND_LIMIT, 0
        # The two turns of a round written out, each with its fighter a constant: LLVM then
        # folds every `f` and `1 - f` of the inlined turn (measured, 7% more duels a
        # second; the price is a turn compiled twice, a cold compile of about 35 s, not 20).
        while True:
            if rounds >= _i1(P, K, T_SCALARS, SC_MAX_ROUNDS):
                break
            rounds += 1
            _turn(P, PF, K, s, par, x, c, st, used, 0, 0, 1, 1)
            if c[C_STATUS] != PLAYING:
                break
            if not (_active(s, 0) and _active(s, 1)):
                winner, reason = _end(s)
                break
            _turn(P, PF, K, s, par, x, c, st, used, 1, 1, 0, 0)
            if c[C_STATUS] != PLAYING:
                break
            if not (_active(s, 0) and _active(s, 1)):
                winner, reason = _end(s)
                break
        out[0, b] = winner
        out[1, b] = reason
        out[2, b] = rounds
        _close(out, res, used, s, c, b, 2)
        for f in range(2):
            out[4 + f, b] = s[S_HP + f]
            out[6 + f, b] = 1 if _active(s, f) else 0
