"""Overpenetration (seed 000 完全貫通と遮蔽; B386, the Japanese edition's 2B66P).

A piercing or impaling shot whose basic damage exceeds its target's *cover DR* goes
through and flies on along its line: the DR it met counted twice (in and out) plus the
target's HP - half of it for an unliving or homogenous body, a quarter for a diffuse one -
and the shot's armour divisor applied to the whole. Whoever it hits beyond meets that cover
DR on top of its own (interpretation 71 of docs/rules/gurps.md; on a hex map only, option
`overpenetration`).
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.anatomy import injury_tolerance
from senjo.systems.gurps.damage import DamageType
from senjo.systems.gurps.injury import Injury, divided_dr
from senjo.systems.gurps.model import Fighter

__all__ = ["GOES_THROUGH", "HP_SHARE", "cover_dr", "flies_on"]

#: The damage types that may go through a body (B386: piercing and impaling; tight-beam
#: burning is not told apart from other burning in senjo, so none of it goes through).
GOES_THROUGH: Final = frozenset(
    {
        DamageType.IMPALING,
        DamageType.SMALL_PIERCING,
        DamageType.PIERCING,
        DamageType.LARGE_PIERCING,
        DamageType.HUGE_PIERCING,
    }
)

#: The divisor of HP in cover DR, by Injury Tolerance (living bodies: 1).
HP_SHARE: Final = {"unliving": 2, "homogenous": 2, "diffuse": 4}


def cover_dr(fighter: Fighter, dr_met: int) -> int:
    """The cover DR of a fighter a shot went through, having met `dr_met` going in."""
    share = HP_SHARE.get(injury_tolerance(fighter) or "", 1)
    return 2 * dr_met + fighter.hp // share


def flies_on(fighter: Fighter, wound: Injury) -> int:
    """The cover DR the shot that did `wound` to `fighter` carries on past it, or 0 when
    it stays in the body (not piercing or impaling, or no more than the cover DR)."""
    if wound.damage_type not in GOES_THROUGH:
        return 0
    cover = cover_dr(fighter, wound.dr + wound.location_dr)
    return cover if wound.basic > divided_dr(cover, wound.armor_divisor) else 0
