"""Front, side and back hexes, arcs of vision and reach (seed 001: 向き, 射界, 攻撃範囲).

Every arc is bounded by straight lines from the figure's hex; a hex cut in
half by a boundary belongs to the more forward arc.

:class:`Arc` — front, right, left, back: what a figure can strike and from
where it is struck. Facing north:

- **front**: the three hexes ahead and the 120° wedge beyond them, whose
  edges run through the centres of the front-left and front-right hexes and
  on in straight rows; reach 1, 2, 3 reach into it (seed 001: 正面, 攻撃範囲);
- **back**: the hex directly behind and the 120° wedge beyond it, edges
  excluded — the black hexes of the arc-of-vision figure (seed 001: 背面;
  Kromm's ruling in the GURPS uFAQ: black hexes are "back");
- **right** and **left**: the 60° between, including the rows straight out
  from the two rear-side hexes (seed 001: 側面). At distance 1 that makes
  three front hexes, one right, one left and one back; at distance *n*,
  ``2n + 1`` front, ``n`` right, ``n`` left and ``2n - 1`` back.

:class:`Sight` — the three shades of the arc-of-vision figure (seed 001:
射界): *clear* (white: the 180° ahead, a normal figure's arc of vision for
ranged attacks, vision and unpenalised defence), *peripheral* (gray: the 30°
each side beyond, added by Peripheral Vision) and *blind* (black: the back
arc above). :class:`Vision` picks which of them a figure's arc of vision
covers: normal, Peripheral Vision (広視界) or 360° Vision (全周視覚).

>>> here = Hex(0, 0)
>>> [arc_of(here, Facing.N, h).name for h in here.ring(1)]
['FRONT', 'FRONT', 'RIGHT', 'BACK', 'LEFT', 'FRONT']
>>> [sight_of(here, Facing.N, h).name for h in here.ring(1)]
['CLEAR', 'CLEAR', 'PERIPHERAL', 'BLIND', 'PERIPHERAL', 'CLEAR']
>>> reach_hexes(here, Facing.N, 1)
(Hex(0, -1), Hex(1, -1), Hex(-1, 0))
>>> reach_hexes(here, Facing.N, 0)
(Hex(0, 0),)
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from senjo.space.hexgrid import Facing, Hex

__all__ = [
    "Arc",
    "Sight",
    "Vision",
    "arc_hexes",
    "arc_name",
    "arc_of",
    "arc_of_vision",
    "in_arc_of_vision",
    "reach_hexes",
    "sight_of",
]


class Arc(Enum):
    """Where a hex lies relative to a figure's facing (正面, 右側面, 左側面, 背面)."""

    FRONT = "front"
    RIGHT = "right"
    LEFT = "left"
    BACK = "back"

    def __repr__(self) -> str:
        return f"Arc.{self.name}"


class Sight(Enum):
    """How a hex shows in the arc-of-vision figure: white, gray or black."""

    CLEAR = "clear"
    PERIPHERAL = "peripheral"
    BLIND = "blind"

    def __repr__(self) -> str:
        return f"Sight.{self.name}"


class Vision(Enum):
    """Whose arc of vision: a normal figure, Peripheral Vision (広視界), 360° Vision (全周視覚)."""

    NORMAL = "normal"
    PERIPHERAL = "peripheral"
    ALL_AROUND = "all_around"

    def __repr__(self) -> str:
        return f"Vision.{self.name}"

    @property
    def sees(self) -> frozenset[Sight]:
        """The shades this arc of vision covers."""
        return _SEES[self]


_SEES: Final = {
    Vision.NORMAL: frozenset({Sight.CLEAR}),
    Vision.PERIPHERAL: frozenset({Sight.CLEAR, Sight.PERIPHERAL}),
    Vision.ALL_AROUND: frozenset(Sight),
}


def _ahead(position: Hex, facing: Facing, target: Hex) -> tuple[int, int]:
    """The target's offset from ``position``, turned so that ``facing`` points north."""
    # By index, and the facing as the integer it is: compiled, `.q` and `IntEnum`
    # arithmetic are lookups and calls on boxed values.
    q: int = target[0] - position[0]
    r: int = target[1] - position[1]
    if q == 0 and r == 0:
        raise ValueError(f"{target!r} is the figure's own hex: it lies in no arc")
    for _ in range(int(facing) % 6):  # turn left 60°: (q, r, s) -> (-s, -q, -r)
        q, r = q + r, -q
    return q, r


def _is_front(q: int, r: int) -> bool:
    # the two 60° sextants either side of north, boundary rows included
    return (q >= 0 and q + r <= 0) or (q <= 0 and r <= 0)


def _is_back(q: int, r: int) -> bool:
    # strictly between the rows running south-east and south-west
    return (q >= 0 and r > 0) or (q < 0 and q + r > 0)


