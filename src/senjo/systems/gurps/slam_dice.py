"""Slam damage (B371): the dice a slam rolls from the slammer's HP and the closing
velocity, and the slam as an attack mode (`slams.py`, `overrun.py`; a thrust of Move and
Attack may use them too, seed 000)."""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.damage import DamageDice, WeaponDamage
from senjo.systems.gurps.model import AttackMode

__all__ = ["SLAM", "mean_damage", "slam_dice", "slam_mode"]


def slam_dice(hp: int, velocity: float) -> DamageDice:
    """Slam damage (B371): HP x velocity / 100 dice; under 1 die it is 1d-3, 1d-2 or 1d-1.

    >>> [str(slam_dice(hp, v)) for hp, v in ((18, 12), (10, 2), (10, 4), (10, 7), (10, 15))]
    ['2d', '1d-3', '1d-2', '1d-1', '2d']
    """
    amount = hp * velocity / 100
    if amount <= 0.25:
        return DamageDice(1, -3)
    if amount <= 0.5:
        return DamageDice(1, -2)
    if amount < 1:
        return DamageDice(1, -1)
    return DamageDice(int(amount + 0.5))


def mean_damage(dice: DamageDice) -> float:
    """The mean of a roll of `dice` (before any minimum)."""
    return 3.5 * dice.dice + dice.adds


def slam_mode(dice: str = "1d", skill: str = "Brawling") -> AttackMode:
    """A slam as an attack mode: reach C, crushing, `dice` of damage."""
    return AttackMode("slam", skill, WeaponDamage.parse(f"{dice} cr"), reach=(0,), unarmed=True)


#: The slam's mode for reach and defense questions (its damage is worked out per slam).
SLAM: Final = slam_mode()
