"""docs/scenarios.md keeps up with the scenario schema: every field is named, the examples load.

The reference is for game masters writing their own files; a field added to a
schema (or an option added to a rule system) without a word in the document
fails here, and so does an example that no longer loads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from senjo.scenario import Scenario, parse_scenario
from senjo.scenario.coc import Characteristics, CocCombatant, SurroundingsSpec
from senjo.scenario.gurps import FACINGS, LOCATIONS, GurpsCombatant
from senjo.scenario.hexmap import FootingSpec, MapSpec
from senjo.scenario.loader import _TOP_LEVEL
from senjo.scenario.tomogami import DefenseSpec, PilotSpec, TomoCharacter, WeaponSpec
from senjo.scenario.tvalue import (
    ArtPartSpec,
    ArtSpec,
    ClauseSpec,
    MoveSpec,
    RequirementSpec,
    SetupSpec,
    SurpriseSpec,
    TechniqueSpec,
    TvFighter,
)
from senjo.scenario.tvalue import WeaponSpec as TvWeaponSpec
from senjo.systems.coc import library as coc_library
from senjo.systems.coc.system import Coc
from senjo.systems.gurps import library as gurps_library
from senjo.systems.gurps.model import ADVANTAGES
from senjo.systems.gurps.system import Gurps
from senjo.systems.tomogami.rules import ENVIRONMENTS
from senjo.systems.tomogami.system import Tomogami
from senjo.systems.tvalue.model import DEPTHS
from senjo.systems.tvalue.system import Tvalue

DOC = Path(__file__).parents[2] / "docs" / "scenarios.md"
_YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _field_names(model: type[BaseModel]) -> list[str]:
    """The names a scenario file writes for a model's fields (the alias when there is one)."""
    return [field.alias or name for name, field in model.model_fields.items()]


def _missing(names: Iterable[str]) -> list[str]:
    text = _text()
    return sorted({name for name in names if f"`{name}`" not in text})


def _examples() -> list[dict[str, Any]]:
    """The complete scenarios among the document's ```yaml blocks (those with `system:`)."""
    found: list[dict[str, Any]] = []
    for block in _YAML_BLOCK.findall(_text()):
        data = yaml.safe_load(block)
        if isinstance(data, dict) and "system" in data:
            found.append(data)
    return found


def test_every_top_level_key_is_documented() -> None:
    """Each key a scenario file may have at its top level appears as `key`."""
    assert _missing(_TOP_LEVEL) == []


@pytest.mark.parametrize(
    "model",
    [
        GurpsCombatant,
        CocCombatant,
        Characteristics,
        SurroundingsSpec,
        MapSpec,
        FootingSpec,
        TomoCharacter,
        WeaponSpec,
        DefenseSpec,
        PilotSpec,
        TvFighter,
        TvWeaponSpec,
        SetupSpec,
        MoveSpec,
        SurpriseSpec,
        ArtSpec,
        ArtPartSpec,
        RequirementSpec,
        TechniqueSpec,
        ClauseSpec,
    ],
    ids=lambda model: model.__name__,
)
def test_every_schema_field_is_documented(model: type[BaseModel]) -> None:
    """Each field of the combatant, characteristic, surroundings and map schemas is named."""
    assert _missing(_field_names(model)) == []


@pytest.mark.parametrize("system", [Gurps, Coc, Tomogami, Tvalue], ids=lambda system: system.name)
def test_every_rule_option_is_documented(system: type[Gurps | Coc | Tomogami | Tvalue]) -> None:
    """Each optional rule of each system is named, as `--option name=value` takes it."""
    assert _missing(option.name for option in system.options) == []


def test_allowed_values_are_documented() -> None:
    """The closed lists a scenario picks from are spelled out: traits, locations, facings,
    environments, damage depths."""
    assert _missing([*ADVANTAGES, *LOCATIONS, *FACINGS, *ENVIRONMENTS, *DEPTHS]) == []


def test_weapon_and_shield_library_keys_are_documented() -> None:
    """Every library weapon and shield of both systems can be looked up in the document."""
    keys = [
        *gurps_library.weapon_keys(),
        *gurps_library.shield_keys(),
        *coc_library.known_weapons(),
    ]
    assert _missing(keys) == []


def test_inline_weapon_fields_are_documented() -> None:
    """Every field of an inline weapon (and of a GURPS attack mode and its ranged stats)."""
    fields = [
        "key",
        *gurps_library._WEAPON_FIELDS,
        *gurps_library._MODE_FIELDS,
        *gurps_library._RANGED_FIELDS,
        *coc_library.WEAPON_FIELDS,
    ]
    assert _missing(fields) == []


def test_the_examples_load() -> None:
    """The document's complete examples, one per system, pass the scenario checks."""
    examples = _examples()
    loaded: list[Scenario] = [
        parse_scenario(data, f"{DOC.name} example {number}")
        for number, data in enumerate(examples, start=1)
    ]
    assert sorted(scenario.system for scenario in loaded) == ["coc", "gurps", "tomogami", "tvalue"]
