"""An abstract battlefield without a map: figures as points on a plane, in yards.

Rule systems that play without a hex map (GURPS without a map, Call of
Cthulhu) still need to know who can reach whom and how far a shot is. Each
figure stands at a point; distance is straight-line; moving toward a figure
stops when the mover is close enough (at its reach) or out of movement.

>>> a, b = Point(0, 0), Point(10, 0)
>>> a.distance(b)
10.0
>>> step_toward(a, b, budget=4, stop_at=1)
Point(x=4.0, y=0.0)
>>> step_toward(a, b, budget=20, stop_at=1)
Point(x=9.0, y=0.0)
>>> step_away(a, b, budget=1)
Point(x=-1.0, y=0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from senjo.engine.frozen import direct_init

__all__ = ["Point", "step_away", "step_toward"]

#: How much farther (yards) a move cut short by its stop goes when rounding would leave
#: it beyond the stop (`step_toward`): 2**-30, a billionth of a yard.
NUDGE: Final = 2.0**-30

#: Read once (`math.hypot` from compiled code looks the name up in the module each call).
_hypot: Final = math.hypot


@dataclass(frozen=True, slots=True)
class Point:
    """A position in yards."""

    x: float
    y: float

    def __init__(self, x: float, y: float) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)

    def distance(self, other: Point) -> float:
        """Straight-line distance in yards."""
        dx = self.x - other.x
        dy = self.y - other.y
        # Along an axis (where the examples' plane battles stand) hypot is exactly the other
        # side's length: taken without the call (which from compiled code boxes both floats).
        if dy == 0.0:
            return float(abs(dx))  # float(): a Point made in Python may hold ints
        if dx == 0.0:
            return float(abs(dy))
        return _hypot(dx, dy)


# Made at every Step and every fighter's start: a written-out `__init__` for mypyc, the
# direct one in pure Python.
direct_init(Point)


def step_toward(start: Point, goal: Point, budget: float, stop_at: float = 0.0) -> Point:
    """Move from `start` toward `goal` by at most `budget` yards, ending no closer than `stop_at`.

    A figure already within `stop_at` does not move. A move the stop cuts short ends at
    `stop_at` or nearer: where rounding leaves the plain end a hair beyond it, the move
    goes `NUDGE` yards farther (else a fighter a rounding error out of reach would step
    every turn without ever reaching).
    """
    distance = start.distance(goal)
    travel = min(budget, distance - stop_at)
    if travel <= 0 or distance == 0:
        return start
    ratio = travel / distance
    end = Point(start.x + (goal.x - start.x) * ratio, start.y + (goal.y - start.y) * ratio)
    if stop_at > 0 and travel < budget and end.distance(goal) > stop_at:
        ratio = (travel + NUDGE) / distance
        end = Point(start.x + (goal.x - start.x) * ratio, start.y + (goal.y - start.y) * ratio)
    return end


def step_away(start: Point, threat: Point, budget: float, within: float = 0.0) -> Point:
    """Move `budget` yards straight away from `threat` (any direction if on top of it).

    With `within` (over 0), a move meant to end `within` yards from the threat (the Step
    out of a close combat) ends there or nearer: where rounding leaves it a hair beyond,
    the move is `NUDGE` yards shorter.
    """
    end = _away(start, threat, budget)
    if within > 0 and end.distance(threat) > within:
        end = _away(start, threat, budget - NUDGE)
    return end


def _away(start: Point, threat: Point, budget: float) -> Point:
    distance = start.distance(threat)
    if distance == 0:
        return Point(start.x + budget, start.y)
    ratio = budget / distance
    return Point(start.x + (start.x - threat.x) * ratio, start.y + (start.y - threat.y) * ratio)
