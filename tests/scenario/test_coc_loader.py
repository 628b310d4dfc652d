"""CoC scenarios: the examples load into sheets; bad combatants give one exact message."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from senjo.scenario import ScenarioError, load_scenario, parse_scenario
from senjo.space.plane import Point
from senjo.systems.coc.model import Surroundings

EXAMPLES = Path(__file__).parents[2] / "examples" / "coc"
SKILLS = (
    "budo, club, dodge, fast_talk, fist, grapple, handgun, head_butt, hide, kick, knife, "
    "martial_arts, rifle, shotgun, sneak, throw"
)
WEAPONS = "claw, club, fist, grapple, head_butt, kick, knife, pistol_9mm, revolver_38, rock"


def _data() -> dict[str, Any]:
    data = yaml.safe_load((EXAMPLES / "deep_one.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _with(**fields: Any) -> dict[str, Any]:
    """The deep-one scenario with the first combatant's fields replaced."""
    data = copy.deepcopy(_data())
    data["combatants"][0].update(fields)
    return data


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, "test.yaml")
    return str(caught.value).removeprefix("test.yaml: ")


def test_examples_load() -> None:
    """Every CoC example loads: system, titles, sheets, positions in metres, AI controllers."""
    for name in ("cultists", "deep_one", "duel"):
        scenario = load_scenario(EXAMPLES / f"{name}.yaml")
        assert scenario.system == "coc"
        assert set(scenario.controllers.values()) == {"ai"}
        assert len({sheet.side for sheet in scenario.fighters}) == 2


def test_deep_one_sheet() -> None:
    """The deep one: HP from CON and SIZ, db from STR+SIZ, armour, claw and grapple only."""
    scenario = load_scenario(EXAMPLES / "deep_one.yaml")
    deep_one = {sheet.key: sheet for sheet in scenario.fighters}["deep_one"]
    assert (deep_one.hp, deep_one.db.text, deep_one.armour) == (15, "1D6", 1)
    assert [w.key for w in deep_one.weapons] == ["claw", "grapple"]
    assert deep_one.languages == frozenset({"deep_one"})
    assert deep_one.surroundings == Surroundings("hard", None, False)
    assert scenario.positions["deep_one"] == Point(1.5, 0)


def test_budo_skill_and_surroundings() -> None:
    """`budo` is read as Martial Arts; surroundings give floor, wall and cover."""
    scenario = load_scenario(EXAMPLES / "deep_one.yaml")
    goro = {sheet.key: sheet for sheet in scenario.fighters}["goro"]
    assert goro.skill("martial_arts") == 40
    assert goro.surroundings.wall_behind == 3


def test_hp_may_be_given() -> None:
    """An explicit HP overrides (CON + SIZ) / 2."""
    scenario = parse_scenario(_with(hp=30), "test.yaml")
    assert scenario.fighters[0].hp == 30


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"colour": "red"}, "combatants[0].colour: unknown field (not allowed here)"),
        (
            {"skills": {"swimming": 40}},
            f"combatants[0].skills.swimming: unknown skill 'swimming'; allowed: {SKILLS}",
        ),
        (
            {"weapons": ["katana"]},
            f"combatants[0].weapons[0]: no weapon 'katana'; known: {WEAPONS}",
        ),
        (
            {"weapons": [{"key": "axe", "skill": "axe", "damage": "1Q8"}]},
            "combatants[0].weapons[0].damage: '1Q8' is not dice such as 1D6+1D4 or 1D3+2",
        ),
        (
            {"weapons": [{"skill": "axe", "damage": "1D8"}]},
            "combatants[0].weapons[0].key: an inline weapon needs a key",
        ),
        ({"weapons": ["club", "club"]}, "combatants[0].weapons: two weapons share a key"),
        (
            {"characteristics": {"STR": 0, "CON": 10, "SIZ": 10, "DEX": 10, "INT": 10, "POW": 10}},
            "combatants[0].characteristics.STR: Input should be greater than or equal to 1",
        ),
        (
            {"characteristics": {"CON": 10, "SIZ": 10, "DEX": 10, "INT": 10, "POW": 10}},
            "combatants[0].characteristics.STR: required field is missing",
        ),
        (
            {
                "characteristics": {
                    "STR": 9,
                    "CON": 9,
                    "SIZ": 9,
                    "DEX": 9,
                    "INT": 9,
                    "POW": 9,
                    "LUCK": 9,
                }
            },
            "combatants[0].characteristics.LUCK: unknown field (not allowed here)",
        ),
        (
            {"surroundings": {"floor": "ice"}},
            "combatants[0].surroundings.floor: Input should be 'hard' or 'soft'",
        ),
        (
            {"surroundings": {"wall_behind": -1}},
            "combatants[0].surroundings.wall_behind: Input should be greater than or equal to 0",
        ),
        (
            {"languages": ["Deep One"]},
            "combatants[0].languages[0]: 'Deep One' is not a valid key: use lowercase letters, "
            "digits and _, starting with a letter",
        ),
        (
            {"unarmed": ["bite"]},
            "combatants[0].unarmed[0]: Input should be 'fist', 'kick', 'head_butt' or 'grapple'",
        ),
    ],
)
def test_bad_combatant_message(fields: dict[str, Any], message: str) -> None:
    """A bad CoC combatant is one ScenarioError naming the field and what is allowed; in
    Japanese too, for the same field."""
    assert _error(_with(**fields)) == message
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(_with(**fields), "test.yaml")
    japanese = caught.value.text("ja")
    assert japanese.startswith(f"test.yaml: {caught.value.path}: ")
    assert japanese != str(caught.value)


def test_bad_option_value() -> None:
    """A house option takes default, on or off."""
    data = _data()
    data["options"] = {"house_aim": "maybe"}
    assert _error(data) == "options.house_aim: takes default, on, off, not 'maybe'"


def test_yaml_booleans_are_option_text() -> None:
    """`house: off` in YAML (a boolean) is the option value off."""
    data = _data()
    data["options"] = {"house": False}
    assert parse_scenario(data, "test.yaml").options == {"house": "off"}
