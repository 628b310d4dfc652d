"""Calculation (``C(1+2)``, ``C1+4*3/2``) and the standalone D66 die
(``D66``, ``D66A``/``D66S`` sorted ascending, ``D66D`` descending, ``D66N``
unsorted; DiceBot does not sort a bare ``D66``).

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> format_result(parse_calc("C1+4*3/2").roll(ScriptedDice([])), "ja")
'c(1+4*3/2) ＞ 7'
>>> format_result(parse_d66("d66a").roll(ScriptedDice([5, 2])), "en")
'(D66A) > 25'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from senjo.dice.formatting import Lang, register
from senjo.dice.generic.common import SEPARATOR
from senjo.dice.generic.parser import ExprParser, NotACommand, tokenize
from senjo.dice.generic.tree import Node, evaluate_constant, expression_text
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import Roller

__all__ = ["CalcCommand", "CalcResult", "D66Command", "D66Result", "parse_calc", "parse_d66"]

D66Order: TypeAlias = Literal["none", "ascending", "descending"]

_D66: Final = re.compile(r"D66([ASDN]?)", re.IGNORECASE | re.ASCII)
_D66_ORDERS: Final[dict[str, D66Order]] = {
    "": "none",
    "N": "none",
    "A": "ascending",
    "S": "ascending",
    "D": "descending",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class CalcResult(RollResult):
    """A calculated expression; `total` is its value."""

    expression: Node


@dataclass(frozen=True, slots=True)
class CalcCommand:
    """``C`` followed by a dice-free expression."""

    expression: Node
    value: int
    secret: bool = False

    def roll(self, dice: Roller) -> CalcResult:
        """Return the value; no dice are drawn."""
        return CalcResult(expression=self.expression, total=self.value, secret=self.secret)


def parse_calc(
    word: str, *, secret: bool = False, tokens: list[str] | None = None
) -> CalcCommand | None:
    """Parse ``C<expression>``, or return None if the word is not one."""
    parser = ExprParser(tokenize(word) if tokens is None else tokens)
    try:
        parser.expect("C")
        expression = parser.additive()
        parser.expect_end()
    except NotACommand:
        return None
    return CalcCommand(expression, evaluate_constant(expression), secret)


@dataclass(frozen=True, slots=True, kw_only=True)
class D66Result(RollResult):
    """A D66 roll; `total` is the two-digit value."""

    suffix: str


@dataclass(frozen=True, slots=True)
class D66Command:
    """Two d6 read as tens and ones, optionally sorted."""

    suffix: str = ""
    order: D66Order = "none"
    secret: bool = False

    def roll(self, dice: Roller) -> D66Result:
        """Roll the two dice and read them in the command's order."""
        first = dice.roll(6)
        second = dice.roll(6)
        tens, ones = first, second
        if (self.order == "ascending" and tens > ones) or (
            self.order == "descending" and tens < ones
        ):
            tens, ones = ones, tens
        return D66Result(
            suffix=self.suffix,
            total=10 * tens + ones,
            dice=(Die(6, first), Die(6, second)),
            secret=self.secret,
        )


def parse_d66(word: str, *, secret: bool = False) -> D66Command | None:
    """Parse ``D66`` with an optional order suffix, or return None."""
    match = _D66.fullmatch(word)
    if match is None:
        return None
    suffix = match[1].upper()
    return D66Command(suffix, _D66_ORDERS[suffix], secret)


def _render_calc(result: CalcResult, lang: Lang) -> str:
    return f"c({expression_text(result.expression)}){SEPARATOR[lang]}{result.total}"


def _render_d66(result: D66Result, lang: Lang) -> str:
    return f"(D66{result.suffix}){SEPARATOR[lang]}{result.total}"


@register(CalcResult, "ja")
def _calc_ja(result: CalcResult) -> str:
    return _render_calc(result, "ja")


@register(CalcResult, "en")
def _calc_en(result: CalcResult) -> str:
    return _render_calc(result, "en")


@register(D66Result, "ja")
def _d66_ja(result: D66Result) -> str:
    return _render_d66(result, "ja")


@register(D66Result, "en")
def _d66_en(result: D66Result) -> str:
    return _render_d66(result, "en")
