"""トモガミ characters in scenario files: the sheet they build and one clear message each."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.scenario import ScenarioError
from senjo.scenario.tomogami import build_character
from senjo.space.bands import Band


def _character(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "key": "aki",
        "name": {"en": "Kagutsuchi", "ja": "カグツチ"},
        "side": "blue",
        "mobility": 4,
        "body": 5,
        "maneuver": 3,
        "tactics": 4,
        "defense_skill": 5,
        "life": 12,
        "defense": {"armour_piercing": 3, "anti_personnel": 6},
        "environment_modifiers": {"forest": -2},
        "locomotion": "tracks",
        "weapons": [
            {
                "key": "claw",
                "name": {"en": "claw", "ja": "爪"},
                "bands": ["zero"],
                "skill": 6,
                "damage": "2D6+1",
            },
            {
                "key": "gun",
                "bands": ["near", "far"],
                "skill": 5,
                "damage": "1D",
                "kind": "anti_personnel",
            },
            {"key": "mortar", "bands": ["far"], "skill": 4, "damage": 7, "indirect": True},
        ],
    }
    data.update(fields)
    return data


def _error(**fields: Any) -> tuple[str, str]:
    with pytest.raises(ScenarioError) as caught:
        build_character(_character(**fields), "t.yaml", 0)
    return str(caught.value).removeprefix("t.yaml: "), caught.value.text("ja")


def test_a_character_builds_its_sheet() -> None:
    """Every number seed 003 reads comes from the file: 動, 体, maneuver and tactics values,
    life, defence by kind, environment modifiers, locomotion, weapons by band."""
    sheet, controller, place = build_character(_character(), "t.yaml", 0)
    assert (controller, place) == ("ai", None)
    assert (sheet.name, sheet.name_ja, sheet.maneuver_value) == ("Kagutsuchi", "カグツチ", 7)
    assert sheet.environment_modifier("forest") == -2
    assert sheet.defense("armour_piercing") == 3 and sheet.defense("anti_personnel") == 6
    claw, gun, mortar = sheet.weapons
    assert claw.bands == {Band.ZERO} and (claw.dice, claw.flat, claw.name_ja) == (2, 1, "爪")
    assert gun.bands == {Band.NEAR, Band.FAR} and (gun.dice, gun.flat) == (1, 0)
    assert gun.kind == "anti_personnel" and gun.name == "gun"
    assert mortar.indirect and (mortar.dice, mortar.flat) == (0, 7)


@pytest.mark.parametrize(
    ("fields", "where", "english", "japanese"),
    [
        (
            {"environment_modifiers": {"swamp": 1}},
            "combatants[0].environment_modifiers.swamp",
            "'ocean', 'river', 'forest', 'grassland', 'town', 'desert', 'mountain' or 'polar'",
            "のいずれかを指定してください",
        ),
        (
            {"weapons": [{"key": "x", "bands": [], "skill": 1, "damage": 1}]},
            "combatants[0].weapons[0].bands",
            "list the bands the weapon reaches",
            "武器が届く距離",
        ),
        (
            {"weapons": [{"key": "x", "bands": ["zero"], "skill": 1, "damage": "2D8"}]},
            "combatants[0].weapons[0].damage",
            "expected damage as dice and a bonus",
            "ダメージはダイスと修正",
        ),
        ({"mobility": "4"}, "combatants[0].mobility", "expected a whole number", "整数"),
        ({"speed": 3}, "combatants[0].speed", "unknown field", "書けない項目"),
    ],
)
def test_a_bad_field_is_one_message_naming_it(
    fields: dict[str, Any], where: str, english: str, japanese: str
) -> None:
    """Bad input: one line with the file, the field, what is wrong, in both languages."""
    message, message_ja = _error(**fields)
    assert message.startswith(f"{where}: ") and english in message
    assert japanese in message_ja


def test_two_weapons_may_not_share_a_key() -> None:
    """Weapons are chosen by key, so keys are unique."""
    twice = [{"key": "x", "bands": ["zero"], "skill": 1, "damage": 1}] * 2
    message, _ = _error(weapons=twice)
    assert message == "combatants[0].weapons: two weapons share a key"
