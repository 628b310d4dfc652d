"""Reroll dice (個数振り足しロール): ``2R6>=5``, ``2R6[5]``, ``2R4+2R6[>4]>=4``,
``2R6>=4@<=2``.

Every die that meets the reroll condition adds one more die of its kind.
Groups are rolled in a queue: first the groups as written, then one batch
per group that had dice to reroll, in the order they came up. With a
comparison, every die rolled that satisfies it is a success (成功数).

The reroll condition is ``[op threshold]`` or ``@op threshold``; without it
the comparison's operator and target are used, and without an operator
``>=`` is meant. A condition every face would meet (it would reroll
forever) gets BCDice's error message instead of a roll.

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> result = parse_reroll("2R6>=3").roll(ScriptedDice([3, 1, 2]))
>>> format_result(result, "ja")
'(2R6[3]>=3) ＞ 3,1 + 2 ＞ 成功数1'
>>> format_result(parse_reroll("2R6").roll(ScriptedDice([])), "en")
'2R6 > Invalid condition: give a reroll threshold, as in 2R6>=5 or 2R6[5]'
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang, register
from senjo.dice.generic.barabara import DiceGroup, check_groups, groups_text, parse_groups
from senjo.dice.generic.common import SEPARATOR, MessageCommand, successes
from senjo.dice.generic.limits import MAX_DICE, too_many_drawn
from senjo.dice.generic.parser import ExprParser, NotACommand, tokenize
from senjo.dice.generic.tree import CompareOp, Comparison, compare
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import Roller

__all__ = ["RerollCommand", "RerollResult", "parse_reroll", "reroll_condition_valid"]


def reroll_condition_valid(op: CompareOp, threshold: int, sides: int) -> bool:
    """False if rerolling on ``op threshold`` would reroll every face of a die."""
    if op == "<=":
        return threshold < sides
    if op == "<":
        return threshold <= sides
    if op == ">=":
        return threshold > 1
    if op == ">":
        return threshold >= 1
    if op == "!=":
        return 1 <= threshold <= sides
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class RerollResult(RollResult):
    """Reroll dice as rolled: `batches` in rolling order; `total` is the success count."""

    groups: tuple[DiceGroup, ...]
    reroll: Comparison
    comparison: Comparison | None = None
    batches: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class RerollCommand:
    """``nRx`` groups with a reroll condition and an optional comparison."""

    groups: tuple[DiceGroup, ...]
    reroll: Comparison
    comparison: Comparison | None = None
    secret: bool = False

    def roll(self, dice: Roller) -> RerollResult:
        """Roll the groups, then the rerolls, until no die asks for another."""
        roll = dice.roll
        op = self.reroll.op
        threshold = self.reroll.target
        if threshold is None:
            raise DiceError("a reroll condition needs a threshold")
        queue = deque((group.count, group.sides) for group in self.groups)
        batches: list[tuple[int, ...]] = []
        drawn: list[Die] = []
        while queue:
            count, sides = queue.popleft()
            if len(drawn) + count > MAX_DICE:
                raise too_many_drawn()
            batch = tuple(roll(sides) for _ in range(count))
            batches.append(batch)
            drawn.extend([Die(sides, value) for value in batch])
            again = sum(1 for value in batch if compare(op, value, threshold))
            if again:
                queue.append((again, sides))
        count = 0
        if self.comparison is not None:
            test = self.comparison.test
            count = sum(1 for batch in batches for value in batch if test(value))
        return RerollResult(
            groups=self.groups,
            reroll=self.reroll,
            comparison=self.comparison,
            batches=tuple(batches),
            total=count,
            dice=tuple(drawn),
            secret=self.secret,
        )


def parse_reroll(
    word: str, *, secret: bool = False, tokens: list[str] | None = None
) -> RerollCommand | MessageCommand | None:
    """Parse a reroll command word, or return None if it is not one."""
    parser = ExprParser(tokenize(word) if tokens is None else tokens)
    try:
        groups = parse_groups(parser, "R")
        condition: tuple[CompareOp | None, int] | None = None
        if parser.peek() == "[":
            parser.pos += 1
            op = parser.comparison_op()
            condition = (op, parser.integer_expression())
            parser.expect("]")
        comparison = parser.comparison()
        if condition is None and parser.peek() == "@":
            parser.pos += 1
            op = parser.comparison_op()
            condition = (op, parser.integer_expression())
        parser.expect_end()
    except NotACommand:
        return None
    check_groups(groups)
    reroll_op: CompareOp = ">="
    if condition is not None and condition[0] is not None:
        reroll_op = condition[0]
    elif comparison is not None:
        reroll_op = comparison.op
    threshold = condition[1] if condition is not None else None
    if threshold is None and comparison is not None:
        threshold = comparison.target
    if threshold is None or not all(
        reroll_condition_valid(reroll_op, threshold, group.sides) for group in groups
    ):
        return MessageCommand(key="reroll_condition", command=word, secret=secret)
    return RerollCommand(groups, Comparison(reroll_op, threshold), comparison, secret)


def _render(result: RerollResult, lang: Lang) -> str:
    separator = SEPARATOR[lang]
    comparison = result.comparison
    reroll = result.reroll
    shown_op = "" if comparison is not None and comparison.op == reroll.op else reroll.symbol
    head = f"{groups_text(result.groups, 'R')}[{shown_op}{reroll.target}]"
    if comparison is not None:
        head += comparison.text
    batches = " + ".join(",".join(map(str, batch)) for batch in result.batches)
    return f"({head}){separator}{batches}{separator}{successes(result.total or 0, lang)}"


@register(RerollResult, "ja")
def _render_ja(result: RerollResult) -> str:
    return _render(result, "ja")


@register(RerollResult, "en")
def _render_en(result: RerollResult) -> str:
    return _render(result, "en")
