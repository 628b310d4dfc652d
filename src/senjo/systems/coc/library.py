"""Weapons by key (`data/weapons.yaml`) and inline weapons, checked field by field.

>>> weapon("revolver_38").rof, weapon("fist").damage.text
(2, '1D3')
>>> weapon("katana")
Traceback (most recent call last):
...
senjo.systems.coc.library.WeaponError: no weapon 'katana'; known: claw, club, fist, ...
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import yaml

from senjo.systems.coc.model import DamageDice, Weapon

__all__ = ["UNARMED", "WEAPON_FIELDS", "WeaponError", "known_weapons", "weapon", "weapon_from_data"]

#: The unarmed attacks every combatant has, whether the sheet lists them or not.
UNARMED = ("fist", "kick", "head_butt", "grapple")

KINDS = ("melee", "thrown", "firearm", "grapple")
DB_KINDS = ("full", "half", "none")
_FLAGS = ("unarmed", "impaling", "blunt", "parry")
_NUMBERS = {"base_range": float, "rof": int, "shots": int, "malfunction": int}
WEAPON_FIELDS = ("name", "skill", "damage", "kind", "db", *_FLAGS, *_NUMBERS)


class WeaponError(ValueError):
    """A weapon key or field is wrong; `path` names the field (relative to the weapon)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


def _names(value: Any, key: str) -> tuple[str, str]:
    if value is None:
        return key, key
    if isinstance(value, str) and value:
        return value, value
    if isinstance(value, dict) and value and set(value) <= {"en", "ja"}:
        en = value.get("en", value.get("ja"))
        ja = value.get("ja", en)
        if isinstance(en, str) and isinstance(ja, str) and en and ja:
            return en, ja
    raise WeaponError("name", "expected text, or {en: ..., ja: ...}")


def weapon_from_data(key: str, data: dict[str, Any]) -> Weapon:
    """Build a weapon from its fields; raises WeaponError naming the bad field."""
    unknown = sorted(set(data) - set(WEAPON_FIELDS))
    if unknown:
        raise WeaponError(unknown[0], f"unknown field; allowed: {', '.join(WEAPON_FIELDS)}")
    name, name_ja = _names(data.get("name"), key)
    skill = data.get("skill")
    if not isinstance(skill, str) or not skill:
        raise WeaponError("skill", "a weapon needs the key of the skill it uses")
    damage_text = data.get("damage")
    if not isinstance(damage_text, str | int) or isinstance(damage_text, bool):
        raise WeaponError("damage", "write dice such as 1D6 or 1D4+2")
    try:
        damage = DamageDice.parse(str(damage_text))
    except ValueError as error:
        raise WeaponError("damage", str(error)) from None
    kind = data.get("kind", "melee")
    if kind not in KINDS:
        raise WeaponError("kind", f"{kind!r} is not a kind; allowed: {', '.join(KINDS)}")
    db = data.get("db", "full")
    if db not in DB_KINDS:
        raise WeaponError("db", f"{db!r} is not a db rule; allowed: {', '.join(DB_KINDS)}")
    flags: dict[str, bool] = {}
    for flag in _FLAGS:
        value = data.get(flag, False)
        if not isinstance(value, bool):
            raise WeaponError(flag, "expected true or false")
        flags[flag] = value
    numbers: dict[str, Any] = {}
    for number, cast in _NUMBERS.items():
        value = data.get(number, 0 if number != "rof" else 1)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise WeaponError(number, "expected a number of 0 or more")
        if cast is int and value != int(value):
            raise WeaponError(number, "expected a whole number")
        numbers[number] = cast(value)
    if numbers["rof"] < 1:
        raise WeaponError("rof", "a weapon fires at least once a round")
    if kind == "firearm" and numbers["shots"] < 1:
        raise WeaponError("shots", "a firearm holds at least one shot")
    if kind in ("firearm", "thrown") and numbers["base_range"] <= 0:
        raise WeaponError("base_range", "a firearm or thrown weapon needs a base range")
    return Weapon(
        key=key,
        name=name,
        name_ja=name_ja,
        skill=skill,
        damage=damage,
        kind=kind,
        db=db,
        **flags,
        **numbers,
    )


@functools.cache
def _library() -> dict[str, Weapon]:
    text = resources.files("senjo.systems.coc").joinpath("data/weapons.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    return {key: weapon_from_data(key, fields) for key, fields in data.items()}


def known_weapons() -> tuple[str, ...]:
    """Every library weapon key, sorted."""
    return tuple(sorted(_library()))


def weapon(key: str) -> Weapon:
    """The library weapon with this key; WeaponError lists the known keys."""
    found = _library().get(key)
    if found is None:
        raise WeaponError("", f"no weapon {key!r}; known: {', '.join(known_weapons())}")
    return found
