"""The equipment library: weapons and shields by key, read from `data/equipment.yaml`.

Scenarios name library items by key or write a weapon inline in the same
shape; both go through `weapon_from_data`, which names the field at fault.

>>> sword = weapon("broadsword")
>>> [m.name for m in sword.modes], str(sword.mode("swing").damage)
(['swing', 'thrust'], 'sw+1 cut')
>>> weapon("regular_bow").mode("shoot").ranged.max_range
200.0
>>> shield("medium_shield").db
2
"""

from __future__ import annotations

import functools
import math
from importlib import resources
from typing import Any

import yaml

from senjo.systems.gurps.damage import DamageParseError, WeaponDamage
from senjo.systems.gurps.model import AttackMode, Parry, RangedStats, Shield, Weapon

__all__ = ["EquipmentError", "shield", "shield_keys", "weapon", "weapon_from_data", "weapon_keys"]


class EquipmentError(ValueError):
    """A weapon or shield definition is wrong; `path` names the field."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


_MODE_FIELDS = {
    "name",
    "skill",
    "damage",
    "reach",
    "reach_needs_ready",
    "parry",
    "min_st",
    "two_handed",
    "unarmed",
    "ranged",
    "st_for_damage",
}
_RANGED_FIELDS = {
    "acc",
    "half_damage",
    "max_range",
    "rof",
    "shots",
    "reload",
    "bulk",
    "recoil",
    "thrown",
}
_WEAPON_FIELDS = {"name", "weight", "cheap", "breakage_resistant", "modes"}


def _check_keys(data: Any, allowed: set[str], path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise EquipmentError(path, "expected a mapping")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise EquipmentError(
            f"{path}.{unknown[0]}", f"unknown field; allowed: {', '.join(sorted(allowed))}"
        )
    return data


def _range(value: Any, st: int, path: str) -> float:
    # "x15" means 15 times the ST used for damage (muscle-powered weapons, B270).
    if isinstance(value, str) and value.lower().startswith("x"):
        try:
            multiple = float(value[1:])
        except ValueError:
            multiple = math.nan
        if not (0 < multiple < math.inf):
            raise EquipmentError(path, f"{value!r} is not a range like x15 or 150")
        return multiple * st
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < math.inf:
        return float(value)
    raise EquipmentError(path, f"{value!r} is not a range in yards or a multiple of ST like x15")


def _int(
    data: dict[str, Any],
    key: str,
    default: int,
    path: str,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """A whole number, from `low` to `high` where they are given."""
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EquipmentError(f"{path}.{key}", f"expected a whole number, not {value!r}")
    if low is not None and value < low:
        raise EquipmentError(
            f"{path}.{key}", f"expected a whole number of {low} or more, not {value}"
        )
    if high is not None and value > high:
        raise EquipmentError(
            f"{path}.{key}", f"expected a whole number of {high} or less, not {value}"
        )
    return value


def _reload(data: dict[str, Any], path: str) -> tuple[int, bool]:
    """`reload`: the Ready maneuvers to fill the weapon (`3`), or, with an `i` as on a
    weapon table's Shots (`3i`), to load each round (interpretation 60); and whether
    it is loaded a round at a time."""
    value = data.get("reload", 1)
    individually = isinstance(value, str) and value.endswith("i") and value[:-1].isdigit()
    if individually:
        value = int(value[:-1])
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise EquipmentError(
            f"{path}.reload",
            f"expected Ready maneuvers like 2, or 3i for one round at a time, not {value!r}",
        )
    return value, individually


def _bool(data: dict[str, Any], key: str, path: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise EquipmentError(f"{path}.{key}", f"expected true or false, not {value!r}")
    return value


def _mode(data: Any, path: str, wielder_st: int) -> AttackMode:
    data = _check_keys(data, _MODE_FIELDS, path)
    for required in ("name", "skill", "damage"):
        if not isinstance(data.get(required), str):
            raise EquipmentError(f"{path}.{required}", "required, as text")
    try:
        damage = WeaponDamage.parse(data["damage"])
    except DamageParseError as error:
        raise EquipmentError(f"{path}.damage", str(error)) from None
    reach = data.get("reach", [1])
    if not isinstance(reach, list) or not all(
        isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 10 for r in reach
    ):
        raise EquipmentError(f"{path}.reach", "expected a list of yards, 0 for C: e.g. [0, 1]")
    try:
        raw = data.get("parry", "No" if "ranged" in data else "0")
        # YAML reads an unquoted `No`, the tables' word for "cannot parry", as false.
        parry = Parry.parse("No" if raw is False else str(raw))
    except ValueError:
        raise EquipmentError(
            f"{path}.parry", f"{data.get('parry')!r} is not a parry like 0, -1, +2, 0U, 0F, No"
        ) from None
    st_for_damage = data.get("st_for_damage")
    if st_for_damage is not None and (
        isinstance(st_for_damage, bool) or not isinstance(st_for_damage, int) or st_for_damage < 1
    ):
        raise EquipmentError(f"{path}.st_for_damage", "expected a whole number of 1 or more")
    ranged = None
    if "ranged" in data:
        raw = _check_keys(data["ranged"], _RANGED_FIELDS, f"{path}.ranged")
        st = st_for_damage or wielder_st
        reload, individually = _reload(raw, f"{path}.ranged")
        ranged = RangedStats(
            acc=_int(raw, "acc", 0, f"{path}.ranged", low=0),
            half_damage=_range(raw.get("half_damage", "x10"), st, f"{path}.ranged.half_damage"),
            max_range=_range(raw.get("max_range", "x15"), st, f"{path}.ranged.max_range"),
            rof=_int(raw, "rof", 1, f"{path}.ranged", low=1),
            shots=_int(raw, "shots", 1, f"{path}.ranged", low=1),
            reload=reload,
            bulk=_int(raw, "bulk", 0, f"{path}.ranged", high=0),
            recoil=_int(raw, "recoil", 1, f"{path}.ranged", low=1),
            thrown=_bool(raw, "thrown", f"{path}.ranged"),
            individually=individually,
        )
    return AttackMode(
        name=data["name"],
        skill=data["skill"],
        damage=damage,
        reach=tuple(reach) if ranged is None else (),
        reach_needs_ready=_bool(data, "reach_needs_ready", path),
        parry=parry,
        min_st=_int(data, "min_st", 0, path, low=0),
        two_handed=_bool(data, "two_handed", path),
        unarmed=_bool(data, "unarmed", path),
        ranged=ranged,
        st_for_damage=st_for_damage,
    )


def _name(value: Any, path: str, lang: str = "en") -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get(lang), str):
        return str(value[lang])
    if isinstance(value, dict) and isinstance(value.get("en"), str):
        return str(value["en"])
    raise EquipmentError(path, "expected a name, or {en: ..., ja: ...}")


def weapon_from_data(key: str, data: Any, path: str, wielder_st: int = 10) -> Weapon:
    """Build a weapon from its data (library entry or inline scenario definition)."""
    data = _check_keys(data, _WEAPON_FIELDS, path)
    modes_data = data.get("modes")
    if not isinstance(modes_data, list) or not modes_data:
        raise EquipmentError(f"{path}.modes", "a weapon needs at least one attack mode")
    modes = tuple(
        _mode(mode, f"{path}.modes[{index}]", wielder_st) for index, mode in enumerate(modes_data)
    )
    names = [mode.name for mode in modes]
    if len(set(names)) != len(names):
        raise EquipmentError(f"{path}.modes", "two attack modes share a name")
    weight = data.get("weight", 0)
    if not isinstance(weight, int | float) or isinstance(weight, bool) or weight < 0:
        raise EquipmentError(f"{path}.weight", "expected a weight in lb, 0 or more")
    return Weapon(
        key=key,
        name=_name(data.get("name", key), f"{path}.name"),
        name_ja=_name(data.get("name", key), f"{path}.name", "ja"),
        modes=modes,
        weight=float(weight),
        cheap=_bool(data, "cheap", path),
        breakage_resistant=_bool(data, "breakage_resistant", path),
        fencing=any(mode.parry.fencing for mode in modes),
    )


@functools.cache
def _library() -> dict[str, Any]:
    text = resources.files("senjo.systems.gurps").joinpath("data/equipment.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise EquipmentError("equipment.yaml", "expected weapons: and shields:")
    return data


def weapon_keys() -> list[str]:
    """Every library weapon's key."""
    return sorted(_library()["weapons"])


def shield_keys() -> list[str]:
    """Every library shield's key."""
    return sorted(_library()["shields"])


def weapon(key: str, wielder_st: int = 10) -> Weapon:
    """A library weapon (ranges of muscle-powered weapons follow the wielder's ST)."""
    entries = _library()["weapons"]
    if key not in entries:
        raise EquipmentError("weapons", f"no weapon {key!r}; known: {', '.join(weapon_keys())}")
    return weapon_from_data(key, entries[key], f"equipment.yaml:weapons.{key}", wielder_st)


def shield(key: str) -> Shield:
    """A library shield."""
    entries = _library()["shields"]
    if key not in entries:
        raise EquipmentError("shield", f"no shield {key!r}; known: {', '.join(shield_keys())}")
    data = entries[key]
    names = data["name"]
    return Shield(
        key,
        _name(names, f"shields.{key}.name"),
        int(data["db"]),
        name_ja=_name(names, f"shields.{key}.name", "ja"),
    )
