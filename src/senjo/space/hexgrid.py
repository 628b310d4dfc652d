"""Hex coordinates and facings for the combat map (seed 001: 戦闘マップ, ヘクス, 向き).

A hex is one yard across (seed 001: 各ヘクスは直径1メートル). Hexes use axial
coordinates ``(q, r)`` on flat-topped hexes, the third cube coordinate being
``s = -q - r`` (Red Blob Games' hex-grid guide is the reference for the math).
Drawn with ``r`` growing downwards, the six neighbours lie north, north-east,
south-east, south, south-west and north-west; a figure faces one of them,
that is one hex side (seed 001: 駒の正面はヘクスのいずれかの“辺”を向く).

>>> h = Hex.parse("2,-1")
>>> h, str(h), h.s
(Hex(2, -1), '2,-1', -1)
>>> Hex(0, 0).distance(h)
2
>>> Hex(0, 0).neighbor(Facing.NE)
Hex(1, -1)
>>> Facing.N.right(), Facing.N.left(2), Facing.NE.opposite
(Facing.NE, Facing.SW, Facing.SW)
>>> len(Hex(0, 0).ring(3)), len(Hex(0, 0).within(2))
(18, 19)
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NamedTuple

__all__ = ["DIRECTIONS", "Facing", "Hex"]

#: Axial offsets of the six neighbours, indexed by facing (N, NE, SE, S, SW, NW).
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

_HEX_TEXT = re.compile(r"\s*\(?\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*\)?\s*")


class _Axial(NamedTuple):
    q: int
    r: int


class Hex(_Axial):
    """One hex of the map in axial coordinates; ordered by ``(q, r)``.

    A tuple underneath, so hashing and comparing hexes (the map's dictionaries and
    sets, the path search) run at C speed; ``+``, ``-`` and ``*`` are vector
    arithmetic, not the tuple's concatenation.

    >>> Hex(1, 2) + Hex(0, -1), Hex(1, 2) - Hex(1, 1), -Hex(1, 2), Hex(1, -1) * 3
    (Hex(1, 1), Hex(0, 1), Hex(-1, -2), Hex(3, -3))
    >>> Hex(1.5, 0)
    Traceback (most recent call last):
    ...
    TypeError: Hex coordinates must be whole numbers, got q=1.5, r=0
    """

    __slots__ = ()

    def __new__(cls, q: int, r: int) -> Hex:
        if type(q) is not int or type(r) is not int:
            raise TypeError(f"Hex coordinates must be whole numbers, got q={q!r}, r={r!r}")
        return tuple.__new__(cls, (q, r))

    def __getnewargs__(self) -> tuple[int, int]:
        return (self.q, self.r)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Read ``"q,r"`` (spaces and surrounding parentheses allowed), the inverse of ``str``.

        >>> Hex.parse(" (3, -2) ")
        Hex(3, -2)
        >>> Hex.parse("3;-2")
        Traceback (most recent call last):
        ...
        ValueError: not a hex: '3;-2' (expected 'q,r', e.g. '2,-1')
        """
        match = _HEX_TEXT.fullmatch(text)
        if match is None:
            raise ValueError(f"not a hex: {text!r} (expected 'q,r', e.g. '2,-1')")
        return cls(int(match[1]), int(match[2]))

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at column ``col``, row ``row`` of a rectangular map (odd columns shifted down).

        >>> Hex.from_offset(3, 4), Hex.from_offset(3, 4).offset()
        (Hex(3, 3), (3, 4))
        """
        return cls(col, row - (col - (col & 1)) // 2)

    def offset(self) -> tuple[int, int]:
        """``(column, row)`` on a rectangular map, the inverse of :meth:`from_offset`."""
        return self.q, self.r + (self.q - (self.q & 1)) // 2

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def __mul__(self, factor: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * factor, self.r * factor)

    def length(self) -> int:
        """Distance from ``Hex(0, 0)`` in hexes."""
        q, r = self.q, self.r
        return max(abs(q), abs(r), abs(q + r))

    def distance(self, other: Hex) -> int:
        """Distance in hexes (yards): the fewest steps between the two.

        >>> Hex(0, 0).distance(Hex(3, -1)), Hex(-2, 2).distance(Hex(1, 0))
        (3, 3)
        """
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def neighbor(self, facing: int) -> Hex:
        """The adjacent hex in direction ``facing`` (a :class:`Facing` or 0-5)."""
        return self.neighbors()[facing % 6]

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in facing order N, NE, SE, S, SW, NW.

        Worked out once per hex (`_NEIGHBORS`): a battle on a map asks for the same few
        hexes' neighbours turn after turn, and a hex made here runs Python's `__new__`.

        >>> Hex(0, 0).neighbors() is Hex(0, 0).neighbors()
        True
        """
        found = _NEIGHBORS.get(self)
        if found is None:
            if len(_NEIGHBORS) >= _NEIGHBORS_MAX:
                _NEIGHBORS.clear()
            q, r = self.q, self.r
            found = _NEIGHBORS[self] = tuple([Hex(q + dq, r + dr) for dq, dr in DIRECTIONS])
        return found

    def rotate_right(self, turns: int = 1) -> Hex:
        """This offset turned clockwise about ``Hex(0, 0)`` by 60° per turn.

        >>> Hex(0, -1).rotate_right(), Hex(2, -1).rotate_right(6)
        (Hex(1, -1), Hex(2, -1))
        """
        q, r = self.q, self.r
        for _ in range(turns % 6):
            q, r = -r, q + r
        return Hex(q, r)

    def rotate_left(self, turns: int = 1) -> Hex:
        """This offset turned counter-clockwise about ``Hex(0, 0)`` by 60° per turn."""
        return self.rotate_right(-turns)

    def ring(self, radius: int) -> tuple[Hex, ...]:
        """The hexes at exactly ``radius`` from this one, clockwise from the north corner.

        >>> Hex(0, 0).ring(1) == Hex(0, 0).neighbors()
        True
        >>> Hex(0, 0).ring(0)
        (Hex(0, 0),)
        """
        if radius < 0:
            raise ValueError(f"ring radius must be 0 or more, got {radius}")
        if radius == 0:
            return (self,)
        q, r = self.q, self.r - radius
        ring: list[Hex] = []
        for side in range(6):
            dq, dr = DIRECTIONS[(side + 2) % 6]
            for _ in range(radius):
                ring.append(Hex(q, r))
                q += dq
                r += dr
        return tuple(ring)

    def within(self, radius: int) -> tuple[Hex, ...]:
        """Every hex at ``radius`` or less, as a spiral: this hex, then ring 1, ring 2, …

        >>> Hex(5, 5).within(1)[:2]
        (Hex(5, 5), Hex(5, 4))
        """
        if radius < 0:
            raise ValueError(f"radius must be 0 or more, got {radius}")
        return tuple(h for n in range(radius + 1) for h in self.ring(n))


