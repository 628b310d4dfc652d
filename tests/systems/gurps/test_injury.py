"""Tests for senjo.systems.gurps.injury: DR, wounding, knockback, shock, wounds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.damage import IGNORES_DR
from senjo.systems.gurps.injury import (
    can_target,
    cripples,
    crippling_threshold,
    injury,
    is_major_wound,
    knockback_roll_modifier,
    knockback_yards,
    knockdown_modifier,
    knockdown_result,
    knockdown_roll_due,
    shock_penalty,
    wounding_multiplier,
)


def test_acceptance_cut_to_the_neck() -> None:
    """7 cutting vs DR 2 at the neck: 5 penetrating × 2 = 10 injury (B379, B399 neck)."""
    hit = injury(7, "cut", dr=2, location="neck")
    assert (hit.effective_dr, hit.penetrating, hit.multiplier, hit.injury) == (
        2,
        5,
        Fraction(2),
        10,
    )
    assert hit.working() == "7 − 2 = 5 penetrating × 2 (cutting at neck) = 10"
    assert ("penetrating", 5) in hit.steps
    assert hit.steps[-1] == ("injury", 10)


# (basic, type, DR, location, options, penetrating, injury)
KNOWN_CASES: list[tuple[int, str, int, str, dict[str, Any], int, int]] = [
    # base wounding modifiers (B379)
    (11, "pi-", 5, "torso", {}, 6, 3),
    (11, "cr", 5, "torso", {}, 6, 6),
    (11, "cut", 5, "torso", {}, 6, 9),
    (11, "pi+", 5, "torso", {}, 6, 9),
    (10, "pi+", 0, "torso", {}, 10, 15),
    (11, "imp", 5, "torso", {}, 6, 12),
    (11, "pi++", 5, "torso", {}, 6, 12),
    (12, "pi-", 5, "torso", {}, 7, 3),
    (12, "pi-", 11, "torso", {}, 1, 1),
    (5, "cr", 9, "torso", {}, 0, 0),
    (9, "cr", 9, "torso", {}, 0, 0),
    # hit locations (B398-400)
    (10, "imp", 0, "vitals", {}, 10, 30),
    (10, "pi-", 0, "vitals", {}, 10, 30),
    (10, "burn", 0, "vitals", {}, 10, 20),
    (10, "cr", 0, "skull", {}, 8, 32),
    (10, "cr", 0, "skull", {"location_dr": False}, 10, 40),
    (10, "cut", 3, "skull", {}, 5, 20),
    (2, "cr", 0, "eye", {}, 2, 8),
    (10, "cor", 0, "face", {}, 10, 15),
    (10, "imp", 0, "face", {}, 10, 20),
    (10, "cr", 0, "neck", {}, 10, 15),
    (10, "cor", 0, "neck", {}, 10, 15),
    (10, "pi-", 0, "neck", {}, 10, 5),
    (10, "cut", 0, "groin", {}, 10, 15),
    (6, "imp", 0, "right_arm", {}, 6, 6),
    (6, "pi+", 0, "left_leg", {}, 6, 6),
    (6, "pi++", 0, "hand", {}, 6, 6),
    (4, "cut", 0, "foot", {}, 4, 6),
    (8, "tox", 0, "skull", {}, 8, 8),
    (10, "fat", 0, "skull", {}, 10, 10),
    # limb and extremity caps (B400: damage beyond crippling is lost)
    (10, "cr", 0, "right_leg", {"hp": 15}, 10, 8),
    (10, "cr", 0, "hand", {"hp": 15}, 10, 6),
    (10, "cr", 0, "right_leg", {}, 10, 10),
    (10, "imp", 0, "eye", {"hp": 10}, 10, 40),
    # Injury Tolerance (B380, B400)
    (11, "imp", 5, "torso", {"injury_tolerance": "unliving"}, 6, 6),
    (11, "pi+", 5, "torso", {"injury_tolerance": "unliving"}, 6, 3),
    (11, "pi", 5, "torso", {"injury_tolerance": "unliving"}, 6, 2),
    (15, "pi-", 5, "torso", {"injury_tolerance": "unliving"}, 10, 2),
    (11, "pi+", 0, "right_arm", {"injury_tolerance": "unliving"}, 11, 5),
    (10, "imp", 0, "skull", {"injury_tolerance": "unliving"}, 8, 32),
    (10, "pi", 0, "vitals", {"injury_tolerance": "unliving"}, 10, 30),
    (10, "cut", 0, "neck", {"injury_tolerance": "unliving"}, 10, 20),
    (11, "imp", 5, "torso", {"injury_tolerance": "homogenous"}, 6, 3),
    (11, "pi+", 5, "torso", {"injury_tolerance": "homogenous"}, 6, 2),
    (15, "pi", 0, "torso", {"injury_tolerance": "homogenous"}, 15, 3),
    (15, "pi-", 5, "torso", {"injury_tolerance": "homogenous"}, 10, 1),
    (11, "imp", 0, "skull", {"injury_tolerance": "homogenous"}, 11, 5),
    (10, "cut", 0, "neck", {"injury_tolerance": "homogenous"}, 10, 15),
    (100, "imp", 5, "torso", {"injury_tolerance": "diffuse"}, 95, 1),
    (100, "pi-", 5, "vitals", {"injury_tolerance": "diffuse"}, 95, 1),
    (100, "cut", 5, "torso", {"injury_tolerance": "diffuse"}, 95, 2),
    (100, "cr", 0, "right_leg", {"injury_tolerance": "diffuse", "hp": 2}, 100, 2),
    # armor divisors (B378)
    (20, "cr", 20, "torso", {"armor_divisor": 2}, 10, 10),
    (20, "cr", 20, "torso", {"armor_divisor": 5}, 16, 16),
    (20, "cr", 20, "torso", {"armor_divisor": 10}, 18, 18),
    (20, "cr", 5, "torso", {"armor_divisor": 3}, 19, 19),
    (20, "cr", 20, "torso", {"armor_divisor": IGNORES_DR}, 20, 20),
    (20, "cr", 5, "torso", {"armor_divisor": 0.5}, 10, 10),
    (20, "cr", 3, "torso", {"armor_divisor": 0.2}, 5, 5),
    (21, "cr", 2, "torso", {"armor_divisor": 0.1}, 1, 1),
    (20, "cr", 0, "torso", {"armor_divisor": 0.5}, 19, 19),
    (10, "cr", 0, "skull", {"armor_divisor": 2}, 9, 36),
    # critical-table "DR at half" (B556)
    (10, "cr", 5, "torso", {"dr_halving": "down"}, 8, 8),
    (10, "cr", 5, "torso", {"dr_halving": "up"}, 7, 7),
    (10, "cr", 6, "torso", {"armor_divisor": 2, "dr_halving": "down"}, 9, 9),
    # afflictions and special attacks do no HP injury
    (10, "aff", 0, "torso", {}, 10, 0),
    (10, "spec", 0, "torso", {}, 10, 0),
]


@pytest.mark.parametrize(
    ("basic", "damage_type", "dr", "location", "options", "penetrating", "expected"), KNOWN_CASES
)
def test_injury_known_cases(
    basic: int,
    damage_type: str,
    dr: int,
    location: str,
    options: dict[str, Any],
    penetrating: int,
    expected: int,
) -> None:
    """Penetration and injury match the B378-380 and B398-400 worked cases."""
    hit = injury(basic, damage_type, dr, location, **options)
    assert (hit.penetrating, hit.injury) == (penetrating, expected)


@pytest.mark.parametrize(
    ("basic", "damage_type", "expected"),
    [
        (4, "cr", 0),
        (5, "cr", 1),
        (19, "cr", 3),
        (20, "cr", 4),
        (9, "cut", 0),
        (10, "cut", 1),
        (19, "imp", 1),
        (20, "pi-", 2),
        (20, "pi++", 2),
        (20, "burn", 0),
        (20, "tox", 0),
    ],
)
def test_blunt_trauma(basic: int, damage_type: str, expected: int) -> None:
    """Flexible armor stops it all: 1 HP per 5 crushing or per 10 cut/imp/pi, else none (B379)."""
    assert injury(basic, damage_type, dr=20).blunt_trauma == expected


def test_no_blunt_trauma_when_penetrating() -> None:
    """One point through flexible armor means no blunt trauma (B379)."""
    hit = injury(21, "cr", dr=20)
    assert (hit.injury, hit.blunt_trauma) == (1, 0)


@pytest.mark.parametrize(
    ("args", "options", "working"),
    [
        ((12, "pi-", 11), {}, "12 − 11 = 1 penetrating × 0.5 (small piercing) = 0 → minimum 1 = 1"),
        ((10, "cr", 0, "skull"), {}, "10 − (0 + 2) = 8 penetrating × 4 (crushing at skull) = 32"),
        (
            (20, "imp", 6),
            {"armor_divisor": 2},
            "DR 6 ÷ (2) = 3; 20 − 3 = 17 penetrating × 2 (impaling) = 34",
        ),
        (
            (10, "cr", 5),
            {"dr_halving": "up"},
            "DR 5, halved (up) = 3; 10 − 3 = 7 penetrating × 1 (crushing) = 7",
        ),
        ((8, "cut", 0), {}, "8 penetrating (no DR) × 1.5 (cutting) = 12"),
        (
            (11, "pi", 0),
            {"injury_tolerance": "unliving"},
            "11 penetrating (no DR) × 1/3 (piercing, Unliving) = 3",
        ),
        (
            (30, "cr", 0, "left_arm"),
            {"hp": 10},
            "30 penetrating (no DR) × 1 (crushing) = 30 → limb cap = 6",
        ),
    ],
)
def test_injury_working(args: tuple[Any, ...], options: dict[str, Any], working: str) -> None:
    """The GM-readable working shows DR, divisor, penetration, multiplier and caps."""
    assert injury(*args, **options).working() == working


def test_injury_steps_explain_caps() -> None:
    """The steps list the uncapped injury and the cap that cut it (B400 limb cap)."""
    steps = dict(injury(30, "cr", location="left_arm", hp=10).steps)
    assert (steps["before minimum and caps"], steps["limb cap"], steps["injury"]) == (30, 6, 6)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((10, "slash"), "'slash' is not a valid DamageType"),
        ((10, "cr", 0, "tail"), "no hit location 'tail'"),
    ],
)
def test_injury_rejects_unknown_names(args: tuple[Any, ...], message: str) -> None:
    """Unknown damage types and locations are refused by name."""
    with pytest.raises(ValueError, match=message):
        injury(*args)


def test_injury_rejects_unknown_tolerance() -> None:
    """Only Unliving, Homogenous and Diffuse are Injury Tolerance options (B380)."""
    with pytest.raises(ValueError, match="'rubbery' is not a valid InjuryTolerance"):
        injury(10, "cr", injury_tolerance="rubbery")


@pytest.mark.parametrize(
    ("damage_type", "location", "tolerance", "expected"),
    [
        ("imp", "vitals", None, Fraction(3)),
        ("cut", "neck", None, Fraction(2)),
        ("pi+", "right_arm", None, Fraction(1)),
        ("cut", "right_arm", None, Fraction(3, 2)),
        ("tox", "skull", None, Fraction(1)),
        ("pi", "torso", "homogenous", Fraction(1, 5)),
        ("pi-", "torso", "homogenous", Fraction(1, 10)),
        ("pi", "skull", "unliving", Fraction(4)),
        ("cr", "skull", "homogenous", Fraction(1)),
    ],
)
def test_wounding_multiplier(
    damage_type: str, location: str, tolerance: str | None, expected: Fraction
) -> None:
    """Wounding modifiers combine damage type, location and Injury Tolerance (B379-380, B400)."""
    assert wounding_multiplier(damage_type, location, tolerance) == expected


@pytest.mark.parametrize(
    ("location", "damage_type", "allowed"),
    [
        ("vitals", "imp", True),
        ("vitals", "pi-", True),
        ("vitals", "burn", True),
        ("vitals", "cr", False),
        ("eye", "cut", False),
        ("eye", "imp", True),
        ("skull", "cr", True),
    ],
)
def test_can_target(location: str, damage_type: str, allowed: bool) -> None:
    """Only impaling, piercing and tight-beam burning can aim at eye or vitals (B399)."""
    assert can_target(location, damage_type) is allowed


@pytest.mark.parametrize(
    ("basic", "damage_type", "options", "yards"),
    [
        (9, "cr", {"st": 12}, 0),
        (10, "cr", {"st": 12}, 1),
        (19, "cr", {"st": 12}, 1),
        (20, "cr", {"st": 12}, 2),
        (20, "cr", {"st": 12, "penetrated": True}, 2),
        (15, "cut", {"st": 12}, 1),
        (15, "cut", {"st": 12, "penetrated": True}, 0),
        (16, "imp", {"st": 10}, 0),
        (16, "burn", {"st": 10}, 0),
        (12, "cr", {"hp": 8}, 2),
        (5, "cr", {"st": 2}, 5),
    ],
)
def test_knockback(basic: int, damage_type: str, options: dict[str, Any], yards: int) -> None:
    """Knockback: 1 yard per full ST−2 of crushing, or of cutting that didn't penetrate (B378)."""
    assert knockback_yards(basic, damage_type, **options) == yards


