"""Tests for senjo.systems.gurps.hp_thresholds: what a fall in HP crosses, reeling, the
consciousness roll's modifier and the death check (B419, B423)."""

from __future__ import annotations

import pytest

from senjo.systems.gurps.hp_thresholds import (
    consciousness_roll_modifier,
    death_check_result,
    hp_thresholds_crossed,
    reeling,
)


@pytest.mark.parametrize(
    ("before", "after", "max_hp", "crossed"),
    [
        (10, 5, 10, []),
        (10, 3, 10, [("reeling", 0, 3)]),
        (3, 0, 10, [("collapse", 0, 0)]),
        (10, -10, 10, [("reeling", 0, 3), ("collapse", 0, 0), ("death_check", 1, -10)]),
        (-10, -19, 10, []),
        (-19, -20, 10, [("death_check", 2, -20)]),
        (
            -11,
            -60,
            10,
            [
                ("death_check", 2, -20),
                ("death_check", 3, -30),
                ("death_check", 4, -40),
                ("dead", 5, -50),
            ],
        ),
        (-50, -100, 10, [("destroyed", 10, -100)]),
        (12, 3, 12, [("reeling", 0, 3)]),
        (5, 8, 10, []),
    ],
)
def test_hp_thresholds(
    before: int, after: int, max_hp: int, crossed: list[tuple[str, int, int]]
) -> None:
    """Falling HP crosses 1/3 HP, 0, −1…−4 × HP (death checks), −5 × HP, −10 × HP (B419)."""
    assert [
        (t.key, t.multiple, t.hp) for t in hp_thresholds_crossed(before, after, max_hp)
    ] == crossed


def test_hp_thresholds_need_max_hp() -> None:
    """Thresholds are multiples of max HP, which must be positive (B419)."""
    with pytest.raises(ValueError, match="max HP"):
        hp_thresholds_crossed(5, 0, 0)


@pytest.mark.parametrize(
    ("hp", "max_hp", "is_reeling"), [(4, 12, False), (3, 12, True), (3, 10, True), (4, 10, False)]
)
def test_reeling(hp: int, max_hp: int, is_reeling: bool) -> None:
    """Below 1/3 of max HP a fighter is reeling (B419)."""
    assert reeling(hp, max_hp) is is_reeling


@pytest.mark.parametrize(("hp", "modifier"), [(0, 0), (-1, 0), (-10, -1), (-19, -1), (-25, -2)])
def test_consciousness_roll_modifier(hp: int, modifier: int) -> None:
    """At 0 HP or less, HT rolls are at −1 per full multiple of HP below zero (B419)."""
    assert consciousness_roll_modifier(hp, 10) == modifier


@pytest.mark.parametrize(
    ("margin", "critical", "result"),
    [
        (2, False, "survives"),
        (0, False, "survives"),
        (-1, False, "mortal_wound"),
        (-2, False, "mortal_wound"),
        (-3, False, "dies"),
        (-1, True, "dies"),
    ],
)
def test_death_check_result(margin: int, critical: bool, result: str) -> None:
    """Failing the death check by 1 or 2 gives a mortal wound instead of death (B423)."""
    assert death_check_result(margin, critical_failure=critical) == result
