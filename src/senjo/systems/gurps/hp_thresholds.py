"""GURPS HP thresholds (B419): what a fall in HP crosses - reeling below 1/3 HP,
collapse at 0, death checks at each −1× to −4× HP, death at −5× and the body destroyed
at −10× - and the rolls made there (consciousness each turn below 0, the death check's
outcome, B423). Pure functions; `wounds.py` applies them to a fighter.

>>> [t.key for t in hp_thresholds_crossed(12, -13, 12)]
['reeling', 'collapse', 'death_check']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.engine.frozen import direct_init

__all__ = [
    "HPThreshold",
    "consciousness_roll_modifier",
    "death_check_result",
    "hp_thresholds_crossed",
    "reeling",
]


@dataclass(frozen=True, slots=True)
class HPThreshold:
    """One HP threshold a fall in HP has crossed.

    `key` is reeling (below 1/3 HP: Move and Dodge halved), collapse (0 or
    less: HT roll each turn to stay conscious), death_check (at −`multiple`
    × HP: HT roll or die), dead (−5 × HP) or destroyed (−10 × HP); `hp` is
    the HP value where it lies.
    """

    key: str
    multiple: int
    hp: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        key: str,
        multiple: int,
        hp: int,
    ) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "multiple", multiple)
        object.__setattr__(self, "hp", hp)


# (multiple of max HP below zero, what happens there)
_DEATH_THRESHOLDS: Final = (
    (1, "death_check"),
    (2, "death_check"),
    (3, "death_check"),
    (4, "death_check"),
    (5, "dead"),
    (10, "destroyed"),
)


def hp_thresholds_crossed(hp_before: int, hp_after: int, max_hp: int) -> tuple[HPThreshold, ...]:
    """The thresholds passed when HP falls from `hp_before` to `hp_after`, in order (B419).

    >>> [t.key for t in hp_thresholds_crossed(10, -11, 10)]
    ['reeling', 'collapse', 'death_check']
    >>> [(t.key, t.multiple) for t in hp_thresholds_crossed(-11, -50, 10)]
    [('death_check', 2), ('death_check', 3), ('death_check', 4), ('dead', 5)]
    """
    if max_hp < 1:
        raise ValueError(f"max HP must be 1 or more, not {max_hp}")
    crossed: list[HPThreshold] = []
    if 3 * hp_before >= max_hp > 3 * hp_after:
        crossed.append(HPThreshold("reeling", 0, -(-max_hp // 3) - 1))
    if hp_before > 0 >= hp_after:
        crossed.append(HPThreshold("collapse", 0, 0))
    for multiple, key in _DEATH_THRESHOLDS:
        if hp_before > -multiple * max_hp >= hp_after:
            crossed.append(HPThreshold(key, multiple, -multiple * max_hp))
    return tuple(crossed)


def reeling(hp: int, max_hp: int) -> bool:
    """Below 1/3 of max HP: Move and Dodge are halved, rounding up (B419).

    >>> reeling(4, 12), reeling(3, 12)
    (False, True)
    """
    return 3 * hp < max_hp


def consciousness_roll_modifier(hp: int, max_hp: int) -> int:
    """Modifier to the per-turn HT roll at 0 HP or less: −1 per full multiple of HP below 0.

    >>> [consciousness_roll_modifier(hp, 10) for hp in (0, -9, -10, -25)]
    [0, 0, -1, -2]
    """
    return -(-hp // max_hp) if hp < 0 else 0


def death_check_result(margin: int, *, critical_failure: bool = False) -> str:
    """Outcome of an HT roll at −1×HP and below: "survives", "mortal_wound" or "dies" (B423).

    Failing by 1 or 2 leaves the victim mortally wounded instead of dead.

    >>> death_check_result(0), death_check_result(-2), death_check_result(-3)
    ('survives', 'mortal_wound', 'dies')
    """
    if margin >= 0 and not critical_failure:
        return "survives"
    return "mortal_wound" if margin >= -2 and not critical_failure else "dies"


# Made whenever HP falls past one: a direct __init__ (senjo.engine.frozen).
direct_init(HPThreshold)
