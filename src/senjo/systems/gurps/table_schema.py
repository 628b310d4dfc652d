"""The shape of the GURPS data tables (`data/*.yaml`), checked once on load.

Each YAML file is validated against one model here; unknown keys are
errors, never silently dropped. A broken table raises `TableError`
naming the file, the field path and the problem:

>>> from senjo.systems.gurps.tables import check_table
>>> check_table("encumbrance.yaml", {"levels": [{"level": 0}]})
Traceback (most recent call last):
...
senjo.systems.gurps.table_schema.TableError: encumbrance.yaml: levels[0].key: Field required
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from senjo.systems.gurps.damage import DamageDice, DamageType
from senjo.systems.gurps.effects import Condition, EffectKind, check_effect_params

__all__ = [
    "TABLE_CONFIG",
    "CriticalEntry",
    "CriticalNote",
    "CriticalTable",
    "DamageBySt",
    "DamageTypeInfo",
    "Effect",
    "EncumbranceLevel",
    "EncumbranceTable",
    "HitLocation",
    "HitLocationTable",
    "InjuryTolerance",
    "InjuryToleranceInfo",
    "LocationKind",
    "Posture",
    "PostureTable",
    "TableError",
    "TableRecord",
    "WoundingTable",
    "check_ranges",
    "table_error",
    "validate",
]


class TableError(ValueError):
    """A data table that does not match its schema: file, field path, problem."""


class LocationKind(StrEnum):
    """Groups of hit locations that share wounding and crippling rules (B398-400)."""

    SKULL = "skull"
    EYE = "eye"
    FACE = "face"
    NECK = "neck"
    TORSO = "torso"
    GROIN = "groin"
    VITALS = "vitals"
    LIMB = "limb"
    EXTREMITY = "extremity"


class InjuryTolerance(StrEnum):
    """Injury Tolerance traits that change wounding (無生物・均一・集合体, B380)."""

    UNLIVING = "unliving"
    HOMOGENOUS = "homogenous"
    DIFFUSE = "diffuse"


def _fraction(value: object) -> Fraction:
    """Read 2, 1.5, "1/3" or "2/3" as an exact fraction."""
    if isinstance(value, bool):
        raise ValueError(f"expected a number or a fraction like 1/3, not {value!r}")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float | str):
        try:
            return Fraction(str(value))
        except (ValueError, ZeroDivisionError):
            pass
    raise ValueError(f"expected a number or a fraction like 1/3, not {value!r}")


def _dice(value: object) -> DamageDice:
    if isinstance(value, DamageDice):
        return value
    if not isinstance(value, str):
        raise ValueError(f"expected damage dice such as 1d+2, not {value!r}")
    return DamageDice.parse(value)


if TYPE_CHECKING:
    Ratio = Fraction
    Dice = DamageDice
# At run time `Ratio` and `Dice` are given their pydantic readers by `_adapter`,
# just before the first validation: importing the table classes needs no pydantic.

#: pydantic's settings for every table class: unknown keys are errors.
TABLE_CONFIG = {"extra": "forbid", "arbitrary_types_allowed": True}

_TableT = TypeVar("_TableT")


def _check_rolls(groups: list[tuple[str, tuple[int, ...]]], table: str) -> None:
    """Every 3d6 result 3-18 must land in exactly one entry."""
    seen: dict[int, str] = {}
    for key, rolls in groups:
        for roll in rolls:
            if not 3 <= roll <= 18:
                raise ValueError(f"{key}: roll {roll} is not a 3d6 result (3-18)")
            if roll in seen:
                raise ValueError(f"roll {roll} is in both {seen[roll]} and {key}")
            seen[roll] = key
    missing = sorted(set(range(3, 19)) - set(seen))
    if missing:
        raise ValueError(f"{table} gives no result for roll(s) {missing}")


def _check_unique(keys: list[str]) -> None:
    doubles = sorted({k for k in keys if keys.count(k) > 1})
    if doubles:
        raise ValueError(f"duplicate key(s): {', '.join(doubles)}")


def check_ranges(ranges: list[tuple[int, int | None]], start: int, what: str) -> None:
    """Ranges must run on from `start` with no gap or overlap; only the last may be open."""
    expected = start
    for index, (low, high) in enumerate(ranges):
        if low != expected:
            raise ValueError(f"{what} row {index} starts at {low}, expected {expected}")
        if high is None:
            if index != len(ranges) - 1:
                raise ValueError(f"{what} row {index} is open-ended but is not the last row")
            return
        if high < low:
            raise ValueError(f"{what} row {index} ends ({high}) before it starts ({low})")
        expected = high + 1


class TableRecord:
    """Equality, hash, repr and immutability shared by the table classes below, instead of
    the five methods `dataclass(frozen=True)` would write and compile for each of them
    (about 0.3 ms a class, most of what every start-up spent making these classes:
    `docs/performance.md`). They behave as the dataclass's would: equal when of one class
    with equal fields, and a field once set cannot be set again or deleted."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        if name in self.__dict__:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, item.name) for item in fields(self)])  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, TableRecord)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{item.name}={getattr(self, item.name)!r}" for item in fields(self))  # type: ignore[arg-type]
        return f"{self.__class__.__qualname__}({shown})"


