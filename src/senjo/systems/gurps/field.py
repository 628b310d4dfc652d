"""Where fighters stand: the battlefield behind every distance and movement rule.

The rules ask a `Field` how far apart two fighters are, which arc of a
defender an attacker stands in, and to move a fighter toward, away from or
past another. `PlaneField` is the battlefield without a map (B362: figures as
points in yards, every foe in front); the hex map of chapter 12 is a second
kind of field, `HexField` in `hexfield.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from senjo.engine.frozen import direct_init
from senjo.space.arcs import Vision
from senjo.space.hexgrid import Facing, Hex
from senjo.space.plane import Point, step_away, step_toward
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "BACK",
    "FRONT",
    "PLANE",
    "SIDE",
    "Field",
    "Placement",
    "PlaneField",
    "Route",
    "body_of",
    "facing_name",
    "field_of",
    "heading",
    "vision_of",
]

#: Arcs of a defender, as the defense rules read them (seed 001: 正面・側面・背面).
FRONT, SIDE, BACK = "front", "side", "back"


@dataclass(frozen=True, slots=True)
class Route:
    """A planned move: the places entered one after another, and the yards covered on
    reaching each (seed 001: movement goes hex by hex, so a Wait can interrupt it).

    A place is whatever the field's `enter` takes: a point on the plane, a (hex,
    facing) on a hex map. The last place is where the move ends, in its end facing;
    a turn in place is a route of one place and no yards.
    """

    places: tuple[Any, ...] = ()
    yards: tuple[float, ...] = ()

    def __init__(  # compiled: `senjo.engine.frozen`
        self, places: tuple[Any, ...] = (), yards: tuple[float, ...] = ()
    ) -> None:
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "yards", yards)

    @property
    def length(self) -> float:
        """Yards (hexes) the whole move covers."""
        return self.yards[-1] if self.yards else 0.0


# Made at every move: the `__init__` written out for mypyc, the direct one in pure Python
# (`senjo.engine.frozen`).
direct_init(Route)

STAY: Final = Route()


class Field:
    """The geometry a GURPS battle is fought on.

    Moves are planned as a `Route` and carried out place by place with `enter`, so
    the rules can stop a mover on the way; a push (knockback, retreat) is immediate.

    Each kind of field (`PlaneField`, `HexField`) subclasses it and gives every method:
    a base class rather than a protocol, so that compiled code calls a field's methods
    directly instead of through Python's method lookup (some 70 calls a duel;
    tests/systems/gurps/test_field.py holds both kinds to every method).
    """

    __slots__ = ()

    def distance(self, state: GurpsState, a: str, b: str) -> float:
        """How far apart two fighters are, in yards."""
        raise NotImplementedError

    def arc(self, state: GurpsState, defender: str, attacker: str) -> str:
        """Which of the defender's arcs (front, side, back) the attacker stands in."""
        raise NotImplementedError

    def sees(self, state: GurpsState, viewer: str, target: str) -> bool:
        """Whether the target is in the viewer's arc of vision."""
        raise NotImplementedError

    def clear(self, state: GurpsState, viewer: str, target: str) -> bool:
        """Whether no wall stands between the two (a line of fire and of sight)."""
        raise NotImplementedError

    def face(self, state: GurpsState, mover: str, target: str) -> bool:
        """Turn toward a target out of sight; True if the facing changed."""
        raise NotImplementedError

    def approach(
        self,
        state: GurpsState,
        mover: str,
        target: str,
        budget: float,
        stop_at: float,
        maneuver: str = "attack",
    ) -> Route:
        """The move toward `target` by at most `budget`, stopping at `stop_at`.

        `maneuver` names the maneuver the move is part of: on a hex map it decides
        which steps and facing changes are allowed (seed 001: 移動と向き)."""
        raise NotImplementedError

    def withdraw(self, state: GurpsState, mover: str, threat: str, budget: float) -> Route:
        """The move straight away from `threat` by `budget`."""
        raise NotImplementedError

    def enter(self, state: GurpsState, mover: str, place: Any) -> None:
        """Put the mover on one place of a route."""
        raise NotImplementedError

    def push(self, state: GurpsState, target: str, source: str, yards: float) -> float:
        """Knock `target` straight away from `source` (B378); yards actually moved."""
        raise NotImplementedError

    def retreat(self, state: GurpsState, defender: str, attacker: str) -> float:
        """The step of a retreat (B377), away from the attacker; yards moved."""
        raise NotImplementedError

    def step_back(self, state: GurpsState, mover: str, foe: str) -> Route:
        """The Step taken after an attack, away from the foe (seed 001: 長い武器を用いた戦法)."""
        raise NotImplementedError

    def stumble_past(self, state: GurpsState, mover: str, foe: str, yards: float) -> float:
        """A stumble (unarmed critical miss 7, 14): end `yards` past the foe attacked, on
        the line through it (interpretation 49); yards moved."""
        raise NotImplementedError

    def line_modifiers(
        self, state: GurpsState, attacker: str, target: str, ranged: bool
    ) -> tuple[tuple[str, int], ...]:
        """Modifiers for figures between attacker and target (seed 001)."""
        raise NotImplementedError

    def coordinates(self, state: GurpsState, key: str) -> tuple[float, float]:
        """Where the fighter stands, as two numbers for the log."""
        raise NotImplementedError


