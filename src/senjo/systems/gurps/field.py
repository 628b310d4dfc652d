"""Where fighters stand: the battlefield behind every distance and movement rule.

The rules ask a `Field` how far apart two fighters are, which arc of a
defender an attacker stands in, and to move a fighter toward, away from or
past another. `PlaneField` is the battlefield without a map (B362: figures as
points in yards, every foe in front); the hex map of chapter 12 is a second
kind of field.
"""

from __future__ import annotations

from typing import Protocol

from senjo.space.plane import Point, step_away, step_toward
from senjo.systems.gurps.state import GurpsState

__all__ = ["BACK", "FRONT", "PLANE", "SIDE", "Field", "PlaneField", "field_of"]

#: Arcs of a defender, as the defense rules read them (seed 001: 正面・側面・背面).
FRONT, SIDE, BACK = "front", "side", "back"


class Field(Protocol):
    """The geometry a GURPS battle is fought on."""

    def distance(self, state: GurpsState, a: str, b: str) -> float:
        """How far apart two fighters are, in yards."""
        ...

    def arc(self, state: GurpsState, defender: str, attacker: str) -> str:
        """Which of the defender's arcs (front, side, back) the attacker stands in."""
        ...

    def approach(
        self, state: GurpsState, mover: str, target: str, budget: float, stop_at: float
    ) -> float:
        """Move toward `target` by at most `budget`, stopping at `stop_at`; yards moved."""
        ...

    def withdraw(self, state: GurpsState, mover: str, threat: str, budget: float) -> float:
        """Move straight away from `threat` by `budget`; yards moved."""
        ...

    def coordinates(self, state: GurpsState, key: str) -> tuple[float, float]:
        """Where the fighter stands, as two numbers for the log."""
        ...


class PlaneField:
    """No map: points on a plane, distances in yards, everyone in front of everyone."""

    __slots__ = ()

    def distance(self, state: GurpsState, a: str, b: str) -> float:
        """Straight-line distance."""
        return state.status[a].position.distance(state.status[b].position)

    def arc(self, state: GurpsState, defender: str, attacker: str) -> str:
        """Without facing, every attacker is in front."""
        return FRONT

    def approach(
        self, state: GurpsState, mover: str, target: str, budget: float, stop_at: float
    ) -> float:
        """Straight toward the target."""
        status = state.status[mover]
        start = status.position
        status.position = step_toward(start, state.status[target].position, budget, stop_at)
        return start.distance(status.position)

    def withdraw(self, state: GurpsState, mover: str, threat: str, budget: float) -> float:
        """Straight away from the threat."""
        status = state.status[mover]
        start = status.position
        status.position = step_away(start, state.status[threat].position, budget)
        return start.distance(status.position)

    def coordinates(self, state: GurpsState, key: str) -> tuple[float, float]:
        """The point in yards."""
        point: Point = state.status[key].position
        return point.x, point.y


PLANE = PlaneField()


def field_of(state: GurpsState) -> Field:
    """The battle's field: its own, or the plane when it has none."""
    ground: Field | None = state.ground
    return ground if ground is not None else PLANE
