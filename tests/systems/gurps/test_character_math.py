"""Tests for senjo.systems.gurps.character_math: secondary characteristics and encumbrance."""

from __future__ import annotations

import pytest

from senjo.systems.gurps.character_math import (
    basic_lift,
    basic_move,
    basic_speed,
    dodge,
    encumbered_dodge,
    encumbered_move,
    encumbrance,
    encumbrance_level,
    fatigue_points,
    halved_round_up,
    hit_points,
    perception,
    will,
)


def test_attribute_based_scores() -> None:
    """HP = ST, FP = HT, Will = Per = IQ, each plus points bought (B16)."""
    assert (hit_points(12), hit_points(12, bought=2)) == (12, 14)
    assert (fatigue_points(11), fatigue_points(11, bought=-1)) == (11, 10)
    assert (will(13), will(13, bought=1), perception(13), perception(13, bought=-2)) == (
        13,
        14,
        13,
        11,
    )


@pytest.mark.parametrize(
    ("dx", "ht", "bought", "speed", "move", "base_dodge"),
    [
        (10, 10, 0.0, 5.0, 5, 8),
        (12, 11, 0.0, 5.75, 5, 8),
        (14, 12, 0.0, 6.5, 6, 9),
        (11, 12, 0.25, 6.0, 6, 9),
        (8, 9, 0.0, 4.25, 4, 7),
    ],
)
def test_speed_move_dodge(
    dx: int, ht: int, bought: float, speed: float, move: int, base_dodge: int
) -> None:
    """Basic Speed (DX+HT)/4 keeps fractions; Move and Dodge drop them, Dodge +3 (B17)."""
    assert basic_speed(dx, ht, bought) == speed
    assert basic_move(speed) == move
    assert dodge(speed) == base_dodge


def test_dodge_modifiers() -> None:
    """Dodge falls by the encumbrance level and takes bonuses such as Combat Reflexes (B17, B43)."""
    assert dodge(6.0, encumbrance_level=2) == 7
    assert dodge(6.0, bonus=1) == 10
    assert basic_move(5.5, bought=2) == 7


@pytest.mark.parametrize(
    ("st", "lift"),
    [(3, 1.8), (5, 5.0), (7, 9.8), (10, 20.0), (11, 24.0), (12, 29.0), (14, 39.0), (20, 80.0)],
)
def test_basic_lift(st: int, lift: float) -> None:
    """Basic Lift = ST²/5 lb, rounded to the nearest pound from 10 lb up (B15)."""
    assert basic_lift(st) == pytest.approx(lift)


@pytest.mark.parametrize(
    ("carried", "level"),
    [(0, 0), (20, 0), (20.5, 1), (40, 1), (41, 2), (60, 2), (61, 3), (120, 3), (121, 4), (200, 4)],
)
def test_encumbrance_level(carried: float, level: int) -> None:
    """Encumbrance levels at 1, 2, 3, 6 and 10 × Basic Lift (B17; BL 20 lb)."""
    assert encumbrance_level(carried, 20) == level


def test_overloaded() -> None:
    """More than 10 × Basic Lift is too heavy to move with (B17)."""
    with pytest.raises(ValueError, match="too heavy"):
        encumbrance_level(201, 20)


@pytest.mark.parametrize(
    ("move", "level", "encumbered"),
    [
        (5, 0, 5),
        (5, 1, 4),
        (5, 2, 3),
        (5, 3, 2),
        (5, 4, 1),
        (6, 1, 4),
        (7, 2, 4),
        (2, 4, 1),
        (0, 0, 0),
    ],
)
def test_encumbered_move(move: int, level: int, encumbered: int) -> None:
    """Move × 1, 0.8, 0.6, 0.4, 0.2 by encumbrance, rounded down, minimum 1 (B17)."""
    assert encumbered_move(move, level) == encumbered


@pytest.mark.parametrize(("level", "result"), [(0, 8), (1, 7), (4, 4)])
def test_encumbered_dodge(level: int, result: int) -> None:
    """Dodge −1 per encumbrance level (B17)."""
    assert encumbered_dodge(8, level) == result


def test_encumbrance_row() -> None:
    """Each encumbrance level has ja and en names (荷重) and a level 0-4."""
    row = encumbrance(3)
    assert (row.key, row.en, row.ja, row.dodge) == ("heavy", "Heavy", "重荷", -3)
    with pytest.raises(ValueError, match="0-4"):
        encumbrance(5)


@pytest.mark.parametrize(("value", "half"), [(5, 3), (4, 2), (1, 1), (0, 0)])
def test_halved_round_up(value: int, half: int) -> None:
    """Halving for reeling or very tired rounds up (B419, B426)."""
    assert halved_round_up(value) == half
