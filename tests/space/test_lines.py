"""Hex lines for lines of fire, including the line passing exactly between two hexes."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.space.hexgrid import Facing, Hex
from senjo.space.lines import line, line_of_fire, line_steps, runs_between

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True)

coordinates = st.integers(-25, 25)
hexes = st.builds(Hex, coordinates, coordinates)


@SETTINGS
@given(hexes, hexes)
def test_line_has_distance_plus_one_hexes_each_next_to_the_next(a: Hex, b: Hex) -> None:
    """line(a, b) runs from a to b through distance(a, b) + 1 hexes, consecutive ones adjacent."""
    hexes_on_line = line(a, b)
    assert len(hexes_on_line) == a.distance(b) + 1
    assert hexes_on_line[0] == a and hexes_on_line[-1] == b
    assert all(x.distance(y) == 1 for x, y in pairwise(hexes_on_line))


@SETTINGS
@given(hexes, hexes)
def test_line_is_symmetric(a: Hex, b: Hex) -> None:
    """line(b, a) is line(a, b) reversed, and so are the steps with their candidates."""
    assert line(b, a) == line(a, b)[::-1]
    assert [set(s) for s in line_steps(b, a)] == [set(s) for s in line_steps(a, b)[::-1]]


@SETTINGS
@given(hexes, hexes)
def test_steps_hold_the_line_and_adjacent_alternatives(a: Hex, b: Hex) -> None:
    """Each step is one hex or two adjacent ones; the other choices also make a connected line."""
    steps = line_steps(a, b)
    assert tuple(s[0] for s in steps) == line(a, b)
    assert all(len(s) == 1 or (len(s) == 2 and s[0].distance(s[1]) == 1) for s in steps)
    other = [s[-1] for s in steps]
    assert all(x.distance(y) == 1 for x, y in pairwise(other))
    for i, step in enumerate(steps):
        assert all(a.distance(h) <= i and b.distance(h) <= len(steps) - 1 - i for h in step)


@SETTINGS
@given(hexes, st.sampled_from(list(Facing)), st.integers(1, 12))
def test_straight_rows_have_no_ambiguous_steps(a: Hex, facing: Facing, length: int) -> None:
    """A line along a row of hexes goes through hex centres: one hex per step."""
    b = a + facing.offset * length
    assert line(a, b) == tuple(a + facing.offset * i for i in range(length + 1))
    assert all(len(s) == 1 for s in line_steps(a, b))
    assert not runs_between(a, b)


@SETTINGS
@given(hexes, st.sampled_from(list(Facing)), st.integers(1, 8))
def test_lines_between_rows_pass_between_two_hexes_every_other_step(
    a: Hex, facing: Facing, half: int
) -> None:
    """Seed 001 (ちょうど中間の線): a line along hex edges has a pair at every odd step."""
    diagonal = facing.offset + facing.right().offset  # the direction between two hex sides
    b = a + diagonal * half
    steps = line_steps(a, b)
    assert runs_between(a, b)
    assert [len(s) for s in steps] == [1 if i % 2 == 0 else 2 for i in range(2 * half + 1)]
    assert line_of_fire(a, b) == steps[1:-1]


def test_the_seed_case_between_two_hexes() -> None:
    """From Hex(0, 0) to Hex(1, 1) the line runs exactly between Hex(1, 0) and Hex(0, 1)."""
    assert set(line_steps(Hex(0, 0), Hex(1, 1))[1]) == {Hex(1, 0), Hex(0, 1)}
    assert line_of_fire(Hex(0, 0), Hex(1, 1)) == ((Hex(0, 1), Hex(1, 0)),)


def test_a_crossing_at_a_sampled_point_puts_both_hexes_on_the_line() -> None:
    """Where the line crosses an edge at a sampled point, both hexes are in the way, in order."""
    a, b = Hex(0, 0), Hex(4, -1)
    assert not runs_between(a, b)
    assert set(line_steps(a, b)[2]) == {Hex(2, -1), Hex(2, 0)}
    fire = line_of_fire(a, b)
    assert fire == ((Hex(1, 0),), (Hex(2, -1),), (Hex(2, 0),), (Hex(3, -1),))
    assert line_of_fire(b, a) == fire[::-1]


@SETTINGS
@given(hexes, hexes)
def test_line_of_fire_covers_the_hexes_strictly_between(a: Hex, b: Hex) -> None:
    """line_of_fire lists every candidate hex strictly between the ends, never the ends."""
    fire = line_of_fire(a, b)
    between = {h for step in line_steps(a, b)[1:-1] for h in step}
    assert {h for group in fire for h in group} == between
    assert a not in between or a == b


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (Hex(0, 0), Hex(0, 0), (Hex(0, 0),)),
        (Hex(0, 0), Hex(0, -3), (Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(0, -3))),
        (Hex(0, 0), Hex(3, -1), (Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1))),
        (Hex(1, 1), Hex(-2, 3), (Hex(1, 1), Hex(0, 2), Hex(-1, 2), Hex(-2, 3))),
    ],
)
def test_worked_lines(a: Hex, b: Hex, expected: tuple[Hex, ...]) -> None:
    """Lines worked out by hand on paper."""
    assert line(a, b) == expected
