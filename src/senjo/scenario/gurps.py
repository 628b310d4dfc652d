"""GURPS combatants in a scenario file: the schema and the sheet it builds.

A combatant lists attributes, optional secondary characteristics, traits,
skills and equipment (library keys or inline weapons). Missing skills take
their defaults; missing secondary characteristics are worked out (B15-17).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from senjo.scenario.errors import (
    INLINE_KEY,
    TWO_WEAPONS,
    Bilingual,
    ScenarioError,
    from_validation,
    unknown_skill,
)
from senjo.scenario.fields import Finite, Int, Key
from senjo.scenario.morale import FleeAt, flee_threshold
from senjo.space.hexgrid import Facing, Hex
from senjo.space.plane import Point
from senjo.systems.gurps import library, tables
from senjo.systems.gurps.bodies import line_behind
from senjo.systems.gurps.field import Placement
from senjo.systems.gurps.library import EquipmentError
from senjo.systems.gurps.model import ADVANTAGES, LEVELED, Fighter, Shield, Weapon
from senjo.systems.gurps.skills import KNOWN_SKILLS, skill_level
from senjo.systems.gurps.techniques import check_level

__all__ = ["GurpsCombatant", "build_fighter"]

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
LOCATIONS = (
    "all",
    "skull",
    "face",
    "neck",
    "torso",
    "vitals",
    "groin",
    "right_arm",
    "left_arm",
    "right_leg",
    "left_leg",
    "hand",
    "foot",
    "eye",
)


def _one_of(allowed: tuple[str, ...] | frozenset[str], what: str) -> AfterValidator:
    ordered = sorted(allowed)

    def check(value: str) -> str:
        if value not in allowed:
            raise ValueError(f"unknown {what} {value!r}; allowed: {', '.join(ordered)}")
        return value

    return AfterValidator(check)


AdvantageKey = Annotated[str, _one_of(ADVANTAGES, "advantage")]


def _leveled(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) != 1:
            raise ValueError("write a leveled trait as {name: level}, one per entry")
        ((name, level),) = value.items()
        if name not in LEVELED:
            raise ValueError(
                f"{name!r} takes no level; traits with levels: {', '.join(sorted(LEVELED))}"
            )
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 10:
            raise ValueError(f"the level of {name} is a whole number from 1 to 10, not {level!r}")
    return value


Advantage = Annotated[AdvantageKey | dict[str, Any], AfterValidator(_leveled)]
LocationKey = Annotated[str, _one_of(LOCATIONS, "hit location")]


def _names_value(value: Any) -> str | dict[str, str]:
    if isinstance(value, str) and value:
        return value
    if (
        isinstance(value, dict)
        and value
        and set(value) <= {"en", "ja"}
        and all(isinstance(v, str) and v for v in value.values())
    ):
        return value
    raise ValueError("expected text, or {en: ..., ja: ...}")


Name = Annotated[Any, AfterValidator(_names_value)]


class GurpsCombatant(BaseModel):
    """One GURPS fighter as written in a scenario file."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Name
    side: Key
    controller: Literal["ai", "human", "random"] = "ai"
    position: tuple[Finite, Finite] = (0.0, 0.0)
    hex: tuple[Int, Int] | None = None
    facing: Annotated[str, _one_of(FACINGS, "facing")] = "N"
    #: seed 001 (大きなフィギュア): hexes the figure fills, in a line behind its `hex`.
    length: Annotated[Int, Field(ge=1, le=30)] = 1
    #: seed 001 (大きなフィギュア): the figure's widest part in hexes (for narrow passages).
    width: Annotated[Int, Field(ge=1, le=10)] = 1
    #: seed 001 (サイズ修正と攻撃範囲): yards a large body adds to its melee reaches (from
    #: the GM's size table; negative for a short one: reach 1 becomes C).
    reach_bonus: Annotated[Int, Field(ge=-1, le=20)] = 0
    st: Annotated[Int, Field(ge=1, le=100)]
    dx: Annotated[Int, Field(ge=1, le=100)]
    iq: Annotated[Int, Field(ge=1, le=100)]
    ht: Annotated[Int, Field(ge=1, le=100)]
    hp: Annotated[Int, Field(ge=1)] | None = None
    fp: Annotated[Int, Field(ge=1)] | None = None
    will: Annotated[Int, Field(ge=1)] | None = None
    per: Annotated[Int, Field(ge=1)] | None = None
    basic_speed: Annotated[float, Field(gt=0, allow_inf_nan=False)] | None = None
    basic_move: Annotated[Int, Field(ge=0)] | None = None
    size_modifier: Annotated[Int, Field(ge=-10, le=20)] = 0
    encumbrance: Annotated[Int, Field(ge=0, le=4)] = 0
    advantages: list[Advantage] = []
    flexible_armor: bool = False
    skills: dict[str, Annotated[Int, Field(ge=-10, le=40)]] = {}
    techniques: dict[str, Int] = {}
    weapons: list[str | dict[str, Any]] = []
    shield: str | None = None
    dr: dict[LocationKey, Annotated[Int, Field(ge=0, le=200)]] = {}
    ready: list[str] | None = None
    #: senjo's morale rule: at this HP or less the combatant may flee (the AI does).
    flee_at: FleeAt | None = None


