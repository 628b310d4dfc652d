"""Hex distances and facing turns as compiled functions (seed 001: ヘクス, 向き).

`Hex.distance` and `Facing.turns_to` are the grid's own methods, but `space/hexgrid.py`
is not compiled (`Hex` subclasses a tuple, `Facing` an `IntEnum`), so each call runs as
Python, thousands of instructions. The field, the AI and the multi-hex rules ask for
thousands of distances a battle on a map; they call these instead, which give the same
numbers (`tests/space/test_gaps.py` compares them on every pair of a grid).
"""

from __future__ import annotations

from typing import Final

from senjo.space.hexgrid import DIRECTIONS, Facing, Hex

__all__ = ["FACINGS", "direction_to", "facing_turns", "hex_gap", "nearest_hex"]

#: The six facings in order (iterating the `IntEnum` itself runs as Python each time).
FACINGS: Final[tuple[Facing, ...]] = tuple(Facing)

_BY_OFFSET: Final[dict[tuple[int, int], Facing]] = {
    offset: facing for facing, offset in zip(FACINGS, DIRECTIONS, strict=True)
}


def hex_gap(a: Hex, b: Hex) -> int:
    """`a.distance(b)`: the fewest steps between the two hexes.

    >>> hex_gap(Hex(0, 0), Hex(3, -1)), hex_gap(Hex(-2, 2), Hex(1, 0))
    (3, 3)
    """
    # By index and comparison rather than `.q`, `abs` and `max`: compiled, those are an
    # attribute lookup and calls on boxed numbers each, this is integer arithmetic.
    dq: int = a[0] - b[0]
    dr: int = a[1] - b[1]
    ds = dq + dr
    if dq < 0:
        dq = -dq
    if dr < 0:
        dr = -dr
    if ds < 0:
        ds = -ds
    if dr > dq:
        dq = dr
    return ds if ds > dq else dq


def facing_turns(a: Facing, b: Facing) -> int:
    """`a.turns_to(b)`: the fewest 60° turns from one facing to the other.

    >>> facing_turns(Facing.N, Facing.S), facing_turns(Facing.NE, Facing.NW)
    (3, 2)
    """
    turns = (int(b) - int(a)) % 6
    return turns if turns <= 3 else 6 - turns


def nearest_hex(origin: Hex, hexes: tuple[Hex, ...] | list[Hex]) -> Hex:
    """The first of `hexes` nearest `origin` (as `min(hexes, key=origin.distance)`).

    >>> nearest_hex(Hex(0, 0), (Hex(0, 3), Hex(0, 2), Hex(2, 0)))
    Hex(0, 2)
    """
    best = hexes[0]
    gap = hex_gap(origin, best)
    for h in hexes[1:]:
        d = hex_gap(origin, h)
        if d < gap:
            best, gap = h, d
    return best


def direction_to(place: Hex, other: Hex) -> Facing | None:
    """The facing from `place` toward `other` when they are neighbors, else None (as the
    first `f` with `place.neighbor(f) == other`).

    >>> direction_to(Hex(0, 0), Hex(1, -1)), direction_to(Hex(0, 0), Hex(2, 0))
    (Facing.NE, None)
    """
    return _BY_OFFSET.get((other.q - place.q, other.r - place.r))