#: Each hex's neighbours (`Hex.neighbors`), started again past `_NEIGHBORS_MAX` hexes
#: (a map of a few thousand hexes holds all of its own).
_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {}
_NEIGHBORS_MAX = 1 << 16


class Facing(IntEnum):
    """The six facings (向き), clockwise from north; a figure faces a hex side.

    >>> Facing.parse("se"), Facing.parse("4"), str(Facing.NW), f"{Facing.S:>3}"
    (Facing.SE, Facing.SW, 'NW', '  S')
    >>> Facing.N.turns_to(Facing.S), Facing.N.turns_to(Facing.NW)
    (3, 1)
    >>> Facing.SE.offset
    Hex(1, 0)
    """

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def __repr__(self) -> str:
        return f"Facing.{self.name}"

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    @classmethod
    def parse(cls, text: str) -> Facing:
        """Read a facing by name (``"NE"``, any case) or number (``"1"``), the inverse of ``str``.

        >>> Facing.parse("up")
        Traceback (most recent call last):
        ...
        ValueError: not a facing: 'up' (expected one of N, NE, SE, S, SW, NW or 0-5)
        """
        key = text.strip().upper()
        if key in cls.__members__:
            return cls[key]
        if key.isdigit() and int(key) < 6:
            return cls(int(key))
        names = ", ".join(cls.__members__)
        raise ValueError(f"not a facing: {text!r} (expected one of {names} or 0-5)")

    # The facings' arithmetic reads a facing as the integer it is (an `IntEnum`) and picks
    # the result from `_BY_NUMBER`: `.value` and `Facing(n)` go through the enum machinery,
    # some thousands of instructions a call, and a battle on a map makes thousands.
    def right(self, turns: int = 1) -> Facing:
        """The facing after turning clockwise by 60° per turn."""
        return _BY_NUMBER[(int(self) + turns) % 6]

    def left(self, turns: int = 1) -> Facing:
        """The facing after turning counter-clockwise by 60° per turn."""
        return _BY_NUMBER[(int(self) - turns) % 6]

    @property
    def opposite(self) -> Facing:
        """The facing 180° away."""
        return _BY_NUMBER[(int(self) + 3) % 6]

    @property
    def offset(self) -> Hex:
        """The step to the neighbour this facing points at."""
        return Hex(*DIRECTIONS[int(self)])

    def turns_to(self, other: Facing) -> int:
        """The fewest 60° turns from this facing to ``other`` (0-3)."""
        turns = (int(other) - int(self)) % 6
        return min(turns, 6 - turns)

    @classmethod
    def toward(cls, origin: Hex, neighbor: Hex) -> Facing:
        """The facing from ``origin`` to an adjacent hex (e.g. to face a foe one hex away).

        >>> Facing.toward(Hex(0, 0), Hex(-1, 1))
        Facing.SW
        """
        delta = (neighbor.q - origin.q, neighbor.r - origin.r)
        try:
            return cls(DIRECTIONS.index(delta))
        except ValueError:
            raise ValueError(f"{neighbor!r} is not adjacent to {origin!r}") from None


#: The facings by number (`Facing(n)` without the enum machinery).
_BY_NUMBER: tuple[Facing, ...] = tuple(Facing)