def test_knockback_needs_st_or_hp() -> None:
    """Knockback can't be worked out without the target's ST or HP (B378)."""
    with pytest.raises(ValueError, match="needs the target's ST"):
        knockback_yards(10, "cr")


@pytest.mark.parametrize(
    ("yards", "perfect_balance", "modifier"),
    [(1, False, 0), (2, False, -1), (5, False, -4), (3, True, 2)],
)
def test_knockback_roll_modifier(yards: int, perfect_balance: bool, modifier: int) -> None:
    """Staying up after knockback: −1 per yard after the first, Perfect Balance +4 (B378)."""
    assert knockback_roll_modifier(yards, perfect_balance=perfect_balance) == modifier


@pytest.mark.parametrize(
    ("injury_hp", "max_hp", "options", "penalty"),
    [
        (1, 19, {}, -1),
        (4, 19, {}, -4),
        (6, 19, {}, -4),
        (57, 12, {}, -4),
        (1, 20, {}, 0),
        (2, 25, {}, -1),
        (3, 29, {}, -1),
        (4, 20, {}, -2),
        (9, 29, {}, -4),
        (2, 30, {}, 0),
        (3, 35, {}, -1),
        (8, 39, {}, -2),
        (14, 30, {}, -4),
        (0, 10, {}, 0),
        (3, 10, {"high_pain_threshold": True}, 0),
        (3, 10, {"low_pain_threshold": True}, -6),
        (5, 10, {"low_pain_threshold": True}, -8),
        (3, 10, {"doubled": True}, -6),
        (9, 10, {"doubled": True, "low_pain_threshold": True}, -8),
    ],
)
def test_shock(injury_hp: int, max_hp: int, options: dict[str, bool], penalty: int) -> None:
    """Shock: −1 per HP (per HP/10 with 20+ HP), max −4; doubled up to −8; HPT none (B381)."""
    assert shock_penalty(injury_hp, max_hp, **options) == penalty


