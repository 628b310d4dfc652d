"""トモガミ events: what happened in a battle, for the log and for narration.

A check keeps its `Roll`: the `Score` (base and named modifiers, e.g. ``("units", -1)``),
the dice, the total and the signed level (success levels above 0, failure levels below).

>>> from senjo.engine.events import from_json, to_json
>>> from senjo.engine.modifiers import Score
>>> event = TomoCheck("cover", Roll("aki", Score(6), (4, 3), 13, 2))
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event, value_type
from senjo.engine.modifiers import Score

__all__ = ["Roll", "TomoCheck", "TomoContest"]


@value_type
@dataclass(frozen=True, slots=True)
class Roll:
    """One character's roll: its value, the dice, the total and the signed level.

    `level` is a success level (1 or more) or, negative, a failure level (−1 or less);
    `automatic_failure` marks the stand-in's automatic failure (every die a 1).
    """

    actor: str
    score: Score
    dice: tuple[int, ...]
    total: int
    level: int
    automatic_failure: bool = False

    @property
    def success(self) -> bool:
        """True for a success."""
        return self.level > 0


@event
@dataclass(frozen=True, slots=True)
class TomoCheck(Event):
    """A check on its own (taking cover's tactics against nobody, a mishap's maneuver)."""

    purpose: str
    roll: Roll


@event
@dataclass(frozen=True, slots=True)
class TomoContest(Event):
    """A contest (即決判定): both rolled at once; `winner` is a key, or "" for a tie."""

    purpose: str
    first: Roll
    second: Roll
    winner: str
