"""Outcome chances worked out exactly, without sampling, for the scenarios that allow it.

A fast path may offer `exact(scenario) -> ExactOutcome | None` (the CoC duel
does: `senjo.sim.fast_coc.exact`); `senjo sim` then shows the exact chances
beside the sampled rates (`senjo.sim.fastpath.exact_outcome`).

>>> ExactOutcome({"knights": 0.8012345678}, 0.02, 13.6).to_json()
{'wins': {'knights': 0.801235}, 'draw': 0.02, 'rounds_mean': 13.6}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ExactOutcome"]


@dataclass(frozen=True, slots=True)
class ExactOutcome:
    """A scenario's outcome chances worked out exactly, without sampling (when a fast path
    can: CoC duels). `wins` by side name; `draw` the chance of no winner."""

    wins: dict[str, float]
    draw: float
    rounds_mean: float

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, rounded to 6 decimals like the sampled rates."""
        return {
            "wins": {side: round(chance, 6) for side, chance in self.wins.items()},
            "draw": round(self.draw, 6),
            "rounds_mean": round(self.rounds_mean, 6),
        }