# --- effects -------------------------------------------------------------------------------


@dataclass(kw_only=True, eq=False, repr=False)
class Effect(TableRecord):
    """One structured result the engine can apply, e.g. {effect: damage_multiplier, value: 3}.

    `when` lists conditions that must all hold for the effect to apply.
    """

    __pydantic_config__ = TABLE_CONFIG

    effect: EffectKind
    when: tuple[Condition, ...] = ()
    value: int | None = None
    rounding: Literal["down", "up"] | None = None
    cap: int | None = None
    base: int | None = None
    minimum: int | None = None
    fallback_roll: int | None = None
    may_defend: bool | None = None
    appearance: int | None = None
    appearance_burning_or_corrosion: int | None = None
    reroll_if: tuple[Condition, ...] = ()
    if_reroll_differs: Literal["drop_weapon", "use_new_result"] | None = None
    fraction: float | None = None
    defense_penalty: int | None = None
    attack_penalty: int | None = None
    extra_ready: int | None = None
    dice: Dice | None = None
    bystander_roll: Literal["DX"] | None = None
    bystander_fraction: float | None = None
    minutes: int | None = None
    recovery_roll: Literal["HT"] | None = None
    injury: int | None = None
    yards: int | None = None
    roll: Literal["DX", "HT"] | None = None
    modifier: int | None = None
    doubles_evaluate_and_feint: bool | None = None
    next_turn_penalty: int | None = None
    lasting_penalty: int | None = None
    lasting_penalty_high_pain_threshold: int | None = None

    def __post_init__(self) -> None:
        given = {
            name
            for name in (f.name for f in fields(self))
            if name not in ("effect", "when") and getattr(self, name) not in (None, ())
        }
        check_effect_params(self.effect, given)


@dataclass(kw_only=True, eq=False, repr=False)
class CriticalEntry(TableRecord):
    """One row of a critical table: its 3d6 results, words, and effects."""

    __pydantic_config__ = TABLE_CONFIG

    key: str
    rolls: tuple[int, ...]
    en: str
    ja: str
    effects: tuple[Effect, ...]


@dataclass(kw_only=True, eq=False, repr=False)
class CriticalNote(TableRecord):
    """A table-wide footnote that replaces a result in special cases."""

    __pydantic_config__ = TABLE_CONFIG

    key: str
    en: str
    ja: str
    effects: tuple[Effect, ...]


@dataclass(kw_only=True, eq=False, repr=False)
class CriticalTable(TableRecord):
    """A critical hit or critical miss table covering 3d6 results 3-18."""

    __pydantic_config__ = TABLE_CONFIG

    table: Literal["critical_hit", "critical_head_blow", "critical_miss", "unarmed_critical_miss"]
    every_entry: tuple[Effect, ...] = ()
    entries: tuple[CriticalEntry, ...]
    notes: tuple[CriticalNote, ...] = ()

    def __post_init__(self) -> None:
        _check_unique([e.key for e in self.entries] + [n.key for n in self.notes])
        _check_rolls([(e.key, e.rolls) for e in self.entries], self.table)


# --- hit locations and wounding -------------------------------------------------------------


