"""Distance bands (`senjo.space.bands`): the distances seed 003's maneuvers leave.

Seed 003 (トモガミ), 距離単位: three bands, zero, near and far; 機動処理: a figure that
beats its target group is at the band it wanted from that group; 近距離推定の原則: from
everyone else it is near; 零距離領域: a zero move names one target and forms a zone of
the two, and several figures moving to zero with one target form several zones;
交戦領域: leaving it leaves the battle, three units from zero.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from senjo.space.bands import Band, Bands, Change, units

FIGURES = ["aki", "ren", "goro", "mio"]


def _bands() -> Bands:
    """Aki and Mio (one side) far from Ren and Goro (the other), as a grassland or sea
    opening sets foes."""
    bands = Bands(FIGURES)
    bands.open([(a, b) for a in ("aki", "mio") for b in ("ren", "goro")], Band.FAR)
    return bands


def test_a_pair_nobody_named_is_near() -> None:
    """近距離推定の原則: allies the opening did not name are near each other."""
    bands = _bands()
    assert bands.distance("aki", "mio") is Band.NEAR
    assert bands.distance("ren", "aki") is Band.FAR


def test_units_count_the_bands_crossed() -> None:
    """機動処理: the penalty equals the units moved (near to far: 1, as in the seed's
    example); leaving the engagement area from zero is three units."""
    assert units(Band.NEAR, Band.FAR) == 1
    assert units(Band.FAR, Band.ZERO) == 2
    assert units(Band.ZERO, Band.OUT) == 3
    assert units(Band.NEAR, Band.NEAR) == 0


def test_a_move_sets_the_group_and_leaves_the_rest_near() -> None:
    """機動処理 and 近距離推定の原則: Aki closes to near from Ren, opposed by Goro (the
    target group is both): near from both; Mio, whom the move did not name, is near.
    Then Aki draws off to far from Ren alone: far from Ren, near from Goro and Mio."""
    bands = _bands()
    bands.move("aki", "ren", Band.NEAR, ["goro"])
    assert bands.distance("aki", "ren") is Band.NEAR
    assert bands.distance("aki", "goro") is Band.NEAR
    changes = bands.move("aki", "ren", Band.FAR)
    assert changes == (Change("aki", "ren", Band.NEAR, Band.FAR),)
    assert bands.distance("aki", "goro") is Band.NEAR
    assert bands.distance("mio", "ren") is Band.FAR  # Mio did not move


def test_a_move_to_far_from_a_group() -> None:
    """The seed's example: from near, to far from two foes who both oppose; after the
    move, far from each."""
    bands = Bands(FIGURES)
    bands.move("aki", "ren", Band.FAR, ["goro"])
    assert (bands.distance("aki", "ren"), bands.distance("aki", "goro")) == (Band.FAR, Band.FAR)


def test_a_zero_move_forms_one_zone_with_the_target_only() -> None:
    """零距離領域: the zone holds the two figures; a foe who opposed the move is not in it
    (near: the zone is the pair's alone)."""
    bands = _bands()
    changes = bands.move("aki", "ren", Band.ZERO, ["goro"])
    assert Change("aki", "ren", Band.FAR, Band.ZERO) in changes
    assert bands.distance("aki", "goro") is Band.NEAR
    assert bands.zone_of("ren") == {"aki", "ren"}
    assert bands.zone_of("goro") == frozenset()


def test_several_figures_at_zero_with_one_target() -> None:
    """零距離領域: moving to zero with the same target puts everyone in the zone, as
    several zones around it; the two movers are not at zero with each other."""
    bands = _bands()
    bands.move("aki", "ren", Band.ZERO)
    bands.move("mio", "ren", Band.ZERO)
    assert bands.zone_of("ren") == {"aki", "mio", "ren"}
    assert bands.zero_partners("aki") == {"ren"}
    assert bands.distance("aki", "mio") is Band.NEAR


def test_moving_away_breaks_the_zone() -> None:
    """A figure at zero that moves relative to another target is near to its old partner
    (近距離推定の原則): the zone is gone; the other zone around the target stays."""
    bands = _bands()
    bands.move("aki", "ren", Band.ZERO)
    bands.move("mio", "ren", Band.ZERO)
    changes = bands.move("aki", "goro", Band.FAR)
    assert Change("aki", "ren", Band.ZERO, Band.NEAR) in changes
    assert bands.zone_of("ren") == {"mio", "ren"}
    # Mio's zero move left her near Goro, whom it did not name
    assert bands.stored() == (("aki", "goro", Band.FAR), ("mio", "ren", Band.ZERO))


def test_leaving_the_engagement_area() -> None:
    """交戦領域: a figure that leaves is out of the battle: OUT to everyone, its zone
    broken, and no move may name it."""
    bands = _bands()
    bands.move("aki", "ren", Band.ZERO)
    changes = bands.leave("ren")
    assert {change.second for change in changes} == {"aki", "goro", "mio"}
    assert Change("ren", "aki", Band.ZERO, Band.OUT) in changes
    assert bands.distance("aki", "ren") is Band.OUT
    assert not bands.inside("ren")
    assert bands.zone_of("aki") == frozenset()
    with pytest.raises(ValueError, match="ren has left the engagement area"):
        bands.move("aki", "ren", Band.NEAR)
    with pytest.raises(ValueError, match="ren has left the engagement area"):
        bands.move("ren", "aki", Band.NEAR)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda b: b.move("aki", "aki", Band.NEAR), "aki cannot move relative to itself"),
        (lambda b: b.move("aki", "ren", Band.OUT), "a move ends at ZERO, NEAR or FAR, not OUT"),
        (lambda b: b.distance("aki", "nobody"), "no figure 'nobody'"),
        (lambda b: b.open([("aki", "aki")], Band.FAR), "aki cannot be at a distance from"),
        (lambda b: Bands(["a", "a"]), "figures named twice"),
    ],
)
def test_bad_calls_say_what_is_wrong(call: Callable[[Bands], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(_bands())
