"""Barabara dice (バラバラロール): ``3B6``, ``2B6+4B10>3``, ``(1*2)B(2+4)``.

Each die is shown on its own; with a comparison, the dice that satisfy it
are counted (成功数). No success or failure flag is set.

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> result = parse_barabara("2b6+1b10>=4").roll(ScriptedDice([3, 4, 9]))
>>> format_result(result, "ja")
'(2B6+1B10>=4) ＞ 3,4,9 ＞ 成功数2'
>>> format_result(result, "en")
'(2B6+1B10>=4) > 3,4,9 > successes: 2'
>>> result.total
2
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.dice.formatting import Lang, register
from senjo.dice.generic.common import SEPARATOR, successes
from senjo.dice.generic.limits import check_dice_count, check_die
from senjo.dice.generic.parser import ExprParser, NotACommand, tokenize
from senjo.dice.generic.tree import Comparison
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import Roller

__all__ = ["BarabaraCommand", "BarabaraResult", "DiceGroup", "parse_barabara"]


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """``count`` dice of ``sides`` faces, written with a letter: ``2B6``, ``2R6``, ``2U6``."""

    count: int
    sides: int

    def text(self, letter: str) -> str:
        """The group as written with `letter`."""
        return f"{self.count}{letter}{self.sides}"


def parse_groups(
    parser: ExprParser, letter: str, *, stop_at_modifier: bool = False
) -> tuple[DiceGroup, ...]:
    """Parse ``group (+ group)*``; with `stop_at_modifier`, a ``+`` not followed
    by a group ends the list (it starts a modifier)."""
    groups = [DiceGroup(*parser.notation(letter))]
    while parser.peek() == "+":
        start, depth = parser.pos, parser.depth
        parser.pos += 1
        try:
            groups.append(DiceGroup(*parser.notation(letter)))
        except NotACommand:
            if not stop_at_modifier:
                raise
            parser.pos, parser.depth = start, depth
            break
    return tuple(groups)


def check_groups(groups: tuple[DiceGroup, ...]) -> None:
    """Apply the per-die and per-command limits to groups of dice."""
    for group in groups:
        check_die(group.count, group.sides)
    check_dice_count(sum(group.count for group in groups))


def groups_text(groups: tuple[DiceGroup, ...], letter: str) -> str:
    """``2B6+4B10``."""
    return "+".join(group.text(letter) for group in groups)


@dataclass(frozen=True, slots=True, kw_only=True)
class BarabaraResult(RollResult):
    """Barabara dice as rolled: `values` per group; `total` is the success count
    when there is a comparison, else None."""

    groups: tuple[DiceGroup, ...]
    comparison: Comparison | None = None
    values: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class BarabaraCommand:
    """``nBx`` groups joined with ``+``, with an optional comparison per die."""

    groups: tuple[DiceGroup, ...]
    comparison: Comparison | None = None
    secret: bool = False

    def roll(self, dice: Roller) -> BarabaraResult:
        """Roll each group in order."""
        roll = dice.roll
        values = tuple(tuple(roll(g.sides) for _ in range(g.count)) for g in self.groups)
        drawn = tuple(
            Die(group.sides, value)
            for group, group_values in zip(self.groups, values, strict=True)
            for value in group_values
        )
        total = None
        if self.comparison is not None:
            test = self.comparison.test
            total = sum(1 for group_values in values for value in group_values if test(value))
        return BarabaraResult(
            groups=self.groups,
            comparison=self.comparison,
            values=values,
            total=total,
            dice=drawn,
            secret=self.secret,
        )


def parse_barabara(
    word: str, *, secret: bool = False, tokens: list[str] | None = None
) -> BarabaraCommand | None:
    """Parse a barabara command word, or return None if it is not one."""
    parser = ExprParser(tokenize(word) if tokens is None else tokens)
    try:
        groups = parse_groups(parser, "B")
        comparison = parser.comparison()
        parser.expect_end()
    except NotACommand:
        return None
    check_groups(groups)
    return BarabaraCommand(groups, comparison, secret)


def _render(result: BarabaraResult, lang: Lang) -> str:
    separator = SEPARATOR[lang]
    head = groups_text(result.groups, "B")
    if result.comparison is not None:
        head += result.comparison.text
    shown = ",".join(str(value) for group in result.values for value in group)
    text = f"({head}){separator}{shown}"
    if result.total is not None:
        text += separator + successes(result.total, lang)
    return text


@register(BarabaraResult, "ja")
def _render_ja(result: BarabaraResult) -> str:
    return _render(result, "ja")


@register(BarabaraResult, "en")
def _render_en(result: BarabaraResult) -> str:
    return _render(result, "en")