@pytest.mark.parametrize(
    ("wound", "max_hp", "major"), [(6, 12, False), (7, 12, True), (6, 11, True)]
)
def test_major_wound(wound: int, max_hp: int, major: bool) -> None:
    """A major wound is one injury over half of max HP (B381)."""
    assert is_major_wound(wound, max_hp) is major


@pytest.mark.parametrize(
    ("wound", "max_hp", "location", "tolerance", "due"),
    [
        (7, 12, "torso", None, True),
        (6, 12, "torso", None, False),
        (1, 12, "skull", None, True),
        (1, 12, "eye", None, True),
        (1, 12, "face", None, True),
        (1, 12, "vitals", None, True),
        (1, 12, "groin", None, False),
        (1, 20, "vitals", None, False),
        (2, 20, "vitals", None, True),
        (1, 12, "skull", "homogenous", False),
    ],
)
def test_knockdown_roll_due(
    wound: int, max_hp: int, location: str, tolerance: str | None, due: bool
) -> None:
    """Knockdown rolls follow a major wound or any shock to head or vitals (B420)."""
    assert knockdown_roll_due(wound, max_hp, location, tolerance) is due


@pytest.mark.parametrize(
    ("location", "options", "modifier"),
    [
        ("torso", {}, 0),
        ("skull", {}, -10),
        ("eye", {}, -10),
        ("face", {}, -5),
        ("vitals", {}, -5),
        ("groin", {}, -5),
        ("vitals", {"high_pain_threshold": True}, -2),
        ("skull", {"injury_tolerance": "homogenous"}, 0),
    ],
)
def test_knockdown_modifier(location: str, options: dict[str, Any], modifier: int) -> None:
    """Knockdown roll modifiers by location, High Pain Threshold +3 (B420, B400)."""
    assert knockdown_modifier(location, **options) == modifier


