"""Tests for senjo.systems.gurps.ranged: rapid fire, recoil, 1/2D and opportunity fire."""

from __future__ import annotations

import pytest

from senjo.systems.gurps.ranged import (
    firing_through_occupied_modifier,
    half_damage,
    half_damage_applies,
    hits_from_recoil,
    hits_stopped_by_defense,
    in_range,
    muscle_powered_range,
    opportunity_fire_modifier,
    rapid_fire_bonus,
    speed_range_modifier,
    wrong_target_skill,
)


@pytest.mark.parametrize(
    ("shots", "bonus"),
    [
        (1, 0),
        (4, 0),
        (5, 1),
        (8, 1),
        (9, 2),
        (12, 2),
        (13, 3),
        (16, 3),
        (17, 4),
        (24, 4),
        (25, 5),
        (49, 5),
        (50, 6),
        (99, 6),
        (100, 7),
        (199, 7),
        (200, 8),
        (399, 8),
        (400, 9),
        (800, 10),
    ],
)
def test_rapid_fire_bonus(shots: int, bonus: int) -> None:
    """Rapid-fire bonus by shots (B373), then +1 per doubling past 199."""
    assert rapid_fire_bonus(shots) == bonus


def test_rapid_fire_needs_a_shot() -> None:
    """An attack fires at least one shot (B373)."""
    with pytest.raises(ValueError, match="at least 1 shot"):
        rapid_fire_bonus(0)


@pytest.mark.parametrize(
    ("margin", "recoil", "shots", "hits"),
    [
        (0, 2, 10, 1),
        (1, 2, 10, 1),
        (2, 2, 10, 2),
        (5, 2, 10, 3),
        (9, 1, 5, 5),
        (30, 3, 8, 8),
        (-1, 2, 10, 0),
    ],
)
def test_hits_from_recoil(margin: int, recoil: int, shots: int, hits: int) -> None:
    """Hits = 1 + margin // Rcl, at most the shots fired; a miss hits nothing (B373)."""
    assert hits_from_recoil(margin, recoil, shots) == hits


def test_recoil_must_be_positive() -> None:
    """Recoil is 1 or more (B373)."""
    with pytest.raises(ValueError, match="Rcl"):
        hits_from_recoil(3, 0, 5)


@pytest.mark.parametrize(
    ("margin", "hits", "critical", "stopped"),
    [(0, 4, False, 1), (2, 4, False, 3), (9, 4, False, 4), (-1, 4, False, 0), (0, 6, True, 6)],
)
def test_hits_stopped_by_defense(margin: int, hits: int, critical: bool, stopped: int) -> None:
    """A defense stops 1 hit plus 1 per point of margin; a critical success stops all (B375)."""
    assert hits_stopped_by_defense(margin, hits, critical_success=critical) == stopped


@pytest.mark.parametrize(
    ("distance", "half_range", "applies"), [(99, 100, False), (100, 100, True), (150, 100, True)]
)
def test_half_damage_range(distance: float, half_range: float, applies: bool) -> None:
    """1/2D applies at or beyond the weapon's 1/2D range (B378)."""
    assert half_damage_applies(distance, half_range) is applies


@pytest.mark.parametrize(("basic", "halved"), [(16, 8), (9, 4), (1, 0)])
def test_half_damage(basic: int, halved: int) -> None:
    """Basic damage at 1/2D is halved, rounding down (B378)."""
    assert half_damage(basic) == halved


@pytest.mark.parametrize(("distance", "max_range", "ok"), [(150, 150, True), (151, 150, False)])
def test_in_range(distance: float, max_range: float, ok: bool) -> None:
    """No attack beyond Max range (B378)."""
    assert in_range(distance, max_range) is ok


def test_muscle_powered_range() -> None:
    """Muscle-powered ranges are multiples of ST (B373): ST 12 × 1.5 = 18 yards."""
    assert muscle_powered_range(12, 1.5) == 18


@pytest.mark.parametrize(("distance", "speed", "modifier"), [(10, 0, -4), (10, 5, -5), (25, 5, -7)])
def test_speed_range_modifier(distance: float, speed: float, modifier: int) -> None:
    """A target's speed adds to its range before the table lookup (B550)."""
    assert speed_range_modifier(distance, speed) == modifier


@pytest.mark.parametrize(
    ("hexes", "modifier"),
    [(1, 0), (2, -1), (3, -2), (4, -2), (5, -3), (6, -3), (7, -4), (10, -4), (11, -5), (50, -5)],
)
def test_opportunity_fire_by_hexes(hexes: int, modifier: int) -> None:
    """Opportunity fire penalty by hexes watched (seed 001: 機会射撃 table)."""
    assert opportunity_fire_modifier(hexes) == modifier


@pytest.mark.parametrize(
    ("options", "modifier"),
    [
        ({"single_line": True}, -2),
        ({"hexes_watched": 3, "discriminate": True}, -4),
        ({"single_line": True, "discriminate": True}, -4),
    ],
)
def test_opportunity_fire_options(options: dict[str, int | bool], modifier: int) -> None:
    """A single line of fire is −2; target discrimination (目標識別) costs −2 more (seed 001)."""
    assert opportunity_fire_modifier(**options) == modifier  # type: ignore[arg-type]


def test_opportunity_fire_needs_a_hex() -> None:
    """Opportunity fire watches at least one hex (seed 001)."""
    with pytest.raises(ValueError, match="at least 1 hex"):
        opportunity_fire_modifier(0)


@pytest.mark.parametrize(("people", "modifier"), [(0, 0), (1, -4), (3, -12)])
def test_firing_through_occupied_hexes(people: int, modifier: int) -> None:
    """−4 per character on the line of fire, friend or foe (seed 001)."""
    assert firing_through_occupied_modifier(people) == modifier


@pytest.mark.parametrize(("skill", "wrong"), [(15, 9), (9, 9), (8, 8), (5, 5)])
def test_wrong_target_skill(skill: int, wrong: int) -> None:
    """After a miss, figures in the way are hit on 9, or less if the shot was (seed 001: 誤射)."""
    assert wrong_target_skill(skill) == wrong
