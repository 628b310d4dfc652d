"""The abstract plane used when a battle has no map."""

from __future__ import annotations

import math

import pytest

from senjo.space.plane import Point, step_away, step_toward


def test_distance_is_symmetric_and_euclidean() -> None:
    """Distance is straight-line and the same both ways."""
    a, b = Point(0, 0), Point(3, 4)
    assert a.distance(b) == b.distance(a) == 5.0


@pytest.mark.parametrize(
    ("budget", "stop_at", "expected"),
    [(2, 1, 2.0), (10, 1, 4.0), (10, 0, 5.0), (0, 1, 0.0)],
)
def test_step_toward_stops_at_reach_or_budget(
    budget: float, stop_at: float, expected: float
) -> None:
    """Moving toward a figure spends at most the budget and stops at the given reach."""
    moved = step_toward(Point(0, 0), Point(5, 0), budget, stop_at)
    assert math.isclose(moved.x, expected)


def test_step_toward_within_reach_stays() -> None:
    """A figure already within reach does not move."""
    assert step_toward(Point(0, 0), Point(1, 0), 5, stop_at=2) == Point(0, 0)


def test_step_away_increases_distance_by_budget() -> None:
    """Stepping away adds exactly the budget to the distance."""
    start, threat = Point(1, 1), Point(0, 0)
    moved = step_away(start, threat, 1)
    assert math.isclose(moved.distance(threat), start.distance(threat) + 1)


def test_distance_is_exactly_hypot() -> None:
    """The distance is `math.hypot` to the last bit, along an axis (taken without the
    call) as anywhere else: the GURPS fast path measures with hypot and must agree."""
    import random

    draw = random.Random(7)
    values = [0.0, -0.0, 1.0, -1.0, 0.1, 2.5, 1e-300, 1e300, 3.0000000000000004]
    values += [draw.uniform(-50, 50) for _ in range(40)]
    for x in values:
        for y in values[:12]:
            for a, b in ((Point(x, y), Point(0.0, 0.0)), (Point(x, 0.5), Point(y, 0.5))):
                assert a.distance(b) == math.hypot(a.x - b.x, a.y - b.y), (a, b)
                assert Point(a.y, a.x).distance(Point(b.y, b.x)) == a.distance(b)
    assert type(Point(0, 0).distance(Point(10, 0))) is float  # from ints as well
    assert Point(0, 0).distance(Point(0, -3)) == 3.0


#: Moves whose plain arithmetic (start + (goal - start) * travel / distance) ends a hair
#: beyond the stop: in one dimension (a duel's line), and on the plane, where a fighter
#: stood 1.0000000000000002 yards from its foe and its step changed no coordinate (found
#: in examples/gurps/ambush.yaml: four fighters chose Attack every turn, none reached, and
#: the battle ran to its round limit).
_ROUNDED_PAST = [
    (Point(5.095, 0.0), Point(2.4, 0.0), 1.0, 2.0),
    (Point(-8.573760952792341, 0.0), Point(-7.434, 0.0), 1.0, 1.0),
    (
        Point(3.6893328677967965, 0.9870751970844714),
        Point(4.687121245510405, 0.9206045020403741),
        1.0,
        1.0,
    ),
]


@pytest.mark.parametrize(("start", "goal", "budget", "stop_at"), _ROUNDED_PAST)
def test_step_toward_ends_within_the_stop(
    start: Point, goal: Point, budget: float, stop_at: float
) -> None:
    """A move the stop cuts short ends at the stop distance or nearer, never a rounding
    error beyond it (so a blow that a Step was to bring into reach reaches), and at most
    a billionth of a yard nearer."""
    end = step_toward(start, goal, budget, stop_at)
    assert end.distance(goal) <= stop_at
    assert end.distance(goal) > stop_at - 1e-9
    assert start.distance(end) <= budget


def test_step_toward_exact_moves_unchanged() -> None:
    """A move whose arithmetic ends within the stop is not nudged: the end is where the
    plain ratio puts it (the examples' duels move along whole yards)."""
    assert step_toward(Point(0, 0), Point(10, 0), 20, stop_at=1) == Point(9.0, 0.0)
    assert step_toward(Point(0.5, 0.25), Point(4, 3), 1.5, stop_at=1) == Point(
        0.5 + 3.5 * (1.5 / math.hypot(3.5, 2.75)), 0.25 + 2.75 * (1.5 / math.hypot(3.5, 2.75))
    )


#: Steps out of a close combat (straight back to a yard off) whose plain arithmetic ends a
#: hair beyond the yard: on a line and on the plane (some 8% of examples/gurps/horde.yaml's
#: Steps out did, and the reach-1 blow after them missed its turn).
_OUT_PAST = [
    (Point(-1.46, 0.0), Point(-1.0229070951893122, 0.0)),
    (Point(3.914598302338895, 0.0), Point(3.814598302338895, 0.0)),
    (Point(-4.812919713439847, -5.3133807790660725), Point(-4.577281480932338, -5.319830465588538)),
]


@pytest.mark.parametrize(("start", "threat"), _OUT_PAST)
def test_step_away_within_ends_within(start: Point, threat: Point) -> None:
    """With `within`, a step meant to end a yard off ends there or nearer (a billionth of
    a yard at most); without it, the plain step (here a hair beyond: the cases' point)."""
    budget = 1.0 - start.distance(threat)
    assert step_away(start, threat, budget).distance(threat) > 1.0
    end = step_away(start, threat, budget, within=1.0)
    assert 1.0 - 1e-9 < end.distance(threat) <= 1.0


def test_step_away_within_leaves_exact_steps() -> None:
    """A step whose arithmetic ends within the bound is the plain step."""
    for start, threat in ((Point(0.3, 0.0), Point(0.0, 0.0)), (Point(2.0, 2.0), Point(2.0, 2.0))):
        budget = 1.0 - start.distance(threat)
        assert step_away(start, threat, budget, within=1.0) == step_away(start, threat, budget)
