"""Front, side and back hexes, the arc of vision and reach sets (seed 001: 向き, 射界, 攻撃範囲)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.space.arcs import (
    Arc,
    Sight,
    Vision,
    arc_hexes,
    arc_name,
    arc_of,
    arc_of_vision,
    in_arc_of_vision,
    reach_hexes,
    sight_of,
)
from senjo.space.hexgrid import Facing, Hex

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True)

coordinates = st.integers(-30, 30)
hexes = st.builds(Hex, coordinates, coordinates)
facings = st.sampled_from(list(Facing))
ORIGIN = Hex(0, 0)


@pytest.mark.parametrize("facing", list(Facing))
def test_adjacent_hexes_are_three_front_one_right_one_left_one_back(facing: Facing) -> None:
    """Seed 001 (正面, 側面, 背面): the three hexes ahead are front, the next ones the sides, the
    one directly behind the back."""
    here = Hex(2, -1)
    expected = {
        facing: Arc.FRONT,
        facing.left(): Arc.FRONT,
        facing.right(): Arc.FRONT,
        facing.right(2): Arc.RIGHT,
        facing.left(2): Arc.LEFT,
        facing.opposite: Arc.BACK,
    }
    for direction, arc in expected.items():
        assert arc_of(here, facing, here.neighbor(direction)) is arc


@SETTINGS
@given(hexes, facings, st.integers(1, 10))
def test_arcs_partition_every_ring(position: Hex, facing: Facing, radius: int) -> None:
    """Every hex of ring n lies in exactly one arc: 2n+1 front, n right, n left, 2n-1 back."""
    ring = set(position.ring(radius))
    counts = {arc: 0 for arc in Arc}
    for h in ring:
        counts[arc_of(position, facing, h)] += 1
    assert counts == {
        Arc.FRONT: 2 * radius + 1,
        Arc.RIGHT: radius,
        Arc.LEFT: radius,
        Arc.BACK: 2 * radius - 1,
    }
    per_arc = [set(arc_hexes(position, facing, arc, radius)) & ring for arc in Arc]
    assert set().union(*per_arc) == ring
    assert sum(len(s) for s in per_arc) == len(ring)


def test_front_arc_is_the_120_degree_wedge_through_the_front_corners() -> None:
    """The front arc widens along the rows through the front-left and front-right hexes."""
    front = set(arc_hexes(ORIGIN, Facing.N, Arc.FRONT, 3))
    for n in (1, 2, 3):
        assert ORIGIN.neighbor(Facing.NE) * n in front
        assert ORIGIN.neighbor(Facing.NW) * n in front
        assert ORIGIN.neighbor(Facing.N) * n in front
    assert Hex(2, -1) not in front  # due east of the figure: its right side
    assert arc_of(ORIGIN, Facing.N, Hex(2, -1)) is Arc.RIGHT


def test_back_arc_excludes_the_rows_behind_the_side_hexes() -> None:
    """The rows straight out from the two rear-side hexes stay side hexes at every distance."""
    for n in (1, 2, 5):
        assert arc_of(ORIGIN, Facing.N, Hex(n, 0)) is Arc.RIGHT  # south-east row
        assert arc_of(ORIGIN, Facing.N, Hex(-n, n)) is Arc.LEFT  # south-west row
        assert arc_of(ORIGIN, Facing.N, Hex(0, n)) is Arc.BACK  # straight behind


@SETTINGS
@given(hexes, hexes, facings, st.integers(0, 5))
def test_arcs_turn_with_the_figure(position: Hex, target: Hex, facing: Facing, turns: int) -> None:
    """Turning the figure and the target together about the figure keeps the target's arc."""
    if target == position:
        return
    turned = position + (target - position).rotate_right(turns)
    assert arc_of(position, facing.right(turns), turned) is arc_of(position, facing, target)
    assert sight_of(position, facing.right(turns), turned) is sight_of(position, facing, target)


@SETTINGS
@given(hexes)
def test_right_and_left_mirror(offset: Hex) -> None:
    """Mirroring across the line ahead swaps right and left and keeps front and back."""
    if offset == ORIGIN:
        return
    mirrored = Hex(-offset.q, offset.r + offset.q)  # (q, r, s) -> (-q, -s, -r) for facing north
    swap = {Arc.RIGHT: Arc.LEFT, Arc.LEFT: Arc.RIGHT, Arc.FRONT: Arc.FRONT, Arc.BACK: Arc.BACK}
    assert arc_of(ORIGIN, Facing.N, mirrored) is swap[arc_of(ORIGIN, Facing.N, offset)]


