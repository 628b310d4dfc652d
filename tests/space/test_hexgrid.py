"""Hex coordinates and facings: parse/format, arithmetic, distance, rings, facings."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.space import hexgrid
from senjo.space.hexgrid import DIRECTIONS, Facing, Hex

SETTINGS = settings(max_examples=80, deadline=None, derandomize=True)

coordinates = st.integers(-60, 60)
hexes = st.builds(Hex, coordinates, coordinates)
facings = st.sampled_from(list(Facing))


@SETTINGS
@given(hexes)
def test_parse_reads_what_str_writes(h: Hex) -> None:
    """Hex.parse is the inverse of str, and repr is runnable code."""
    assert Hex.parse(str(h)) == h
    assert eval(repr(h)) == h


@pytest.mark.parametrize("text", ["", "1", "1,2,3", "a,b", "1.5,2", "1;2"])
def test_parse_rejects_malformed_text(text: str) -> None:
    """Text that is not 'q,r' is refused with a message showing the expected form."""
    with pytest.raises(ValueError, match="expected 'q,r'"):
        Hex.parse(text)


@pytest.mark.parametrize(("q", "r"), [(1.0, 0), (0, "1"), (True, 0), (None, 2)])
def test_construction_rejects_non_integers(q: object, r: object) -> None:
    """A Hex is validated when built: coordinates are whole numbers."""
    with pytest.raises(TypeError, match="whole numbers"):
        Hex(q, r)  # type: ignore[arg-type]


def test_hexes_are_frozen_hashable_and_ordered() -> None:
    """Hexes are immutable values ordered by (q, r)."""
    h = Hex(1, 2)
    with pytest.raises(AttributeError):
        h.q = 3  # type: ignore[misc]
    assert {h, Hex(1, 2)} == {h}
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


@SETTINGS
@given(hexes, hexes)
def test_addition_and_subtraction_invert(a: Hex, b: Hex) -> None:
    """(a + b) - b == a, and a - b == a + (-b)."""
    assert (a + b) - b == a
    assert a - b == a + (-b)
    assert a.s == -a.q - a.r


@SETTINGS
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    """Distance is symmetric, zero only for the same hex, and obeys the triangle inequality."""
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)
    assert (a - b).length() == a.distance(b)


@SETTINGS
@given(hexes)
def test_neighbours_are_six_distinct_hexes_at_distance_one(h: Hex) -> None:
    """Each hex has six neighbours, one per facing, all at distance 1."""
    around = h.neighbors()
    assert len(set(around)) == 6
    assert all(h.distance(n) == 1 for n in around)
    assert around == tuple(h.neighbor(f) for f in Facing)
    assert around == tuple(Hex(h.q + dq, h.r + dr) for dq, dr in DIRECTIONS)
    assert all(type(n) is Hex for n in around)


def test_neighbours_are_kept_for_a_bounded_number_of_hexes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each hex's neighbours are worked out once and kept (the same tuple comes back), and
    the store starts again once it holds `_NEIGHBORS_MAX` hexes, answering as before."""
    monkeypatch.setattr(hexgrid, "_NEIGHBORS", {})
    monkeypatch.setattr(hexgrid, "_NEIGHBORS_MAX", 5)
    first = Hex(0, 0).neighbors()
    assert Hex(0, 0).neighbors() is first
    for q in range(1, 12):
        assert Hex(q, 0).neighbor(Facing.S) == Hex(q, 1)
        assert len(hexgrid._NEIGHBORS) <= 5
    assert Hex(0, 0).neighbors() == first


@SETTINGS
@given(hexes, st.integers(0, 12))
def test_ring_holds_every_hex_at_that_distance(h: Hex, radius: int) -> None:
    """ring(n) is the 6n hexes (1 for n = 0) at distance exactly n, each next to the next."""
    ring = h.ring(radius)
    assert len(ring) == len(set(ring)) == max(1, 6 * radius)
    assert all(h.distance(x) == radius for x in ring)
    if radius:
        assert all(x.distance(y) == 1 for x, y in pairwise((*ring, ring[0])))


