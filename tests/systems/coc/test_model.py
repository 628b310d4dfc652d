"""Sheets: characteristics, HP, the damage bonus table, skills in percent, dice expressions."""

from __future__ import annotations

import pytest

from senjo.systems.coc.model import BASE_SKILLS, DamageDice, damage_bonus, hit_points

from .helpers import combatant


@pytest.mark.parametrize(
    ("total", "db"),
    [
        (2, "-1D6"),
        (12, "-1D6"),
        (13, "-1D4"),
        (16, "-1D4"),
        (17, "0"),
        (24, "0"),
        (25, "1D4"),
        (32, "1D4"),
        (33, "1D6"),
        (40, "1D6"),
        (41, "2D6"),
        (56, "2D6"),
        (57, "3D6"),
        (72, "3D6"),
        (73, "4D6"),
    ],
)
def test_damage_bonus_table(total: int, db: str) -> None:
    """Base rules: db by STR+SIZ, −1D6 … +2D6, then +1D6 for each further 16."""
    assert damage_bonus(total).text == db


def test_hp_is_half_con_plus_siz_rounded_up() -> None:
    """Base rules: HP = ceil((CON + SIZ) / 2)."""
    assert (hit_points(12, 13), hit_points(10, 10)) == (13, 10)
    sheet, _ = combatant("ann", "inv", traits={"con": 11, "siz": 14})
    assert sheet.hp == 13


def test_dodge_is_dex_times_two_and_idea_int_times_five() -> None:
    """Base rules: Dodge starts at DEX × 2 %; Idea = INT × 5 %."""
    sheet, _ = combatant("ann", "inv", traits={"dex": 14, "int": 15})
    assert (sheet.dodge, sheet.idea) == (28, 75)


def test_missing_skills_take_their_base_chance() -> None:
    """Base rules: skills in percent; a skill the sheet leaves out is at its base chance."""
    sheet, _ = combatant("ann", "inv", skills={"fist": 70})
    assert (sheet.skill("fist"), sheet.skill("kick"), sheet.skill("grapple")) == (70, 25, 25)
    assert sheet.skill("martial_arts") == BASE_SKILLS["martial_arts"] == 1
    assert not sheet.has_martial_arts()


def test_budo_is_martial_arts() -> None:
    """Base rules: the seed's 武道 is the Martial Arts skill (scenario key budo or martial_arts)."""
    sheet, _ = combatant("ann", "inv", skills={"budo": 40})
    assert sheet.skill("martial_arts") == 40 and sheet.has_martial_arts()


def test_every_combatant_has_the_unarmed_attacks() -> None:
    """Base rules: fist 1D3, kick 1D6, head-butt 1D4, and grapple, for everyone by default."""
    sheet, _ = combatant("ann", "inv")
    assert [(w.key, w.damage.text) for w in sheet.weapons] == [
        ("fist", "1D3"),
        ("kick", "1D6"),
        ("head_butt", "1D4"),
        ("grapple", "0"),
    ]


@pytest.mark.parametrize("text", ["1D6", "1D4+2", "2D6", "1D3-1D4", "1D10+1D10+1D4", "3"])
def test_damage_dice_round_trip(text: str) -> None:
    """A dice expression reads and writes back the same."""
    assert DamageDice.parse(text).text == text


@pytest.mark.parametrize("text", ["", "D", "1D", "0D6", "1D6++1", "1d6 x", "abc"])
def test_damage_dice_rejects_nonsense(text: str) -> None:
    """Malformed dice are a ValueError."""
    with pytest.raises(ValueError):
        DamageDice.parse(text)


def test_average_damage() -> None:
    """The mean of 1D6+1D4 is 6."""
    assert DamageDice.parse("1D6+1D4").average == 6.0
