"""The combat map: bounds, walls, obstacles, obstructions and footing (seed 001: 戦闘マップ)."""

from __future__ import annotations

import pytest

from senjo.space.hexgrid import Hex
from senjo.space.hexmap import Footing, HexMap
from tests.sources import needs_sources


def test_rectangle_holds_width_times_height_hexes() -> None:
    """A rectangular map holds every column/row pair and nothing else."""
    m = HexMap.rectangle(4, 3)
    assert len(m) == 12
    assert set(m) == {Hex.from_offset(c, r) for c in range(4) for r in range(3)}
    assert Hex.from_offset(4, 0) not in m
    assert "not a hex" not in m


def test_neighbors_stop_at_the_edge() -> None:
    """A corner hex has only the neighbours that are on the map."""
    m = HexMap.rectangle(3, 3)
    assert set(m.neighbors(Hex(0, 0))) == {Hex(1, 0), Hex(0, 1), Hex(1, -1)} & set(m)
    assert len(m.neighbors(Hex.from_offset(1, 1))) == 6


def test_walls_and_large_obstacles_cannot_be_entered() -> None:
    """Seed 001: a hex filled by a pillar, or holding a barricade, cannot be entered."""
    m = HexMap.rectangle(3, 3, walls=[Hex(1, 0)], obstacles=[Hex(2, 0)])
    assert not m.passable(Hex(1, 0))
    assert not m.passable(Hex(2, 0))
    assert not m.passable(Hex(9, 9))
    assert m.passable(Hex(0, 0))
    with pytest.raises(ValueError, match="cannot be entered"):
        m.terrain_cost(Hex(1, 0))


@pytest.mark.parametrize(
    ("footing", "cost"),
    [
        (Footing.FIRM, 0),
        (Footing.SLIPPERY, 1),
        (Footing.STAIRS, 1),
        (Footing.SHALLOW_WATER, 1),
        (Footing.DEEP_WATER, 0),
    ],
)
def test_bad_footing_costs(footing: Footing, cost: int) -> None:
    """Seed 001 (足場の悪さ): slippery ground, stairs and shallow water add 1 per hex."""
    m = HexMap.rectangle(2, 2, footing={Hex(0, 0): footing})
    assert m.terrain_cost(Hex(0, 0)) == cost
    assert m.footing_at(Hex(0, 0)) is footing
    assert m.footing_at(Hex(1, 0)) is Footing.FIRM


def test_costs_add_up_per_hex() -> None:
    """Small obstructions add 1 each, on top of footing and the GM's extra cost."""
    h = Hex(1, 0)
    m = HexMap.rectangle(
        3, 3, obstructions={h: 2}, footing={h: Footing.SLIPPERY}, extra_cost={h: 1}
    )
    assert m.terrain_cost(h) == 4
    assert m.obstructions == {h: 2}
    assert m.extra_cost == {h: 1}
    assert m.footing == {h: Footing.SLIPPERY}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"walls": [Hex(5, 5)]}, "walls: Hex(5, 5) is not on the map"),
        ({"obstacles": [Hex(-1, 0)]}, "obstacles: Hex(-1, 0) is not on the map"),
        ({"obstructions": {Hex(0, 0): 0}}, "obstructions: Hex(0, 0): expected a whole number >= 1"),
        pytest.param(
            {"obstructions": {Hex(0, 0): 1.5}}, "expected a whole number", marks=needs_sources
        ),
        pytest.param(
            {"footing": {Hex(0, 0): "mud"}}, "'mud' is not a Footing", marks=needs_sources
        ),
        ({"extra_cost": {Hex(0, 0): -1}}, "extra_cost: Hex(0, 0): expected a whole number >= 0"),
    ],
)
def test_bad_maps_are_refused_with_the_field_named(kwargs: dict[str, object], message: str) -> None:
    """A map is checked when built; the message names the field and the hex."""
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        HexMap.rectangle(2, 2, **kwargs)  # type: ignore[arg-type]


def test_sizes_must_be_positive() -> None:
    """A map has at least one hex."""
    with pytest.raises(ValueError, match="positive size"):
        HexMap.rectangle(0, 3)
    with pytest.raises(ValueError, match="at least one hex"):
        HexMap([])


def test_any_shape_of_map() -> None:
    """A map may be any set of hexes, e.g. a round arena."""
    arena = HexMap(Hex(0, 0).within(3))
    assert len(arena) == 37
    assert "37 hexes" in repr(arena)
