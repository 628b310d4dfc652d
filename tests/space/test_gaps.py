"""The compiled hex distances and facing turns (`space/gaps.py`) give the grid's numbers
(seed 001: ヘクス, 向き), and the multi-hex `bodies.nearest` built on them picks the first
closest pair, as `min` over the pairs would."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.space.gaps import FACINGS, direction_to, facing_turns, hex_gap, nearest_hex
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.bodies import nearest

SETTINGS = settings(max_examples=80, deadline=None, derandomize=True)
coordinates = st.integers(-30, 30)
hexes = st.builds(Hex, coordinates, coordinates)


def test_hex_gap_and_facing_turns_agree_with_the_grids_methods() -> None:
    """Every pair of hexes of a 7x7 map and every pair of facings."""
    grid = list(HexMap.rectangle(7, 7))
    assert all(hex_gap(a, b) == a.distance(b) for a in grid for b in grid)
    assert all(facing_turns(a, b) == a.turns_to(b) for a in Facing for b in Facing)
    assert tuple(Facing) == FACINGS


def test_direction_to_is_the_facing_whose_neighbor_is_the_other_hex() -> None:
    """The facing toward a neighboring hex, None for any other (itself, two away), on
    every pair of a 5x5 map."""
    grid = list(HexMap.rectangle(5, 5))
    for a in grid:
        for b in grid:
            wanted = next((f for f in Facing if a.neighbor(f) == b), None)
            assert direction_to(a, b) == wanted


@SETTINGS
@given(st.lists(hexes, min_size=1, max_size=6), hexes)
def test_nearest_hex_is_the_first_nearest(candidates: list[Hex], origin: Hex) -> None:
    """`nearest_hex` is `min(candidates, key=origin.distance)`, ties to the first."""
    assert nearest_hex(origin, candidates) == min(candidates, key=origin.distance)


@SETTINGS
@given(st.lists(hexes, min_size=1, max_size=4), st.lists(hexes, min_size=1, max_size=4))
def test_bodies_nearest_is_the_first_closest_pair(mine: list[Hex], theirs: list[Hex]) -> None:
    """seed 001 (大きなフィギュア): two figures are as far apart as their nearest hexes; of
    equal pairs the first (mine in order, then theirs) is taken."""
    pairs = list(itertools.product(mine, theirs))
    wanted = min(pairs, key=lambda pair: pair[0].distance(pair[1]))
    assert nearest(tuple(mine), tuple(theirs)) == wanted