def _names(value: str | dict[str, str]) -> tuple[str, str]:
    if isinstance(value, str):
        return value, value
    en = value.get("en", value.get("ja", ""))
    return en, value.get("ja", en)


def _longer(weapon: Weapon, bonus: int) -> Weapon:
    """The weapon with `bonus` yards added to each melee reach of 1 or more (seed 001:
    サイズ修正と攻撃範囲); a reduction stops at C."""
    modes = []
    for mode in weapon.modes:
        if mode.is_melee and mode.reach:
            reach = sorted({r if r == 0 else max(0, r + bonus) for r in mode.reach})
            mode = dataclasses.replace(mode, reach=tuple(reach))
        modes.append(mode)
    return dataclasses.replace(weapon, modes=tuple(modes))


def _weapon(entry: str | dict[str, Any], st: int, source: str, path: str) -> Weapon:
    try:
        if isinstance(entry, str):
            return library.weapon(entry, st)
        data = dict(entry)
        key = data.pop("key", None)
        if not isinstance(key, str) or not key:
            raise EquipmentError(path + ".key", INLINE_KEY)
        return library.weapon_from_data(key, data, path, st)
    except EquipmentError as error:
        if isinstance(entry, str):
            raise ScenarioError(source, path, error.message) from None
        raise ScenarioError(source, error.path, error.message) from None