@SETTINGS
@given(hexes, st.integers(0, 8))
def test_within_is_the_spiral_of_rings(h: Hex, radius: int) -> None:
    """within(n) holds the 3n(n+1)+1 hexes at distance n or less, nearest first."""
    spiral = h.within(radius)
    assert len(set(spiral)) == 3 * radius * (radius + 1) + 1
    assert [h.distance(x) for x in spiral] == sorted(h.distance(x) for x in spiral)


def test_negative_radius_is_refused() -> None:
    """Rings and spirals need a radius of 0 or more."""
    with pytest.raises(ValueError, match="0 or more"):
        Hex(0, 0).ring(-1)
    with pytest.raises(ValueError, match="0 or more"):
        Hex(0, 0).within(-1)


@SETTINGS
@given(facings)
def test_six_turns_return_to_the_start(f: Facing) -> None:
    """Six 60° turns either way come back to the same facing; three make the opposite."""
    g = f
    for _ in range(6):
        g = g.right()
    assert g is f
    assert f.left(6) is f
    assert f.right(3) is f.left(3) is f.opposite
    assert f.opposite.opposite is f


@SETTINGS
@given(hexes, st.integers(-12, 12))
def test_rotating_offsets_keeps_length_and_six_turns_return(h: Hex, turns: int) -> None:
    """Turning an offset about the origin keeps its length; six turns are the identity."""
    assert h.rotate_right(turns).length() == h.length()
    assert h.rotate_right(6) == h
    assert h.rotate_right(turns).rotate_left(turns) == h


def test_rotation_follows_the_facings() -> None:
    """Turning a facing's offset right gives the offset of the facing to its right."""
    for f in Facing:
        assert f.offset.rotate_right() == f.right().offset
        assert f.offset == Hex(*DIRECTIONS[f])


def test_facing_names_run_clockwise_from_north() -> None:
    """Facings 0-5 are N, NE, SE, S, SW, NW; north is r decreasing."""
    assert [str(f) for f in Facing] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert Facing.N.offset == Hex(0, -1)
    assert Facing.SE.offset == Hex(1, 0)


@pytest.mark.parametrize("text", ["N", "ne", " sw ", "0", "5"])
def test_facing_parse_reads_names_and_numbers(text: str) -> None:
    """Facing.parse reads a name in any case or a number 0-5, and reads what str writes."""
    f = Facing.parse(text)
    assert Facing.parse(str(f)) is f
    assert eval(repr(f)) is f


@pytest.mark.parametrize("text", ["6", "-1", "north", ""])
def test_facing_parse_rejects_unknown_text(text: str) -> None:
    """An unknown facing is refused with the list of allowed names."""
    with pytest.raises(ValueError, match="N, NE, SE, S, SW, NW"):
        Facing.parse(text)


@pytest.mark.parametrize(
    ("a", "b", "turns"),
    [(Facing.N, Facing.N, 0), (Facing.N, Facing.NE, 1), (Facing.N, Facing.SW, 2),
     (Facing.NW, Facing.SE, 3), (Facing.S, Facing.NE, 2)],
)  # fmt: skip
def test_turns_to_counts_the_fewest_60_degree_turns(a: Facing, b: Facing, turns: int) -> None:
    """turns_to gives the fewest 60° turns either way (at most 3)."""
    assert a.turns_to(b) == b.turns_to(a) == turns


def test_toward_finds_the_facing_of_an_adjacent_hex() -> None:
    """Facing.toward names the direction of a neighbour and refuses other hexes."""
    here = Hex(3, -2)
    for f in Facing:
        assert Facing.toward(here, here.neighbor(f)) is f
    with pytest.raises(ValueError, match="not adjacent"):
        Facing.toward(here, here)


@SETTINGS
@given(st.integers(-50, 50), st.integers(-50, 50))
def test_offset_coordinates_round_trip(col: int, row: int) -> None:
    """Column/row offsets convert to axial and back; a column's rows are neighbours N-S."""
    h = Hex.from_offset(col, row)
    assert h.offset() == (col, row)
    assert Hex.from_offset(col, row + 1) == h.neighbor(Facing.S)
