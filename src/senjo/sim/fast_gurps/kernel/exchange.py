"""The compiled duel's exchange of blows: defenses and the AI's choice among them, the
strike and the attack (the NumPy model's `exchange.py`; what a blow does is in
`harm.py`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.kernel.harm import (
    _critical_miss,
    _damage,
)
from senjo.sim.fast_gurps.kernel.rolls import (
    C_STATUS,
    PLAYING,
    S_AIM,
    S_ATTACKED,
    S_ATTACKS,
    S_BALANCE,
    S_BLOCKS,
    S_DEFENDED,
    S_DEFENDED_NOW,
    S_DEFENSES,
    S_GUARD,
    S_HAND,
    S_HITS,
    S_HP,
    S_LEGS,
    S_MAN,
    S_POSTURE,
    S_RETREATED,
    S_SHIELD,
    S_SHOCK,
    S_STUNNED,
    S_WEAPON,
    U64,
    FloatArray,
    IntArray,
    _active,
    _check,
    _clip_defense,
    _die,
    _distance,
    _escape,
    _f1,
    _f2,
    _fighter,
    _i1,
    _i2,
    _i3,
    _i4,
    _i5,
    _i6,
    _jit,
    _mode,
    _roll3,
    _slot,
    _step_away,
    _step_out,
    _step_toward,
    _success,
    _unlikely,
)
from senjo.sim.fast_gurps.layout import (
    BACK,
    BROKEN,
    CLOSE,
    DUAL,
    HELD_MAIN,
    HELD_NONE,
    HELD_OFF,
    HELD_SPARE,
    LYING,
    M_ATTACK,
    M_MOVE,
    NO_SCORE,
    PA_BREAKS,
    PA_REDIRECT,
    PA_STRIKE,
    RANDOM,
    READY,
    SPARE,
    SPARE_BROKEN,
    STANDING,
    TORSO,
    UNREADY,
    W_PARRYING,
)
from senjo.sim.fast_gurps.packed import (
    F_DODGE_REELING,
    F_DUAL_MODIFIER,
    F_HP,
    F_LEG_SHIFT,
    F_MISS_TABLES,
    F_OFF_MODE,
    F_RAPID,
    F_SHIELD_DB,
    F_SLOTS,
    MO_CLOSE,
    MO_HELD,
    MO_MISS,
    MO_SKILL,
    MO_STEP_OUT,
    MO_THRUSTING,
    MO_UNARMED,
    SL_AOD,
    SL_BASE,
    SL_CLOSE,
    SL_FUMBLE,
    SL_HELD,
    SL_KIND,
    SL_RETREAT,
    SL_STEP,
    SL_UNARMED,
    SL_UNBALANCED,
    T_AOD,
    T_CACHE_MODE,
    T_CAN_RETREAT,
    T_CHANCE,
    T_CHOOSE,
    T_HIT_LOCATION,
    T_LOCATION_PENALTY,
    T_MOVE,
    T_OFFERED,
    T_PARRY_AFTER,
    T_PLAN,
    T_PLAN_DECEPTIVE,
    T_PLAN_DUAL,
    T_PLAN_LOCATION,
    T_PLAN_RAPID,
    T_POSTURE_ATTACK,
    T_POSTURE_DEFENSE,
    T_REACH,
    T_REDIRECT,
)

# --- defenses ---------------------------------------------------------------------------------


@_jit
def _slot_score(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    v: int,
    pv: int,
    j: int,
    a: int,
    pa: int,
    mode: int,
    deceptive: int,
    close: bool,
) -> tuple[int, bool, int]:
    """`Exchange.defense_scores` for one slot j of v (slot v, row pv) against a mode of the
    attacker's (slot a, row pa): (score, available, retreat bonus)."""
    shield = s[S_SHIELD + v] == 1
    common = (
        -(0 if (shield and not close) else _fighter(P, K, pv, F_SHIELD_DB))
        - 4 * s[S_STUNNED + v]
        + _i2(P, K, T_POSTURE_DEFENSE, pv, s[S_POSTURE + v])
        - 2 * s[S_BALANCE + v]
        - 2 * s[S_GUARD + v]
        - deceptive
    )
    # B377: the retreat's bonus stays against the attacker it was made from (S_RETREATED
    # holds its slot + 1: in a group, foes alike share their rows of tables) for the turn.
    retreated = s[S_RETREATED + v] == a + 1
    score = (
        _slot(P, K, pv, j, SL_BASE) + common + (_slot(P, K, pv, j, SL_RETREAT) if retreated else 0)
    )
    if s[S_MAN + v] == _slot(P, K, pv, j, SL_AOD):
        score += 2
    available = True
    kind = _slot(P, K, pv, j, SL_KIND)
    if kind == 0:
        if 3 * s[S_HP + v] < _fighter(P, K, pv, F_HP):
            score -= _fighter(P, K, pv, F_DODGE_REELING)
    elif kind == 1:
        score -= _slot(P, K, pv, j, SL_STEP) * par[v, j]
        if _slot(P, K, pv, j, SL_UNARMED) == 1:
            armed = (
                _mode(P, K, pa, mode, MO_UNARMED) == 0 and _mode(P, K, pa, mode, MO_THRUSTING) == 0
            )
            if armed:
                score -= 3
        # Its weapon ready, or a hand empty for a bare-handed parry (`T_OFFERED`).
        if _i4(P, K, T_OFFERED, pv, s[S_WEAPON + v], s[S_HAND + v], j) == 0:
            available = False
        # B276: an unbalanced weapon does not parry on a turn it attacked (S_ATTACKED: a bit
        # for each weapon v struck with, 1 << its HELD_* code).
        unbalanced = _slot(P, K, pv, j, SL_UNBALANCED) == 1
        if unbalanced and (s[S_ATTACKED + v] >> _slot(P, K, pv, j, SL_HELD)) & 1 == 1:
            available = False
        if _slot(P, K, pv, j, SL_CLOSE) == 0 and close:
            available = False
    else:
        available = shield and s[S_BLOCKS + v] == 0 and not close
    bonus = 0 if retreated else _slot(P, K, pv, j, SL_RETREAT)
    return score, available, bonus


