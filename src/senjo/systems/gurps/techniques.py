"""Techniques (seed 000, *Martial Arts*): attacks bought up from a default.

senjo models the two techniques seed 000 defines by their defaults, both based
on Acrobatic Attack (an acrobatic Move and Attack): `acrobatic_attack` at
weapon skill -6 (Move and Attack's -4 and the Acrobatic Attack's -2) with the
cap of 9, and `acrobatic_attack_uncapped` at -7, which ignores the cap. A
fighter's technique level is written relative to its weapon skill, from the
default up to 0 (a technique never exceeds its skill; an interpretation).

>>> TECHNIQUES["acrobatic_attack"], TECHNIQUES["acrobatic_attack_uncapped"]
(-6, -7)
>>> check_level("acrobatic_attack", -8)
'-8 is below the default of -6'
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.model import Fighter

__all__ = ["CAPPED", "TECHNIQUES", "UNCAPPED", "acrobatic_technique", "check_level"]

CAPPED: Final = "acrobatic_attack"
UNCAPPED: Final = "acrobatic_attack_uncapped"

#: Each technique's default, relative to the weapon skill (seed 000).
TECHNIQUES: Final = {CAPPED: -6, UNCAPPED: -7}


def check_level(name: str, level: int) -> str | None:
    """Why a technique level is not allowed, or None when it is."""
    default = TECHNIQUES.get(name)
    if default is None:
        return f"unknown technique {name!r}; known: {', '.join(sorted(TECHNIQUES))}"
    if level < default:
        return f"{level} is below the default of {default}"
    if level > 0:
        return f"{level} is above 0 (a technique is at most its skill)"
    return None


def acrobatic_technique(fighter: Fighter) -> tuple[str, int] | None:
    """The fighter's Acrobatic Attack technique (the uncapped one first), if it has one."""
    for name in (UNCAPPED, CAPPED):
        if name in fighter.techniques:
            return name, fighter.techniques[name]
    return None
