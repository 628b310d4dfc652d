"""Upper dice (上方無限ロール): ``4U6[6]``, ``2U6+2U4[4]+6>=8``, ``4U6>=10@6``.

A die that rolls the threshold or more is rolled again and added to itself,
as long as it keeps doing so. Without a comparison the line ends with the
highest die and the total (each plus the modifier; the total gets the
modifier once); with one, each die plus the modifier that satisfies it is a
success. A threshold of 1 or less (or none) gets BCDice's error message.

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> result = parse_upper("2U6[6]+1").roll(ScriptedDice([6, 5, 2]))
>>> format_result(result, "ja")
'(2U6[6]+1) ＞ 11[6,5],2+1 ＞ 12/14(最大/合計)'
>>> format_result(result, "en")
'(2U6[6]+1) > 11[6,5],2+1 > 12/14(max/total)'
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.dice.formatting import Lang, register
from senjo.dice.generic.barabara import DiceGroup, check_groups, groups_text, parse_groups
from senjo.dice.generic.common import (
    SEPARATOR,
    MessageCommand,
    max_total,
    modifier_text,
    successes,
)
from senjo.dice.generic.limits import MAX_DICE, too_many_drawn
from senjo.dice.generic.parser import ExprParser, NotACommand, tokenize
from senjo.dice.generic.tree import Comparison
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import Roller

__all__ = ["UpperCommand", "UpperResult", "parse_upper"]


@dataclass(frozen=True, slots=True, kw_only=True)
class UpperResult(RollResult):
    """Upper dice as rolled: one chain of values per die, in order. `total` is the
    success count with a comparison, else the sum of all dice plus the modifier;
    `highest` is the best die plus the modifier."""

    groups: tuple[DiceGroup, ...]
    threshold: int
    modifier: int = 0
    comparison: Comparison | None = None
    chains: tuple[tuple[int, ...], ...] = ()
    highest: int = 0


@dataclass(frozen=True, slots=True)
class UpperCommand:
    """``nUx`` groups with a reroll threshold, a modifier and an optional comparison."""

    groups: tuple[DiceGroup, ...]
    threshold: int
    modifier: int = 0
    comparison: Comparison | None = None
    secret: bool = False

    @property
    def text(self) -> str:
        """The command as BCDice echoes it: ``4U6[6]+11>=21``."""
        text = f"{groups_text(self.groups, 'U')}[{self.threshold}]{modifier_text(self.modifier)}"
        return text if self.comparison is None else text + self.comparison.text

    def roll(self, dice: Roller) -> UpperResult:
        """Roll every die, rolling it again while it meets the threshold."""
        roll = dice.roll
        threshold = self.threshold
        chains: list[tuple[int, ...]] = []
        drawn: list[Die] = []
        for group in self.groups:
            sides = group.sides
            for _ in range(group.count):
                chain: list[int] = []
                while True:
                    if len(drawn) >= MAX_DICE:
                        raise too_many_drawn()
                    value = roll(sides)
                    drawn.append(Die(sides, value))
                    chain.append(value)
                    if value < threshold:
                        break
                chains.append(tuple(chain))
        modifier = self.modifier
        sums = [sum(chain) + modifier for chain in chains]
        if self.comparison is not None:
            test = self.comparison.test
            total = sum(1 for value in sums if test(value))
        else:
            total = sum(sums) - modifier * (len(sums) - 1)
        return UpperResult(
            groups=self.groups,
            threshold=threshold,
            modifier=modifier,
            comparison=self.comparison,
            chains=tuple(chains),
            highest=max(sums),
            total=total,
            dice=tuple(drawn),
            secret=self.secret,
        )


def parse_upper(
    word: str, *, secret: bool = False, tokens: list[str] | None = None
) -> UpperCommand | MessageCommand | None:
    """Parse an upper-dice command word, or return None if it is not one."""
    parser = ExprParser(tokenize(word) if tokens is None else tokens)
    try:
        groups = parse_groups(parser, "U", stop_at_modifier=True)
        threshold: int | None = None
        if parser.peek() == "[":
            parser.pos += 1
            threshold = parser.integer_expression()
            parser.expect("]")
        modifier = 0
        if parser.peek() in ("+", "-"):
            modifier = parser.integer_expression()
        comparison = parser.comparison()
        if threshold is None and parser.peek() == "@":
            parser.pos += 1
            threshold = parser.integer_expression()
        parser.expect_end()
    except NotACommand:
        return None
    check_groups(groups)
    command = UpperCommand(groups, threshold or 0, modifier, comparison, secret)
    if command.threshold <= 1:
        return MessageCommand(key="upper_condition", command=f"({command.text})", secret=secret)
    return command


def _chain_text(chain: tuple[int, ...]) -> str:
    if len(chain) == 1:
        return str(chain[0])
    return f"{sum(chain)}[{','.join(map(str, chain))}]"


def _render(result: UpperResult, lang: Lang) -> str:
    separator = SEPARATOR[lang]
    modifier = modifier_text(result.modifier)
    head = f"{groups_text(result.groups, 'U')}[{result.threshold}]{modifier}"
    if result.comparison is not None:
        head += result.comparison.text
        outcome = successes(result.total or 0, lang)
    else:
        outcome = max_total(result.highest, result.total or 0, lang)
    chains = ",".join(_chain_text(chain) for chain in result.chains)
    return f"({head}){separator}{chains}{modifier}{separator}{outcome}"


@register(UpperResult, "ja")
def _render_ja(result: UpperResult) -> str:
    return _render(result, "ja")


@register(UpperResult, "en")
def _render_en(result: UpperResult) -> str:
    return _render(result, "en")
