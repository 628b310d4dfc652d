"""Integer arithmetic as BCDice writes it: `+ - * /`, parentheses, and
rounding suffixes on division (`/2U` or `/2C` up, `/2R` to nearest, `/2F`
or bare `/2` down).

>>> evaluate_int("+60/2+15*2-10")
50
>>> evaluate_int("(12*5)-20")
40
>>> evaluate_int("7/2U"), evaluate_int("7/2"), evaluate_int("4/-3R")
(4, 3, -1)
>>> divide(5, 0, "")
1
"""

from __future__ import annotations

import re
from typing import Final

from senjo.dice.errors import DiceError

__all__ = ["ROUNDINGS", "divide", "evaluate_int"]

#: Division rounding suffixes, normalised: C is written as U.
ROUNDINGS: Final = {"": "", "F": "F", "U": "U", "C": "U", "R": "R"}

_TOKEN: Final = re.compile(r"\s*(?:(\d+)|([-+*/()])|([UCRF]))", re.IGNORECASE)


def divide(left: int, right: int, rounding: str) -> int:
    """Divide as BCDice does: floor by default, `U` ceiling, `R` half away from zero.

    Dividing by zero gives 1, as BCDice's sum evaluator does.
    """
    if right == 0:
        return 1
    if rounding == "U":
        return -((-left) // right)
    if rounding == "R":
        quotient, remainder = divmod(abs(left), abs(right))
        if 2 * remainder >= abs(right):
            quotient += 1
        return quotient if (left >= 0) == (right > 0) else -quotient
    return left // right


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens: list[tuple[str, str]] = []
        position = 0
        text = text.strip()
        while position < len(text):
            match = _TOKEN.match(text, position)
            if match is None or match.end() == position:
                raise DiceError(f"not an integer expression: {text!r}")
            number, operator, suffix = match.groups()
            if number is not None:
                self.tokens.append(("num", number))
            elif operator is not None:
                self.tokens.append(("op", operator))
            else:
                self.tokens.append(("round", suffix.upper()))
            position = match.end()
        self.index = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise DiceError("integer expression ends too early")
        self.index += 1
        return token

    def expression(self) -> int:
        value = self.term()
        while (token := self.peek()) is not None and token[1] in "+-" and token[0] == "op":
            self.index += 1
            right = self.term()
            value = value + right if token[1] == "+" else value - right
        return value

    def term(self) -> int:
        value = self.unary()
        while (token := self.peek()) is not None and token[0] == "op" and token[1] in "*/":
            self.index += 1
            right = self.unary()
            if token[1] == "*":
                value *= right
            else:
                rounding = ""
                after = self.peek()
                if after is not None and after[0] == "round":
                    self.index += 1
                    rounding = ROUNDINGS[after[1]]
                value = divide(value, right, rounding)
        return value

    def unary(self) -> int:
        token = self.take()
        if token == ("op", "-"):
            return -self.unary()
        if token == ("op", "+"):
            return self.unary()
        if token == ("op", "("):
            value = self.expression()
            if self.take() != ("op", ")"):
                raise DiceError("unbalanced parentheses in integer expression")
            return value
        if token[0] == "num":
            return int(token[1])
        raise DiceError(f"unexpected {token[1]!r} in integer expression")


def evaluate_int(text: str) -> int:
    """Evaluate a dice-free integer expression, or raise `DiceError`."""
    if len(text) > 1000:
        raise DiceError("integer expression longer than 1,000 characters")
    parser = _Parser(text)
    if not parser.tokens:
        raise DiceError("empty integer expression")
    value = parser.expression()
    leftover = parser.peek()
    if leftover is not None:
        raise DiceError(f"unexpected {leftover[1]!r} after integer expression")
    return value
