"""The exact chances of a damage roll: what `roll_damage` returns, face by face."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from senjo.systems.coc.checks import roll_damage
from senjo.systems.coc.damage_chances import damage_distribution
from senjo.systems.coc.model import DamageDice

from .helpers import battle, combatant


def _every_roll(parts: list[tuple[DamageDice, bool]]) -> Counter[int]:
    """Roll the parts once for every combination of faces (scripted) and count the damage."""
    sides = [s for dice, _ in parts for count, s in dice.terms for _ in range(abs(count))]
    counts: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        game = battle(
            combatant("a", "x", traits={"dex": 15}), combatant("b", "y", 50), dice=list(faces)
        )
        counts[roll_damage(game, "a", "b", "test", parts)] += 1
    return counts


@pytest.mark.parametrize(
    "parts",
    [
        [("1D3", False), ("-1D4", True)],  # a halved negative db, toward zero
        [("1D3", False), ("-1D6", False)],  # below 0 counts as 0
        [("1D4+2", False), ("1D4+2", False), ("1D6", False)],  # an impale: the dice twice
        [("1D10", False)],
        [("1D4", False), ("2D6", True)],
    ],
)
def test_the_distribution_is_the_damage_roll(parts: list[tuple[str, bool]]) -> None:
    """`damage_distribution` gives each damage `roll_damage` can return its share of the faces."""
    dice = [(DamageDice.parse(text), halved) for text, halved in parts]
    counts = _every_roll(dice)
    total = sum(counts.values())
    expected = {value: Fraction(count, total) for value, count in counts.items()}
    assert damage_distribution(dice).probabilities() == expected


def test_only_a_single_term_is_halved() -> None:
    """Like the roll, the distribution refuses to halve 1D6+1D4 (BCDice halves one term)."""
    with pytest.raises(ValueError, match="single dice term"):
        damage_distribution([(DamageDice.parse("1D6+1D4"), True)])
