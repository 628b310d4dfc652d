"""Dice rollers: the one place randomness enters senjo.

Every rule system draws its dice from an injected roller, so a battle can be
played with `RandomDice(seed)`, tested with `ScriptedDice([...])`, and
replayed from a log.

>>> dice = ScriptedDice([(6, 3), (6, 4)])
>>> dice.roll(6) + dice.roll(6)
7
>>> dice.remaining
0
>>> RandomDice(7).roll(6) == RandomDice(7).roll(6)
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from senjo.dice.rollers import RandomDice, RecordingDice, ScriptedDice

__all__ = ["RandomDice", "RecordingDice", "Roller", "ScriptedDice"]


@runtime_checkable
class Roller(Protocol):
    """Anything that can roll one die with the given number of sides."""

    def roll(self, sides: int) -> int:
        """Return a value from 1 to `sides` inclusive."""
        ...
