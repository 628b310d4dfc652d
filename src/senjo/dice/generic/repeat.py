"""Repeat (リピート): ``x5 1D6``, ``rep3 CC<=70``, ``repeat10 choice[A,B]``.

The prefix (``x``, ``rep`` or ``repeat`` and a count, any case, optionally
after the secret prefix ``S``) must be followed by whitespace and a command,
which is run that many times (1 to 100). Repeats cannot be nested.

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.generic.calc import parse_calc
>>> from senjo.dice.roller import ScriptedDice
>>> command = parse_repeat("x2 C1+1", lambda text: parse_calc(text.split()[0]))
>>> print(format_result(command.roll(ScriptedDice([])), "en"))
#1
c(1+1) > 2
<BLANKLINE>
#2
c(1+1) > 2
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from senjo.dice.formatting import Lang, format_result, register
from senjo.dice.generic.common import MessageCommand
from senjo.dice.generic.limits import MAX_REPEAT
from senjo.dice.result import Command, RollResult
from senjo.dice.roller import Roller

__all__ = ["RepeatCommand", "RepeatResult", "parse_repeat"]

_PREFIX: Final = re.compile(
    r"(s?)(?:repeat|rep|x)([0-9]+)[ \t\r\n\f\v]+([^ \t\r\n\f\v].*)",
    re.IGNORECASE | re.ASCII | re.DOTALL,
)
_NESTED: Final = re.compile(r"s?(?:repeat|rep|x)[0-9]+", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True, slots=True, kw_only=True)
class RepeatResult(RollResult):
    """The results of each run, in order; `dice` holds all their dice."""

    results: tuple[RollResult, ...]


@dataclass(frozen=True, slots=True)
class RepeatCommand:
    """Run `command` `times` times."""

    command: Command
    times: int
    secret: bool = False

    def roll(self, dice: Roller) -> RepeatResult:
        """Roll the command `times` times; the result is secret if any run is."""
        roll = self.command.roll
        results = tuple(roll(dice) for _ in range(self.times))
        return RepeatResult(
            results=results,
            dice=tuple(die for result in results for die in result.dice),
            secret=self.secret or any(result.secret for result in results),
        )


def parse_repeat(
    text: str, parse_single: Callable[[str], Command | None]
) -> RepeatCommand | MessageCommand | None:
    """Parse a repeat around the command `parse_single` reads from the rest of
    `text`, or return None if `text` is not a repeat."""
    match = _PREFIX.fullmatch(text)
    if match is None:
        return None
    secret = bool(match[1])
    trailer = match[3]
    if _NESTED.match(trailer):
        return MessageCommand(key="repeat_nested", secret=secret)
    times = int(match[2])
    if not 1 <= times <= MAX_REPEAT:
        return MessageCommand(key="repeat_count", secret=secret)
    command = parse_single(trailer)
    if command is None:
        return MessageCommand(key="repeat_failed", args=(trailer,), secret=secret)
    return RepeatCommand(command, times, secret)


def _render(result: RepeatResult, lang: Lang) -> str:
    return "\n\n".join(
        f"#{index}\n{format_result(inner, lang)}"
        for index, inner in enumerate(result.results, start=1)
    )


@register(RepeatResult, "ja")
def _render_ja(result: RepeatResult) -> str:
    return _render(result, "ja")


@register(RepeatResult, "en")
def _render_en(result: RepeatResult) -> str:
    return _render(result, "en")
