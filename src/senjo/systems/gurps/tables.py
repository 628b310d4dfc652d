"""GURPS rule tables, loaded once from `data/*.yaml` and precomputed for fast lookups.

The YAML files are validated on import (see `table_schema`), or read back
from the per-user cache of an earlier validation of the very same files
(`table_cache`); the accessors below only index tuples and dicts.

>>> thrust_damage(18), swing_damage(18)
(DamageDice(dice=1, adds=2), DamageDice(dice=3, adds=0))
>>> range_modifier(30), range_modifier(31), range_modifier(2)
(-7, -8, 0)
>>> size_modifier(4), hit_location(17).key
(2, 'neck')
>>> critical_hit(3).effects[1]
Effect(effect=<EffectKind.DAMAGE_MULTIPLIER: 'damage_multiplier'>, ..., value=3, ...)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from senjo.systems.gurps import damage as damage_module
from senjo.systems.gurps import effects as effects_module
from senjo.systems.gurps import lookups, ranged_schema, table_schema
from senjo.systems.gurps.damage import DamageDice
from senjo.systems.gurps.lookups import hit_location, location, location_penalty, posture
from senjo.systems.gurps.ranged_schema import RangedTables, SpeedRangeTable
from senjo.systems.gurps.table_cache import load_cached
from senjo.systems.gurps.table_schema import (
    CriticalEntry,
    CriticalTable,
    DamageBySt,
    EncumbranceLevel,
    EncumbranceTable,
    HitLocation,
    HitLocationTable,
    Posture,
    PostureTable,
    TableError,
    WoundingTable,
    validate,
)

__all__ = [
    "DAMAGE_BY_ST",
    "ENCUMBRANCE",
    "HIT_LOCATIONS",
    "POSTURES",
    "RANGED",
    "SPEED_RANGE",
    "WOUNDING",
    "check_table",
    "critical_head_blow",
    "critical_hit",
    "critical_miss",
    "critical_table",
    "hit_location",
    "location",
    "location_penalty",
    "posture",
    "range_modifier",
    "size_modifier",
    "swing_damage",
    "thrust_damage",
    "unarmed_critical_miss",
]

#: The YAML tables, beside this module (the cache below keys on these files too).
_DATA = Path(__file__).with_name("data")


def _text(file_name: str) -> str:
    try:
        return (_DATA / file_name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TableError(f"{file_name}: (file): missing from senjo's GURPS data") from None


def _parse(file_name: str, text: str) -> Any:
    import yaml  # only when the tables are checked (not when they come from the cache)

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as error:
        problem = " ".join(str(error).split())
        raise TableError(f"{file_name}: (file): not valid YAML: {problem}") from None


def _read(file_name: str) -> Any:
    return _parse(file_name, _text(file_name))


# --- damage by ST (B16) ---------------------------------------------------------------------

_PRECOMPUTED_ST = 200


def _from_step(step: int) -> DamageDice:
    """Step 0 is 1d-1; each step adds 1 until +2, then the next die starts at -1."""
    return DamageDice(step // 4 + 1, step % 4 - 1)


def _thrust_step(st: int) -> int:
    # Above ST 40 the published rows gain a step every 2 ST, but thrust skips
    # one at ST 51 and at ST 80, 85, 90 … (checked against the YAML checkpoints).
    slowdown = 0 if st <= 50 else 1 if st < 80 else 2 + (st - 80) // 5
    return (st - 11 - slowdown) // 2


def _swing_step(st: int) -> int:
    # Swing slows by one step per 5 ST beyond 40 and regains one at ST 60.
    slowdown = max(0, (st - 40) // 5) - (1 if st >= 60 else 0)
    return (st + 9 - slowdown) // 2


def _compile_damage(table: DamageBySt) -> tuple[tuple[DamageDice, ...], tuple[DamageDice, ...]]:
    thrust = [DamageDice(0)] * (_PRECOMPUTED_ST + 1)
    swing = list(thrust)
    for row in table.rows:
        for st in range(row.st[0], row.st[1] + 1):
            thrust[st], swing[st] = row.thrust, row.swing
    for st in range(table.rows[-1].st[1] + 1, _PRECOMPUTED_ST + 1):
        thrust[st], swing[st] = _from_step(_thrust_step(st)), _from_step(_swing_step(st))
    for index, point in enumerate(table.checkpoints):
        got = (_from_step(_thrust_step(point.st)), _from_step(_swing_step(point.st)))
        if got != (point.thrust, point.swing):
            raise TableError(
                f"damage_by_st.yaml: checkpoints[{index}]: ST {point.st} is listed as "
                f"{point.thrust}/{point.swing} but the progression gives {got[0]}/{got[1]}"
            )
    return tuple(thrust), tuple(swing)


def _strike(st: int, table: tuple[DamageDice, ...], step: Callable[[int], int]) -> DamageDice:
    if 0 < st < len(table):
        return table[st]
    if st < 1:
        raise ValueError(f"ST must be 1 or more to do damage, not {st}")
    return _from_step(step(st))


def thrust_damage(st: int) -> DamageDice:
    """Thrust damage (突き) for ST `st` (B16; above ST 40 by the Basic Set progression).

    >>> thrust_damage(10), thrust_damage(45)
    (DamageDice(dice=1, adds=-2), DamageDice(dice=5, adds=0))
    """
    return _strike(st, _THRUST, _thrust_step)


def swing_damage(st: int) -> DamageDice:
    """Swing damage (振り) for ST `st` (B16; above ST 40 by the Basic Set progression).

    >>> str(swing_damage(10)), str(swing_damage(100))
    ('1d', '13d')
    """
    return _strike(st, _SWING, _swing_step)


# --- size and speed/range (B550) ------------------------------------------------------------

_DECADES = 16
# A measurement a hair above a row (float noise, e.g. inches / 36) still counts as that row.
_FLOAT_SLACK = 1 - 1e-9


def _compile_scale(
    table: SpeedRangeTable,
) -> tuple[tuple[float, ...], int, tuple[float, ...], tuple[int, ...]]:
    large = tuple(float(Fraction(str(m)) * 10**e) for e in range(_DECADES) for m in table.decade)
    zero = table.decade.index(table.zero_row_yards)
    one_yard_sm = -zero
    sizes: list[float] = []
    mods: list[int] = []
    for index, row in enumerate(reversed(table.small_rows)):
        expected = one_yard_sm - len(table.small_rows) + index
        if row.size_modifier != expected:
            position = len(table.small_rows) - 1 - index
            raise TableError(
                f"speed_range_size.yaml: small_rows[{position}].size_modifier: is "
                f"{row.size_modifier}, but the row should be {expected} to run on to 1 yard"
            )
        sizes.append(row.inches / 36)
        mods.append(row.size_modifier)
    sizes.extend(large)
    mods.extend(i - zero for i in range(len(large)))
    return large, zero, tuple(sizes), tuple(mods)


def range_modifier(yards: float) -> int:
    """Speed/range modifier for a distance (or distance + speed) in yards (B550).

    A distance between two rows uses the next higher row; 2 yards or less is 0.

    >>> [range_modifier(d) for d in (1, 3, 3.5, 20, 100, 1000)]
    [0, -1, -2, -6, -10, -16]
    """
    if yards <= _NO_RANGE_MODIFIER:
        return 0
    extra = 0
    while yards > _LARGE[-1]:
        yards /= 10
        extra += 6
    return _ZERO - bisect_left(_LARGE, yards * _FLOAT_SLACK) - extra


def size_modifier(yards_longest: float) -> int:
    """Size modifier (サイズ修正) from the longest dimension in yards (B550).

    A size between two rows uses the next higher row.

    >>> [size_modifier(y) for y in (2, 1.5, 1, 24 / 36, 1 / 3, 10)]
    [0, -1, -2, -3, -5, 4]
    """
    if yards_longest <= 0:
        raise ValueError(f"a size must be positive, not {yards_longest}")
    extra = 0
    while yards_longest > _SIZES[-1]:
        yards_longest /= 10
        extra += 6
    while yards_longest < _SIZES[0]:
        yards_longest *= 10
        extra -= 6
    return _SIZE_MODS[bisect_left(_SIZES, yards_longest * _FLOAT_SLACK)] + extra


# Hit locations (B398-400, B552) and postures (B551): `lookups.py`.


# --- critical tables (B556-557) -------------------------------------------------------------


def _compile_critical(table: CriticalTable) -> dict[int, CriticalEntry]:
    by_roll: dict[int, CriticalEntry] = {}
    for entry in table.entries:
        if table.every_entry:
            entry = replace(entry, effects=table.every_entry + entry.effects)
        for roll in entry.rolls:
            by_roll[roll] = entry
    return by_roll


def _critical(name: str, roll: int) -> CriticalEntry:
    try:
        return _CRITICAL_BY_ROLL[name][roll]
    except KeyError:
        raise ValueError(f"a 3d6 roll is 3-18, not {roll}") from None


def critical_table(name: str) -> CriticalTable:
    """A whole critical table by name.

    Names: critical_hit, critical_head_blow, critical_miss, unarmed_critical_miss.
    """
    try:
        return _CRITICAL_TABLES[name]
    except KeyError:
        known = ", ".join(_CRITICAL_TABLES)
        raise ValueError(f"no critical table {name!r}; known: {known}") from None


def critical_hit(roll: int) -> CriticalEntry:
    """Critical hit table result for a 3d6 roll; every entry starts with defense_impossible.

    >>> critical_hit(4).key, critical_hit(12).key
    ('dr_halved', 'drops_held_items')
    """
    return _critical("critical_hit", roll)


def critical_head_blow(roll: int) -> CriticalEntry:
    """Critical head blow table result (skull, face or eye hits).

    >>> critical_head_blow(6).effects[1].fallback_roll
    4
    """
    return _critical("critical_head_blow", roll)


def critical_miss(roll: int) -> CriticalEntry:
    """Critical miss table result for armed attacks and parries.

    >>> critical_miss(10).key
    'drop_weapon'
    """
    return _critical("critical_miss", roll)


def unarmed_critical_miss(roll: int) -> CriticalEntry:
    """Critical miss table result for unarmed attacks and parries.

    >>> unarmed_critical_miss(8).effects[0].effect.value
    'fall_down'
    """
    return _critical("unarmed_critical_miss", roll)


# --- loading --------------------------------------------------------------------------------

_MODELS: Mapping[str, type[Any]] = {
    "damage_by_st.yaml": DamageBySt,
    "speed_range_size.yaml": SpeedRangeTable,
    "hit_locations.yaml": HitLocationTable,
    "wounding.yaml": WoundingTable,
    "postures.yaml": PostureTable,
    "encumbrance.yaml": EncumbranceTable,
    "ranged.yaml": RangedTables,
    "critical_hit.yaml": CriticalTable,
    "critical_head_blow.yaml": CriticalTable,
    "critical_miss.yaml": CriticalTable,
    "unarmed_critical_miss.yaml": CriticalTable,
}

_COMPILERS: Mapping[str, Callable[[Any], object]] = {
    "damage_by_st.yaml": _compile_damage,
    "speed_range_size.yaml": _compile_scale,
}


def check_table(file_name: str, data: Any) -> Any:
    """Validate `data` as the contents of `file_name`, raising `TableError` if it is broken.

    Returns the validated model. Used on load and by tests of broken tables.

    >>> check_table("postures.yaml", {"postures": []})
    Traceback (most recent call last):
    ...
    senjo.systems.gurps.table_schema.TableError: postures.yaml: (top level): there must be ...
    """
    try:
        model = _MODELS[file_name]
    except KeyError:
        raise TableError(f"{file_name}: (file): not a GURPS table senjo knows") from None
    table = validate(file_name, data, model)
    compiler = _COMPILERS.get(file_name)
    if compiler is not None:
        compiler(table)
    return table


_CRITICAL_NAMES = ("critical_hit", "critical_head_blow", "critical_miss", "unarmed_critical_miss")


def _check_all(texts: Mapping[str, str]) -> dict[str, Any]:
    """Every table read and checked (what the cache keeps)."""
    checked = {name: check_table(name, _parse(name, text)) for name, text in texts.items()}
    for name in _CRITICAL_NAMES:
        table: CriticalTable = checked[f"{name}.yaml"]
        if table.table != name:
            raise TableError(f"{name}.yaml: table: says {table.table!r}, expected {name!r}")
    return checked


#: The sources of the modules whose classes the cached tables hold, and this loader: a
#: change to any of them checks the tables again. Named beside this file (which is never
#: compiled): a module compiled with mypyc may report another `__file__`, and which one
#: depends on the order of imports.
_SOURCES = (
    *(
        Path(__file__).with_name(f"{module.__name__.rpartition('.')[2]}.py")
        for module in (table_schema, ranged_schema, damage_module, effects_module)
    ),
    Path(__file__),
)

_TABLES = load_cached(
    "gurps-tables",
    {name: _text(name) for name in _MODELS},
    _check_all,
    sources=_SOURCES,
)

DAMAGE_BY_ST: DamageBySt = _TABLES["damage_by_st.yaml"]
SPEED_RANGE: SpeedRangeTable = _TABLES["speed_range_size.yaml"]
_hit_locations: HitLocationTable = _TABLES["hit_locations.yaml"]
WOUNDING: WoundingTable = _TABLES["wounding.yaml"]
_postures: PostureTable = _TABLES["postures.yaml"]
_encumbrance: EncumbranceTable = _TABLES["encumbrance.yaml"]
RANGED: RangedTables = _TABLES["ranged.yaml"]

HIT_LOCATIONS: tuple[HitLocation, ...] = _hit_locations.locations
POSTURES: tuple[Posture, ...] = _postures.postures
ENCUMBRANCE: tuple[EncumbranceLevel, ...] = _encumbrance.levels

_THRUST, _SWING = _compile_damage(DAMAGE_BY_ST)
_LARGE, _ZERO, _SIZES, _SIZE_MODS = _compile_scale(SPEED_RANGE)
_NO_RANGE_MODIFIER = SPEED_RANGE.no_range_modifier_up_to_yards
# The compiled lookups (`lookups.py`) serve these; exported here under the same names.
lookups.LOCATIONS.update({loc.key: loc for loc in HIT_LOCATIONS})
lookups.LOCATIONS_BY_ROLL.update({roll: loc for loc in HIT_LOCATIONS for roll in loc.rolls})
lookups.POSTURES.update({p.key: p for p in POSTURES})


_CRITICAL_TABLES: dict[str, CriticalTable] = {
    name: _TABLES[f"{name}.yaml"] for name in _CRITICAL_NAMES
}
_CRITICAL_BY_ROLL = {name: _compile_critical(t) for name, t in _CRITICAL_TABLES.items()}