@pytest.mark.parametrize(
    ("margin", "critical", "result"),
    [
        (0, False, "ok"),
        (-1, False, "stunned"),
        (-5, False, "unconscious"),
        (3, True, "unconscious"),
    ],
)
def test_knockdown_result(margin: int, critical: bool, result: str) -> None:
    """Failed knockdown roll: stunned and down; by 5+ or critically: unconscious (B420)."""
    assert knockdown_result(margin, critical_failure=critical) == result


@pytest.mark.parametrize(
    ("location", "max_hp", "threshold"),
    [
        ("right_arm", 10, 6),
        ("left_leg", 15, 8),
        ("hand", 15, 6),
        ("foot", 12, 5),
        ("eye", 10, 2),
        ("eye", 50, 6),
        ("torso", 10, None),
        ("skull", 10, None),
    ],
)
def test_crippling_threshold(location: str, max_hp: int, threshold: int | None) -> None:
    """Crippling needs over HP/2 (limb), HP/3 (hand, foot), HP/10 (eye) in one hit (B421)."""
    assert crippling_threshold(location, max_hp) == threshold


@pytest.mark.parametrize(
    ("wound", "location", "max_hp", "tolerance", "crippled"),
    [
        (6, "right_arm", 10, None, True),
        (5, "right_arm", 10, None, False),
        (6, "right_arm", 10, "homogenous", True),
        (6, "right_arm", 10, "diffuse", False),
        (30, "torso", 10, None, False),
    ],
)
def test_cripples(
    wound: int, location: str, max_hp: int, tolerance: str | None, crippled: bool
) -> None:
    """Whether a hit cripples; Diffuse bodies never are (B380, B421)."""
    assert cripples(wound, location, max_hp, tolerance) is crippled


@pytest.mark.parametrize("tolerance", [None, "homogenous", "unliving", "diffuse"])
def test_the_ratio_is_the_multiplier_as_a_float(tolerance: str | None) -> None:
    """`Injury.ratio` (what the log's `Injured` shows) is `float()` of the wounding
    multiplier, for every damage type on every location."""
    for info in tables.WOUNDING.damage_types:
        for location in lookups.LOCATIONS:
            hit = injury(10, info.key, 0, location, injury_tolerance=tolerance)
            assert hit.ratio == float(hit.multiplier), (info.key, location)
            assert type(hit.ratio) is float