def arc_of(position: Hex, facing: Facing, target: Hex) -> Arc:
    """The arc of a figure at ``position`` facing ``facing`` that ``target`` lies in.

    >>> arc_of(Hex(0, 0), Facing.N, Hex(2, 0)), arc_of(Hex(0, 0), Facing.N, Hex(1, 1))
    (Arc.RIGHT, Arc.BACK)
    >>> arc_of(Hex(3, 3), Facing.SE, Hex(4, 3))
    Arc.FRONT
    """
    return _ARC_ORDER[_arc_index(position, facing, target)]


def arc_name(position: Hex, facing: Facing, target: Hex) -> str:
    """``arc_of(position, facing, target).value``, without the enum (its ``value`` is a
    Python-level lookup, and the combat map asks for arcs hundreds of times a battle).

    >>> arc_name(Hex(0, 0), Facing.N, Hex(-2, 2)), arc_name(Hex(0, 0), Facing.S, Hex(0, -1))
    ('left', 'back')
    """
    return _ARC_NAMES[_arc_index(position, facing, target)]


#: The arcs by `_arc_index`, and their names (`Arc.value`).
_ARC_ORDER: Final = (Arc.FRONT, Arc.RIGHT, Arc.LEFT, Arc.BACK)
_ARC_NAMES: Final[tuple[str, ...]] = tuple([arc.value for arc in _ARC_ORDER])


def _arc_index(position: Hex, facing: Facing, target: Hex) -> int:
    """0 front, 1 right, 2 left, 3 back (`_ARC_ORDER`)."""
    q, r = _ahead(position, facing, target)
    if _is_front(q, r):
        return 0
    if _is_back(q, r):
        return 3
    return 1 if q > 0 else 2


def sight_of(position: Hex, facing: Facing, target: Hex) -> Sight:
    """The shade of ``target`` in the arc-of-vision figure of a figure at ``position``.

    >>> sight_of(Hex(0, 0), Facing.N, Hex(2, -1)), sight_of(Hex(0, 0), Facing.N, Hex(2, 0))
    (Sight.CLEAR, Sight.PERIPHERAL)
    """
    q, r = _ahead(position, facing, target)
    if 2 * r + q <= 0:  # the forward half-plane, the line through the figure included
        return Sight.CLEAR
    if _is_back(q, r):
        return Sight.BLIND
    return Sight.PERIPHERAL


def in_arc_of_vision(
    position: Hex, facing: Facing, target: Hex, vision: Vision = Vision.NORMAL
) -> bool:
    """Whether ``target`` is in the figure's arc of vision (its own hex always is).

    >>> behind = Hex(0, 2)
    >>> [in_arc_of_vision(Hex(0, 0), Facing.N, behind, v) for v in Vision]
    [False, False, True]
    """
    if target == position:
        return True
    # `_SEES` written out: a plain enum hashes in Python, an identity test does not.
    sight = sight_of(position, facing, target)
    if sight is Sight.CLEAR or vision is Vision.ALL_AROUND:
        return True
    return sight is Sight.PERIPHERAL and vision is Vision.PERIPHERAL


def arc_hexes(position: Hex, facing: Facing, arc: Arc, radius: int) -> tuple[Hex, ...]:
    """The hexes of ``arc`` out to ``radius``, nearest ring first.

    >>> len(arc_hexes(Hex(0, 0), Facing.S, Arc.BACK, 3))
    9
    """
    return tuple(
        h
        for n in range(1, radius + 1)
        for h in position.ring(n)
        if arc_of(position, facing, h) is arc
    )


def arc_of_vision(
    position: Hex, facing: Facing, radius: int, vision: Vision = Vision.NORMAL
) -> tuple[Hex, ...]:
    """Every hex of the arc of vision out to ``radius``, the figure's own hex first.

    >>> [len(arc_of_vision(Hex(0, 0), Facing.N, 1, v)) for v in Vision]
    [4, 6, 7]
    """
    return tuple(
        h for h in position.within(radius) if in_arc_of_vision(position, facing, h, vision)
    )


def reach_hexes(position: Hex, facing: Facing, reach: int) -> tuple[Hex, ...]:
    """The hexes a melee weapon of ``reach`` yards strikes; reach 0 stands for reach C.

    Reach C is the figure's own hex; reach *n* is every front hex exactly *n*
    away (seed 001: 攻撃範囲C/1/2/3) — 3 hexes at reach 1, 5 at reach 2.

    >>> len(reach_hexes(Hex(0, 0), Facing.SW, 2)), len(reach_hexes(Hex(0, 0), Facing.SW, 3))
    (5, 7)
    """
    if reach < 0:
        raise ValueError(f"reach must be 0 (C) or more, got {reach}")
    if reach == 0:
        return (position,)
    return tuple(h for h in position.ring(reach) if arc_of(position, facing, h) is Arc.FRONT)
