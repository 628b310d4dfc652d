"""トモガミ characters in a scenario file: the schema and the sheet it builds.

A character gives the numbers seed 003 reads, each directly (its base game derives
them): 「動」 `mobility`, 「体」 `body`, the maneuver skill added to 動 (`maneuver`),
the tactics check value (`tactics`), its defence roll's value (`defense_skill`),
`life` (生命), `defense` against each kind of damage, maneuver modifiers by
environment, whether it is a living tomogami, how it moves, and its weapons: the
bands each reaches (`zero`, `near`, `far`), the attack check's value, damage (`2D6+1`,
`1D`, `4`), its kind, whether it is a high-angle weapon (`indirect`), the shots in its
magazine and its spare magazines (`magazine`, `spares`), and whether it is held in hand
(`hand`); and its pilot (ゲキ), whom the mishap table hurts.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from senjo.scenario.errors import TWO_WEAPONS, Bilingual, ScenarioError, from_validation
from senjo.scenario.fields import BAD_DAMAGE, Int, Key, Names, both_names, parse_damage
from senjo.space.bands import Band
from senjo.systems.tomogami.model import Sheet, Weapon
from senjo.systems.tomogami.rules import ENVIRONMENTS

__all__ = [
    "DefenseSpec",
    "PilotSpec",
    "TomoCharacter",
    "WeaponSpec",
    "build_character",
]

Value = Annotated[Int, Field(ge=-20, le=100)]
_BANDS = {"zero": Band.ZERO, "near": Band.NEAR, "far": Band.FAR}


class WeaponSpec(BaseModel):
    """A weapon as written in a scenario file."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names | None = None
    bands: list[Literal["zero", "near", "far"]]
    skill: Value
    damage: Annotated[Int, Field(ge=0, le=999)] | str
    kind: Literal["armour_piercing", "anti_personnel"] = "armour_piercing"
    indirect: bool = False
    magazine: Annotated[Int, Field(ge=0, le=999)] = 0
    spares: Annotated[Int, Field(ge=0, le=999)] | None = None
    hand: bool = False


class DefenseSpec(BaseModel):
    """Defence (防御力) against each kind of damage."""

    model_config = ConfigDict(extra="forbid")

    armour_piercing: Annotated[Int, Field(ge=0, le=100)] = 0
    anti_personnel: Annotated[Int, Field(ge=0, le=100)] = 0


class PilotSpec(BaseModel):
    """The pilot (ゲキ) inside a tomogami: its life and 対人火弾 defence."""

    model_config = ConfigDict(extra="forbid")

    life: Annotated[Int, Field(ge=1, le=1000)]
    defense: Annotated[Int, Field(ge=0, le=100)] = 0


class TomoCharacter(BaseModel):
    """One トモガミ character as written in a scenario file."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names
    side: Key
    controller: Literal["ai", "human", "random"] = "ai"
    mobility: Value = 0
    body: Value = 0
    maneuver: Value = 0
    tactics: Value = 0
    defense_skill: Value = 0
    life: Annotated[Int, Field(ge=1, le=1000)] = 10
    defense: DefenseSpec = DefenseSpec()
    environment_modifiers: dict[Literal[*ENVIRONMENTS], Value] = {}  # type: ignore[valid-type]
    living: bool = True
    locomotion: Literal["legs", "tracks", "many_legs", "wheels", "hull", "air_fast", "air_slow"] = (
        "legs"
    )
    weapons: list[WeaponSpec] = []
    moving_fire_skill: bool = False
    heavy_blow: Annotated[Int, Field(ge=0, le=1000)] = 0
    bukon: bool = False
    kizuna: Annotated[Int, Field(ge=0, le=20)] = 0
    pilot: PilotSpec | None = None


SPARES_NO_MAGAZINE = Bilingual(
    "spare magazines need a magazine: give `magazine` (shots in one) or drop `spares`",
    "予備の弾倉には弾倉が要ります：`magazine`（1つの装弾数）を書くか、`spares` を外してください",
)
NO_BANDS = Bilingual(
    "list the bands the weapon reaches: zero, near, far",
    "武器が届く距離を挙げてください：zero、near、far",
)


def _weapon(spec: WeaponSpec, source: str, path: str) -> Weapon:
    if not spec.bands:
        raise ScenarioError(source, f"{path}.bands", NO_BANDS)
    if spec.spares is not None and not spec.magazine:
        raise ScenarioError(source, f"{path}.spares", SPARES_NO_MAGAZINE)
    damage = parse_damage(spec.damage)
    if damage is None:
        raise ScenarioError(source, f"{path}.damage", BAD_DAMAGE)
    name, name_ja = both_names(spec.name, source, f"{path}.name") if spec.name else (spec.key,) * 2
    return Weapon(
        key=spec.key,
        name=name,
        name_ja=name_ja,
        bands=frozenset(_BANDS[band] for band in spec.bands),
        skill=spec.skill,
        dice=damage[0],
        flat=damage[1],
        kind=spec.kind,
        indirect=spec.indirect,
        magazine=spec.magazine,
        spares=spec.spares,
        hand=spec.hand,
    )


def build_character(data: dict[str, object], source: str, index: int) -> tuple[Sheet, str, None]:
    """Validate one character and build its sheet; returns (sheet, controller, None):
    a トモガミ battle has no positions, only bands."""
    prefix = f"combatants[{index}]"
    try:
        spec = TomoCharacter.model_validate(data)
    except ValidationError as error:
        raise from_validation(source, error, prefix) from None
    name, name_ja = both_names(spec.name, source, f"{prefix}.name")
    weapons = tuple(
        _weapon(entry, source, f"{prefix}.weapons[{number}]")
        for number, entry in enumerate(spec.weapons)
    )
    if len({w.key for w in weapons}) != len(weapons):
        raise ScenarioError(source, f"{prefix}.weapons", TWO_WEAPONS)
    sheet = Sheet(
        key=spec.key,
        name=name,
        name_ja=name_ja,
        side=spec.side,
        mobility=spec.mobility,
        body=spec.body,
        maneuver=spec.maneuver,
        tactics=spec.tactics,
        defense_skill=spec.defense_skill,
        life=spec.life,
        armour_piercing=spec.defense.armour_piercing,
        anti_personnel=spec.defense.anti_personnel,
        weapons=weapons,
        environment_modifiers=tuple(sorted(spec.environment_modifiers.items())),
        living=spec.living,
        locomotion=spec.locomotion,
        moving_fire_skill=spec.moving_fire_skill,
        heavy_blow=spec.heavy_blow,
        bukon=spec.bukon,
        kizuna=spec.kizuna,
        pilot_life=spec.pilot.life if spec.pilot else 0,
        pilot_defense=spec.pilot.defense if spec.pilot else 0,
    )
    return sheet, spec.controller, None
