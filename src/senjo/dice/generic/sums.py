"""Sums (加算ロール): ``2D6+1``, ``(2+3)D6``, ``5D10KH3``, ``3D6<=12``, ``2D6>=?``.

The expression is parsed once into a `senjo.dice.generic.tree` tree; rolling
draws the dice left to right and keeps, per dice term, the values as shown
(sorted when a keep/drop rule applies) and the term's subtotal.

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> command = parse_sum("2d10--3-4")
>>> command.text
'2D10+3-4'
>>> result = command.roll(ScriptedDice([3, 5]))
>>> format_result(result, "ja")
'(2D10+3-4) ＞ 8[3,5]+3-4 ＞ 7'
>>> format_result(parse_sum("1D6>=3").roll(ScriptedDice([4])), "en")
'(1D6>=3) > 4 > Success'
>>> parse_sum("1+2*3/4") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang, register
from senjo.dice.generic.common import SEPARATOR, judgement
from senjo.dice.generic.limits import check_dice_count, check_die
from senjo.dice.generic.parser import ExprParser, NotACommand, tokenize
from senjo.dice.generic.tree import (
    D66_SIDES,
    BinaryOp,
    Comparison,
    Constant,
    DiceTerm,
    Negate,
    Node,
    apply_operator,
    chain,
    dice_terms,
    expression_text,
)
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import Roller

__all__ = ["SumCommand", "SumResult", "TermRoll", "parse_sum", "sum_text"]


class TermRoll(NamedTuple):
    """One dice term as rolled: its subtotal and its values as printed."""

    subtotal: int
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SumResult(RollResult):
    """A rolled sum. `terms` follow the dice terms of `expression` left to right;
    `total` is the sum's value; with a comparison against a number, `success`
    or `failure` is set."""

    expression: Node
    comparison: Comparison | None = None
    terms: tuple[TermRoll, ...] = ()


@dataclass(frozen=True, slots=True)
class SumCommand:
    """A parsed sum: an expression with dice and an optional comparison."""

    expression: Node
    comparison: Comparison | None = None
    secret: bool = False

    @property
    def text(self) -> str:
        """The command as BCDice echoes it (``5D6-1>=3``)."""
        text = expression_text(self.expression)
        return text if self.comparison is None else text + self.comparison.text

    def roll(self, dice: Roller) -> SumResult:
        """Roll every dice term, left to right, and judge the comparison."""
        terms: list[TermRoll] = []
        drawn: list[Die] = []
        total = _evaluate(self.expression, dice, terms, drawn)
        comparison = self.comparison
        success = failure = False
        if comparison is not None and comparison.target is not None:
            success = comparison.test(total)
            failure = not success
        return SumResult(
            expression=self.expression,
            comparison=comparison,
            terms=tuple(terms),
            total=total,
            dice=tuple(drawn),
            secret=self.secret,
            success=success,
            failure=failure,
        )


def parse_sum(
    word: str, *, secret: bool = False, tokens: list[str] | None = None
) -> SumCommand | None:
    """Parse a sum command word, or return None if it is not one.

    The left side must roll dice and the right side of a comparison must not.
    A well-formed sum that breaks a limit raises `DiceError`.
    """
    parser = ExprParser(tokenize(word) if tokens is None else tokens, allow_dice=True)
    try:
        expression = parser.additive()
        comparison = parser.comparison(allow_undecided=True)
        parser.expect_end()
    except NotACommand:
        return None
    if type(expression) is DiceTerm:
        terms = [expression]
    else:
        terms = dice_terms(expression)
        if not terms:
            return None
    for term in terms:
        check_die(term.count, term.sides)
        if term.keep is not None and term.keep.count < 0:
            raise DiceError(f"a keep/drop count must be 0 or more, not {term.keep.count}")
    check_dice_count(sum(term.draws for term in terms))
    return SumCommand(expression, comparison, secret)


def _roll_term(term: DiceTerm, dice: Roller, terms: list[TermRoll], drawn: list[Die]) -> int:
    roll = dice.roll
    sides = term.sides
    values: list[int]
    if sides == D66_SIDES:
        values = []
        for _ in range(term.count):
            tens = roll(6)
            ones = roll(6)
            drawn.append(Die(6, tens))
            drawn.append(Die(6, ones))
            values.append(10 * tens + ones)
    else:
        values = [roll(sides) for _ in range(term.count)]
        drawn.extend([Die(sides, value) for value in values])
    keep = term.keep
    if keep is None:
        subtotal = sum(values)
    else:
        values.sort()
        subtotal = sum(keep.select(values))
    terms.append(TermRoll(subtotal, tuple(values)))
    return subtotal


def _evaluate(node: Node, dice: Roller, terms: list[TermRoll], drawn: list[Die]) -> int:
    if isinstance(node, DiceTerm):
        return _roll_term(node, dice, terms, drawn)
    if isinstance(node, Constant):
        return node.value
    if isinstance(node, BinaryOp):
        first, ops = chain(node)
        value = _evaluate(first, dice, terms, drawn)
        for op in ops:
            right = _evaluate(op.right, dice, terms, drawn)
            value = apply_operator(op.op, value, right, op.rounding)
        return value
    if isinstance(node, Negate):
        return -_evaluate(node.operand, dice, terms, drawn)
    return _evaluate(node.inner, dice, terms, drawn)


def _detail(node: Node, terms: list[TermRoll], parts: list[str]) -> None:
    """Write the rolled expression (``8[5,3]+1``), consuming `terms` in order."""
    if isinstance(node, DiceTerm):
        subtotal, values = terms.pop()
        parts.append(f"{subtotal}[{','.join(map(str, values))}]")
    elif isinstance(node, Constant):
        parts.append(str(node.value))
    elif isinstance(node, BinaryOp):
        first, ops = chain(node)
        _detail(first, terms, parts)
        for op in ops:
            parts.append(op.op)
            _detail(op.right, terms, parts)
            parts.append(op.rounding)
    elif isinstance(node, Negate):
        parts.append("-")
        _detail(node.operand, terms, parts)
    else:
        parts.append("(")
        _detail(node.inner, terms, parts)
        parts.append(")")


def sum_text(result: SumResult, lang: Lang) -> str:
    """The result line without the judgement: ``(3D6<=11) ＞ 10[3,3,4] ＞ 10``.

    Game systems that judge a sum their own way append their words to this.
    """
    head = expression_text(result.expression)
    if result.comparison is not None:
        head += result.comparison.text
    expression = result.expression
    separator = SEPARATOR[lang]
    if type(expression) is DiceTerm and expression.keep is None and expression.count == 1:
        # BCDice prints a lone die without the breakdown: (1D6) ＞ 5
        return f"({head}){separator}{result.total}"
    parts: list[str] = []
    _detail(expression, list(reversed(result.terms)), parts)
    return f"({head}){separator}{''.join(parts)}{separator}{result.total}"


def _render(result: SumResult, lang: Lang) -> str:
    text = sum_text(result, lang)
    if result.success or result.failure:
        return f"{text}{SEPARATOR[lang]}{judgement(result.success, lang)}"
    return text


@register(SumResult, "ja")
def _render_ja(result: SumResult) -> str:
    return _render(result, "ja")


@register(SumResult, "en")
def _render_en(result: SumResult) -> str:
    return _render(result, "en")