@SETTINGS
@given(hexes, facings, hexes)
def test_sight_shades_agree_with_the_arcs(position: Hex, facing: Facing, target: Hex) -> None:
    """Front hexes are clear, back hexes exactly the blind ones; side hexes clear or peripheral."""
    if target == position:
        return
    arc, sight = arc_of(position, facing, target), sight_of(position, facing, target)
    if arc is Arc.FRONT:
        assert sight is Sight.CLEAR
    assert (arc is Arc.BACK) == (sight is Sight.BLIND)


def test_arc_of_vision_is_half_the_plane_then_240_then_all() -> None:
    """Seed 001 (射界): white hexes ahead (180°), gray added by Peripheral Vision (240°), 360°
    Vision sees all; the figure's own hex is always in view."""
    ring = ORIGIN.ring(4)
    seen = {v: sum(in_arc_of_vision(ORIGIN, Facing.N, h, v) for h in ring) for v in Vision}
    assert seen == {Vision.NORMAL: 13, Vision.PERIPHERAL: 17, Vision.ALL_AROUND: 24}
    assert sight_of(ORIGIN, Facing.N, Hex(2, -1)) is Sight.CLEAR  # cut in half: counts as seen
    assert sight_of(ORIGIN, Facing.N, Hex(2, 0)) is Sight.PERIPHERAL
    assert all(in_arc_of_vision(ORIGIN, f, ORIGIN, Vision.NORMAL) for f in Facing)
    assert len(arc_of_vision(ORIGIN, Facing.S, 1, Vision.PERIPHERAL)) == 6


def test_vision_sees_its_shades() -> None:
    """Normal sight covers clear hexes; Peripheral Vision adds peripheral; 360° adds blind."""
    assert Vision.NORMAL.sees == {Sight.CLEAR}
    assert Vision.PERIPHERAL.sees == {Sight.CLEAR, Sight.PERIPHERAL}
    assert Vision.ALL_AROUND.sees == set(Sight)


@SETTINGS
@given(hexes, facings, st.integers(1, 6))
def test_reach_n_is_the_front_hexes_at_distance_n(
    position: Hex, facing: Facing, reach: int
) -> None:
    """Seed 001 (攻撃範囲): reach n strikes the 2n+1 front hexes exactly n away."""
    struck = reach_hexes(position, facing, reach)
    assert len(set(struck)) == 2 * reach + 1
    assert all(position.distance(h) == reach for h in struck)
    assert all(arc_of(position, facing, h) is Arc.FRONT for h in struck)


def test_reach_c_and_reach_1() -> None:
    """Reach C is the figure's own hex; reach 1 the three front hexes."""
    here = Hex(4, 4)
    assert reach_hexes(here, Facing.SE, 0) == (here,)
    assert set(reach_hexes(here, Facing.SE, 1)) == {
        here.neighbor(Facing.NE),
        here.neighbor(Facing.SE),
        here.neighbor(Facing.S),
    }
    with pytest.raises(ValueError, match="reach"):
        reach_hexes(here, Facing.SE, -1)


def test_own_hex_lies_in_no_arc() -> None:
    """Asking the arc of the figure's own hex is an error, not a guess."""
    with pytest.raises(ValueError, match="own hex"):
        arc_of(ORIGIN, Facing.N, ORIGIN)


@pytest.mark.parametrize("facing", list(Facing))
def test_an_arc_by_name_is_the_arc_and_vision_covers_its_shades(facing: Facing) -> None:
    """`arc_name` (the combat map's arc, as the events name it) is `arc_of`'s value, and
    `in_arc_of_vision` holds exactly where the hex's shade is one its vision sees
    (seed 001: 正面・側面・背面ヘクス, 射界), for every hex out to 5 from a figure."""
    here = Hex(2, -3)
    for target in here.within(5)[1:]:
        assert arc_name(here, facing, target) == arc_of(here, facing, target).value
        shade = sight_of(here, facing, target)
        for vision in Vision:
            assert in_arc_of_vision(here, facing, target, vision) == (shade in vision.sees)
