"""The result tree every dice command produces.

A command is parsed once into a `Command`, rolled any number of times into
`RollResult` nodes, and each node is turned into text by a formatter of the
chosen language (`senjo.dice.formatting`). The result carries the structure
(dice, totals, outcomes), never the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from senjo.dice.roller import Roller

__all__ = ["Command", "Die", "MessageResult", "RollResult"]


@dataclass(frozen=True, slots=True)
class Die:
    """One die as rolled: its number of sides and the face that came up."""

    sides: int
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RollResult:
    """Base of every result node: the flags BCDice reports for a roll.

    `dice` lists every die drawn, in drawing order; `total` is the command's
    numeric result where it has one.
    """

    secret: bool = False
    success: bool = False
    failure: bool = False
    critical: bool = False
    fumble: bool = False
    dice: tuple[Die, ...] = ()
    total: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MessageResult(RollResult):
    """A recognised command that answers with a message instead of a roll.

    `key` names the message in the formatters' catalogues (for example
    `"repeat_count"` for a repeat count out of range); `command` is the
    command text to show before the message, if any; `args` fill the
    message's placeholders.
    """

    key: str
    command: str = ""
    args: tuple[str, ...] = ()


class Command(Protocol):
    """A parsed dice command: roll it as often as you like."""

    @property
    def secret(self) -> bool:
        """True if the command was given the secret prefix `S`."""
        ...

    def roll(self, dice: Roller) -> RollResult:
        """Roll the command with the given dice."""
        ...