def build_fighter(
    data: dict[str, Any], source: str, index: int
) -> tuple[Fighter, str, Point | Placement]:
    """Validate one combatant and build its sheet; returns (fighter, controller, position)."""
    prefix = f"combatants[{index}]"
    try:
        spec = GurpsCombatant.model_validate(data)
    except ValidationError as error:
        raise from_validation(source, error, prefix) from None
    if spec.length > 1 and spec.hex is None:
        raise ScenarioError(
            source,
            f"{prefix}.length",
            Bilingual(
                "a figure longer than 1 hex needs a map and a hex",
                "1ヘクスより長いフィギュアにはマップとヘクスの位置が必要です",
            ),
        )
    for name, level in spec.techniques.items():
        problem = check_level(name, level)
        if problem is not None:
            raise ScenarioError(source, f"{prefix}.techniques.{name}", problem)
    weapons = tuple(
        _weapon(entry, spec.st, source, f"{prefix}.weapons[{number}]")
        for number, entry in enumerate(spec.weapons)
    )
    if not any(w.key == "punch" for w in weapons):
        weapons += (library.weapon("punch", spec.st),)
    if spec.reach_bonus:
        weapons = tuple(_longer(w, spec.reach_bonus) for w in weapons)
    keys = [w.key for w in weapons]
    if len(set(keys)) != len(keys):
        raise ScenarioError(source, f"{prefix}.weapons", TWO_WEAPONS)
    shield: Shield | None = None
    if spec.shield is not None:
        try:
            shield = library.shield(spec.shield)
        except EquipmentError as error:
            raise ScenarioError(source, f"{prefix}.shield", error.message) from None
    ready = spec.ready
    if ready is None:
        ready = [k for k in keys if k in ("punch", "kick")]
        held = [w.key for w in weapons if not w.modes[0].unarmed][:1]
        ready = held + ready + ([shield.key] if shield else [])
    items = set(keys) | ({shield.key} if shield else set())
    for number, item in enumerate(ready):
        if item not in items:
            carried = ", ".join(sorted(items))
            raise ScenarioError(
                source,
                f"{prefix}.ready[{number}]",
                Bilingual(
                    f"{item!r} is not carried; carried: {carried}",
                    f"{item!r} は持っていません（持ち物：{carried}）",
                ),
            )
    used = {mode.skill for weapon in weapons for mode in weapon.modes}
    if shield is not None:
        used.add(shield.skill)
    for name in spec.skills:
        if name not in KNOWN_SKILLS and name not in used:
            allowed = ", ".join(sorted(KNOWN_SKILLS | used))
            raise ScenarioError(source, f"{prefix}.skills.{name}", unknown_skill(name, allowed))
    skills = dict(spec.skills)
    attributes = {"ST": spec.st, "DX": spec.dx, "IQ": spec.iq, "HT": spec.ht}
    for weapon in weapons:
        for mode in weapon.modes:
            skills.setdefault(mode.skill, skill_level(mode.skill, skills, attributes))
    if shield is not None:
        skills.setdefault(shield.skill, skill_level(shield.skill, skills, attributes))
    speed = spec.basic_speed if spec.basic_speed is not None else (spec.dx + spec.ht) / 4
    move = spec.basic_move if spec.basic_move is not None else math.floor(speed)
    dr = {key: value for key, value in spec.dr.items() if key != "all"}
    if "all" in spec.dr:
        for location in LOCATIONS[1:]:
            dr.setdefault(location, spec.dr["all"])
    name_en, name_ja = _names(spec.name)
    hp = spec.hp if spec.hp is not None else spec.st
    fighter = Fighter(
        key=spec.key,
        name=name_en,
        name_ja=name_ja,
        side=spec.side,
        st=spec.st,
        dx=spec.dx,
        iq=spec.iq,
        ht=spec.ht,
        hp=hp,
        fp=spec.fp if spec.fp is not None else spec.ht,
        will=spec.will if spec.will is not None else spec.iq,
        per=spec.per if spec.per is not None else spec.iq,
        basic_speed=speed,
        basic_move=move,
        dodge=math.floor(speed) + 3,
        encumbrance=spec.encumbrance,
        advantages=frozenset(a if isinstance(a, str) else next(iter(a)) for a in spec.advantages),
        levels={
            name: level for a in spec.advantages if isinstance(a, dict) for name, level in a.items()
        },
        flexible_armor=spec.flexible_armor,
        skills=skills,
        weapons=weapons,
        shield=shield,
        dr=dr,
        thrust=tables.thrust_damage(spec.st),
        swing=tables.swing_damage(spec.st),
        size_modifier=spec.size_modifier,
        ready=tuple(ready),
        techniques=dict(spec.techniques),
        width=spec.width,
        flee_at=flee_threshold(spec.flee_at, hp),
    )
    if spec.hex is not None:
        head, facing = Hex(*spec.hex), Facing.parse(spec.facing)
        body = line_behind(head, facing, spec.length)
        return fighter, spec.controller, Placement(head, facing, body)
    return fighter, spec.controller, Point(*spec.position)