@_jit
def _can_retreat(P: IntArray, PF: FloatArray, K: IntArray, s: IntArray, v: int, pv: int) -> bool:
    return _i2(P, K, T_CAN_RETREAT, pv, s[S_POSTURE + v]) == 1 and s[S_RETREATED + v] == 0


@_jit
def _best_defense(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    v: int,
    pv: int,
    a: int,
    pa: int,
    mode: int,
) -> int:
    """The best defense score of v (slot v, row pv) against a mode of the attacker's (slot
    a, row pa), as `ai.best_defense` scores it."""
    retreat = _can_retreat(P, PF, K, s, v, pv)
    best = NO_SCORE
    for j in range(_fighter(P, K, pv, F_SLOTS)):
        score, available, bonus = _slot_score(P, PF, K, s, par, v, pv, j, a, pa, mode, 0, False)
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
    used: IntArray,
    v: int,
    pv: int,
    a: int,
    pa: int,
    mode: int,
    deceptive: int,
    location: int,
) -> tuple[bool, int]:
    """GurpsAI._defense and the roll (`Exchange.defend`) of v (slot v, row pv) against a
    (slot a, row pa) striking at `location`: whether the attack is stopped, and where it
    lands if not (B376: a failed bare-handed parry's arm, `parrying_unarmed.redirect`)."""
    close = _distance(x, v, a) < CLOSE
    retreat = _can_retreat(P, PF, K, s, v, pv)
    count = _fighter(P, K, pv, F_SLOTS)
    best_value = -1.0
    choice = 0
    chosen_score = 0
    chosen_bonus = 0
    last_score = 0
    last_bonus = 0
    for j in range(count):
        score, available, bonus = _slot_score(
            P, PF, K, s, par, v, pv, j, a, pa, mode, deceptive, close
        )
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
    kind = _slot(P, K, pv, slot, SL_KIND)
    outcome, _ = _check(P, PF, K, c, st, score)
    s[S_DEFENSES + v] += 1
    s[S_DEFENDED_NOW + v] = 1
    s[S_AIM + v] = 0  # B364: any active defense spoils an Aim (a shooter's, in melee)
    # Written without branches on the choice (adding 0 where nothing changes).
    # Retreated from a (`defense.retreated_from`): its slot + 1, kept if set already.
    s[S_RETREATED + v] += (a + 1) * int(retreating and s[S_RETREATED + v] == 0)
    par[v, slot] += int(kind == 1)
    s[S_BLOCKS + v] += int(kind == 2)
    stopped = _success(outcome)
    s[S_DEFENDED + v] += int(stopped)  # no branch on a roll
    landing = location
    if kind == 1:
        # B376 (`parrying_unarmed.py`): a weapon's parry stopping a bare-handed blow (it
        # may strike the limb: not modelled) ...
        after = _i3(P, K, T_PARRY_AFTER, pv, slot, mode)
        if _unlikely(stopped and (after & PA_STRIKE) != 0):
            _escape(c, used, W_PARRYING)
        _after_parry(P, PF, K, s, x, c, st, used, v, pv, a, slot, mode, outcome)
        if _unlikely(not stopped and (after & PA_REDIRECT) != 0):
            # ... or a bare hand's failing against a weapon: the attacker's AI may strike
            # the parrying arm instead (the hand as the fumble, if any, left it).
            arm = _i5(P, K, T_REDIRECT, pv, s[S_WEAPON + v], s[S_HAND + v], mode, location)
            if arm > 0:
                landing = arm - 1
    elif _unlikely(outcome == 3):
        if kind == 0:
            s[S_POSTURE + v] = LYING
        else:
            s[S_SHIELD + v] = 0
            s[S_HAND + v] = UNREADY
    return stopped, landing


