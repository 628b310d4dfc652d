"""Hex lines for lines of fire (seed 001: 射線, ものが存在するヘクスを通しての射撃).

A line from hex ``a`` to hex ``b`` samples the straight segment between their
centres at ``distance(a, b) + 1`` evenly spaced points and takes the hex
holding each point. Arithmetic is exact (integers), so a point lying exactly
on the edge between two hexes is seen as such: that *step* has two candidate
hexes. Two cases arise, and which one depends only on the direction:

- the segment runs *along* hex edges (the six directions between two hex
  sides, e.g. from ``Hex(0, 0)`` to ``Hex(1, 1)``): at every other step it
  passes exactly between two hexes — seed 001's case 「射線が2つのヘクスの
  ちょうど中間の線を通過する場合」, where a figure hinders the shot only if
  both hexes hold one, and then counts once;
- otherwise it *crosses* the shared edge at that point and goes through both
  hexes, so both are on the line.

:func:`line` breaks every tie the same way (as if the whole segment were
nudged a hair sideways, Red Blob Games' trick), so it is a connected run of
neighbours and ``line(b, a)`` is ``line(a, b)`` reversed. :func:`line_steps`
keeps both candidates; :func:`line_of_fire` groups the hexes between two
figures the way the rules count them.

>>> line(Hex(0, 0), Hex(3, -1))
(Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1))
>>> line_steps(Hex(0, 0), Hex(1, 1))
((Hex(0, 0),), (Hex(0, 1), Hex(1, 0)), (Hex(1, 1),))
>>> line_of_fire(Hex(0, 0), Hex(2, 2))
((Hex(0, 1), Hex(1, 0)), (Hex(1, 1),), (Hex(1, 2), Hex(2, 1)))
"""

from __future__ import annotations

import functools
from typing import Final

from senjo.space.hexgrid import DIRECTIONS, Hex

__all__ = ["line", "line_of_fire", "line_steps", "runs_between"]


def _nudge(q: int, r: int) -> int:
    """The tie-break key: the hex further along the nudge (1, 2, -3) in cube coordinates."""
    return q + 2 * r - 3 * (-q - r)


def _step(aq: int, ar: int, dq: int, dr: int, n: int, i: int) -> tuple[tuple[int, int], ...]:
    """The hex or two hexes nearest the point ``a + d * i / n`` (exact), nudge winner first."""
    x = aq * n + dq * i  # the point's cube coordinates, times n
    y = ar * n + dr * i
    z = -x - y
    fq, fr, fs = x / n, y / n, z / n
    rq, rr, rs = round(fq), round(fr), round(fs)
    eq, er, es = abs(rq - fq), abs(rr - fr), abs(rs - fs)
    if eq > er and eq > es:
        rq = -rr - rs
    elif er > es:
        rr = -rq - rs
    best: list[tuple[int, int]] = []
    least = -1
    for oq, orr in ((0, 0), *DIRECTIONS):
        cq, cr = rq + oq, rr + orr
        gq, gr = x - n * cq, y - n * cr
        gap = gq * gq + gr * gr + (gq + gr) * (gq + gr)
        if least < 0 or gap < least:
            least, best = gap, [(cq, cr)]
        elif gap == least:
            best.append((cq, cr))
    best.sort(key=lambda h: -_nudge(*h))
    return tuple(best)


#: Lines between the same two hexes are asked for again and again (a map's figures stand
#: in few places): `line_steps` and `line_of_fire` keep the latest this many of each.
_LINES: Final = 1 << 16


@functools.lru_cache(maxsize=_LINES)
def line_steps(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """One entry per step from ``a`` to ``b``: the hex there, or two when it lies on their edge.

    The first hex of each entry is the one :func:`line` takes.

    >>> line_steps(Hex(0, 0), Hex(4, -1))
    ((Hex(0, 0),), (Hex(1, 0),), (Hex(2, 0), Hex(2, -1)), (Hex(3, -1),), (Hex(4, -1),))
    """
    n = a.distance(b)
    if n == 0:
        return ((a,),)
    dq, dr = b.q - a.q, b.r - a.r
    steps: list[tuple[Hex, ...]] = [(a,)]
    for i in range(1, n):
        steps.append(tuple(Hex(q, r) for q, r in _step(a.q, a.r, dq, dr, n, i)))
    steps.append((b,))
    return tuple(steps)


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The ``distance(a, b) + 1`` hexes from ``a`` to ``b``, each adjacent to the next.

    >>> line(Hex(2, 2), Hex(0, 0)) == line(Hex(0, 0), Hex(2, 2))[::-1]
    True
    """
    return tuple(step[0] for step in line_steps(a, b))


def runs_between(a: Hex, b: Hex) -> bool:
    """Whether the line from ``a`` to ``b`` runs along hex edges (its two-hex steps lie between).

    >>> runs_between(Hex(0, 0), Hex(2, -4)), runs_between(Hex(0, 0), Hex(4, -1))
    (True, False)
    """
    dq, dr = b.q - a.q, b.r - a.r
    ds = -dq - dr
    return a != b and (dq == dr or dr == ds or ds == dq)


@functools.lru_cache(maxsize=_LINES)
def line_of_fire(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hexes strictly between ``a`` and ``b``, in order, grouped as the rules count them.

    A group of one hex is on the line (a figure there is in the way). A group
    of two is a pair the line passes exactly between (seed 001: a penalty only
    if both hold a figure, and then counted once; which to check first for a
    stray shot is random). Where the line crosses an edge at a sampled point
    instead, both hexes are on the line and come as two groups of one, the
    hex it leaves first.

    >>> line_of_fire(Hex(0, 0), Hex(4, -1))
    ((Hex(1, 0),), (Hex(2, -1),), (Hex(2, 0),), (Hex(3, -1),))
    >>> line_of_fire(Hex(0, 0), Hex(0, 1))
    ()
    """
    steps = line_steps(a, b)[1:-1]
    if runs_between(a, b):
        return steps
    dq, dr = b.q - a.q, b.r - a.r
    groups: list[tuple[Hex, ...]] = []
    for step in steps:
        if len(step) == 1:
            groups.append(step)
        else:  # crossing: the hex nearer the start along the line comes first
            ordered = sorted(step, key=lambda h: h.q * dq + h.r * dr + h.s * (-dq - dr))
            groups.extend((h,) for h in ordered)
    return tuple(groups)
