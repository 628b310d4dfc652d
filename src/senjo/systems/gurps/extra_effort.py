"""Extra effort in combat (B357): a fighter may spend FP, with no roll, for an edge.

1 FP each: Feverish Defense, +2 to one active defense; Mighty Blows, a blow of an Attack
maneuver with All-Out Attack (Strong)'s damage bonus; Flurry of Blows, half the penalty of
a Rapid Strike for each blow; Giant Step, a second Step with an Attack. Seed 000
(*Martial Arts*' Move and Attack) forbids Flurry of Blows, Mighty Blows and Giant Step with
Move and Attack. Offered only with option `extra_effort=on` and while the fighter has FP
left (interpretation 72 of docs/rules/gurps.md); the FP is lost as any other
(`wounds.lose_fp`, cause `EXTRA_EFFORT`).
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.state import GurpsState

__all__ = ["EXTRA_EFFORT", "FEVERISH_DEFENSE", "GIANT_STEP", "allowed", "flurry_bonus", "spare"]

#: The cause of the FP it costs (`FatigueLost.cause`).
EXTRA_EFFORT: Final = "extra_effort"
#: Feverish Defense's bonus to one active defense.
FEVERISH_DEFENSE: Final = 2
#: How far an Attack may step with Giant Step: two Steps (yards, or hexes on a map).
GIANT_STEP: Final = 2.0


def allowed(state: GurpsState, key: str) -> bool:
    """Whether the fighter may spend FP on extra effort: the option is on and it has some."""
    return state.rules.extra_effort and state.status[key].fp > 0


def spare(state: GurpsState, key: str) -> bool:
    """Whether 1 FP more leaves the fighter a third of its FP (not very tired, B426): the
    AI's measure of what it can spend."""
    return 3 * (state.status[key].fp - 1) >= state.fighters[key].fp


def flurry_bonus(penalty: int) -> int:
    """What Flurry of Blows gives back of a Rapid Strike's penalty: half of it, the
    fraction dropped from the penalty left (B357; a master's -3 becomes -1).

    >>> flurry_bonus(-6), flurry_bonus(-3)
    (3, 2)
    """
    return -penalty - (-penalty // 2)
