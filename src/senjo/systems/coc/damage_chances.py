"""The exact chances of a CoC damage roll, from the dice layer's distributions.

`damage_distribution` is what `checks.roll_damage` returns for the same parts:
each part's dice summed, a halved part halved toward zero, the total at least
0. `mean_wound` is the mean of what such a roll leaves after armour (CoC 6th
edition: armour subtracts its points from each wound). The AI values attacks
with it; `senjo odds` prints the distribution.

>>> from senjo.systems.coc.model import DamageDice
>>> fist, db = DamageDice.parse("1D3"), DamageDice.parse("-1D4")
>>> damage_distribution([(fist, False), (db, False)]).probabilities()[0]
Fraction(3, 4)
>>> mean_wound(((DamageDice.parse("1D3"), False),), 2)
0.3333333333333333
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from senjo.dice.distribution import Distribution
from senjo.systems.coc.checks import DamagePart, half_toward_zero

__all__ = ["damage_distribution", "damage_rolls", "mean_wound"]


def _at_least_zero(value: int) -> int:
    return value if value > 0 else 0


def damage_distribution(parts: Sequence[DamagePart]) -> Distribution:
    """The damage `roll_damage` returns for these parts, with each value's chance.

    Raises ValueError for a halved part of more than one dice term, as the roll does.
    """
    total = Distribution.constant(0)
    for dice, halved in parts:
        if halved and len(dice.terms) > 1:
            raise ValueError("only a single dice term can be halved")
        part = Distribution.constant(dice.flat)
        for count, sides in dice.terms:
            summed = Distribution.die(sides).sum_of(abs(count))
            part = part + (summed if count > 0 else -summed)
        if halved:
            part = part.map(half_toward_zero)
        total = total + part
    return total.map(_at_least_zero)


#: Each value a tuple of parts can roll, with its chance as a float (for the AI's sums).
_ROLLS: Final[dict[tuple[DamagePart, ...], tuple[tuple[int, float], ...]]] = {}


def damage_rolls(parts: tuple[DamagePart, ...]) -> tuple[tuple[int, float], ...]:
    """Each damage these parts can roll, in order, with its chance (kept once computed)."""
    found = _ROLLS.get(parts)
    if found is None:
        chances = damage_distribution(parts).probabilities()
        found = tuple((value, float(chances[value])) for value in sorted(chances))
        _ROLLS[parts] = found
    return found


_MEANS: Final[dict[tuple[tuple[DamagePart, ...], int], float]] = {}


def mean_wound(parts: tuple[DamagePart, ...], armour: int) -> float:
    """The mean of what a roll of these parts leaves after `armour` (0 when it stops it)."""
    found = _MEANS.get((parts, armour))
    if found is None:
        found = 0.0
        for value, chance in damage_rolls(parts):
            if value > armour:
                found += chance * (value - armour)
        _MEANS[parts, armour] = found
    return found