class PlaneField(Field):
    """No map: points on a plane, distances in yards, everyone in front of everyone."""

    __slots__ = ()

    def distance(self, state: GurpsState, a: str, b: str) -> float:
        """Straight-line distance."""
        return state.status[a].position.distance(state.status[b].position)

    def arc(self, state: GurpsState, defender: str, attacker: str) -> str:
        """Without facing, every attacker is in front."""
        return FRONT

    def sees(self, state: GurpsState, viewer: str, target: str) -> bool:
        """Without facing, everyone is in sight."""
        return True

    def clear(self, state: GurpsState, viewer: str, target: str) -> bool:
        """Without a map there are no walls."""
        return True

    def face(self, state: GurpsState, mover: str, target: str) -> bool:
        """Without facing there is nothing to turn."""
        return False

    def approach(
        self,
        state: GurpsState,
        mover: str,
        target: str,
        budget: float,
        stop_at: float,
        maneuver: str = "attack",
    ) -> Route:
        """Straight toward the target, in one go."""
        start = state.status[mover].position
        end = step_toward(start, state.status[target].position, budget, stop_at)
        return _straight(start, end)

    def withdraw(self, state: GurpsState, mover: str, threat: str, budget: float) -> Route:
        """Straight away from the threat, in one go."""
        start = state.status[mover].position
        return _straight(start, step_away(start, state.status[threat].position, budget))

    def step_out(self, state: GurpsState, mover: str, threat: str) -> Route:
        """The Step out of a close combat: straight back to a yard from the threat (or a
        hair nearer, where rounding would leave it beyond: `plane.step_away`'s `within`)."""
        start = state.status[mover].position
        there = state.status[threat].position
        return _straight(start, step_away(start, there, 1.0 - start.distance(there), within=1.0))

    def enter(self, state: GurpsState, mover: str, place: Any) -> None:
        """Stand on the point."""
        state.status[mover].position = place

    def push(self, state: GurpsState, target: str, source: str, yards: float) -> float:
        """Straight away from the source."""
        status = state.status[target]
        start = status.position
        status.position = step_away(start, state.status[source].position, yards)
        return start.distance(status.position)

    def retreat(self, state: GurpsState, defender: str, attacker: str) -> float:
        """Without a map a retreat changes only the odds, not the distances (an interpretation)."""
        return 0.0

    def step_back(self, state: GurpsState, mover: str, foe: str) -> Route:
        """One yard straight back."""
        return self.withdraw(state, mover, foe, 1.0)

    def stumble_past(self, state: GurpsState, mover: str, foe: str, yards: float) -> float:
        """`yards` on from the foe's point, away from where the mover stood (`step_away`
        from the foe); on one point (a close combat) there is no line, and the stumble
        goes `yards` along x."""
        status = state.status[mover]
        here = status.position
        there = state.status[foe].position if foe else here
        status.position = step_away(there, here, yards)
        return here.distance(status.position)

    def line_modifiers(
        self, state: GurpsState, attacker: str, target: str, ranged: bool
    ) -> tuple[tuple[str, int], ...]:
        """Without a map nothing stands in the way."""
        return ()

    def coordinates(self, state: GurpsState, key: str) -> tuple[float, float]:
        """The point in yards."""
        point: Point = state.status[key].position
        return point.x, point.y


def _straight(start: Point, end: Point) -> Route:
    moved = start.distance(end)
    return Route((end,), (moved,)) if moved > 0 else STAY


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a figure starts on a hex map: its hex and its facing, and the rest of its
    hexes if it fills several (seed 001: 大きなフィギュア)."""

    hex: Hex
    facing: Facing
    body: tuple[Hex, ...] = ()


def vision_of(fighter: Fighter) -> Vision:
    """The fighter's arc of vision: normal, Peripheral Vision or 360° Vision (seed 001: 射界)."""
    if fighter.has("vision_360"):
        return Vision.ALL_AROUND
    if fighter.has("peripheral_vision"):
        return Vision.PERIPHERAL
    return Vision.NORMAL


def heading(origin: Hex, goal: Hex) -> Facing:
    """The facing from `origin` that points most directly at `goal` (first such, N to NW).

    It depends only on the offset between the two, so each offset is worked out once.

    >>> heading(Hex(0, 0), Hex(3, -1)), heading(Hex(2, 2), Hex(2, 5)), heading(Hex(1, 1), Hex(1, 1))
    (Facing.NE, Facing.S, Facing.N)
    """
    offset = (goal.q - origin.q, goal.r - origin.r)
    known = _HEADINGS.get(offset)
    if known is None:
        far = Hex(*offset)
        known = _HEADINGS[offset] = min(Facing, key=lambda f: Hex(0, 0).neighbor(f).distance(far))
    return known


_HEADINGS: Final[dict[tuple[int, int], Facing]] = {}


PLANE: Final = PlaneField()


def field_of(state: GurpsState) -> Field:
    """The battle's field: its own, or the plane when it has none."""
    ground: Field | None = state.ground
    return ground if ground is not None else PLANE


def body_of(state: GurpsState, key: str) -> tuple[tuple[int, int], ...]:
    """A multi-hex figure's other hexes, as pairs for the log (empty for most figures)."""
    return tuple((place.q, place.r) for place in state.status[key].body)


def facing_name(state: GurpsState, key: str) -> str:
    """The fighter's facing as a name (N … NW) on a hex map, else ""."""
    status = state.status[key]
    return _FACING_NAMES[status.facing] if status.hex is not None else ""


#: The facings' names by number (a `Facing`'s `name` is looked up in Python).
_FACING_NAMES: Final = tuple([facing.name for facing in Facing])