@_jit
def _after_parry(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
    used: IntArray,
    v: int,
    pv: int,
    a: int,
    slot: int,
    mode: int,
    outcome: int,
) -> None:
    """What a parry of v's with slot `slot` leaves (`roll_defense`): its critical failure
    rolls on the parrying weapon's critical-miss table; one that stops a much heavier
    weapon (a's `mode`) may break (B376: 1d, 1-2)."""
    if _unlikely(outcome == 3):
        table = _slot(P, K, pv, slot, SL_FUMBLE)
        if table < 0:
            table += _fighter(P, K, pv, F_MISS_TABLES)
        off = _slot(P, K, pv, slot, SL_HELD) == HELD_OFF
        _critical_miss(P, PF, K, s, x, c, st, used, v, pv, a, table, off)
    elif _success(outcome):
        risky = (_i3(P, K, T_PARRY_AFTER, pv, slot, mode) & PA_BREAKS) != 0
        if risky and _die(c, st) <= 2:
            if _slot(P, K, pv, slot, SL_HELD) == HELD_OFF:
                s[S_HAND + v] = BROKEN  # the off-hand weapon of two (`off_hand.py`)
            else:
                s[S_WEAPON + v] = SPARE_BROKEN if s[S_WEAPON + v] == SPARE else BROKEN


# --- attacks ----------------------------------------------------------------------------------


