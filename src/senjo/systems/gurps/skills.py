"""Skill defaults for the combat skills senjo's equipment uses (B173-B229).

A skill a fighter has not learned defaults to an attribute minus a penalty,
or to a related skill; the best default counts.

>>> skill_level("Broadsword", {}, {"DX": 12, "ST": 10, "IQ": 10, "HT": 10})
7
>>> skill_level("Broadsword", {"Shortsword": 14}, {"DX": 12})
12
>>> skill_level("Brawling", {}, {"DX": 11})
11
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["DEFAULTS", "FAST_DRAW", "KNOWN_SKILLS", "skill_level"]

#: skill -> list of (attribute or skill, modifier).
DEFAULTS: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "Axe/Mace": (("DX", -5), ("Flail", -4), ("Two-Handed Axe/Mace", -3)),
    "Bow": (("DX", -5),),
    "Brawling": (("DX", 0),),
    "Broadsword": (
        ("DX", -5),
        ("Force Sword", -4),
        ("Rapier", -4),
        ("Saber", -4),
        ("Shortsword", -2),
        ("Two-Handed Sword", -4),
    ),
    "Crossbow": (("DX", -4),),
    "Knife": (("DX", -4), ("Force Sword", -3), ("Main-Gauche", -3), ("Shortsword", -3)),
    "Shield": (("DX", -4),),
    "Shortsword": (("DX", -5), ("Broadsword", -2), ("Knife", -4), ("Saber", -3)),
    "Spear": (("DX", -5), ("Polearm", -4), ("Staff", -2)),
    "Staff": (("DX", -5), ("Polearm", -4), ("Spear", -2)),
    "Thrown Weapon (Spear)": (("DX", -4), ("Spear Thrower", -4)),
    "Two-Handed Sword": (("DX", -5), ("Broadsword", -4), ("Force Sword", -4)),
}


#: Weapon skill -> the Fast-Draw specialty that readies such a weapon instantly (B194).
FAST_DRAW: Final[dict[str, str]] = {
    "Broadsword": "Fast-Draw (Sword)",
    "Rapier": "Fast-Draw (Sword)",
    "Saber": "Fast-Draw (Sword)",
    "Shortsword": "Fast-Draw (Sword)",
    "Two-Handed Sword": "Fast-Draw (Two-Handed Sword)",
    "Knife": "Fast-Draw (Knife)",
    "Bow": "Fast-Draw (Arrow)",
}

#: Skills a scenario may list besides those its equipment uses (combat-relevant ones).
KNOWN_SKILLS = frozenset(DEFAULTS) | {
    "Acrobatics",
    "Boxing",
    "Fast-Draw (Arrow)",
    "Fast-Draw (Knife)",
    "Fast-Draw (Sword)",
    "Fast-Draw (Two-Handed Sword)",
    "Flail",
    "Judo",
    "Karate",
    "Polearm",
    "Rapier",
    "Saber",
    "Sumo",
    "Two-Handed Axe/Mace",
    "Wrestling",
}


def skill_level(name: str, skills: Mapping[str, int], attributes: Mapping[str, int]) -> int:
    """The fighter's level in `name`: learned, else its best default (unknown skills: DX-5)."""
    if name in skills:
        return skills[name]
    options = [attributes.get("DX", 10) - 5]
    for source, modifier in DEFAULTS.get(name, ()):
        if source in attributes:
            options.append(attributes[source] + modifier)
        elif source in skills:
            options.append(skills[source] + modifier)
    return max(options)