@dataclass(kw_only=True, eq=False, repr=False)
class HitLocation(TableRecord):
    """A humanoid hit location (命中部位): where it is on 3d6 and what it does."""

    __pydantic_config__ = TABLE_CONFIG

    key: str
    en: str
    ja: str
    rolls: tuple[int, ...]
    penalty: int
    penalty_from_behind: int | None = None
    penalty_shield_arm: int | None = None
    kind: LocationKind
    side: Literal["right", "left"] | None = None
    extra_dr: int = 0
    knockdown_modifier: int = 0
    knockdown_on_shock: bool = False
    cripple_divisor: int | None = None
    critical_table: Literal["critical_hit", "critical_head_blow"] = "critical_hit"
    targetable_by: tuple[DamageType, ...] | None = None
    note_en: str
    note_ja: str


@dataclass(kw_only=True, eq=False, repr=False)
class HitLocationTable(TableRecord):
    """All hit locations; the random ones cover 3d6 results 3-18 once each."""

    __pydantic_config__ = TABLE_CONFIG

    locations: tuple[HitLocation, ...]

    def __post_init__(self) -> None:
        _check_unique([loc.key for loc in self.locations])
        _check_rolls([(loc.key, loc.rolls) for loc in self.locations], "hit location table")
        if not any(loc.kind is LocationKind.TORSO for loc in self.locations):
            raise ValueError("there must be a torso location")


@dataclass(kw_only=True, eq=False, repr=False)
class DamageTypeInfo(TableRecord):
    """A damage type's names and torso wounding rules."""

    __pydantic_config__ = TABLE_CONFIG

    key: DamageType
    en: str
    ja: str
    multiplier: Ratio | None
    knockback: Literal["always", "if_not_penetrating", "never"] = "never"
    blunt_trauma_per: int | None = None
    ignores_location: bool = False


@dataclass(kw_only=True, eq=False, repr=False)
class InjuryToleranceInfo(TableRecord):
    """How an Injury Tolerance trait changes wounding (B380, B400)."""

    __pydantic_config__ = TABLE_CONFIG

    key: InjuryTolerance
    en: str
    ja: str
    multipliers: dict[DamageType, Ratio]
    location_kinds_kept: tuple[LocationKind, ...] = ()
    ignores_location: bool = False
    max_injury: dict[str, int] | None = None
    can_be_crippled: bool = True

    def __post_init__(self) -> None:
        if self.max_injury is not None:
            allowed = {t.value for t in DamageType} | {"other"}
            unknown = sorted(set(self.max_injury) - allowed)
            if unknown:
                raise ValueError(f"max_injury has unknown damage type(s) {unknown}")
            if "other" not in self.max_injury:
                raise ValueError("max_injury needs an 'other' entry for unlisted types")


@dataclass(kw_only=True, eq=False, repr=False)
class WoundingTable(TableRecord):
    """Damage types, location multipliers and Injury Tolerance."""

    __pydantic_config__ = TABLE_CONFIG

    damage_types: tuple[DamageTypeInfo, ...]
    by_location_kind: dict[LocationKind, dict[DamageType, Ratio]]
    injury_tolerance: tuple[InjuryToleranceInfo, ...]

    def __post_init__(self) -> None:
        keys = [info.key.value for info in self.damage_types]
        _check_unique(keys)
        missing = sorted({t.value for t in DamageType} - set(keys))
        if missing:
            raise ValueError(f"damage_types lacks {missing}")
        kinds = sorted({k.value for k in LocationKind} - {k.value for k in self.by_location_kind})
        if kinds:
            raise ValueError(f"by_location_kind lacks {kinds}")
        tolerances = [info.key.value for info in self.injury_tolerance]
        _check_unique(tolerances)
        absent = sorted({t.value for t in InjuryTolerance} - set(tolerances))
        if absent:
            raise ValueError(f"injury_tolerance lacks {absent}")


# --- postures, encumbrance, damage by ST, size and range, ranged ------------------------------