@_jit
def _attack_roll(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    c: IntArray,
    st: U64,
    f: int,
    skill: int,
    location: int,
) -> tuple[int, int, int]:
    """The attack roll of a blow or a shot, counted: (outcome, where it lands, margin)."""
    outcome, margin = _check(P, PF, K, c, st, skill)
    if location == RANDOM:  # B400: the location rolled on 3d6 right after the attack roll
        location = _i1(P, K, T_HIT_LOCATION, _roll3(c, st))
    s[S_ATTACKS + f] += 1
    s[S_HITS + f] += int(_success(outcome))  # no branch on a roll
    return outcome, location, margin


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
    used: IntArray,
    f: int,
    pf: int,
    v: int,
    pv: int,
    mode: int,
    plan: int,
    dual: int,
) -> None:
    """`resolve_attack` of f (slot f, row pf) on v (slot v, row pv): the roll, the defense,
    the damage; `dual` the modifier of a Dual-Weapon Attack's blow (else 0)."""
    s[S_AIM + f] = 0  # any attack ends an Aim (a shooter's punch too)
    location = _i1(P, K, T_PLAN_LOCATION, plan)
    deceptive = _i1(P, K, T_PLAN_DECEPTIVE, plan)
    # A rolled location is not aimed: the torso's entry, the foe's size alone.
    aimed = TORSO if location == RANDOM else location
    skill = (
        _mode(P, K, pf, mode, MO_SKILL)
        + s[S_SHOCK + f]
        + _i2(P, K, T_POSTURE_ATTACK, pf, s[S_POSTURE + f])
        + _i3(P, K, T_LOCATION_PENALTY, pv, aimed, s[S_SHIELD + v])
        - 2 * deceptive
        - _fighter(P, K, pf, F_RAPID) * _i1(P, K, T_PLAN_RAPID, plan)
        + dual
    )
    outcome, location, _ = _attack_roll(P, PF, K, s, c, st, f, skill, location)
    held = _mode(P, K, pf, mode, MO_HELD)
    if held != HELD_NONE:
        s[S_ATTACKED + f] |= 1 << held
    if _unlikely(outcome == 3):
        table = _mode(P, K, pf, mode, MO_MISS)
        _critical_miss(P, PF, K, s, x, c, st, used, f, pf, v, table, held == HELD_OFF)
    elif _unlikely(outcome == 2):
        _damage(P, PF, K, s, x, c, st, used, f, pf, v, pv, mode, location, True)
    elif outcome == 1:
        stopped, location = _defend(
            P, PF, K, s, par, x, c, st, used, v, pv, f, pf, mode, deceptive, location
        )
        if not stopped and c[C_STATUS] == PLAYING:
            _damage(P, PF, K, s, x, c, st, used, f, pf, v, pv, mode, location, False)


@_jit
def _in_hand(P: IntArray, K: IntArray, s: IntArray, f: int, pf: int, mode: int) -> bool:
    """Whether the weapon of `mode` is still in hand (not dropped, turned or broken by the
    first blow of a Rapid Strike): always for a punch, the main weapon ready, the spare
    drawn and ready (`exchange.in_hand` in the NumPy model), the off-hand weapon of two
    ready (`off_hand.py`)."""
    held, weapon = _mode(P, K, pf, mode, MO_HELD), s[S_WEAPON + f]
    return (
        held == HELD_NONE
        or (held == HELD_OFF and s[S_HAND + f] == READY)
        or (held == HELD_MAIN and weapon == READY)
        or (held == HELD_SPARE and weapon == SPARE)
    )


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
    used: IntArray,
    f: int,
    pf: int,
    v: int,
    pv: int,
    mode: int,
    scored: int,
    back: bool,
    dual: bool,
) -> None:
    """The Step into reach (or out of a close combat, for a reach-1 weapon), the plan
    (`Exchange.plan_attack`), one or two strikes; or the strikes, then the Step back
    (`back`); a Dual-Weapon Attack's (`dual`): the blow, then the off-hand weapon's
    (`maneuvers._attack_maneuver`)."""
    reach = _f2(PF, K, T_REACH, pf, mode)
    if not back:
        here = _distance(x, f, v)
        if here < CLOSE and _mode(P, K, pf, mode, MO_STEP_OUT) == 1:
            _step_out(x, f, v, here)  # out of the close combat (`walking.approach`)
        else:
            _step_toward(x, f, v, 1.0, reach)
    distance = _distance(x, f, v)
    if distance < CLOSE:
        reaches = _mode(P, K, pf, mode, MO_CLOSE) == 1
    else:
        reaches = reach > 0 and distance <= reach
    if not reaches:
        return
    defense = scored
    if defense == NO_SCORE:
        defense = _best_defense(P, PF, K, s, par, v, pv, f, pf, mode)
    table = T_PLAN_DUAL if dual else T_PLAN
    plan = _i4(P, K, table, pf, mode, _ai_shock(P, K, s, f, pf), _clip_defense(defense))
    modifier = _fighter(P, K, pf, F_DUAL_MODIFIER) if dual else 0
    _strike(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, mode, plan, modifier)
    if dual:
        if c[C_STATUS] == PLAYING and s[S_BALANCE + f] == 0 and _active(s, f) and _active(s, v):
            off = _fighter(P, K, pf, F_OFF_MODE)
            _strike(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, off, plan, modifier)
        return
    rapid = _i1(P, K, T_PLAN_RAPID, plan) == 1
    again = (
        rapid
        and c[C_STATUS] == PLAYING
        and s[S_BALANCE + f] == 0
        and _active(s, f)
        and _active(s, v)
        and _in_hand(P, K, s, f, pf, mode)
    )
    if again:  # the Rapid Strike's second blow
        _strike(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, mode, plan, 0)
    # The Step back: not after a Rapid Strike cut short, nor once balance is lost; only
    # by a fighter still up and standing.
    if (
        back
        and (again or not rapid)
        and c[C_STATUS] == PLAYING
        and s[S_BALANCE + f] == 0
        and _active(s, f)
        and s[S_POSTURE + f] == STANDING
    ):
        _step_away(x, f, v, 1.0)


