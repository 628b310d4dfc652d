"""CoC combatants in a scenario file: the schema and the sheet it builds.

A combatant lists its characteristics (STR, CON, SIZ, DEX, INT, POW, and
optionally APP and EDU), optional HP, skills in percent (missing ones take their base chance;
`budo` is another name for `martial_arts`), weapons (library keys or inline
weapons), armour, MOV, languages (for 挑発), its position in metres and its
surroundings: the floor it stands on, the free space behind it before a wall,
and whether there is cover nearby to hide in.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from senjo.scenario.errors import (
    INLINE_KEY,
    TWO_WEAPONS,
    ScenarioError,
    from_validation,
    unknown_skill,
)
from senjo.scenario.fields import Finite, Int, Key, Names, both_names
from senjo.scenario.morale import FleeAt, flee_threshold
from senjo.space.plane import Point
from senjo.systems.coc import library
from senjo.systems.coc.library import UNARMED, WeaponError
from senjo.systems.coc.model import (
    BASE_SKILLS,
    Combatant,
    Surroundings,
    Weapon,
    hit_points,
)

__all__ = ["CocCombatant", "build_combatant"]

Characteristic = Annotated[Int, Field(ge=1, le=100)]

#: Other names a scenario may use for a skill.
SKILL_ALIASES = {"budo": "martial_arts"}


class Characteristics(BaseModel):
    """STR, CON, SIZ, DEX, INT, POW, APP, EDU (written in capitals, as on a sheet)."""

    model_config = ConfigDict(extra="forbid")

    strength: Characteristic = Field(alias="STR")
    constitution: Characteristic = Field(alias="CON")
    size: Characteristic = Field(alias="SIZ")
    dexterity: Characteristic = Field(alias="DEX")
    intelligence: Characteristic = Field(alias="INT")
    power: Characteristic = Field(alias="POW")
    appearance: Characteristic = Field(default=10, alias="APP")
    education: Characteristic = Field(default=10, alias="EDU")


class SurroundingsSpec(BaseModel):
    """Where the combatant stands: floor, free metres behind before a wall, cover nearby."""

    model_config = ConfigDict(extra="forbid")

    floor: Literal["hard", "soft"] = "soft"
    wall_behind: Annotated[float, Field(ge=0, le=1000)] | None = None
    cover: bool = False


class CocCombatant(BaseModel):
    """One CoC combatant as written in a scenario file."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names
    side: Key
    controller: Literal["ai", "human", "random"] = "ai"
    position: tuple[Finite, Finite] = (0.0, 0.0)
    characteristics: Characteristics
    hp: Annotated[Int, Field(ge=1, le=500)] | None = None
    skills: dict[str, Annotated[Int, Field(ge=0, le=200)]] = {}
    weapons: list[str | dict[str, Any]] = []
    unarmed: list[Literal["fist", "kick", "head_butt", "grapple"]] | None = None
    armour: Annotated[Int, Field(ge=0, le=100)] = 0
    move: Annotated[Int, Field(ge=1, le=100)] = 8
    languages: list[Key] = ["common"]
    surroundings: SurroundingsSpec = SurroundingsSpec()
    #: senjo's morale rule: at this HP or less the combatant may flee (the AI does).
    flee_at: FleeAt | None = None


def _weapon(entry: str | dict[str, Any], source: str, path: str) -> Weapon:
    try:
        if isinstance(entry, str):
            return library.weapon(entry)
        data = dict(entry)
        key = data.pop("key", None)
        if not isinstance(key, str) or not key:
            raise WeaponError("key", INLINE_KEY)
        return library.weapon_from_data(key, data)
    except WeaponError as error:
        where = path if isinstance(entry, str) or not error.path else f"{path}.{error.path}"
        raise ScenarioError(source, where, error.message) from None


def build_combatant(data: dict[str, Any], source: str, index: int) -> tuple[Combatant, str, Point]:
    """Validate one combatant and build its sheet; returns (sheet, controller, position)."""
    prefix = f"combatants[{index}]"
    try:
        spec = CocCombatant.model_validate(data)
    except ValidationError as error:
        raise from_validation(source, error, prefix) from None
    name, name_ja = both_names(spec.name, source, f"{prefix}.name")
    weapons = [
        _weapon(entry, source, f"{prefix}.weapons[{number}]")
        for number, entry in enumerate(spec.weapons)
    ]
    for key in spec.unarmed if spec.unarmed is not None else UNARMED:
        if all(w.key != key for w in weapons):
            weapons.append(library.weapon(key))
    keys = [w.key for w in weapons]
    if len(set(keys)) != len(keys):
        raise ScenarioError(source, f"{prefix}.weapons", TWO_WEAPONS)
    used = {w.skill for w in weapons}
    allowed = set(BASE_SKILLS) | {"dodge"} | used | set(SKILL_ALIASES)
    skills: dict[str, int] = {}
    for skill, value in spec.skills.items():
        if skill not in allowed:
            raise ScenarioError(
                source, f"{prefix}.skills.{skill}", unknown_skill(skill, ", ".join(sorted(allowed)))
            )
        skills[SKILL_ALIASES.get(skill, skill)] = value
    traits = spec.characteristics
    place = spec.surroundings
    hp = spec.hp if spec.hp is not None else hit_points(traits.constitution, traits.size)
    sheet = Combatant(
        key=spec.key,
        name=name,
        name_ja=name_ja,
        side=spec.side,
        strength=traits.strength,
        constitution=traits.constitution,
        size=traits.size,
        dexterity=traits.dexterity,
        intelligence=traits.intelligence,
        power=traits.power,
        appearance=traits.appearance,
        education=traits.education,
        hp=hp,
        skills=skills,
        weapons=tuple(weapons),
        armour=spec.armour,
        move=spec.move,
        languages=frozenset(spec.languages),
        surroundings=Surroundings(place.floor, place.wall_behind, place.cover),
        flee_at=flee_threshold(spec.flee_at, hp),
    )
    return sheet, spec.controller, Point(*spec.position)
