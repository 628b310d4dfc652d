"""The dice command entry point: BCDice-compatible text in, a result out.

`parse_command(text, system)` reads a command once; `roll_command` parses
and rolls. The order of work:

1. a text longer than 1,000 characters is refused (`DiceLimitError`);
2. a repeat prefix (``x5 ``, ``rep5 ``, ``repeat5 ``) runs the rest of the
   text as a command up to 100 times;
3. a secret prefix ``S`` marks the result secret;
4. the game system's own commands (`senjo.dice.systems`) get the command
   word (the text before the first whitespace, without the ``S``);
5. then choice (which reads the whole text) and the generic language
   (`senjo.dice.generic`).

Text after the first whitespace is a comment, except for repeat and choice.
None means the text is not a command (BCDice answers nothing).

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> result = roll_command("S2D6+1 attack", dice=ScriptedDice([3, 4]))
>>> format_result(result, "ja"), result.secret, result.total
('(2D6+1) ＞ 7[3,4]+1 ＞ 8', True, 8)
>>> parse_command("134 only a number") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from senjo.dice.errors import DiceLimitError
from senjo.dice.generic import parse_choice, parse_generic, parse_repeat
from senjo.dice.generic.limits import MAX_COMMAND_CHARS
from senjo.dice.result import Command, RollResult
from senjo.dice.roller import RandomDice, Roller
from senjo.dice.systems import find_dice_system

__all__ = ["SecretCommand", "parse_command", "roll_command"]

#: BCDice splits commands on ASCII whitespace only.
_SPACE: Final = " \t\r\n\f\v"
_WORD: Final = re.compile(r"[^ \t\r\n\f\v]*")

_SystemParser = Callable[[str], Command | None]


@dataclass(frozen=True, slots=True)
class SecretCommand:
    """A game-system command given the secret prefix ``S``: its results are secret."""

    command: Command

    @property
    def secret(self) -> bool:
        """Always True."""
        return True

    def roll(self, dice: Roller) -> RollResult:
        """Roll the wrapped command and mark the result secret."""
        result = self.command.roll(dice)
        return result if result.secret else replace(result, secret=True)


def parse_command(text: str, system: str = "DiceBot") -> Command | None:
    """Parse a command as BCDice would read it, or return None if it is not one.

    Raises `DiceError` (or its `DiceLimitError`) for a command that breaks a
    limit or names an unknown dice system.
    """
    if len(text) > MAX_COMMAND_CHARS:
        raise DiceLimitError(
            f"the command is {len(text):,} characters long; "
            f"at most {MAX_COMMAND_CHARS:,} are allowed"
        )
    return _parse_cached(text, system)


def roll_command(
    text: str, system: str = "DiceBot", dice: Roller | None = None
) -> RollResult | None:
    """Parse and roll a command (with unseeded `RandomDice` unless dice are given)."""
    command = parse_command(text, system)
    if command is None:
        return None
    return command.roll(_default_dice() if dice is None else dice)


@lru_cache(maxsize=1)
def _default_dice() -> RandomDice:
    # One unseeded generator for the whole process: seeding a new one per roll costs more
    # than the roll itself.
    return RandomDice()


@lru_cache(maxsize=1024)
def _parse_cached(text: str, system: str) -> Command | None:
    parse_system = find_dice_system(system).parse
    body = text.lstrip(_SPACE)
    first = body[:1]
    if first in ("x", "X", "r", "R", "s", "S"):
        repeat = parse_repeat(body, lambda inner: _parse_single(inner, parse_system))
        if repeat is not None:
            return repeat
    return _parse_single(body, parse_system)


def _parse_single(body: str, parse_system: _SystemParser) -> Command | None:
    body = body.lstrip(_SPACE)
    match = _WORD.match(body)
    word = match[0] if match is not None else ""
    if not word:
        return None
    if word[0] in ("s", "S"):
        rest = word[1:]
        game = parse_system(rest) if rest else None
        if game is not None:
            return game if game.secret else SecretCommand(game)
        command = parse_choice(body[1:], secret=True) or parse_generic(rest, secret=True)
        if command is not None:
            return command
    game = parse_system(word)
    if game is not None:
        return game
    return parse_choice(body) or parse_generic(word)
