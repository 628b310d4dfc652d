"""The compiled battle of two sides of any size (up to `NMAX` fighters): the group loop
(docs/plans/fast_path_group.md).

Each fighter has a *slot* in the battle's state (its place in the scenario) and, for each
foe, a *row* of tables: its tables in the duel against that foe (`rows[f, g]`; -1 for a
fighter of its own side). Every round the fighters take their turns in initiative order;
each turns on the nearest foe still in the fight, ties to the one with fewer HP, then
the first in turn order (`GurpsAI._maneuver_of`, `GurpsState.foes`), and plays its turn
as in a duel against that foe. The battle ends when one side has no fighter left in the fight.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.kernel.rolls import (
    C_STATUS,
    PLAYING,
    S_FLED,
    S_HAND,
    S_HP,
    S_SHOCK,
    S_WEAPON,
    U64,
    FloatArray,
    IntArray,
    _active,
    _close,
    _die,
    _distance,
    _distance_class,
    _i1,
    _i4,
    _i5,
    _jit,
    _open,
)
from senjo.sim.fast_gurps.kernel.turn import (
    OTHER_BLOW,
    OTHER_WEAPON,
    _begin,
    _free_drop,
    _fresh,
    _maneuver,
)
from senjo.sim.fast_gurps.layout import (
    ALL_DOWN,
    DOWN,
    FLED,
    FLED_OUT,
    LAST_SIDE,
    NMAX,
    ROUND_LIMIT,
    UP,
)
from senjo.sim.fast_gurps.packed import (
    SC_DISTANCE_TOP,
    SC_MAX_ROUNDS,
    T_CACHE_MODE,
    T_SCALARS,
    T_STRIKING,
)


@_jit
def _target(
    s: IntArray, x: npt.NDArray[np.float64], n: int, order: IntArray, rows: IntArray, f: int
) -> int:
    """The foe f turns on: the nearest in the fight, then the fewest HP, then the first in
    turn order; -1 if none is left."""
    best, best_distance, best_hp = -1, 0.0, 0
    for k in range(n):
        g = order[k]
        if rows[f, g] < 0 or not _active(s, g):
            continue
        distance = _distance(x, f, g)
        hp = s[S_HP + g]
        if best < 0 or distance < best_distance or (distance == best_distance and hp < best_hp):
            best, best_distance, best_hp = g, distance, hp
    return best


@_jit
def _walk_to(
    s: IntArray, x: npt.NDArray[np.float64], n: int, order: IntArray, rows: IntArray, f: int
) -> int:
    """The first foe in turn order farther than a yard (past a Step: `legal` offers a Move
    toward it), -1 if none: where f walks when its target is within a yard and it has
    nothing to strike (`exchange._close_in`)."""
    for k in range(n):
        g = order[k]
        if rows[f, g] >= 0 and _active(s, g) and _distance(x, f, g) > 1.0:
            return int(g)
    return -1


@_jit
def _crowd(
    P: IntArray,
    K: IntArray,
    s: IntArray,
    x: npt.NDArray[np.float64],
    n: int,
    order: IntArray,
    rows: IntArray,
    f: int,
    v: int,
) -> int:
    """What f could strike at its foes other than its target v (`turn.OTHER_BLOW`: a blow
    its tables against that foe, at that distance, score: `T_CACHE_MODE`;
    `turn.OTHER_WEAPON`: one with a weapon that is not a natural one, `T_STRIKING`)."""
    top = _i1(P, K, T_SCALARS, SC_DISTANCE_TOP)
    weapon, hand, shock = s[S_WEAPON + f], s[S_HAND + f], -s[S_SHOCK + f]
    crowd = 0
    for k in range(n):
        g = order[k]
        if g == v or rows[f, g] < 0 or not _active(s, g):
            continue
        far = _distance_class(P, K, _distance(x, f, g))
        if far >= top:
            continue
        if _i5(P, K, T_CACHE_MODE, rows[f, g], weapon, hand, far, shock) >= 0:
            crowd |= OTHER_BLOW
        if _i4(P, K, T_STRIKING, rows[f, g], weapon, hand, far) == 1:
            crowd |= OTHER_WEAPON
    return crowd


@_jit
def _standing(s: IntArray, n: int, order: IntArray, side: IntArray) -> tuple[bool, bool]:
    """Whether side 0 and side 1 each still have a fighter in the fight."""
    up0, up1 = False, False
    for k in range(n):
        f = order[k]
        if _active(s, f):
            if side[f] == 0:
                up0 = True
            elif side[f] == 1:
                up1 = True
    return up0, up1


@_jit
def _outcome(
    s: IntArray, n: int, order: IntArray, side: IntArray, up0: bool, up1: bool
) -> tuple[int, int]:
    """`engine.battle.last_side_outcome` once a side is down: (winning side or -1, reason)."""
    if not (up0 or up1):
        return -1, ALL_DOWN
    winner = 0 if up0 else 1
    for k in range(n):
        f = order[k]
        if side[f] != winner and s[S_FLED + f] == 1:
            return winner, FLED
    return winner, LAST_SIDE


@_jit
def _later(rank: IntArray, order: IntArray, f: int, g: int) -> bool:
    """Whether f takes its turn after g: a later place by speed (`rank[f]`), a lower tie
    roll (`order[NMAX + f]`), or a later key (`rank[NMAX + f]`)."""
    if rank[f] != rank[g]:
        return bool(rank[f] > rank[g])
    if order[NMAX + f] != order[NMAX + g]:
        return bool(order[NMAX + f] < order[NMAX + g])
    return bool(rank[NMAX + f] > rank[NMAX + g])


@_jit
def _initiative(
    c: IntArray, st: U64, n: int, rank: IntArray, tied: IntArray, order: IntArray
) -> None:
    """`Gurps.play`'s turn order (B363) into `order[:n]`: by `rank` (Basic Speed, then DX),
    a d6 rolled by each fighter that ties with another (in scenario order, `tied`; kept at
    `order[NMAX + f]`), higher first, then by key (its place at `rank[NMAX + f]`)."""
    for f in range(n):
        order[NMAX + f] = _die(c, st) if tied[f] == 1 else 0
    for k in range(n):
        order[k] = k
    for k in range(1, n):  # insertion sort: a handful of fighters
        f = order[k]
        j = k - 1
        while j >= 0 and _later(rank, order, order[j], f):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = f


@_jit
def play_group(
    P: IntArray,
    PF: FloatArray,
    K: IntArray,
    seeds: U64,
    n: int,
    rank: IntArray,
    tied: IntArray,
    order: IntArray,
    side: IntArray,
    rows: IntArray,
    places: npt.NDArray[np.float64],
    out: IntArray,
    hp: IntArray,
    up: IntArray,
    res: IntArray,
    used: IntArray,
    s: IntArray,
    par: IntArray,
    x: npt.NDArray[np.float64],
    c: IntArray,
    st: U64,
) -> None:
    """Play every battle of `seeds`: n fighters at slots 0..n-1 (scenario order), their
    turn order (`order`, written for each battle) by `rank` and, where `tied`, the
    battle's first dice (`_initiative`); on sides `side[slot]` (0 or 1), starting at
    (`places[slot]`, `places[NMAX + slot]`), their tables at `rows[slot, foe's slot]`.
    Results: out[0 winning side (-1: none), 1 reason, 2 rounds, 3 why it escaped; battle],
    hp[slot, battle], up[slot, battle] (1: still in the fight, 2: fled, 0: down),
    res[count, slot, battle], used[battle]."""
    count: int = seeds.shape[0]
    for b in range(count):
        s[:] = 0
        par[:, :] = 0
        _open(c, st, seeds, b)
        _initiative(c, st, n, rank, tied, order)
        for f in range(n):
            home = 0
            for g in range(n):
                if rows[f, g] >= 0:
                    home = rows[f, g]
                    break
            _fresh(P, K, s, f, home)
            x[f] = places[f]
            x[NMAX + f] = places[NMAX + f]
        winner, reason, rounds = -1, ROUND_LIMIT, 0
        over = False
        while not over:
            if rounds >= _i1(P, K, T_SCALARS, SC_MAX_ROUNDS):
                break
            rounds += 1
            for k in range(n):
                f = order[k]
                if not _active(s, f):
                    continue
                v = _target(s, x, n, order, rows, f)
                if v < 0:
                    continue  # no foe of its own (a fighter of neither side)
                pf, pv = rows[f, v], rows[v, f]
                if _begin(P, PF, K, s, par, c, st, f, pf) and _free_drop(
                    P, K, s, x, c, used, f, pf, v
                ):
                    # The turn's start moves no one and hurts no other: the target stands;
                    # what f may strike is weighed now, with its shock of this turn and
                    # its free action done.
                    w = _walk_to(s, x, n, order, rows, f)
                    crowd = _crowd(P, K, s, x, n, order, rows, f, v)
                    _maneuver(P, PF, K, s, par, x, c, st, used, f, pf, v, pv, w, crowd)
                if c[C_STATUS] != PLAYING:
                    over = True
                    break
                up0, up1 = _standing(s, n, order, side)
                if not (up0 and up1):
                    winner, reason = _outcome(s, n, order, side, up0, up1)
                    over = True
                    break
        out[0, b] = winner
        out[1, b] = reason
        out[2, b] = rounds
        _close(out, res, used, s, c, b, n)
        for f in range(n):
            hp[f, b] = s[S_HP + f]
            up[f, b] = UP if _active(s, f) else (FLED_OUT if s[S_FLED + f] == 1 else DOWN)
