"""BCDice's generic dice command language (what every game system understands).

`parse_generic` reads one command word (the text before the first space,
secret prefix removed): sums (`sums`), barabara dice (`barabara`), reroll
dice (`reroll`), upper dice (`upper`), calculation and D66 (`calc`).
Choice (`choice`) and repeat (`repeat`) take whole texts with spaces; the
top-level entry point is `senjo.dice.command.parse_command`.

>>> from senjo.dice.roller import ScriptedDice
>>> type(parse_generic("2B6")).__name__, parse_generic("134")
('BarabaraCommand', None)
"""

from __future__ import annotations

from senjo.dice.generic.barabara import BarabaraCommand, BarabaraResult, DiceGroup, parse_barabara
from senjo.dice.generic.calc import (
    CalcCommand,
    CalcResult,
    D66Command,
    D66Result,
    parse_calc,
    parse_d66,
)
from senjo.dice.generic.choice import ChoiceCommand, ChoiceResult, parse_choice
from senjo.dice.generic.common import MessageCommand
from senjo.dice.generic.parser import tokenize
from senjo.dice.generic.repeat import RepeatCommand, RepeatResult, parse_repeat
from senjo.dice.generic.reroll import RerollCommand, RerollResult, parse_reroll
from senjo.dice.generic.sums import SumCommand, SumResult, TermRoll, parse_sum, sum_text
from senjo.dice.generic.tree import (
    BinaryOp,
    Comparison,
    Constant,
    DiceTerm,
    Keep,
    Negate,
    Node,
    Parenthesized,
)
from senjo.dice.generic.upper import UpperCommand, UpperResult, parse_upper
from senjo.dice.result import Command

__all__ = [
    "BarabaraCommand",
    "BarabaraResult",
    "BinaryOp",
    "CalcCommand",
    "CalcResult",
    "ChoiceCommand",
    "ChoiceResult",
    "Comparison",
    "Constant",
    "D66Command",
    "D66Result",
    "DiceGroup",
    "DiceTerm",
    "Keep",
    "MessageCommand",
    "Negate",
    "Node",
    "Parenthesized",
    "RepeatCommand",
    "RepeatResult",
    "RerollCommand",
    "RerollResult",
    "SumCommand",
    "SumResult",
    "TermRoll",
    "UpperCommand",
    "UpperResult",
    "parse_barabara",
    "parse_calc",
    "parse_choice",
    "parse_d66",
    "parse_generic",
    "parse_repeat",
    "parse_reroll",
    "parse_sum",
    "parse_upper",
    "sum_text",
]


def parse_generic(word: str, *, secret: bool = False) -> Command | None:
    """Parse one generic command word, or return None if it is none of them."""
    tokens = tokenize(word)
    if not tokens:
        return None
    first = tokens[0]
    if first == "C":
        return parse_calc(word, secret=secret, tokens=tokens)
    if first == "D" and len(tokens) <= 3:
        d66 = parse_d66(word, secret=secret)
        if d66 is not None:
            return d66
    command: Command | None = parse_sum(word, secret=secret, tokens=tokens)
    if command is not None:
        return command
    if "B" in tokens:
        return parse_barabara(word, secret=secret, tokens=tokens)
    if "R" in tokens:
        command = parse_reroll(word, secret=secret, tokens=tokens)
        if command is not None:
            return command
    if "U" in tokens:
        return parse_upper(word, secret=secret, tokens=tokens)
    return None
