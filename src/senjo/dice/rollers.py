"""The dice rollers themselves: `RandomDice`, `ScriptedDice` and `RecordingDice`.

`senjo.dice.roller` holds the `Roller` protocol and exports these; they live here so
that mypyc compiles them (a battle rolls some hundred dice), which it cannot do for
a module with a runtime-checkable protocol.

>>> dice = ScriptedDice([(6, 3), (6, 4)])
>>> dice.roll(6) + dice.roll(6)
7
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from senjo.dice.errors import DiceError, DiceScriptError

if TYPE_CHECKING:
    from senjo.dice.roller import Roller

__all__ = ["RandomDice", "RecordingDice", "ScriptEntry", "ScriptedDice"]


class RandomDice:
    """Pseudo-random dice from a seeded generator (Mersenne Twister).

    The same seed always gives the same sequence of rolls.
    """

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed).random

    def roll(self, sides: int) -> int:
        """Roll one die with `sides` faces."""
        if sides < 1:
            raise DiceError(f"a die needs at least 1 side, not {sides}")
        return int(self._random() * sides) + 1

    def __repr__(self) -> str:
        return f"RandomDice({self.seed!r})"


ScriptEntry = int | tuple[int, int]


class ScriptedDice:
    """Dice that return a fixed script of values, for tests and replays.

    Each entry is either a value (any die may draw it, if it fits the die) or a
    `(sides, value)` pair (only a die with exactly those sides may draw it).

    >>> ScriptedDice([(6, 2)]).roll(10)
    Traceback (most recent call last):
    ...
    senjo.dice.errors.DiceScriptError: scripted die 1 is a d6 but a d10 was rolled
    >>> ScriptedDice([]).roll(6)
    Traceback (most recent call last):
    ...
    senjo.dice.errors.DiceScriptError: the dice script ran out: a d6 was rolled after all 0 ...
    """

    __slots__ = ("_entries", "_next")

    def __init__(self, values: Iterable[ScriptEntry]) -> None:
        entries: list[tuple[int | None, int]] = []
        for entry in values:
            if isinstance(entry, tuple):
                sides, value = entry
                if not 1 <= value <= sides:
                    raise DiceScriptError(
                        f"scripted die {len(entries) + 1}: {value} is not a face of a d{sides}"
                    )
                entries.append((sides, value))
            else:
                if entry < 1:
                    raise DiceScriptError(
                        f"scripted die {len(entries) + 1}: {entry} is not a die face (1 or more)"
                    )
                entries.append((None, entry))
        self._entries = entries
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many scripted values are still unused."""
        return len(self._entries) - self._next

    @property
    def used(self) -> int:
        """How many scripted values have been drawn."""
        return self._next

    def roll(self, sides: int) -> int:
        """Return the next scripted value, checking it fits a die of `sides` faces."""
        index = self._next
        if index >= len(self._entries):
            raise DiceScriptError(
                f"the dice script ran out: a d{sides} was rolled after all "
                f"{len(self._entries)} scripted dice were used"
            )
        expected, value = self._entries[index]
        if expected is not None and expected != sides:
            raise DiceScriptError(
                f"scripted die {index + 1} is a d{expected} but a d{sides} was rolled"
            )
        if value > sides:
            raise DiceScriptError(
                f"scripted die {index + 1} is {value}, which a d{sides} cannot roll"
            )
        self._next = index + 1
        return value

    def __repr__(self) -> str:
        shown = [v if s is None else (s, v) for s, v in self._entries]
        return f"ScriptedDice({shown!r})"


class RecordingDice:
    """Wraps a roller and records every die it draws, for logs and replays.

    >>> dice = RecordingDice(ScriptedDice([4, 2]))
    >>> dice.roll(6), dice.roll(6)
    (4, 2)
    >>> dice.drawn
    [(6, 4), (6, 2)]
    """

    __slots__ = ("drawn", "inner")

    def __init__(self, inner: Roller) -> None:
        self.inner = inner
        self.drawn: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        """Roll the inner die and remember `(sides, value)`."""
        value = self.inner.roll(sides)
        self.drawn.append((sides, value))
        return value
