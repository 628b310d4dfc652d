"""GURPS secondary characteristics (B15-17) as pure functions.

Source: fact sheet "Secondary characteristics". Adjustments bought with
points (e.g. +2 HP) are passed in as `bought`.

>>> hit_points(12), basic_speed(12, 11), basic_move(basic_speed(12, 11)), dodge(5.75)
(12, 5.75, 5, 8)
>>> basic_lift(12), encumbrance_level(30, basic_lift(12)), encumbered_move(5, 1)
(29.0, 1, 4)
"""

from __future__ import annotations

import math
from typing import Final

from senjo.systems.gurps import tables
from senjo.systems.gurps.table_schema import EncumbranceLevel

__all__ = [
    "basic_lift",
    "basic_move",
    "basic_speed",
    "dodge",
    "encumbered_dodge",
    "encumbered_move",
    "encumbrance",
    "encumbrance_level",
    "fatigue_points",
    "halved_round_up",
    "hit_points",
    "perception",
    "will",
]

_LEVELS: Final = tables.ENCUMBRANCE
_LIMITS: Final = tuple(level.max_lift_multiple for level in _LEVELS)


def hit_points(st: int, bought: int = 0) -> int:
    """HP = ST, plus HP bought (B16)."""
    return st + bought


def fatigue_points(ht: int, bought: int = 0) -> int:
    """FP = HT, plus FP bought (B16)."""
    return ht + bought


def will(iq: int, bought: int = 0) -> int:
    """Will = IQ, plus Will bought (B16)."""
    return iq + bought


def perception(iq: int, bought: int = 0) -> int:
    """Per = IQ, plus Per bought (B16)."""
    return iq + bought


def basic_speed(dx: int, ht: int, bought: float = 0.0) -> float:
    """Basic Speed = (DX + HT) / 4, fractions kept, plus any bought in 0.25 steps (B17).

    >>> basic_speed(10, 10), basic_speed(11, 12, bought=0.25)
    (5.0, 6.0)
    """
    return (dx + ht) / 4 + bought


def basic_move(speed: float, bought: int = 0) -> int:
    """Basic Move (移動力) = Basic Speed with fractions dropped, plus any bought (B17)."""
    return math.floor(speed) + bought


def dodge(speed: float, encumbrance_level: int = 0, bonus: int = 0) -> int:
    """Dodge (よけ) = floor(Basic Speed) + 3 − encumbrance level, + bonuses (B17).

    `bonus` covers e.g. Combat Reflexes (+1).

    >>> dodge(6.0), dodge(6.0, encumbrance_level=2, bonus=1)
    (9, 8)
    """
    return math.floor(speed) + 3 - encumbrance_level + bonus


def basic_lift(st: int) -> float:
    """Basic Lift = ST × ST / 5 lb; 10 lb or more is rounded to the nearest pound (B15).

    >>> basic_lift(10), basic_lift(11), basic_lift(12), basic_lift(5), basic_lift(3)
    (20.0, 24.0, 29.0, 5.0, 1.8)
    """
    lift = st * st / 5
    return float(math.floor(lift + 0.5)) if lift >= 10 else lift


def encumbrance_level(carried_lb: float, lift: float) -> int:
    """Encumbrance level 0-4 for a carried weight (B17); raises past 10 × Basic Lift.

    None (≤1×BL), Light (≤2×), Medium (≤3×), Heavy (≤6×), Extra-Heavy (≤10×).

    >>> [encumbrance_level(w, 20) for w in (20, 21, 40, 60, 120, 200)]
    [0, 1, 1, 2, 3, 4]
    """
    for level, multiple in enumerate(_LIMITS):
        if carried_lb <= multiple * lift:
            return level
    raise ValueError(
        f"{carried_lb} lb is over {_LIMITS[-1]} × Basic Lift ({_LIMITS[-1] * lift} lb): "
        "too heavy to move with"
    )


def encumbrance(level: int) -> EncumbranceLevel:
    """The table row for an encumbrance level: names, Move factor, Dodge penalty."""
    if not 0 <= level < len(_LEVELS):
        raise ValueError(f"encumbrance level is 0-{len(_LEVELS) - 1}, not {level}")
    return _LEVELS[level]


def encumbered_move(move: int, level: int) -> int:
    """Move under encumbrance: Basic Move × 1, 0.8, 0.6, 0.4, 0.2, rounded down, at least 1 (B17).

    A Basic Move of 0 stays 0.

    >>> [encumbered_move(6, lv) for lv in range(5)], encumbered_move(2, 4), encumbered_move(0, 0)
    ([6, 4, 3, 2, 1], 1, 0)
    """
    if move <= 0:
        return 0
    factor = encumbrance(level).move_factor
    return max(1, move * factor.numerator // factor.denominator)


def encumbered_dodge(base_dodge: int, level: int) -> int:
    """Dodge under encumbrance: −1 per level (B17)."""
    return base_dodge + encumbrance(level).dodge


def halved_round_up(value: int) -> int:
    """Half, rounding up (B419, B426).

    Move and Dodge when reeling (HP < 1/3) or very tired (FP < 1/3).

    >>> halved_round_up(5), halved_round_up(8)
    (3, 4)
    """
    return -(-value // 2)
