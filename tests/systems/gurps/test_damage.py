"""Tests for senjo.systems.gurps.damage: damage types, dice and weapon damage strings."""

from __future__ import annotations

import pytest

from senjo.dice.roller import ScriptedDice
from senjo.systems.gurps.damage import (
    IGNORES_DR,
    DamageDice,
    DamageParseError,
    DamageType,
    WeaponDamage,
    minimum_basic_damage,
    strong_attack_bonus,
)


@pytest.mark.parametrize(
    ("text", "dice", "adds", "shown"),
    [
        ("2d-1", 2, -1, "2d-1"),
        ("1d+2", 1, 2, "1d+2"),
        ("3d", 3, 0, "3d"),
        ("1d-6", 1, -6, "1d-6"),
        ("1d6+1", 1, 1, "1d+1"),
        (" 4D - 2 ", 4, -2, "4d-2"),
    ],
)
def test_dice_parse_and_format(text: str, dice: int, adds: int, shown: str) -> None:
    """Damage dice read GURPS notation ("2d-1") and print it back (B269)."""
    parsed = DamageDice.parse(text)
    assert (parsed.dice, parsed.adds) == (dice, adds)
    assert str(parsed) == shown
    assert DamageDice.parse(str(parsed)) == parsed


@pytest.mark.parametrize("text", ["", "d6", "2", "2d+", "2x", "1d+2 cut", "-1d"])
def test_dice_parse_rejects(text: str) -> None:
    """Anything but dice-plus-adds is refused with a DamageParseError."""
    with pytest.raises(DamageParseError):
        DamageDice.parse(text)


@pytest.mark.parametrize(
    ("dice", "minimum", "maximum"),
    [(DamageDice(2, -1), 1, 11), (DamageDice(1, -6), 0, 0), (DamageDice(3), 3, 18)],
)
def test_dice_range(dice: DamageDice, minimum: int, maximum: int) -> None:
    """Minimum and maximum ("maximum normal damage", B556) never go below 0."""
    assert (dice.minimum, dice.maximum) == (minimum, maximum)


@pytest.mark.parametrize(
    ("dice", "faces", "total"),
    [
        (DamageDice(2, -1), (3, 5), 7),
        (DamageDice(1, -6), (2,), 0),
        (DamageDice(3, 2), (6, 6, 6), 20),
    ],
)
def test_dice_roll_uses_the_roller(dice: DamageDice, faces: tuple[int, ...], total: int) -> None:
    """Rolling draws one d6 per die from the injected roller; the total floors at 0."""
    assert dice.roll(ScriptedDice([(6, f) for f in faces])) == total
    rolled = dice.faces(ScriptedDice([(6, f) for f in faces]))
    assert rolled == faces
    assert dice.total(rolled) == total


def test_dice_plus() -> None:
    """Adding to dice keeps them as dice plus adds (thr+2 at ST 18 is 1d+4)."""
    assert DamageDice(1, 2).plus(adds=2) == DamageDice(1, 4)
    assert DamageDice(2).plus(dice=1, adds=-1) == DamageDice(3, -1)


@pytest.mark.parametrize(
    ("text", "damage_type", "base", "offset", "divisor", "shown"),
    [
        ("sw+1 cut", "cut", "sw", DamageDice(0, 1), 1.0, "sw+1 cut"),
        ("thr+2 imp", "imp", "thr", DamageDice(0, 2), 1.0, "thr+2 imp"),
        ("thr imp", "imp", "thr", DamageDice(0), 1.0, "thr imp"),
        ("sw-1 cr", "cr", "sw", DamageDice(0, -1), 1.0, "sw-1 cr"),
        ("2d+1 pi+", "pi+", None, DamageDice(2, 1), 1.0, "2d+1 pi+"),
        ("1d cr", "cr", None, DamageDice(1), 1.0, "1d cr"),
        ("3d(2) pi", "pi", None, DamageDice(3), 2.0, "3d(2) pi"),
        ("2d pi (0.5)", "pi", None, DamageDice(2), 0.5, "2d(0.5) pi"),
        ("thr (2) imp", "imp", "thr", DamageDice(0), 2.0, "thr(2) imp"),
        ("6d (∞) burn", "burn", None, DamageDice(6), IGNORES_DR, "6d(∞) burn"),
        ("1d-2 pi-", "pi-", None, DamageDice(1, -2), 1.0, "1d-2 pi-"),
        ("4d pi++", "pi++", None, DamageDice(4), 1.0, "4d pi++"),
        ("1d+1 tox", "tox", None, DamageDice(1, 1), 1.0, "1d+1 tox"),
    ],
)
def test_weapon_damage_parse(
    text: str,
    damage_type: str,
    base: str | None,
    offset: DamageDice,
    divisor: float,
    shown: str,
) -> None:
    """Weapon damage strings give type, ST base, adds and armor divisor (B268-271, B378)."""
    weapon = WeaponDamage.parse(text)
    assert weapon.damage_type == DamageType(damage_type)
    assert (weapon.base, weapon.offset, weapon.armor_divisor) == (base, offset, divisor)
    assert str(weapon) == shown
    assert WeaponDamage.parse(str(weapon)) == weapon