@dataclass(kw_only=True, eq=False, repr=False)
class Posture(TableRecord):
    """A posture (姿勢) and its modifiers (B551; movement costs from seed 001)."""

    __pydantic_config__ = TABLE_CONFIG

    key: str
    en: str
    ja: str
    melee_attack: int
    defense: int
    ranged_to_be_hit: int
    ranged_to_be_hit_cover_table: int | None = None
    move_factor: Ratio | None = None
    move_yards_per_turn: int | None = None
    extra_mp_per_hex: Ratio | None
    can_retreat: bool
    hexes: int
    height: Literal[0, 1, 2]

    def __post_init__(self) -> None:
        if (self.move_factor is None) == (self.move_yards_per_turn is None):
            raise ValueError("give exactly one of move_factor and move_yards_per_turn")


@dataclass(kw_only=True, eq=False, repr=False)
class PostureTable(TableRecord):
    """All postures, with standing among them."""

    __pydantic_config__ = TABLE_CONFIG

    postures: tuple[Posture, ...]

    def __post_init__(self) -> None:
        _check_unique([p.key for p in self.postures])
        if not any(p.key == "standing" for p in self.postures):
            raise ValueError("there must be a 'standing' posture")


@dataclass(kw_only=True, eq=False, repr=False)
class EncumbranceLevel(TableRecord):
    """An encumbrance level (荷重) and what it does to Move and Dodge."""

    __pydantic_config__ = TABLE_CONFIG

    level: int
    key: str
    en: str
    ja: str
    max_lift_multiple: int
    move_factor: Ratio
    dodge: int


@dataclass(kw_only=True, eq=False, repr=False)
class EncumbranceTable(TableRecord):
    """Encumbrance levels 0-4 in order, each allowing more weight than the last."""

    __pydantic_config__ = TABLE_CONFIG

    levels: tuple[EncumbranceLevel, ...]

    def __post_init__(self) -> None:
        if [lv.level for lv in self.levels] != list(range(len(self.levels))):
            raise ValueError("levels must be numbered 0, 1, 2 … in order")
        multiples = [lv.max_lift_multiple for lv in self.levels]
        if multiples != sorted(set(multiples)):
            raise ValueError("max_lift_multiple must increase from level to level")


@dataclass(kw_only=True, eq=False, repr=False)
class _StRow(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    st: tuple[int, int]
    thrust: Dice
    swing: Dice


@dataclass(kw_only=True, eq=False, repr=False)
class _StCheckpoint(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    st: int
    thrust: Dice
    swing: Dice


@dataclass(kw_only=True, eq=False, repr=False)
class DamageBySt(TableRecord):
    """Thrust and swing by ST: explicit rows from ST 1, and published checkpoints above."""

    __pydantic_config__ = TABLE_CONFIG

    rows: tuple[_StRow, ...]
    checkpoints: tuple[_StCheckpoint, ...] = ()

    def __post_init__(self) -> None:
        check_ranges([row.st for row in self.rows], 1, "ST")


def _path(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def table_error(file_name: str, error: Any) -> TableError:
    """Turn a pydantic `ValidationError` into one line: file, field path, problem."""
    first = error.errors(include_url=False)[0]
    message = str(first["msg"]).removeprefix("Value error, ")
    if first["type"] == "unexpected_keyword_argument":
        message = "Extra inputs are not permitted"  # as pydantic words it for models
    return TableError(f"{file_name}: {_path(tuple(first['loc']))}: {message}")


_ADAPTERS: dict[type[Any], Any] = {}


def _adapter(model: type[Any]) -> Any:
    """pydantic's validator for a table class (pydantic is imported here, on first use)."""
    known = _ADAPTERS.get(model)
    if known is None:
        from typing import Annotated

        from pydantic import PlainValidator, TypeAdapter

        names = globals()
        names.setdefault("Ratio", Annotated[Fraction, PlainValidator(_fraction)])
        names.setdefault("Dice", Annotated[DamageDice, PlainValidator(_dice)])
        known = _ADAPTERS[model] = TypeAdapter(model)
    return known


def validate(file_name: str, data: Any, model: type[_TableT]) -> _TableT:
    """Validate raw YAML data against `model`, raising `TableError` on any problem."""
    from pydantic import ValidationError

    try:
        table: _TableT = _adapter(model).validate_python(data)
    except ValidationError as error:
        raise table_error(file_name, error) from None
    return table
