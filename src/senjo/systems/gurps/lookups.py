"""The rule tables' lookups a battle makes by the hundred: postures and hit locations.

`tables.py` finds its data files by `__file__`, so it stays Python (`senjo.native`),
and each call into it from compiled rule code was an interpreted call: about a
hundred `posture` lookups a duel, and some fifty of hit locations. These functions
compile. `tables.py` fills their dictionaries as it loads and exports the functions
under its own names; a lookup made before the tables are loaded loads them.

>>> p = posture("kneeling")
>>> p.melee_attack, p.defense, p.ranged_to_be_hit, p.can_retreat
(-2, -2, -2, False)
>>> hit_location(9).key, hit_location(15).en
('torso', 'hand')
>>> location_penalty("skull"), location_penalty("skull", from_behind=True)
(-7, -5)
>>> location_penalty("left_arm", shield_arm=True)
-4
>>> posture("flying")
Traceback (most recent call last):
...
ValueError: no posture 'flying'; known: standing, crouching, kneeling, sitting, crawling, lying
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from senjo.systems.gurps.table_schema import HitLocation, Posture

__all__ = [
    "LOCATIONS",
    "LOCATIONS_BY_ROLL",
    "POSTURES",
    "hit_location",
    "location",
    "location_penalty",
    "posture",
]

_K = TypeVar("_K")
_V = TypeVar("_V")

#: Filled by `tables.py` as it loads: postures and hit locations by key, locations by
#: the 3d6 roll that hits them (B398-400, B551-552).
POSTURES: Final[dict[str, Posture]] = {}
LOCATIONS: Final[dict[str, HitLocation]] = {}
LOCATIONS_BY_ROLL: Final[dict[int, HitLocation]] = {}


def _found(table: dict[_K, _V], key: _K) -> _V | None:
    """`table[key]`, loading the tables first if it is not there (None if it still is not)."""
    found = table.get(key)
    if found is None:
        from senjo.systems.gurps import tables  # noqa: F401  (fills the dictionaries)

        found = table.get(key)
    return found


def posture(name: str) -> Posture:
    """A posture by key: standing, crouching, kneeling, sitting, crawling, lying."""
    found = _found(POSTURES, name)
    if found is None:
        raise ValueError(f"no posture {name!r}; known: {', '.join(POSTURES)}")
    return found


def location(key: str) -> HitLocation:
    """A hit location by key (skull, face, right_leg, …, eye, vitals)."""
    found = _found(LOCATIONS, key)
    if found is None:
        raise ValueError(f"no hit location {key!r}; known: {', '.join(LOCATIONS)}")
    return found


def hit_location(roll_3d6: int) -> HitLocation:
    """The hit location for a random-location 3d6 roll."""
    found = _found(LOCATIONS_BY_ROLL, roll_3d6)
    if found is None:
        raise ValueError(f"a 3d6 roll is 3-18, not {roll_3d6}")
    return found


def location_penalty(name: str, *, from_behind: bool = False, shield_arm: bool = False) -> int:
    """To-hit penalty for aiming at a location (B398-400)."""
    place = location(name)
    if from_behind and place.penalty_from_behind is not None:
        return place.penalty_from_behind
    if shield_arm and place.penalty_shield_arm is not None:
        return place.penalty_shield_arm
    return place.penalty