@pytest.mark.parametrize(
    "text", ["sw+1", "sw+1 slash", "2d (2) pi (3)", "0d+2 cr", "3d(0) cr", "thr+x imp"]
)
def test_weapon_damage_rejects(text: str) -> None:
    """Missing or unknown types, two divisors, no dice or a zero divisor are refused."""
    with pytest.raises(DamageParseError):
        WeaponDamage.parse(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("thr+2 imp", "1d+4"), ("sw+1 cut", "3d+1"), ("sw-2 cr", "3d-2"), ("2d+1 pi+", "2d+1")],
)
def test_weapon_dice_at_st_18(text: str, expected: str) -> None:
    """ST-based damage adds to the wielder's thrust (1d+2) or swing (3d) at ST 18 (B16)."""
    dice = WeaponDamage.parse(text).dice(thrust=DamageDice(1, 2), swing=DamageDice(3))
    assert str(dice) == expected


@pytest.mark.parametrize(
    ("text", "face", "expected"),
    [("1d-4 cut", 1, 1), ("1d-4 cr", 1, 0), ("1d-4 imp", 6, 2), ("1d-5 pi-", 2, 1)],
)
def test_weapon_roll_minimum(text: str, face: int, expected: int) -> None:
    """A hit does at least 0 crushing or 1 of any other type (B378)."""
    weapon = WeaponDamage.parse(text)
    assert weapon.roll(weapon.offset, ScriptedDice([(6, face)])) == expected


@pytest.mark.parametrize(
    ("damage_type", "minimum"),
    [("cr", 0), ("cut", 1), ("imp", 1), ("pi-", 1), ("burn", 1), ("tox", 1), ("aff", 0)],
)
def test_minimum_basic_damage(damage_type: str, minimum: int) -> None:
    """Minimum basic damage is 0 for crushing and 1 for other damaging types (B378)."""
    assert minimum_basic_damage(damage_type) == minimum


@pytest.mark.parametrize(
    ("dice", "bonus"), [(DamageDice(1, 2), 2), (DamageDice(2), 2), (DamageDice(4, -1), 4)]
)
def test_strong_attack_bonus(dice: DamageDice, bonus: int) -> None:
    """All-Out Attack (Strong) adds +2 or +1 per die, whichever is more (B365)."""
    assert strong_attack_bonus(dice) == bonus


def test_a_damage_types_text_is_its_value() -> None:
    """The AI and the attack plans read a damage type as text with `str()` (cheaper than
    the enum's `value`): the two agree for every type."""
    assert all(str(kind) == kind.value for kind in DamageType)


def test_damage_dice_text() -> None:
    """B269's notation: dice then signed adds ("2d-1", "1d+2", "3d"), adds alone when
    there are no dice, "0" for nothing."""
    for dice in range(0, 5):
        for adds in range(-7, 8):
            if dice:
                expected = f"{dice}d{adds:+d}" if adds else f"{dice}d"
            else:
                expected = f"{adds:+d}" if adds else "0"
            assert str(DamageDice(dice, adds)) == expected
    assert (str(DamageDice(2, -1)), str(DamageDice(1, 2)), str(DamageDice(3))) == (
        "2d-1",
        "1d+2",
        "3d",
    )
