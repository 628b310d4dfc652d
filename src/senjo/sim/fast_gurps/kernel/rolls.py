"""The compiled duel's ground floor: its options, the battle-state layout, reading the
packed tables, the dice and the small helpers (the NumPy model's `state.py`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]  # Numba's own; no type hints
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from senjo.sim.fast_gurps.layout import (
    CLOSE,
    D_MAX,
    D_MIN,
    LYING,
    NMAX,
    NUDGE,
    RANGE_SLACK,
)
from senjo.sim.fast_gurps.packed import (
    F_COLUMNS,
    I_LENGTH,
    I_OFFSET,
    I_STRIDES,
    I_WIDTH,
    MO_COLUMNS,
    SC_DISTANCE_TOP,
    SC_SKILL_LO,
    SL_COLUMNS,
    T_FIGHTER,
    T_MISS,
    T_MODE,
    T_OUTCOME,
    T_SCALARS,
    T_SLOT,
    TABLES,
)
from senjo.sim.fast_gurps.streams import GAMMA, LOW, M1, M2, REJECT

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

# Fields of a battle's state s[field + slot]: a field's fighters side by side (NMAX
# slots), so a read is one load at a fixed distance from s[slot] (a 2D s[field, slot]
# multiplied each field by the row length, read at run time). A fighter's *slot* is its
# place in the battle's state; its *row* is where its tables are read (`packed.py`): in a
# duel they are equal, in a group a fighter has a row for each foe (docs/plans).
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
    S_RETREATED,  # 0, or the slot + 1 of the attacker it retreated from this turn
    S_BLOCKS,
    S_ATTACKED,
    S_BALANCE,
    S_SKIP_NEXT,
    S_WEAPON,
    S_SHIELD,
    S_HAND,
    S_GUARD,
    S_FLED,
    # A shooter's: the shots left in its weapon, the Ready maneuvers of its reload so far, the
    # turns of Aim it has taken in a row (`ranged_tables.py`) and the slot + 1 of the foe
    # they aim at (B364: an Aim counts for the shot at that foe only).
    S_LOADED,
    S_RELOAD,
    S_AIM,
    S_AIM_AT,
    # The battle's counts, in the order of the results `res[count, fighter, battle]` (attacks,
    # hits, defenses, defended, dealt, taken): kept here as it plays, written once at its end
    # (a 3D index with the battle's row, read at run time, at every count cost more).
    S_ATTACKS,
    S_HITS,
    S_DEFENSES,
    S_DEFENDED,
    S_DEALT,
    S_TAKEN,
    # The bits (`layout.LEG_BITS`) of the legs and foot crippled (B420-421): down for good.
    S_LEGS,
) = range(0, 30 * NMAX, NMAX)
S_FIELDS = 30
# The context c: next die, status, row.
C_PTR, C_STATUS, C_ROW = 0, 1, 2
#: A battle's status: PLAYING, or the reason it escaped (`layout.W_*`, never 0).
PLAYING = 0
# Shifts and the die's size as unsigned 64-bit numbers (mixing them with signed ones
# would turn the arithmetic into floating point).
_S27, _S30, _S31, _S32, _SIX = (np.uint64(k) for k in (27, 30, 31, 32, 6))


# --- reading the packed tables (`packed.py`): table t at indices a, b, ... ------------------


# Every table is C-contiguous: its last axis has stride 1, so no stride is read for it.
# Every read goes through `_get`: a load without Numba's negative-index wrap-around (a
# shift, an AND with the array's length read from the stack, an add: measured, a quarter
# more duels a second once it went), every index here being non-negative; and marked
# invariant (LLVM's `invariant.load`): the tables are only read while `play` runs, so
# LLVM may keep a value it has read, or read it once before a loop, across the battle's
# writes to its own arrays (it cannot tell those arrays from the tables).
# The index K is flat, rows of the constant width I_WIDTH: with `t` a constant in every
# call, `_at` and `_stride` read one fixed place of K, with no row stride to multiply by.


def _get_typing(typingctx: Any, table: Any, index: Any) -> Any:
    """`_get(table, index)`: `table[index]`, one invariant load (a Numba intrinsic)."""
    if not isinstance(table, types.Array) or not isinstance(index, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        array = context.make_array(signature.args[0])(context, builder, args[0])
        at = context.cast(builder, args[1], signature.args[1], types.intp)
        value = builder.load(builder.gep(array.data, [at]))
        value.set_metadata("invariant.load", builder.module.add_metadata([]))
        return value

    return table.dtype(table, index), codegen


_get = cast(Callable[[Any, Any], Any], intrinsic(_get_typing))


def _expect(expected: bool, name: str) -> Callable[[Any], Any]:
    """An intrinsic `hint(condition)` that returns the condition itself, marked for LLVM as
    almost always `expected` (`llvm.expect`), so that LLVM lays the code of the rare way
    (a critical, a death check, the `_hypot` of a distance off the duel's line) away from
    the battle loop's straight line. Measured, the duel ran a fifth faster with the hints
    on the rare ways, and slower with some on ways taken once a battle or more often
    (docs/performance.md, forty-fifth session)."""

    def typing(typingctx: Any, condition: Any) -> Any:
        if not isinstance(condition, types.Boolean):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            helpers: Any = cgutils  # untyped
            bit = args[0].type
            kind = ir.FunctionType(bit, [bit, bit])
            expect = helpers.get_or_insert_function(builder.module, kind, "llvm.expect.i1")
            return builder.call(expect, [args[0], bit(1 if expected else 0)])

        return types.boolean(condition), codegen

    typing.__name__ = typing.__qualname__ = name
    return cast(Callable[[Any], Any], intrinsic(typing))


#: `_likely(c)`, `_unlikely(c)`: c, with the way it almost always goes told to LLVM.
_likely = _expect(True, "_likely")
_unlikely = _expect(False, "_unlikely")


# `play` works on copies, on its own stack, of the index K and of its scratch (`_on_stack`):
# the battle's state s, its context c, its dice stream st, the places x. LLVM then knows
# that nothing in the battle loop writes K, and that a write to one of them (or to the
# results) leaves the others as they were, so it may keep their entries in registers
# instead of loading them again after every store (measured: the index's copy, 3-5% more
# duels a second; the scratch's, see docs/performance.md).


def _on_stack(length: int, name: str) -> Callable[[Any], Any]:
    """An intrinsic `copy(a)`: a copy of the first `length` entries of the one-dimensional
    array `a` on the stack of the function it is inlined into (an `alloca` in its entry
    block, filled by `memcpy` where it is called). The caller's array is not written
    back: what the copy holds at the end is lost."""

    def typing(typingctx: Any, array: Any) -> Any:
        if not isinstance(array, types.Array) or array.ndim != 1:
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            helpers: Any = cgutils  # untyped
            source = context.make_array(signature.args[0])(context, builder, args[0])
            entry = context.get_value_type(signature.args[0].dtype)
            size = context.get_abi_sizeof(entry)
            data = helpers.alloca_once(builder, entry, size=length)  # in the entry block
            count = context.get_constant(types.intp, length)
            helpers.raw_memcpy(builder, data, source.data, count, size)
            out = context.make_array(signature.return_type)(context, builder)
            context.populate_array(
                out,
                data=data,
                shape=helpers.pack_array(builder, [count]),
                strides=helpers.pack_array(builder, [context.get_constant(types.intp, size)]),
                itemsize=context.get_constant(types.intp, size),
                meminfo=None,
            )
            return out._getvalue()

        return array(array), codegen

    typing.__name__ = typing.__qualname__ = name
    return cast(Callable[[Any], Any], intrinsic(typing))


#: The index K, `len(TABLES) * I_WIDTH` entries as `pack` writes it.
_local = _on_stack(len(TABLES) * I_WIDTH, "_local")
#: A battle's state s (`S_FIELDS * NMAX` entries), context c (3), dice stream st (1) and
#: places x (`2 * NMAX`), as `compiled.scratch` makes them.
_local_state = _on_stack(S_FIELDS * NMAX, "_local_state")
_local_context = _on_stack(3, "_local_context")
_local_stream = _on_stack(1, "_local_stream")
_local_places = _on_stack(2 * NMAX, "_local_places")


@_jit
def _at(K: IntArray, t: int) -> int:
    """Where table t starts (`Packed.layout[t, I_OFFSET]`)."""
    return int(_get(K, t * I_WIDTH + I_OFFSET))


@_jit
def _stride(K: IntArray, t: int, axis: int) -> int:
    """Table t's step along axis `axis` (`Packed.layout[t, I_STRIDES + axis]`)."""
    return int(_get(K, t * I_WIDTH + I_STRIDES + axis))


@_jit
def _i1(P: IntArray, K: IntArray, t: int, a: int) -> int:
    return int(_get(P, _at(K, t) + a))


@_jit
def _i2(P: IntArray, K: IntArray, t: int, a: int, b: int) -> int:
    return int(_get(P, _at(K, t) + a * _stride(K, t, 0) + b))


@_jit
def _i3(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int) -> int:
    at = _at(K, t) + a * _stride(K, t, 0) + b * _stride(K, t, 1)
    return int(_get(P, at + c))


@_jit
def _i4(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int, d: int) -> int:
    at = _at(K, t) + a * _stride(K, t, 0) + b * _stride(K, t, 1) + c * _stride(K, t, 2)
    return int(_get(P, at + d))


@_jit
def _i5(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int, d: int, e: int) -> int:
    at = _at(K, t) + a * _stride(K, t, 0) + b * _stride(K, t, 1) + c * _stride(K, t, 2)
    return int(_get(P, at + d * _stride(K, t, 3) + e))


@_jit
def _i6(P: IntArray, K: IntArray, t: int, a: int, b: int, c: int, d: int, e: int, g: int) -> int:
    at = _at(K, t) + a * _stride(K, t, 0) + b * _stride(K, t, 1) + c * _stride(K, t, 2)
    return int(_get(P, at + d * _stride(K, t, 3) + e * _stride(K, t, 4) + g))


@_jit
def _f1(PF: FloatArray, K: IntArray, t: int, a: int) -> float:
    return float(_get(PF, _at(K, t) + a))


@_jit
def _f2(PF: FloatArray, K: IntArray, t: int, a: int, b: int) -> float:
    return float(_get(PF, _at(K, t) + a * _stride(K, t, 0) + b))


@_jit
def _f3(PF: FloatArray, K: IntArray, t: int, a: int, b: int, c: int) -> float:
    at = _at(K, t) + a * _stride(K, t, 0) + b * _stride(K, t, 1)
    return float(_get(PF, at + c))


@_jit
def _f6(
    PF: FloatArray, K: IntArray, t: int, a: int, b: int, c: int, d: int, e: int, g: int
) -> float:
    at = _at(K, t) + a * _stride(K, t, 0) + b * _stride(K, t, 1) + c * _stride(K, t, 2)
    return float(_get(PF, at + d * _stride(K, t, 3) + e * _stride(K, t, 4) + g))


@_jit
def _fighter(P: IntArray, K: IntArray, r: int, column: int) -> int:
    """`Packed` fighter table at row r, column F_* (rows of `F_COLUMNS`)."""
    return int(_get(P, _at(K, T_FIGHTER) + r * F_COLUMNS + column))


@_jit
def _mode(P: IntArray, K: IntArray, r: int, mode: int, column: int) -> int:
    """`Packed` mode table at row r, column MO_* (rows of `MO_COLUMNS`)."""
    at = _at(K, T_MODE) + r * _stride(K, T_MODE, 0) + mode * MO_COLUMNS + column
    return int(_get(P, at))


@_jit
def _slot(P: IntArray, K: IntArray, r: int, slot: int, column: int) -> int:
    """`Packed` defense-slot table at row r, column SL_* (rows of `SL_COLUMNS`)."""
    at = _at(K, T_SLOT) + r * _stride(K, T_SLOT, 0) + slot * SL_COLUMNS + column
    return int(_get(P, at))


@_jit
def _miss(P: IntArray, K: IntArray, r: int, column: int, table: int, roll: int) -> int:
    """`Packed` critical-miss tables at row r, column MI_*, by 3d6 roll (0-18)."""
    at = _at(K, T_MISS) + r * _stride(K, T_MISS, 0) + column * _stride(K, T_MISS, 1)
    return int(_get(P, at + table * 19 + roll))


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
        if _likely((product & LOW) >= REJECT):
            return int(product >> _S32) + 1


@_jit
def _roll3(c: IntArray, st: U64) -> int:
    return _die(c, st) + _die(c, st) + _die(c, st)


@_jit
def _check(
    P: IntArray, PF: FloatArray, K: IntArray, c: IntArray, st: U64, skill: int
) -> tuple[int, int]:
    roll = _roll3(c, st)
    # The bounds read from the tables, not layout's SKILL_LO/SKILL_HI: measured, this
    # form compiles to a battle loop about a quarter faster.
    rows = _get(K, T_OUTCOME * I_WIDTH + I_LENGTH)
    index = min(max(skill - _i1(P, K, T_SCALARS, SC_SKILL_LO), 0), rows - 1)
    return _i2(P, K, T_OUTCOME, index, roll), skill - roll


@_jit
def _success(outcome: int) -> bool:
    return outcome == 1 or outcome == 2


# --- helpers ----------------------------------------------------------------------------------


@_jit
def _escape(c: IntArray, used: IntArray, why: int) -> None:
    """The battle leaves the model (`why`: a `layout.W_*` reason, kept as its status)."""
    if c[C_STATUS] == PLAYING:
        c[C_STATUS] = why
        used[c[C_ROW]] = c[C_PTR]


@_jit
def _open(c: IntArray, st: U64, seeds: U64, b: int) -> None:
    """Battle b begins: its stream of dice from its seed, nothing rolled, playing."""
    st[0] = seeds[b]
    c[C_PTR] = 0
    c[C_STATUS] = PLAYING
    c[C_ROW] = b


@_jit
def _close(
    out: IntArray, res: IntArray, used: IntArray, s: IntArray, c: IntArray, b: int, n: int
) -> None:
    """Battle b's outcome is written (out[0:3]); here its escape or its dice count, and
    the counts of slots 0..n-1, kept in s as it went (`res[count, slot, b]`)."""
    if c[C_STATUS] != PLAYING:
        out[3, b] = c[C_STATUS]  # why it escaped
    else:
        used[b] = c[C_PTR]
    for f in range(n):
        for r in range(6):
            res[r, f, b] = s[S_ATTACKS + NMAX * r + f]


@_jit
def _active(s: IntArray, f: int) -> bool:
    return bool(s[S_CONSCIOUS + f] == 1 and s[S_DEAD + f] == 0 and s[S_FLED + f] == 0)


@_jit
def _knock_out(s: IntArray, v: int) -> None:
    if _active(s, v):
        s[S_CONSCIOUS + v] = 0
        s[S_STUNNED + v] = 0
        s[S_POSTURE + v] = LYING


@_jit
def _die_now(s: IntArray, v: int) -> None:
    s[S_DEAD + v] = 1
    s[S_CONSCIOUS + v] = 0


# --- places on the plane: x[slot] and y at x[NMAX + slot] (`space.plane`) -------------------


@_jit
def _two_product(a: float, b: float) -> tuple[float, float]:
    """a * b as the rounded product and its exact error (Dekker's split product)."""
    product = a * b
    split = 134217729.0  # 2**27 + 1
    t = split * a
    a_hi = t - (t - a)
    a_lo = a - a_hi
    t = split * b
    b_hi = t - (t - b)
    b_lo = b - b_hi
    return product, ((a_hi * b_hi - product) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo


@_jit
def _hypot(dx: float, dy: float) -> float:
    """`math.hypot(dx, dy)` to the last bit, as CPython 3.11 works it out (not the C
    library's `hypot`, which differs in the last bit for some 0.4% of pairs): both terms
    scaled by the power of two below the larger, squared and summed in extended precision,
    the square root corrected once by the residual. Finite, non-subnormal input."""
    a, b = abs(dx), abs(dy)
    big = max(a, b)
    if big == 0.0:
        return big
    _, exponent = math.frexp(big)
    scale = math.ldexp(1.0, -exponent)
    total, low1, low2 = 1.0, 0.0, 0.0
    for term in (a * scale, b * scale):
        square, error = _two_product(term, term)
        partial = total + square
        low2 += (total - partial) + square
        low1 += error
        total = partial
    h = math.sqrt(total - 1.0 + (low1 + low2))
    square, error = _two_product(-h, h)
    partial = total + square
    low2 += (total - partial) + square
    low1 += error
    total = partial
    h += (total - 1.0 + (low1 + low2)) / (2.0 * h)
    return h / scale


@_jit
def _distance(x: npt.NDArray[np.float64], f: int, g: int) -> float:
    """`Point.distance`: from f to g in yards. On a line of constant y (every duel) it is
    the difference of the x, which is what `math.hypot` gives there."""
    dx: float = x[f] - x[g]
    dy: float = x[NMAX + f] - x[NMAX + g]
    if _likely(dy == 0.0):
        return abs(dx)
    return _hypot(dx, dy)


@_jit
def _step_toward(x: npt.NDArray[np.float64], f: int, g: int, budget: float, stop_at: float) -> None:
    """`plane.step_toward`: f moves toward g by at most `budget`, no nearer than `stop_at`
    (and, cut short by the stop, not a rounding error beyond it: `plane.NUDGE`)."""
    distance = _distance(x, f, g)
    travel = min(budget, distance - stop_at)
    if travel > 0 and distance != 0:
        sx, sy = x[f], x[NMAX + f]
        ratio = travel / distance
        x[f] = sx + (x[g] - sx) * ratio
        x[NMAX + f] = sy + (x[NMAX + g] - sy) * ratio
        if stop_at > 0 and travel < budget and _distance(x, f, g) > stop_at:
            ratio = (travel + NUDGE) / distance
            x[f] = sx + (x[g] - sx) * ratio
            x[NMAX + f] = sy + (x[NMAX + g] - sy) * ratio


@_jit
def _away(x: npt.NDArray[np.float64], f: int, start: int, threat: int, budget: float) -> None:
    """`plane.step_away` from the point of `start`, away from `threat`'s, written to f."""
    distance = _distance(x, start, threat)
    if distance == 0:
        x[f] = x[start] + budget
        x[NMAX + f] = x[NMAX + start]
    else:
        ratio = budget / distance
        sx, sy = x[start], x[NMAX + start]
        x[f] = sx + (sx - x[threat]) * ratio
        x[NMAX + f] = sy + (sy - x[NMAX + threat]) * ratio


@_jit
def _step_away(x: npt.NDArray[np.float64], f: int, g: int, budget: float) -> None:
    """`plane.step_away`: f moves `budget` yards straight away from g."""
    _away(x, f, f, g, budget)


@_jit
def _step_out(x: npt.NDArray[np.float64], f: int, g: int, here: float) -> None:
    """`PlaneField.step_out`: f, `here` yards from g in a close combat, steps straight back
    to a yard from g, or `NUDGE` short of it where rounding would leave it beyond."""
    sx, sy = x[f], x[NMAX + f]
    _away(x, f, f, g, 1.0 - here)
    if _distance(x, f, g) > 1.0:
        x[f], x[NMAX + f] = sx, sy
        _away(x, f, f, g, 1.0 - here - NUDGE)


@_jit
def _distance_class(P: IntArray, K: IntArray, d: float) -> int:
    """`layout.distances`: 0 in close combat, k for a distance within k yards (and over
    k - 1), at most the last class ("farther")."""
    if d < CLOSE:
        return 0
    return min(int(math.ceil(d)), _i1(P, K, T_SCALARS, SC_DISTANCE_TOP))  # noqa: RUF046


@_jit
def _range_yard(d: float) -> int:
    """`layout.range_yard`: 0 in close combat, else the whole yards B550's row rounds the
    distance up to."""
    if d < CLOSE:
        return 0
    return int(math.ceil(max(d, 1.0) * RANGE_SLACK))  # noqa: RUF046


@_jit
def _clip_defense(score: int) -> int:
    return min(max(score, D_MIN), D_MAX) - D_MIN
