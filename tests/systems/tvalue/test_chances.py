"""The exact numbers (`chances.py`) against the rules that roll them: the hit roll of
seed 002 「命中判定」 and the damage computed (`damage.computed`), face by face."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from senjo.systems.tvalue.ai import expected_loss
from senjo.systems.tvalue.chances import CONTEST_OFFSET, damage_taken, hit_odds
from senjo.systems.tvalue.damage import computed
from senjo.systems.tvalue.model import Weapon

FACES = range(1, 7)


@pytest.mark.parametrize("contest", [False, True])
@pytest.mark.parametrize(("value", "evasion"), [(3, 11), (0, 2), (5, 5), (-3, 20), (9, 4)])
def test_the_hit_chance_counts_every_roll(value: int, evasion: int, contest: bool) -> None:
    """「命中」+2D6 が目標値を「上回って」: the chance is the share of dice that exceed the
    evasion score (or, contested, the target's 2D6 + evasion − 7), counted face by face."""
    rolls = [a + b for a in FACES for b in FACES]
    if contest:
        hits = sum(value + m > evasion - CONTEST_OFFSET + t for m in rolls for t in rolls)
        assert hit_odds(value, evasion, contest) == Fraction(hits, 36 * 36)
    else:
        assert hit_odds(value, evasion) == Fraction(sum(value + r > evasion for r in rolls), 36)


@pytest.mark.parametrize("replacement", ["", "critical", "all_out", "heavy_blow"])
@pytest.mark.parametrize(("dice", "flat", "cap"), [(1, 0, 0), (2, 1, 10), (3, -2, 0)])
def test_the_damage_distribution_is_the_damage_rules_face_by_face(
    dice: int, flat: int, cap: int, replacement: str
) -> None:
    """Every face combination through `damage.computed` (the rule the battle uses), less
    protection 2, ×2 after it, equals `damage_taken` (強打: every die a 6)."""
    weapon = Weapon("w", "", "", dice=dice, flat=flat, cap=cap, after_protection=2)
    rolls = list(itertools.product(FACES, repeat=dice))
    if replacement == "heavy_blow":
        rolls = [(6,) * dice]
    counts: dict[int, int] = {}
    for faces in rolls:
        taken = max(0, computed(weapon, faces, replacement) - 2) * 2
        counts[taken] = counts.get(taken, 0) + 1
    expected = {value: Fraction(n, len(rolls)) for value, n in counts.items()}
    assert damage_taken(weapon, replacement, 2).probabilities() == expected


def test_the_ais_expected_loss_stops_at_the_hp_left() -> None:
    """The AI's worth of a hit: the mean damage taken, each outcome at most the HP left
    (1D6 through no protection against 3 HP: (1 + 2 + 3 × 4) ÷ 6)."""
    die = Weapon("d", "", "", dice=1)
    assert expected_loss(die, "", 0, 3) == pytest.approx(15 / 6)
    assert expected_loss(die, "", 0, 0) == 0