@_jit
def _ai_shock(P: IntArray, K: IntArray, s: IntArray, f: int, pf: int) -> int:
    """The shock level f's (row pf's) AI tables are read at: its shock's, and kneeling on a
    lame leg that many more (`FighterTables.leg_shift`: the posture's attack penalty)."""
    shock: int = -s[S_SHOCK + f]
    if _unlikely(s[S_LEGS + f] != 0):
        shock += _fighter(P, K, pf, F_LEG_SHIFT)
    return shock


@_jit
def _melee_choice(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    par: IntArray,
    f: int,
    pf: int,
    v: int,
    pv: int,
    far: int,
) -> tuple[int, int, int]:
    """The AI's blow at distance class `far` (GurpsAI._maneuver_of): its code in `T_CHOOSE`
    (a mode, BACK + a mode, or NO_ATTACK: none worth striking), the mode whose defense the
    AI scored first, and that defense."""
    weapon, hand, shock = s[S_WEAPON + f], s[S_HAND + f], _ai_shock(P, K, s, f, pf)
    first = _i5(P, K, T_CACHE_MODE, pf, weapon, hand, far, shock)
    defense = _best_defense(P, PF, K, s, par, v, pv, f, pf, max(first, 0))
    code = _i6(P, K, T_CHOOSE, pf, weapon, hand, far, shock, _clip_defense(defense))
    return code, first, defense


@_jit
def _blow(
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
    code: int,
    first: int,
    defense: int,
) -> None:
    """The Attack `_melee_choice` chose (`code` >= 0), its scored defense passed on."""
    dual = code >= DUAL
    if dual:
        code -= DUAL
    back = code >= BACK
    if back:
        code -= BACK
    s[S_MAN + f] = M_ATTACK
    scored = defense if first == code else NO_SCORE
    _attack(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, code, scored, back, dual)


@_jit
def _close_in(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    f: int,
    pf: int,
    v: int,
    w: int,
    distance: float,
) -> None:
    """No blow (nor shot) worth taking: Move toward the foe v, a yard short, at its Move
    (halved below a third of its HP); already that close, toward w, the first other foe
    farther than a yard (in a group; -1: none; `legal.maneuver_options` offers a Move
    toward each foe past a Step, and the AI takes the first when its target's is not
    there); else All-Out Defense."""
    if distance > 1.0 or w >= 0:
        hurt = 3 * s[S_HP + f] < _fighter(P, K, pf, F_HP)
        move = _f2(PF, K, T_MOVE, pf, 1) if hurt else _f2(PF, K, T_MOVE, pf, 0)
        _step_toward(x, f, v if distance > 1.0 else w, move, 1.0)
        s[S_MAN + f] = M_MOVE
    else:
        s[S_MAN + f] = _i3(P, K, T_AOD, pf, s[S_WEAPON + f], s[S_HAND + f])
