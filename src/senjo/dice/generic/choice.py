"""Choice (チョイス): pick items at random, without repeats.

The character after ``choice`` (or ``choiceN``, to pick N items) decides
the format: ``choice[A,B,C]`` and ``choice(A,B,C)`` separate items with
commas and end at the first closing bracket; ``choice A B C`` separates
them with whitespace up to the end of the line. Items are trimmed, empty
ones dropped. A single item ``A-F``, ``c-g`` or ``3-10`` stands for the
range. Picking one item rolls a die with as many sides as items remain.

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> command = parse_choice("choice2[A-D]")
>>> command.items
('A', 'B', 'C', 'D')
>>> result = command.roll(ScriptedDice([(4, 4), (3, 1)]))
>>> format_result(result, "ja")
'(choice2[A,B,C,D]) ＞ D, A'
>>> format_result(parse_choice("choice  x  y ").roll(ScriptedDice([(2, 2)])), "en")
'(choice x y) > y'
>>> parse_choice("choice[A,B") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from senjo.dice.formatting import Lang, register
from senjo.dice.generic.common import SEPARATOR, MessageCommand
from senjo.dice.generic.limits import MAX_CHOICE_ITEMS
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import Roller

__all__ = ["ChoiceCommand", "ChoiceResult", "ChoiceStyle", "parse_choice"]

ChoiceStyle: TypeAlias = Literal["[", "(", " "]

_HEAD: Final = re.compile(r"choice([0-9]*)(\[|\(|[ \t\r\n\f\v]+)", re.IGNORECASE | re.ASCII)
_SPACES: Final = re.compile(r"[ \t\r\n\f\v]+")
_NUMBER_RANGE: Final = re.compile(r"([0-9]+)-([0-9]+)")
_LETTER_RANGE: Final = re.compile(r"([a-z])-([a-z])|([A-Z])-([A-Z])")
_SPACE: Final = " \t\r\n\f\v"
_STRIP: Final = _SPACE + "\0"
_CLOSE: Final = {"[": "]", "(": ")"}


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceResult(RollResult):
    """The items picked, in the order they were picked."""

    style: ChoiceStyle
    takes: int
    items: tuple[str, ...]
    chosen: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChoiceCommand:
    """Pick `takes` of `items` without repeats."""

    style: ChoiceStyle
    takes: int
    items: tuple[str, ...]
    secret: bool = False

    def roll(self, dice: Roller) -> ChoiceResult:
        """Pick the items: each pick rolls a die with as many sides as items are left."""
        remaining = list(self.items)
        chosen: list[str] = []
        drawn: list[Die] = []
        for _ in range(self.takes):
            sides = len(remaining)
            value = dice.roll(sides)
            drawn.append(Die(sides, value))
            chosen.append(remaining.pop(value - 1))
        return ChoiceResult(
            style=self.style,
            takes=self.takes,
            items=self.items,
            chosen=tuple(chosen),
            dice=tuple(drawn),
            secret=self.secret,
        )


def _split_items(style: ChoiceStyle, body: str) -> list[str] | None:
    if style == " ":
        return _SPACES.split(body)
    pieces = body.split(",")
    last = pieces[-1]
    end = last.find(_CLOSE[style])
    if end < 0:
        return None
    pieces[-1] = last[:end]
    return pieces


def _range_size(item: str) -> tuple[int, int, bool] | None:
    """(first, last, is_number) for a range shorthand, or None."""
    match = _NUMBER_RANGE.fullmatch(item)
    if match is not None:
        return int(match[1]), int(match[2]), True
    match = _LETTER_RANGE.fullmatch(item)
    if match is not None:
        first, last = (match[1], match[2]) if match[1] else (match[3], match[4])
        return ord(first), ord(last), False
    return None


def parse_choice(text: str, *, secret: bool = False) -> ChoiceCommand | MessageCommand | None:
    """Parse a choice command (the whole text: items may hold spaces), or return None."""
    text = text.lstrip(_SPACE)
    match = _HEAD.match(text)
    if match is None:
        return None
    takes = int(match[1]) if match[1] else 1
    if takes == 0:
        return None
    opener = match[2]
    style: ChoiceStyle = "[" if opener == "[" else "(" if opener == "(" else " "
    pieces = _split_items(style, text[match.end() :])
    if pieces is None:
        return None
    items = [item for piece in pieces if (item := piece.strip(_STRIP))]
    if len(items) == 1:
        span = _range_size(items[0])
        if span is None or span[0] > span[1]:
            return None
        first, last, numeric = span
        if last - first + 1 < takes:
            return None
        if last - first + 1 > MAX_CHOICE_ITEMS:
            return MessageCommand(key="choice_too_many", secret=secret)
        items = [str(n) if numeric else chr(n) for n in range(first, last + 1)]
    if not items or len(items) < takes:
        return None
    if len(items) > MAX_CHOICE_ITEMS:
        return MessageCommand(key="choice_too_many", secret=secret)
    return ChoiceCommand(style, takes, tuple(items), secret)


def _render(result: ChoiceResult, lang: Lang) -> str:
    takes = "" if result.takes == 1 else str(result.takes)
    if result.style == " ":
        head = f"choice{takes} {' '.join(result.items)}"
        chosen = " ".join(result.chosen)
    else:
        close = _CLOSE[result.style]
        head = f"choice{takes}{result.style}{','.join(result.items)}{close}"
        chosen = ", ".join(result.chosen)
    return f"({head}){SEPARATOR[lang]}{chosen}"


@register(ChoiceResult, "ja")
def _render_ja(result: ChoiceResult) -> str:
    return _render(result, "ja")


@register(ChoiceResult, "en")
def _render_en(result: ChoiceResult) -> str:
    return _render(result, "en")
